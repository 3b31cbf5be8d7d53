import { expect, test } from '@playwright/test';
import { demo, Portal } from './driver';
import { HdMapDriver } from './hdMapDriver';
import { OrderDriver } from './orderDriver';

/**
 * Issue 28 #7: every box docked over the map is a cover the others keep clear of. At 1366 × 768
 * the HD image map's box covered the base map's notice and the result list's close button, and the
 * drawn AOI's save bar stood half under the result list.
 */
for (const language of ['en', 'zh'] as const) {
  for (const [width, height] of [
    [1366, 768],
    [1920, 1080],
  ] as const) {
    test(`(${language}, ${width}×${height}) no two boxes over the map overlap: panel, results, cart, notice, HD box, save bar`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height });
      const portal = new Portal(page);
      // Offline: the base map's notice stands at the top right.
      await portal.goOffline();
      await portal.logIn(demo);
      if (language === 'zh') await portal.switchLanguage('zh');
      const order = new OrderDriver(portal);
      await order.searchWide();
      await portal.checkFirstResultGroup();
      await order.cart.settled();
      await new HdMapDriver(portal).choose();
      await expect(page.getByTestId('hd-controls')).toBeVisible();
      await expect(page.getByTestId('save-aoi-bar')).toBeVisible();
      await expect(portal.resultsPanel()).toBeVisible();
      await expect(page.getByTestId('map-notices')).not.toBeEmpty();
      await expect.poll(() => portal.overlappingCovers()).toEqual([]);
    });
  }
}
