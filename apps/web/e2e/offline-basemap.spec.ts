import { expect, type Page, type Route, test } from '@playwright/test';
import { createUser, Portal, uiText } from './driver';
import { Fits } from './fitsDriver';

/**
 * The base map without network (issue 18): when the chosen online map's tiles keep failing, a
 * notice says so over the map, with a retry; the offline map beneath stays usable; tiles that
 * arrive again take the notice away. OpenStreetMap is the default base map in the test's zone.
 */

// A 1×1 PNG: any image the browser decodes is a loaded tile.
const tilePng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The base tiles' host, answering as the test says: refused (no network) or served (network back). */
class TileServer {
  refused = 0;
  served = 0;
  /** Requests refused before serving; Infinity: refuse until `serve()`. */
  private refuseFirst = Number.POSITIVE_INFINITY;

  static async on(page: Page, options: { refuseFirst?: number } = {}) {
    const server = new TileServer();
    server.refuseFirst = options.refuseFirst ?? Number.POSITIVE_INFINITY;
    // Registered after the driver's offline rule, so it answers for the tile host first.
    await page.route('https://tile.openstreetmap.org/**', (route) => server.answer(route));
    return server;
  }

  serve() {
    this.refuseFirst = 0;
  }

  private answer(route: Route) {
    if (this.refused < this.refuseFirst) {
      this.refused += 1;
      return route.abort('internetdisconnected');
    }
    this.served += 1;
    return route.fulfill({
      status: 200,
      contentType: 'image/png',
      // The tiles are asked for with CORS (they must not taint the map's canvas).
      headers: { 'access-control-allow-origin': '*' },
      body: tilePng,
    });
  }
}

async function logIn(page: Page, language: 'en' | 'zh', options: { refuseFirst?: number } = {}) {
  const portal = new Portal(page);
  await portal.goOffline();
  const tiles = await TileServer.on(page, options);
  await portal.logIn(await createUser());
  if (language === 'zh') await portal.switchLanguage('zh');
  return { portal, tiles };
}

const notice = (page: Page) => page.getByTestId('base-map-notice');

for (const language of ['en', 'zh'] as const) {
  test.describe(`offline base map (${language})`, () => {
    test('failing base tiles raise a notice; the offline map still works; Retry loads the tiles and the notice goes', async ({
      page,
    }) => {
      const { portal, tiles } = await logIn(page, language);

      await expect(notice(page)).toBeVisible();
      await expect(notice(page)).toContainText(uiText(language, 'map.baseMapFailedTitle'));
      await expect(notice(page)).toContainText(uiText(language, 'map.baseMapFailed'));
      await expect(page.getByTestId('base-map-retry')).toHaveText(
        new RegExp(uiText(language, 'map.baseMapRetry').split('').join('\\s*')),
      );
      expect(tiles.served).toBe(0);

      // The offline map is usable: a polygon is drawn and becomes the current AOI.
      await portal.searchCoordinates('39.9,116.4');
      await expect(portal.zoomLevel()).toHaveText('10');
      await portal.clearCoordinateSearch();
      await portal.drawPolygon([
        [-100, -80],
        [100, -80],
        [100, 80],
        [-100, 80],
      ]);
      await expect.poll(() => portal.currentAoi()).not.toBeNull();
      // Still failing: the notice stays (it is no toast that fades).
      await expect(notice(page)).toBeVisible();

      tiles.serve();
      await page.getByTestId('base-map-retry').click();
      await expect(notice(page)).toHaveCount(0);
      await expect.poll(() => tiles.served).toBeGreaterThan(3);
      await expect(notice(page)).toHaveCount(0);
    });

    test('zoomed in beyond 12, the zoom-to-HD tip stands under the notice, neither hiding the other', async ({
      page,
    }) => {
      const { portal } = await logIn(page, language);
      await expect(notice(page)).toBeVisible();
      await portal.searchCoordinates('39.9,116.4');
      await expect(portal.zoomLevel()).toHaveText('10');
      for (let zoom = 10; zoom < 13; zoom += 1) await portal.zoomIn();
      await expect(portal.zoomLevel()).toHaveText('13');
      const tip = portal.zoomHdTip();
      await expect(tip).toBeVisible();
      await expect(tip).toContainText(uiText(language, 'map.hdTipTitle'));
      const [top, below] = [await notice(page).boundingBox(), await tip.boundingBox()];
      if (!top || !below) throw new Error('notice or tip without a box');
      expect(below.y).toBeGreaterThanOrEqual(top.y + top.height);
      expect(Math.abs(below.x + below.width - (top.x + top.width))).toBeLessThan(1);
      await new Fits(page).expectNoOverlap();
      // Both answer clicks: Retry is not under the tip, and the tip closes.
      await page.getByTestId('base-map-retry').click();
      await page.getByTestId('zoom-hd-tip-close').click();
      await expect(tip).toHaveCount(0);
      await expect(notice(page)).toBeVisible();
    });

    test('Retry while still offline brings the notice back', async ({ page }) => {
      const { tiles } = await logIn(page, language);
      await expect(notice(page)).toBeVisible();
      const refused = tiles.refused;
      await page.getByTestId('base-map-retry').click();
      // The tiles were asked for again, failed again, and the notice says so again.
      await expect.poll(() => tiles.refused).toBeGreaterThan(refused + 3);
      await expect(notice(page)).toBeVisible();
    });

    test('tiles that fail only briefly raise no notice; tiles arriving again take it away by themselves', async ({
      page,
    }) => {
      // Two failures, then the network answers: no notice.
      const { portal, tiles } = await logIn(page, language, { refuseFirst: 2 });
      await expect.poll(() => tiles.served).toBeGreaterThan(5);
      expect(tiles.refused).toBe(2);
      await expect(notice(page)).toHaveCount(0);

      // Offline for a while: the notice; back online, the next tiles that load clear it.
      const offline = await TileServer.on(page);
      await portal.page.getByTestId('zoom-in').click();
      await expect(notice(page)).toBeVisible();
      offline.serve();
      await portal.page.getByTestId('zoom-in').click();
      await expect.poll(() => offline.served).toBeGreaterThan(0);
      await expect(notice(page)).toHaveCount(0);
    });
  });
}
