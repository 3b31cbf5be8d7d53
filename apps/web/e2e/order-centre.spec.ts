import { expect, test } from '@playwright/test';
import { Portal, uiText } from './driver';
import { OrderCentreDriver } from './orderCentreDriver';
import { OrderDriver } from './orderDriver';

/**
 * The order centre (panel 4, spec 001 §2 "Order centre", "Order detail", "Tag management", §4;
 * issue 14): a user's archive orders in All and Processing, a tag added in the detail and used as
 * the list's filter, the search by order number, the detail, a cancel answered 2000 and the order's
 * archive search run again. Delivery is not waited for: the orders are placed with a manual
 * recheck, so they stay under way (11 or 21).
 */
for (const language of ['en', 'zh'] as const) {
  const text = (key: string, params?: Record<string, string>) => uiText(language, key, params);

  test(`(${language}) order centre: tabs, tag filter, search by number, detail, cancel`, async ({ page }) => {
    test.setTimeout(180_000);
    const portal = new Portal(page);
    const centre = new OrderCentreDriver(portal);
    await portal.logInNewUser(language);
    const aoiName = `Lake ${language} ${Date.now().toString(36)}`;
    const [tagged, other] = await centre.placeArchiveOrders(aoiName, 2);
    if (!tagged || !other) return;

    await centre.open();
    // Newest first; both in All and in Processing, neither among the failed.
    expect(await centre.listedIds()).toEqual([other.orderId, tagged.orderId]);
    const first = centre.item(tagged.orderId);
    await expect(first).toContainText(tagged.orderNumber);
    await expect(first).toContainText(aoiName);
    await expect(first).toContainText(text('orderCentre.kindArchive'));
    await expect(first).toContainText(text('order.modeGeotiff'));
    await expect(first).toContainText(/UTC[+-]\d\d:\d\d/);
    await expect(first.getByTestId('order-status')).toHaveText(
      new RegExp(`^(${text('orderCentre.status.11')}|${text('orderCentre.status.21')})$`),
    );
    await centre.showTab('processing');
    expect((await centre.listedIds()).sort()).toEqual([tagged.orderId, other.orderId].sort());
    await centre.showTab('failed');
    expect(await centre.listedIds()).toEqual([]);
    await expect(page.getByTestId('order-list-empty')).toContainText(text('orderCentre.empty'));
    await centre.showTab('all');

    // The detail: status, AOI with its area, level, no priority for an archive order.
    await centre.openOrder(tagged.orderId);
    await expect(page.getByTestId('order-detail-number')).toHaveText(tagged.orderNumber);
    await expect(page.getByTestId('order-detail-aoi')).toContainText(aoiName);
    await expect(page.getByTestId('order-detail-aoi')).toContainText('km²');
    await expect(centre.detail()).toContainText(text('order.levelShort.10'));
    await expect(centre.detail()).not.toContainText(text('order.priority'));
    await expect(page.getByTestId('order-terms-entry')).toHaveCount(1);
    await expect(page.getByTestId('order-terms-state')).not.toBeEmpty();
    // The scene's footprint on the map, and off again.
    const toggle = page.getByTestId('order-scene-map');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');

    // Tag management: add (Save waits for text), then the tag filters the list.
    const tag = `harbour-${language}`;
    await centre.addTag(tag);
    await centre.back();
    await expect(centre.item(tagged.orderId).getByTestId('order-item-tag')).toHaveText(tag);
    await centre.filterByTag(tag);
    await expect.poll(() => centre.listedIds()).toEqual([tagged.orderId]);
    await centre.filterByTag(null);
    await expect.poll(() => centre.listedIds()).toEqual([other.orderId, tagged.orderId]);

    // Search by the other order's number.
    await centre.search(other.orderNumber);
    await expect.poll(() => centre.listedIds()).toEqual([other.orderId]);

    // Cancel it after the confirmation: 2000, cancelled by the user, no longer offered.
    await centre.openOrder(other.orderId);
    await centre.cancelOrder();
    await portal.expectToast(text('order.cancelled'));
    await expect(page.getByTestId('order-detail-status')).toHaveText(text('orderCentre.status.41'));
    await expect(page.getByTestId('order-cancel')).toHaveCount(0);
    await centre.back();
    await expect(centre.item(other.orderId).getByTestId('order-status')).toHaveText(
      text('orderCentre.status.41'),
    );
    await centre.search('');
    await centre.showTab('processing');
    await expect.poll(() => centre.listedIds()).toEqual([tagged.orderId]);

    // "Archive search" runs the order's search again: the search centre opens with its results.
    await centre.openOrder(tagged.orderId);
    await page.getByTestId('order-archive-search').click();
    await expect(portal.panel(1)).toBeVisible();
    await expect(portal.resultsPanel()).toBeVisible({ timeout: 30_000 });
  });

  test(`(${language}) an order placed from the cart after a search of a saved AOI is found by the AOI's name`, async ({
    page,
  }) => {
    // Issue 28 #1: the cart orders by the search's taskId alone, and such orders read "Unnamed AOI".
    test.setTimeout(240_000);
    const portal = new Portal(page);
    const order = new OrderDriver(portal);
    const centre = new OrderCentreDriver(portal);
    await portal.logInNewUser(language);
    const stamp = Date.now().toString(36);
    const name = language === 'zh' ? `湖边农田 ${stamp}` : `Lakeside fields ${stamp}`;
    const root = (await portal.savedAreas()).find((n) => n.kind === 'root');
    // As wide as the order tests' drawn search (the e2e archive is a sparse 3,000 scenes).
    const ring = [
      { lat: -9, lng: 21 },
      { lat: -9, lng: 39 },
      { lat: 9, lng: 39 },
      { lat: 9, lng: 21 },
    ];
    await portal.apiPost('/aois', {
      hasGeo: true,
      name,
      parentId: root?.id,
      geometry: { type: 4, cors: ring },
    });
    await portal.openPanel(0);
    await portal.viewArea(name);
    await expect.poll(async () => (await portal.currentAoi())?.name).toBe(name);
    await portal.closePanel();

    await order.search();
    await portal.checkFirstResultGroup();
    await order.cart.settled();
    await order.openFromCart();
    await order.chooseLevels([10]);
    await order.agree();
    const sent = await order.confirm('/orders/archive');
    expect(sent.body.taskId).toBeTruthy();
    expect((sent.body.ipr as { aois?: unknown }).aois).toBeUndefined();
    await expect(order.orderNumbers()).toHaveCount(1, { timeout: 30_000 });
    const orderId = Number(await order.orderNumbers().first().getAttribute('data-order-id'));
    await page.getByTestId('order-centre').click();
    await expect(centre.centre()).toBeVisible();

    await expect(centre.item(orderId)).toContainText(name);
    await centre.search(name.slice(0, -stamp.length).trim().toUpperCase());
    await expect.poll(() => centre.listedIds()).toEqual([orderId]);
    await centre.openOrder(orderId);
    await expect(page.getByTestId('order-detail-aoi')).toContainText(name);
  });
}
