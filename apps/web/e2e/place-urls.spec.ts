import { expect, test } from '@playwright/test';
import { CartDriver } from './cartDriver';
import { createUser, Portal, uiText } from './driver';
import { OrderCentreDriver } from './orderCentreDriver';
import { OrderDriver } from './orderDriver';
import { PlaceDriver, type Viewport } from './placeDriver';
import { SubscriptionsDriver, utcDay } from './subscriptionsDriver';

/**
 * URLs for places (issue 28 #6): the open panel, an order's detail, a subscription, a search and
 * its selected scene are in the address bar. Back and Forward move between them without leaving
 * the portal, a reload opens the same place, a copied link opens it for the same user in another
 * browser (through the login page), and shows another user nothing of it.
 */
/** What a page shows after a load (its chunks, the session check, the call) on a loaded machine. */
const afterLoad = { timeout: 30_000 };

const viewports: readonly Viewport[] = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
];

for (const language of ['en', 'zh'] as const) {
  const text = (key: string, params?: Record<string, string>) => uiText(language, key, params);
  for (const viewport of viewports) {
    const size = `${viewport.width}×${viewport.height}`;

    test(`(${language}, ${size}) panels and an order's detail: Back, Forward, a filter, reload, a copied link; another user sees nothing`, async ({
      page,
      browser,
    }) => {
      test.setTimeout(240_000);
      await page.setViewportSize(viewport);
      const portal = new Portal(page);
      const place = new PlaceDriver(portal);
      const centre = new OrderCentreDriver(portal);
      const account = await createUser();
      await portal.goOffline();
      await portal.logIn(account);
      if (language === 'zh') await portal.switchLanguage('zh');
      const [order] = await centre.placeArchiveOrders(`Harbour ${language} ${Date.now().toString(36)}`, 1);
      if (!order) return;
      const detailPlace = { panel: 'orders', order: String(order.orderId) };

      // Each panel and the detail opened is a place of its own.
      await place.expectPlace({});
      await portal.openPanel(0);
      await place.expectPlace({ panel: 'aois' });
      await centre.open();
      await place.expectPlace({ panel: 'orders' });
      await centre.openOrder(order.orderId);
      await place.expectPlace(detailPlace);

      // Back walks them back and stays in the portal; Forward walks them again.
      await place.back();
      await expect(centre.centre()).toBeVisible();
      await place.expectPlace({ panel: 'orders' });
      await place.back();
      await expect(portal.panel(0)).toBeVisible();
      await place.expectPlace({ panel: 'aois' });
      await place.back();
      await expect(portal.openPanels()).toHaveCount(0);
      await expect(page.getByTestId('map')).toBeVisible();
      await place.expectPlace({});
      await place.forward();
      await expect(portal.panel(0)).toBeVisible();
      await place.forward();
      await expect(centre.centre()).toBeVisible();
      await place.forward();
      await expect(page.getByTestId('order-detail-number')).toHaveText(order.orderNumber);

      // A filter changed inside the panel replaces its place: Back from it returns to the detail.
      await centre.back();
      await place.expectPlace({ panel: 'orders' });
      await centre.showTab('processing');
      await place.expectPlace({ panel: 'orders', tab: 'processing' });
      await place.back();
      await expect(page.getByTestId('order-detail-number')).toHaveText(order.orderNumber);
      await place.forward();
      await expect(centre.item(order.orderId)).toBeVisible();
      await place.reload();
      await expect(page.getByTestId('order-tab-processing').locator('xpath=..')).toHaveAttribute(
        'aria-selected',
        'true',
        afterLoad,
      );
      await place.back();

      // A reload opens the same detail.
      await expect(page.getByTestId('order-detail-number')).toHaveText(order.orderNumber);
      await place.reload();
      await expect(page.getByTestId('order-detail-number')).toHaveText(order.orderNumber, afterLoad);
      await place.expectPlace(detailPlace);

      // The copied link opens the same detail for the same user in another browser.
      const link = await place.copyLink('order-copy-link');
      await portal.expectToast(text('place.linkCopied'));
      const same = await PlaceDriver.openLinkAs(browser, link, account, language, viewport);
      await expect(same.portal.page.getByTestId('order-detail-number')).toHaveText(
        order.orderNumber,
        afterLoad,
      );
      await same.place.expectPlace(detailPlace);
      await same.close();

      // Another user sees nothing of it: a message, then the list of their own orders.
      const stranger = await PlaceDriver.openLinkAs(browser, link, await createUser(), language, viewport);
      await stranger.portal.expectToast(text('place.orderNotFound'));
      await expect(stranger.portal.page.getByTestId('order-centre-panel')).toBeVisible(afterLoad);
      await stranger.place.expectPlace({ panel: 'orders' });
      await expect(stranger.portal.page.getByText(order.orderNumber)).toHaveCount(0);
      await stranger.close();
    });

    test(`(${language}, ${size}) a subscription's detail: reload, Back, Forward, a copied link; another user sees nothing`, async ({
      page,
      browser,
    }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      const portal = new Portal(page);
      const place = new PlaceDriver(portal);
      const subscriptions = new SubscriptionsDriver(portal);
      await portal.logInNewUser(language);
      const name = `Delta ${language} ${Date.now().toString(36)}`;
      const sats = await subscriptions.api<{ sats: { id: number }[] }>('GET', '/satellites?taskable=false');
      const ring: [number, number][] = [
        [30, 30],
        [31, 30],
        [31, 31],
        [30, 31],
        [30, 30],
      ];
      const created = await subscriptions.subscribe({
        name,
        boundaries: { type: 'Polygon', coordinates: [ring] },
        satIds: sats.data.sats.map((s) => s.id),
        fdate: utcDay(0),
        tdate: utcDay(30),
      });
      expect(created.code, created.message).toBe(2000);
      const id = String(created.data.id);

      await subscriptions.openCentre();
      await place.expectPlace({ panel: 'subscriptions' });
      // The list's tab and filter are in the address bar too (replacing the step): a reload keeps them.
      const endedTab = page.getByRole('tab').filter({ has: page.getByTestId('subscription-tab-ended') });
      await endedTab.click();
      await place.expectPlace({ panel: 'subscriptions', tab: 'ended' });
      await place.reload();
      await expect(endedTab).toHaveAttribute('aria-selected', 'true', afterLoad);
      await place.expectPlace({ panel: 'subscriptions', tab: 'ended' });
      await expect(subscriptions.item(created.data.id)).toHaveCount(0);
      await page.getByTestId('subscription-tab-inProcess').click();
      await place.expectPlace({ panel: 'subscriptions' });
      await subscriptions.item(created.data.id).getByTestId('subscription-open-detail').click();
      const detail = page.getByTestId('subscription-detail');
      await expect(detail).toContainText(name);
      await place.expectPlace({ panel: 'subscriptions', subscription: id });

      await place.reload();
      await expect(detail).toContainText(name, afterLoad);
      await place.back();
      await expect(subscriptions.item(created.data.id)).toBeVisible();
      await expect(detail).toHaveCount(0);
      await place.forward();
      await expect(detail).toContainText(name);

      const link = await place.copyLink('subscription-copy-link');
      await portal.expectToast(text('place.linkCopied'));
      const stranger = await PlaceDriver.openLinkAs(browser, link, await createUser(), language, viewport);
      await stranger.portal.expectToast(text('place.subscriptionNotFound'));
      await expect(stranger.portal.page.getByTestId('subscription-centre-panel')).toBeVisible(afterLoad);
      await stranger.place.expectPlace({ panel: 'subscriptions' });
      await expect(stranger.portal.page.getByText(name)).toHaveCount(0);
      await stranger.close();
    });

    test(`(${language}, ${size}) a search's results, selected scene and order dialog survive a reload; Back closes them; another user sees nothing`, async ({
      page,
      browser,
    }) => {
      // Two searches, a stranger's browser and three reloads: over four minutes on a loaded machine.
      test.setTimeout(360_000);
      await page.setViewportSize(viewport);
      const portal = new Portal(page);
      const place = new PlaceDriver(portal);
      await portal.logInNewUser(language);
      await new OrderDriver(portal).searchWide();
      await expect.poll(() => place.params().search ?? '').toMatch(/^[0-9a-f-]{36}$/);
      const taskId = place.params().search!;
      await place.expectPlace({ panel: 'search', search: taskId });
      const [sceneId] = await portal.listedSceneIds();
      if (!sceneId) throw new Error('the search listed no scene');
      await portal.showSceneFromList(sceneId);
      await place.expectPlace({ panel: 'search', search: taskId, scene: sceneId });
      const total = (await portal.resultFigure('total').textContent()) ?? '';

      // A reload: the same results, the scene shown and highlighted, the search's conditions in the form.
      await place.reload();
      await expect(portal.resultsPanel()).toBeVisible({ timeout: 30_000 });
      await expect(portal.resultFigure('total')).toHaveText(total, afterLoad);
      const view = (await portal.resultRow(sceneId)).getByTestId('scene-view');
      await expect(view).toHaveAttribute('aria-pressed', 'true');
      await expect
        .poll(async () => (await portal.shownQuicklooks()).map((q) => q.sceneId))
        .toEqual([sceneId]);
      await expect(page.getByTestId('archive-cc')).toHaveValue('100');
      await place.expectPlace({ panel: 'search', search: taskId, scene: sceneId });

      // Back: the place before the search, without its results; Forward shows them again.
      await place.back();
      await place.expectPlace({ panel: 'search' });
      await expect(portal.resultsPanel()).toHaveCount(0);
      await place.forward();
      await expect(portal.resultsPanel()).toBeVisible();
      await expect(view).toHaveAttribute('aria-pressed', 'true');

      const stranger = await PlaceDriver.openLinkAs(
        browser,
        page.url(),
        await createUser(),
        language,
        viewport,
      );
      await stranger.portal.expectToast(text('place.searchNotFound'));
      await stranger.place.expectPlace({ panel: 'search' });
      await expect(stranger.portal.resultsPanel()).toHaveCount(0);
      await stranger.close();

      // The cart's order dialog is a place too: a reload brings it back with its choices, Back
      // closes it and Forward opens it again; cancelling replaces its step.
      const order = new OrderDriver(portal);
      await new CartDriver(portal).checkScene(sceneId);
      await order.openFromCart();
      await place.expectPlace({ panel: 'search', search: taskId, scene: sceneId, dialog: 'order' });
      const level = page.locator('[data-testid^="order-level-"]').first();
      await level.click();
      await order.choose('order-clipping', text('order.yes'));
      const clipped = page.getByTestId('order-clipping').getByRole('radio', { name: text('order.yes') });
      await expect(clipped).toBeChecked();
      await place.reload();
      await expect(order.dialog()).toBeVisible(afterLoad);
      await expect(level).toBeChecked();
      await expect(clipped).toBeChecked();
      await place.expectPlace({ panel: 'search', search: taskId, scene: sceneId, dialog: 'order' });
      await place.back();
      await expect(order.dialog()).toHaveCount(0);
      await place.expectPlace({ panel: 'search', search: taskId, scene: sceneId });
      await place.forward();
      await expect(order.dialog()).toBeVisible();
      await expect(level).toBeChecked();
      await page.getByTestId('order-cancel').click();
      await expect(order.dialog()).toHaveCount(0);
      await place.expectPlace({ panel: 'search', search: taskId, scene: sceneId });
      // Cancelled: the next opening starts afresh.
      await order.openFromCart();
      await expect(level).not.toBeChecked();
      await place.back();
      await expect(order.dialog()).toHaveCount(0);
      await place.expectPlace({ panel: 'search', search: taskId, scene: sceneId });
    });
  }
}
