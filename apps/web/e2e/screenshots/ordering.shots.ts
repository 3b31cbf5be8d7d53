import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { createUser, Portal } from '../driver';
import { OrderDriver } from '../orderDriver';

/**
 * The order dialogs for the documentation (docs/screenshots): the archive confirmation dialog over
 * a small AOI with its 4151, then enlarged; the success dialog; the reseller's requester block.
 * In Chinese the dialog's text is written beside (the machines that make these have no CJK font).
 * Not a test: it asserts only what it needs to wait for.
 */
const out = resolve(import.meta.dirname, '../../../../docs/screenshots');

test.use({ timezoneId: 'Asia/Shanghai', viewport: { width: 1280, height: 800 } });

for (const language of ['en', 'zh'] as const) {
  test(`archive order dialog (${language})`, async ({ page }) => {
    const portal = new Portal(page);
    const order = new OrderDriver(portal);
    const shot = async (name: string) => {
      await page.mouse.move(1, 1);
      await page.waitForTimeout(500);
      if (language === 'en') await page.screenshot({ path: join(out, `${name}-1280x800.png`) });
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered lines are what a reader of the text file needs
      else await writeFile(join(out, `${name}-zh.txt`), await page.locator('.ant-modal').first().innerText());
    };
    await portal.logInNewUser(language);
    await order.searchWide();
    const scene = (await order.listedScenes())
      .filter((s) => s.type === 1)
      .sort((a, b) => a.imageGsd - b.imageGsd)[0];
    if (!scene) throw new Error('no optical scene');
    await order.searchSmallAoiIn(scene);
    await order.cart.checkScene(scene.sceneId);
    await portal.closePanel();
    await order.openFromCart();
    await order.chooseLevels([10, 22]);
    await page.getByTestId('order-clipping').locator('label').first().click();
    await order.agree();
    await expect(page.getByTestId('order-estimate')).toHaveCount(2, { timeout: 30_000 });
    await order.confirm('/orders/archive');
    await expect(page.getByTestId('order-refusal')).toBeVisible();
    await page.getByTestId('order-refusal').scrollIntoViewIfNeeded();
    await shot('order-refused');
    await page.getByTestId('order-enlarge').click();
    await expect(page.getByTestId('order-enlarged')).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('order-enlarged').scrollIntoViewIfNeeded();
    await shot('order-enlarged');
    await order.confirm('/orders/archive');
    await expect(page.getByTestId('order-success')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('order-tag').locator('input').fill('Harvest 2026');
    await shot('order-success');
  });
}

test('reseller requester block (en)', async ({ page }) => {
  const portal = new Portal(page);
  const order = new OrderDriver(portal);
  await portal.goOffline();
  await portal.logIn(await createUser({ orgType: 3, orderTypes: '1' }));
  await order.searchWide();
  await portal.checkFirstResultGroup();
  await portal.closePanel();
  await order.openFromCart();
  await order.chooseLevels([10]);
  await page.getByTestId('order-request-type').locator('label').first().click();
  await page.getByTestId('order-requester-company').locator('input').fill('Acme Farms');
  await page.getByTestId('order-requester-email').fill('ops@acme.example');
  await page.getByTestId('order-requester').scrollIntoViewIfNeeded();
  await page.mouse.move(1, 1);
  await page.waitForTimeout(500);
  await page.screenshot({ path: join(out, 'order-reseller-1280x800.png') });
});

for (const language of ['en', 'zh'] as const) {
  test(`tasking order dialog (${language})`, async ({ page }) => {
    test.setTimeout(180_000);
    const portal = new Portal(page);
    const order = new OrderDriver(portal);
    const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    await portal.logInNewUser(language);
    await portal.openTasking();
    await portal.searchCoordinates('39.9,116.4');
    await expect(portal.zoomLevel()).toHaveText('10');
    await portal.clearCoordinateSearch();
    for (const zoom of ['9', '8']) {
      await page.getByTestId('zoom-out').click();
      await expect(portal.zoomLevel()).toHaveText(zoom);
    }
    await portal.drawPolygon([
      [-120, -80],
      [110, -90],
      [130, 70],
      [-100, 90],
    ]);
    await expect.poll(() => portal.currentAoi()).not.toBeNull();
    await portal.setTaskingDates(dayAhead(1), dayAhead(3));
    await page.getByTestId('tasking-cc').fill('100');
    await page.getByTestId('tasking-ac').fill('0');
    await portal.predictPasses();
    await expect(portal.passes().first()).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('tasking-order-prediction').click();
    await expect(page.getByTestId('order-tasking')).toBeVisible();
    await order.chooseLevels([10]);
    await order.agree();
    await expect(page.getByTestId('order-estimate')).toHaveCount(1, { timeout: 30_000 });
    await page.mouse.move(1, 1);
    await page.waitForTimeout(500);
    if (language === 'en') {
      await page.screenshot({ path: join(out, 'order-tasking-1280x800.png') });
      return;
    }
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered lines are what a reader of the text file needs
    const dialogText = await page.locator('.ant-modal').first().innerText();
    await writeFile(join(out, 'order-tasking-zh.txt'), dialogText);
  });
}
