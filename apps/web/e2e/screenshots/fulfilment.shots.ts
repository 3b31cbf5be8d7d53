import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { Portal, uiText } from '../driver';
import { FulfilmentDriver } from '../fulfilmentDriver';
import { OrderCentreDriver } from '../orderCentreDriver';

/**
 * Fulfilment for the documentation (docs/screenshots): a delivered archive order's detail (its
 * packages, sizes, expiry, download buttons) and a tasking order's shooting process after its
 * passes, on the test server's fast clocks. Not a test: it asserts only what it waits for.
 */
const out = resolve(import.meta.dirname, '../../../../docs/screenshots');

test.use({ timezoneId: 'Asia/Shanghai', viewport: { width: 1280, height: 800 } });

for (const language of ['en', 'zh'] as const) {
  test(`delivered order and shooting process (${language})`, async ({ page }) => {
    const portal = new Portal(page);
    const centre = new OrderCentreDriver(portal);
    const fulfilment = new FulfilmentDriver(centre);
    await portal.logInNewUser(language);
    const archive = await fulfilment.placeClippedOrder('Lake Victoria shore', { manualRecheck: false });
    const tasking = await fulfilment.placeTaskingOrder('Beijing north');
    await centre.open();
    const finished = uiText(language, 'orderCentre.status.32');
    await expect.poll(() => fulfilment.statusShown(archive.orderId), { timeout: 150_000 }).toBe(finished);
    await centre.openOrder(archive.orderId);
    await page.getByTestId('order-terms').scrollIntoViewIfNeeded();
    await page.getByTestId('order-scene-map').first().click();
    await page.mouse.move(1000, 700);
    await page.waitForTimeout(1500);
    if (language === 'en') await page.screenshot({ path: join(out, 'order-delivered-1280x800.png') });
    else await writeFile(join(out, 'order-delivered-zh.txt'), await centre.detail().innerText());

    await centre.back();
    await expect
      .poll(() => fulfilment.statusShown(tasking.orderId), { timeout: 150_000 })
      .not.toBe(uiText(language, 'orderCentre.status.11'));
    await expect
      .poll(() => fulfilment.statusShown(tasking.orderId), { timeout: 150_000 })
      .not.toBe(uiText(language, 'orderCentre.status.21'));
    await centre.openOrder(tasking.orderId);
    await page.getByTestId('order-shooting').first().click();
    await page.getByTestId('order-shooting').first().scrollIntoViewIfNeeded();
    await page.mouse.move(1000, 700);
    await page.waitForTimeout(800);
    if (language === 'en') await page.screenshot({ path: join(out, 'order-shooting-1280x800.png') });
    else await writeFile(join(out, 'order-shooting-zh.txt'), await centre.detail().innerText());
  });
}
