import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { CartDriver } from '../cartDriver';
import { Portal } from '../driver';

/**
 * The cart box for the documentation (docs/screenshots): a search over central Africa, one
 * satellite's scenes and one more in the cart, the figures and the gap (hatched red) on the map.
 * Not a test: it asserts only what it needs to wait for.
 */
const out = resolve(import.meta.dirname, '../../../../docs/screenshots');

test.use({ timezoneId: 'Asia/Shanghai', viewport: { width: 1280, height: 800 } });

// English only: this machine's Chromium has no CJK font (a Chinese picture shows empty boxes).
for (const language of ['en'] as const) {
  test(`cart box with figures and gap (${language})`, async ({ page }) => {
    const portal = new Portal(page);
    const cart = new CartDriver(portal);
    await portal.logInNewUser(language);
    await portal.centreMap(0, 30, 5);
    await portal.drawPolygon([
      [-200, -200],
      [200, -200],
      [200, 200],
      [-200, 200],
    ]);
    await expect.poll(() => portal.currentAoi()).not.toBeNull();
    await portal.openArchiveSearch();
    await portal.setArchiveNumber('cc', 100);
    await portal.runArchiveSearch();
    await expect(portal.resultsPanel()).toBeVisible({ timeout: 30_000 });
    await portal.closePanel();
    await portal.checkFirstResultGroup();
    const inCart = await cart.sceneIds();
    const other = (await portal.allListedSceneIds()).find((id) => !inCart.includes(id));
    if (other) await cart.checkScene(other);
    await cart.settled();
    await expect(cart.box()).toHaveAttribute('data-gap-drawn', /.+/);
    await page.mouse.move(1, 1);
    await page.waitForTimeout(800);
    await page.screenshot({ path: join(out, 'cart-1280x800.png') });
  });
}
