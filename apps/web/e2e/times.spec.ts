import { expect, test } from '@playwright/test';
import { AccountDriver } from './accountDriver';
import { type Account, Portal, uiText } from './driver';
import { OrderCentreDriver } from './orderCentreDriver';

/**
 * Times in the account's zone (DESIGN §4, issue 18): the browser runs in New York, the account is
 * set to Shanghai, then to Kolkata; the search results, the order centre and the search history
 * show each instant on the account zone's clock with its UTC offset, never on the browser's.
 * Both account zones are without summer time, so the expected clock is the instant plus a fixed
 * offset; New York's own offset (−05:00 or −04:00) differs from both all year.
 */
test.use({ timezoneId: 'America/New_York' });

/** The demo account of an organisation of type 2 (no ordering), printed at start. */
const viewer: Account = { username: 'viewer', password: 'satportal-viewer' };

const zones = {
  shanghai: { name: 'Asia/Shanghai', filter: 'shanghai', minutes: 8 * 60, label: 'UTC+08:00' },
  kolkata: { name: 'Asia/Kolkata', filter: 'kolkata', minutes: 5 * 60 + 30, label: 'UTC+05:30' },
} as const;
type Zone = (typeof zones)[keyof typeof zones];

/** How the page writes an instant in a zone: `2026-11-25 14:03:07 UTC+08:00` (or to the minute). */
function shownIn(iso: string, zone: Zone, precision: 'second' | 'minute'): string {
  const clock = new Date(Date.parse(iso) + zone.minutes * 60_000).toISOString().replace('T', ' ');
  return `${clock.slice(0, precision === 'second' ? 19 : 16)} ${zone.label}`;
}

for (const language of ['en', 'zh'] as const) {
  test(`(${language}) search results, order centre and search history show the account zone's clock with its offset`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const portal = new Portal(page);
    const account = new AccountDriver(portal);
    const centre = new OrderCentreDriver(portal);
    await portal.logInNewUser(language);
    await account.open();
    await account.chooseTimeZone(zones.shanghai.name, zones.shanghai.filter);

    // An archive search (the search history's entry) and an order from it, through the API.
    const [placed] = await centre.placeArchiveOrders(`Times ${language} ${Date.now().toString(36)}`, 1);
    if (!placed) return;
    const orders = await centre.api<{ list: { id: number; time: string }[] }>('GET', '/orders');
    const order = orders.data.list.find((o) => o.id === placed.orderId);
    if (!order) throw new Error(`order ${placed.orderId} not listed`);

    const expectEverywhere = async (zone: Zone) => {
      // The search again from the recent-search list: its first scene in the result list.
      await portal.openArchiveSearch();
      await portal.rerunRecentSearch(0);
      await expect(portal.resultsPanel()).toBeVisible();
      await expect(page.getByTestId('result-scene').first()).toBeVisible();
      const [sceneId] = await portal.listedSceneIds();
      if (!sceneId) throw new Error('no scene listed');
      const found = await centre.api<{ images: { sceneId: string; time: string }[] }>(
        'POST',
        '/archive/search/by-ids',
        { sceneIds: [sceneId] },
      );
      const scene = found.data.images[0];
      if (!scene) throw new Error(`scene ${sceneId} not found`);
      await expect(await portal.resultRow(sceneId)).toContainText(shownIn(scene.time, zone, 'second'));

      await centre.open();
      await expect(centre.item(order.id)).toContainText(shownIn(order.time, zone, 'minute'));

      const history = await portal.apiData<{ list: { searchTime: string }[] }>('/archive/search/history');
      const newest = history.list[0];
      if (!newest) throw new Error('no search history');
      await portal.openPanel(0);
      await page.getByTestId('aoi-history').click();
      await page.getByTestId('history-tab-archive').click();
      await expect(page.getByTestId('archive-history-entry').first()).toContainText(
        shownIn(newest.searchTime, zone, 'second'),
      );
      // The dialog's close button: Escape reaches the dialog only while the focus is inside it, and
      // a pane that re-renders under the clicked tab can drop the focus to the page (CI, stop 34).
      const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('archive-search-history') });
      await dialog.locator('.ant-modal-close').click();
      await expect(page.getByTestId('archive-search-history')).toBeHidden();
    };

    await expectEverywhere(zones.shanghai);
    // Another account zone: every view follows, without a reload.
    await account.open();
    await account.chooseTimeZone(zones.kolkata.name, zones.kolkata.filter);
    await expectEverywhere(zones.kolkata);
  });

  test(`(${language}) the viewer's organisation type has a name`, async ({ page }) => {
    const portal = new Portal(page);
    const account = new AccountDriver(portal);
    await portal.goOffline();
    await portal.logIn(viewer);
    if (language === 'zh') await portal.switchLanguage('zh');
    await account.open();
    await expect(page.getByTestId('account-org-type')).toHaveText(uiText(language, 'account.orgTypeViewer'));
  });
}
