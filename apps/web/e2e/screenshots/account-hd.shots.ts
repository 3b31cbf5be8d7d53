import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { AccountDriver } from '../accountDriver';
import { createUser, operatorCli, Portal } from '../driver';
import { HdMapDriver } from '../hdMapDriver';

/**
 * The HD image map with its quota dialog and the account centre with its usage and traffic chart,
 * for the documentation (docs/screenshots): a user with 3 HD tiles a day spends them at zoom 13
 * over a clear scene of the newest year, then opens the account centre. Not a test: it asserts only what it waits for.
 */
const out = resolve(import.meta.dirname, '../../../../docs/screenshots');

test.use({ timezoneId: 'Asia/Shanghai', viewport: { width: 1280, height: 800 } });

/** The centre of a low-cloud optical scene of the newest HD year (STAC search), rounded to 4 decimals. */
async function clearSceneCentre(portal: Portal): Promise<[number, number]> {
  const token = await portal.stored('token');
  const years = await portal.page.request.get('/api/v1/hd/years', {
    headers: { authorization: `Bearer ${token}` },
  });
  const year = (await years.json()).data.years[0];
  const found = await portal.page.request.get(
    `/stac/v1/search?limit=200&datetime=${year}-01-01T00:00:00Z/${year}-12-31T23:59:59Z`,
  );
  const items = (await found.json()).features as Array<{
    bbox: number[];
    properties: Record<string, number>;
  }>;
  const clear = items.find(({ bbox, properties }) => {
    const cloud = properties['eo:cloud_cover'] ?? 0;
    return cloud > 1 && cloud < 20 && Math.abs(bbox[1] ?? 90) < 55 && (bbox[2] ?? 0) > (bbox[0] ?? 0);
  });
  if (!clear) throw new Error('no clear optical scene in the demo archive');
  const [w = 0, s = 0, e = 0, n = 0] = clear.bbox;
  const round = (value: number) => Math.round(value * 1e4) / 1e4;
  return [round((s + n) / 2), round((w + e) / 2)];
}

// Pictures in English (this machine's Chromium has no CJK font); the Chinese texts as text.
for (const language of ['en', 'zh'] as const) {
  test(`HD map with its quota dialog, account centre with usage and chart (${language})`, async ({
    page,
  }) => {
    const portal = new Portal(page);
    const hd = new HdMapDriver(portal);
    const account = new AccountDriver(portal);
    const user = await createUser({ timezone: 'Asia/Shanghai' });
    await operatorCli(['user', 'quota', user.username, '--hd-tiles', '3', '--day-flow-gb', '2']);
    await portal.goOffline();
    await portal.logIn(user);
    if (language === 'zh') await portal.switchLanguage('zh');

    await hd.choose();
    // Over a clear optical scene of the newest year, so the mosaic has a picture at zoom 12.
    const [lat, lon] = await clearSceneCentre(portal);
    await portal.centreMap(lat, lon, 10);
    while (Number(await portal.zoomLevel().textContent()) < 12) await portal.zoomIn();
    await page.getByTestId('zoom-in').click();
    await expect(hd.quotaDialog()).toBeVisible({ timeout: 30_000 });
    await page.waitForTimeout(1500);
    if (language === 'en') await page.screenshot({ path: join(out, 'hd-map-quota-1280x800.png') });
    else
      await writeFile(
        join(out, 'hd-map-quota-zh.txt'),
        `${await hd.controls().innerText()}\n\n${await page.locator('.ant-modal').innerText()}\n`,
      );
    await hd.closeQuotaDialog();

    await account.open();
    await page.getByTestId('usage-box').scrollIntoViewIfNeeded();
    await expect.poll(() => account.chartBars()).toBeGreaterThanOrEqual(1);
    await page.getByTestId('traffic-chart').scrollIntoViewIfNeeded();
    await page.mouse.move(900, 700);
    await page.waitForTimeout(800);
    if (language === 'en') await page.screenshot({ path: join(out, 'account-centre-usage-1280x800.png') });
    else
      await writeFile(
        join(out, 'account-centre-zh.txt'),
        await page.getByTestId('account-centre').evaluate((centre) => {
          // The ~420 zones of the time-zone list would bury the rest.
          const copy = centre.cloneNode(true) as HTMLElement;
          copy.querySelector('[data-testid="time-zone-panel"] ul')?.remove();
          document.body.append(copy);
          const shown = copy.innerText;
          copy.remove();
          return shown;
        }),
      );
  });
}
