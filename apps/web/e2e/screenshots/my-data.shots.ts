import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { createUser, Portal } from '../driver';
import { type DeliveredScene, MyDataDriver } from '../myDataDriver';
import { OrderCentreDriver } from '../orderCentreDriver';

/**
 * My data for the documentation (docs/screenshots): the panel in selection (one scene on each
 * list, outlined red and blue, one in view) and in analysis (the swipe divider over the two
 * scenes). Not a test: it asserts only what it waits for.
 */
const out = resolve(import.meta.dirname, '../../../../docs/screenshots');

test.use({ timezoneId: 'Asia/Shanghai', viewport: { width: 1280, height: 800 } });

for (const language of ['en', 'zh'] as const) {
  test(`my data in selection and analysis (${language})`, async ({ page }) => {
    test.setTimeout(300_000);
    const portal = new Portal(page);
    await portal.goOffline();
    await portal.logIn(await createUser());
    if (language === 'zh') await portal.switchLanguage('zh');
    const myData = new MyDataDriver(portal, new OrderCentreDriver(portal));
    const placed = await myData.placeComparableOrders(`Colorado ${language}`);
    const delivered = await myData.waitForDeliveries(3);
    const find = (p: { orderNo: string; sceneId: string }) =>
      delivered.find((s) => s.orderNo === p.orderNo && s.sceneId === p.sceneId) as DeliveredScene;
    const left = find(placed.left);
    const right = find(placed.right);
    await myData.open();
    await myData.item(left).getByTestId('my-data-to-left').click();
    await myData.item(right).getByTestId('my-data-to-right').click();
    await myData.item(right).getByTestId('my-data-view').click();
    await page.getByTestId('my-data-locate').click();
    await page.mouse.move(1200, 760);
    await page.waitForTimeout(4000);
    await page.screenshot({ path: join(out, `my-data-selection-${language}-1280x800.png`) });

    await page.getByTestId('my-data-start').click();
    await expect(page.getByTestId('swipe-divider')).toBeVisible();
    await myData.dragSwipeTo(0.62);
    await page.mouse.move(1200, 760);
    await page.waitForTimeout(4000);
    await page.screenshot({ path: join(out, `my-data-analysis-${language}-1280x800.png`) });
  });
}
