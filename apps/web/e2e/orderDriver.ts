import { expect, type Request } from '@playwright/test';
import { CartDriver } from './cartDriver';
import type { Portal } from './driver';
import { square } from './driver';

/** A scene of the stored cart, with what the order tests choose by. */
export interface CartScene {
  sceneId: string;
  type: number;
  imageGsd: number;
  boundaries: number[][][];
}

/** What a user does with the order dialogs (spec 001 §2); the driver of ordering.spec.ts. */
export class OrderDriver {
  readonly cart: CartDriver;

  constructor(readonly portal: Portal) {
    this.cart = new CartDriver(portal);
  }

  get page() {
    return this.portal.page;
  }

  dialog() {
    return this.page.locator('[data-testid="order-archive"], [data-testid="order-tasking"]');
  }

  /** The archive search of cart.spec.ts: ~20° × 20° over central Africa, any cloud and coverage. */
  async searchWide() {
    await this.portal.centreMap(0, 30, 5);
    await this.portal.drawPolygon(square(220));
    await expect.poll(() => this.portal.currentAoi()).not.toBeNull();
    await this.search();
  }

  async search() {
    await this.portal.openArchiveSearch();
    await this.portal.setArchiveNumber('cc', 100);
    await this.portal.setArchiveNumber('ac', 0);
    await this.portal.runArchiveSearch();
    await expect(this.portal.resultsPanel()).toBeVisible({ timeout: 30_000 });
  }

  /** Every listed scene as the cart stores it (all of them ticked, then the cart emptied again). */
  async listedScenes(): Promise<CartScene[]> {
    await this.portal.selectAllResults();
    await expect(this.cart.count()).not.toHaveText('0');
    const stored = (await this.cart.stored()) as unknown as { scenes: CartScene[] } | null;
    await this.clearCart();
    return stored?.scenes ?? [];
  }

  async clearCart() {
    await this.page.getByTestId('cart-clear').click();
    await this.page.getByTestId('cart-clear-confirm').click();
    await expect.poll(async () => (await this.cart.stored())?.scenes.length ?? 0).toBe(0);
  }

  /**
   * A new search over a small square (about 3 km a side at zoom 10) in the middle of a scene, so
   * that the scene is found again and its clipped area is below every group's minimum.
   */
  async searchSmallAoiIn(scene: CartScene) {
    const ring = scene.boundaries[0] ?? [];
    const points = ring.slice(0, -1);
    const lon = points.reduce((t, p) => t + (p[0] ?? 0), 0) / points.length;
    const lat = points.reduce((t, p) => t + (p[1] ?? 0), 0) / points.length;
    await this.portal.closePanel();
    await this.portal.centreMap(Number(lat.toFixed(4)), Number(lon.toFixed(4)), 10);
    await this.portal.drawPolygon(square(10));
    await expect.poll(async () => JSON.stringify(await this.portal.currentAoi())).toContain('"id":null');
    await this.search();
  }

  async openFromCart() {
    await this.page.getByTestId('cart-order').click();
    await expect(this.dialog()).toBeVisible();
  }

  async chooseLevels(levels: readonly number[]) {
    for (const level of levels) await this.page.getByTestId(`order-level-${level}`).click();
  }

  /** A yes/no choice or a radio of the dialog, by the text it shows. */
  async choose(testId: string, label: string) {
    await this.page.getByTestId(testId).getByText(label, { exact: true }).click();
  }

  async agree() {
    await this.page.getByTestId('order-agree-contract').click();
    await this.page.getByTestId('order-agree-licence').click();
  }

  confirmButton() {
    return this.page.getByTestId('order-confirm');
  }

  /** Confirms and returns the order request the browser sent (body and idempotency key). */
  async confirm(path: '/orders/archive' | '/orders/tasking') {
    const sent = this.page.waitForRequest(
      (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === `/api/v1${path}`,
    );
    await this.confirmButton().click();
    const request = await sent;
    return {
      body: request.postDataJSON() as Record<string, unknown>,
      key: (await request.allHeaders())['idempotency-key'] ?? '',
    };
  }

  orderNumbers() {
    return this.page.getByTestId('order-number');
  }

  /** `data` of a GET under /api/v1 with the signed-in user's token. */
  async apiGet<T>(path: string): Promise<T> {
    const token = await this.page.evaluate(() => localStorage.getItem('token'));
    const response = await this.page.request.get(`/api/v1${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return (await response.json()).data as T;
  }
}
