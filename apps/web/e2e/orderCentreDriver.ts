import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import type { Portal } from './driver';

/** An order placed for a test: its id and number. */
export interface PlacedOrder {
  orderId: number;
  orderNumber: string;
}

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** A square of `half` degrees around a point, closed, [lon, lat]. */
const square = (lon: number, lat: number, half: number) => [
  [
    [lon - half, lat - half],
    [lon + half, lat - half],
    [lon + half, lat + half],
    [lon - half, lat + half],
    [lon - half, lat - half],
  ],
];

/** An archive search condition that keeps every scene since 2015 (any cloud, angle, quality). */
export const anyArchiveCondition = () => ({
  fdate: '2015-01-01',
  tdate: new Date().toISOString().slice(0, 10),
  cc: 100,
  ac: 0,
  ona: 90,
  sza: 0,
  orbit: 0,
  productQualities: ['A', 'B'],
});

/** What a user does in the order centre (panel 4, spec 001 §2); the driver of order-centre.spec.ts. */
export class OrderCentreDriver {
  constructor(readonly portal: Portal) {}

  get page() {
    return this.portal.page;
  }

  /** A call under /api/v1 with the signed-in user's token, answering the whole envelope. */
  async api<T>(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) {
    const token = await this.portal.stored('token');
    const response = await this.page.request.fetch(`/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...headers },
      ...(body === undefined ? {} : { data: body }),
    });
    return (await response.json()) as Envelope<T>;
  }

  /**
   * Archive orders placed through the API (the set-up; the dialogs have their own spec): an
   * archive search over central Africa by the AOI `aoiName`, then one whole-scene L1 order per
   * scene, with a manual recheck so that a demo's automatic audit keeps it under way for minutes.
   */
  async placeArchiveOrders(aoiName: string, count: number): Promise<PlacedOrder[]> {
    const catalogue = await this.api<{ sats: { id: number }[] }>('GET', '/satellites?taskable=false');
    const aoi = { type: 'Polygon', coordinates: square(25, 0, 8), name: aoiName };
    const search = await this.api<{ taskId: string; images: { sceneId: string }[] }>(
      'POST',
      '/archive/search',
      {
        page: { start: 0, length: 100 },
        aois: [aoi],
        condition: anyArchiveCondition(),
        satIds: catalogue.data.sats.map((s) => s.id),
      },
    );
    expect(search.code, search.message).toBe(2000);
    const placed: PlacedOrder[] = [];
    for (const { sceneId } of search.data.images) {
      if (placed.length === count) break;
      const answer = await this.api<{ list: PlacedOrder[] }>(
        'POST',
        '/orders/archive',
        {
          taskId: search.data.taskId,
          ipr: {
            priority: 1,
            process: { level: [10], clipping: false, isQualityTesting: false, isManualRecheck: true },
            ips: [{ sceneId }],
            aois: [aoi],
          },
          orderRequestInfo: { type: 2 },
        },
        { 'idempotency-key': randomUUID() },
      );
      // A scene below its group's minimum (4151) is passed over; any other refusal is a failure.
      if (answer.code === 4151) continue;
      expect(answer.code, answer.message).toBe(2000);
      placed.push(...answer.data.list);
    }
    expect(placed).toHaveLength(count);
    return placed;
  }

  centre() {
    return this.page.getByTestId('order-centre-panel');
  }

  items() {
    return this.page.getByTestId('order-item');
  }

  item(orderId: number) {
    return this.page.locator(`[data-testid="order-item"][data-order-id="${orderId}"]`);
  }

  async open() {
    await this.portal.openPanel(4);
    await expect(this.centre()).toBeVisible();
  }

  async showTab(tab: 'all' | 'processing' | 'successful' | 'failed') {
    await this.page.getByTestId(`order-tab-${tab}`).click();
  }

  /** The order ids listed now, once the list (or its empty state) shows. */
  async listedIds(): Promise<number[]> {
    await expect(
      this.page.locator('[data-testid="order-list"], [data-testid="order-list-empty"]'),
    ).toBeVisible();
    return (await this.items().evaluateAll((items) => items.map((i) => i.getAttribute('data-order-id')))).map(
      Number,
    );
  }

  async search(text: string) {
    const box = this.page.getByTestId('order-search').locator('input');
    await box.fill(text);
    await box.press('Enter');
  }

  async filterByTag(tag: string | null) {
    const select = this.page.getByTestId('order-tag-filter');
    if (tag === null) {
      await select.hover();
      await select.locator('.ant-select-clear').click();
      return;
    }
    await select.click();
    await this.page.locator('.ant-select-item-option').filter({ hasText: tag }).first().click();
  }

  detail() {
    return this.page.getByTestId('order-detail');
  }

  async openOrder(orderId: number) {
    await this.item(orderId).click();
    await expect(this.detail()).toBeVisible();
    await expect(this.page.getByTestId('order-detail-number')).toBeVisible();
  }

  async back() {
    await this.page.getByTestId('order-back').click();
    await expect(this.centre()).toBeVisible();
  }

  async addTag(tag: string) {
    await this.page.getByTestId('order-tag-add').click();
    await expect(this.page.getByTestId('order-tag-save')).toBeDisabled();
    await this.page.getByTestId('order-tag-input').fill(tag);
    await this.page.getByTestId('order-tag-save').click();
    await expect(this.page.getByTestId('order-detail-tag')).toHaveText(tag);
  }

  async cancelOrder() {
    await this.page.getByTestId('order-cancel').click();
    await this.page.getByTestId('order-cancel-ok').click();
  }
}
