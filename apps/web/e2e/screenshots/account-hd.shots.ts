import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { AccountDriver } from '../accountDriver';
import { createUser, operatorCli, Portal } from '../driver';
import { HdMapDriver } from '../hdMapDriver';

/**
 * The HD image map with its quota dialog and the account centre with its usage and traffic chart,
 * for the documentation (docs/screenshots): a user with 3 HD tiles a day spends them at zoom 13
 * over Beijing, then opens the account centre. Not a test: it asserts only what it waits for.
 */
const out = resolve(import.meta.dirname, '../../../../docs/screenshots');

test.use({ timezoneId: 'Asia/Shanghai', viewport: { width: 1280, height: 800 } });

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
    await portal.centreMap(39.9, 116.4, 10);
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
