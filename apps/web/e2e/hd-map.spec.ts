import { expect, test } from '@playwright/test';
import { AccountDriver } from './accountDriver';
import { createUser, dragDivider, operatorCli, Portal, uiText } from './driver';
import { HdMapDriver } from './hdMapDriver';

/**
 * The HD image map (spec 000 §2 base maps, "HD quota dialog", §4 "HD tile outcome", §8 602/403;
 * issue 15): chosen in the map switch with its banner; tiles above zoom 12 take from the daily
 * allowance, and when it is spent the quota dialog shows and the zoom stays at 12; the account
 * centre's usage then counts the tiles and its chart draws them. A copied year URL opens tiles
 * without the browser session; two years compare by a swipe.
 */
test.use({ timezoneId: 'UTC' });

for (const language of ['en', 'zh'] as const) {
  const text = (key: string, params?: Record<string, string>) => uiText(language, key, params);

  test(`(${language}) HD: the quota spent above zoom 12 opens the quota dialog and the zoom stays at 12; usage counts the tiles and the chart draws`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const portal = new Portal(page);
    const hd = new HdMapDriver(portal);
    const account = new AccountDriver(portal);
    const user = await createUser();
    await operatorCli(['user', 'quota', user.username, '--hd-tiles', '3', '--full-hd', 'off']);
    await portal.goOffline();
    await portal.logIn(user);
    if (language === 'zh') await portal.switchLanguage('zh');

    const drawn = hd.nextDrawnTile();
    await hd.choose();
    await portal.expectToast(text('hdMap.banner'));
    await drawn;

    await portal.centreMap(39.9, 116.4, 10);
    while (Number(await portal.zoomLevel().textContent()) < 12) await portal.zoomIn();
    await expect(hd.quotaDialog()).toHaveCount(0);
    // Zoom 13: a screenful of tiles, three allowed, then 602.
    await page.getByTestId('zoom-in').click();
    await expect(hd.quotaDialog()).toBeVisible({ timeout: 30_000 });
    await expect(hd.quotaDialog()).toHaveText(text('hdMap.quota602'));
    await expect(page.getByTestId('hd-quota-contact')).toHaveAttribute(
      'href',
      'mailto:e2e-sales@satportal.example',
    );
    await expect(portal.zoomLevel()).toHaveText('12');
    await hd.closeQuotaDialog();
    await expect(page.getByTestId('zoom-in')).toBeDisabled();
    await expect(portal.zoomLevel()).toHaveText('12');

    await account.open();
    await expect(page.getByTestId('usage-hd')).toHaveText(text('account.hdDaily', { tiles: '3', used: '3' }));
    expect(await account.usageBytes('today')).toBeGreaterThan(0);
    expect(await account.usageBytes('used')).toBeGreaterThan(0);
    await expect.poll(() => account.chartBars()).toBeGreaterThanOrEqual(1);
  });
}

test.describe('copy and compare', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('(en) a copied year URL opens tiles without the browser session; two years compare by a swipe', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const portal = new Portal(page);
    const hd = new HdMapDriver(portal);
    await portal.logInNewUser('en');
    await hd.choose();
    const years = await hd.years();
    expect(years.length).toBeGreaterThanOrEqual(2);
    const [newest = 0, older = 0] = years;

    const url = await hd.copyUrl(older);
    await portal.expectToast(uiText('en', 'hdMap.copySuccess'));
    expect(url).toMatch(new RegExp(`^${baseURL}/tiles/hd/${older}/\\{z\\}/\\{x\\}/\\{y\\}\\?key=.+`));
    // Another client: no cookie, no token, only the key in the URL.
    const outsider = await playwright.request.newContext();
    const tile = await outsider.get(url.replace('{z}', '3').replace('{x}', '6').replace('{y}', '3'));
    expect(tile.status()).toBe(200);
    expect(tile.headers()['x-status']).toBe('200');
    expect(tile.headers()['content-type']).toContain('image/png');
    await outsider.dispose();

    await hd.compareWith(older);
    await expect(hd.controls()).toHaveAttribute('data-year', String(newest));
    const divider = page.getByTestId('hd-swipe-divider');
    await expect(divider).toHaveAttribute('data-fraction', '0.5');
    await divider.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(divider).toHaveAttribute('data-fraction', '0.48');
    // and dragged with the mouse, as the my-data swipe (the map's overlay stops React's pointer events)
    await dragDivider(page, 'hd-swipe-divider', 0.3);
  });
});
