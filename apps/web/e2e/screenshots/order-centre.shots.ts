import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { Portal } from '../driver';
import { OrderCentreDriver } from '../orderCentreDriver';

/**
 * The order centre for the documentation (docs/screenshots): three archive orders over central
 * Africa (set up through the API), two of them tagged, one cancelled; the list, then one order's
 * detail with its scene's footprint on the map. Not a test: it asserts only what it waits for.
 */
const out = resolve(import.meta.dirname, '../../../../docs/screenshots');

test.use({ timezoneId: 'Asia/Shanghai', viewport: { width: 1280, height: 800 } });

// Pictures in English (this machine's Chromium has no CJK font); the Chinese panel as text.
for (const language of ['en', 'zh'] as const) {
  test(`order centre list and detail (${language})`, async ({ page }) => {
    const portal = new Portal(page);
    const centre = new OrderCentreDriver(portal);
    await portal.logInNewUser(language);
    const orders = await centre.placeArchiveOrders('Lake Victoria shore', 3);
    const [first, second, third] = orders;
    if (!first || !second || !third) return;
    await centre.api('POST', '/orders/cancel', { id: first.orderId });
    const token = await portal.stored('token');
    await page.request.put('/api/v1/orders/tags', {
      headers: { authorization: `Bearer ${token}` },
      data: { tag: 'Harbour survey', orderIds: [second.orderId, third.orderId] },
    });

    await centre.open();
    await expect(centre.items()).toHaveCount(3);
    await expect(portal.toasts()).toHaveCount(0, { timeout: 15_000 });
    await page.mouse.move(700, 400);
    await page.waitForTimeout(500);
    if (language === 'en') await page.screenshot({ path: join(out, 'order-centre-list-1280x800.png') });
    else await writeFile(join(out, 'order-centre-list-zh.txt'), await centre.centre().innerText());

    await centre.openOrder(third.orderId);
    await page.getByTestId('order-scene-map').first().click();
    // Away from the toggle, so its tooltip has gone by the picture.
    await page.mouse.move(1000, 700);
    await page.waitForTimeout(1500);
    if (language === 'en') await page.screenshot({ path: join(out, 'order-centre-detail-1280x800.png') });
    else await writeFile(join(out, 'order-centre-detail-zh.txt'), await centre.detail().innerText());
  });
}
