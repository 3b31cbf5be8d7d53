import { expect } from '@playwright/test';
import type { Portal } from './driver';

/** The figures of the cart box, by the names of the area calculation's answer. */
export const cartFigureNames = [
  'totalArea',
  'overlapArea',
  'orderArea',
  'overlapChargeableArea',
  'gapArea',
  'estimatedOrderAmount',
] as const;
export type CartFigureName = (typeof cartFigureNames)[number];

export interface StoredCart {
  scenes: Array<{ sceneId: string }>;
  search: { taskId: string; aois: unknown[] | null } | null;
}

/** What a user does with the cart box (spec 000 §2 "Cart box"); the driver of cart.spec.ts. */
export class CartDriver {
  constructor(readonly portal: Portal) {}

  get page() {
    return this.portal.page;
  }

  box() {
    return this.page.getByTestId('cart-box');
  }

  count() {
    return this.page.getByTestId('cart-count');
  }

  sceneIds(): Promise<string[]> {
    return this.page
      .getByTestId('cart-scene')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-scene-id') ?? ''));
  }

  /** Waits until the box's figures are those of the cart as it is (no calculation under way). */
  async settled() {
    await expect(this.page.getByTestId('cart-figures')).toHaveAttribute('data-calculating', 'false', {
      timeout: 30_000,
    });
  }

  figure(name: CartFigureName) {
    return this.page.getByTestId(`cart-figure-${name}`);
  }

  async figureValues(): Promise<Record<CartFigureName, number>> {
    const entries = await Promise.all(
      cartFigureNames.map(async (name) => [name, Number(await this.figure(name).getAttribute('data-value'))]),
    );
    return Object.fromEntries(entries) as Record<CartFigureName, number>;
  }

  /** Ticks the cart checkbox of a scene in the result list. */
  async checkScene(sceneId: string) {
    const row = await this.portal.resultRow(sceneId);
    await row.getByTestId('scene-cart').check();
  }

  async deleteScene(sceneId: string) {
    await this.box()
      .locator(`[data-testid="cart-scene"][data-scene-id="${sceneId}"]`)
      .getByTestId('cart-scene-delete')
      .click();
  }

  /** The signed-in user's cart as the browser stores it (localStorage `cart:<user id>`). */
  stored(): Promise<StoredCart | null> {
    return this.page.evaluate(() => {
      const user = JSON.parse(localStorage.getItem('user') ?? 'null') as { id: number } | null;
      const text = user ? localStorage.getItem(`cart:${user.id}`) : null;
      return text ? (JSON.parse(text) as StoredCart) : null;
    });
  }

  /** The area calculation of the stored cart as any client could ask it (whole scenes, no level). */
  async apiFigures(cart: StoredCart) {
    return this.portal.apiPost<Record<CartFigureName | 'currencyType', number> & { gap: unknown }>(
      '/orders/area-calculation',
      {
        taskId: cart.search?.taskId ?? null,
        isOrderBySceneId: cart.search?.aois == null,
        ipr: {
          process: { level: null, clipping: false, isQualityTesting: false },
          ips: cart.scenes
            .map(({ sceneId }) => ({ sceneId }))
            .sort((a, b) => a.sceneId.localeCompare(b.sceneId)),
        },
      },
    );
  }
}
