import { join, resolve } from 'node:path';
import { expect, type Page, type Request, test } from '@playwright/test';
import { Portal } from '../driver';

/**
 * Screenshots of the archive results and compare mode for the documentation (docs/screenshots),
 * made the way a user gets there: Colorado's Front Range, where the shipped Sentinel-2 and
 * Landsat scenes of August 2024 overlap. Not a test: it asserts only what it needs to wait for.
 */
const out = resolve(import.meta.dirname, '../../../../docs/screenshots');

/** A scene that covers the AOI with almost no cloud (real Landsat 8 item shipped in data/stac-items). */
const clearScene = 'LC08_L2SP_034032_20240830_02_T1';

test.use({ timezoneId: 'Asia/Shanghai' });

/**
 * Follows the map's image requests from the start; `settled()` waits until none has been loading
 * for a moment, so a picture is taken complete.
 */
function trackImages(page: Page) {
  let pending = 0;
  let last = Date.now();
  const watched = (request: Request) => ['image', 'fetch', 'xhr'].includes(request.resourceType());
  const started = (request: Request) => {
    if (!watched(request)) return;
    pending++;
    last = Date.now();
  };
  const ended = (request: Request) => {
    if (!watched(request)) return;
    pending = Math.max(0, pending - 1);
    last = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async settled() {
      await expect.poll(() => pending === 0 && Date.now() - last > 800, { timeout: 60_000 }).toBe(true);
      // One more frame for OpenLayers to draw what arrived.
      await page.waitForTimeout(300);
    },
  };
}

async function searchFrontRange(portal: Portal, language: 'en' | 'zh') {
  // A user of its own: an AOI tree with just this AOI in it.
  await portal.logInNewUser(language);
  await portal.centreMap(39.5, -105.5, 9);
  await portal.drawPolygon([
    [-110, -80],
    [110, -80],
    [110, 80],
    [-110, 80],
  ]);
  // The bar saves into "My AOIs" once the tree has loaded (saving earlier asks for a folder).
  await expect(portal.page.getByTestId('save-aoi-folder')).toContainText(
    language === 'zh' ? '我的AOI' : 'My AOIs',
  );
  const name = language === 'zh' ? '落基山前岭' : 'Front Range';
  await portal.saveAoi(name);
  await expect(portal.saveAoiBar()).toHaveCount(0);
  // Searched as a saved AOI (from the AOI centre), the way a returning user does.
  await portal.chooseTool('delete-drawing');
  await portal.openPanel(0);
  await portal.viewArea(name);
  await expect.poll(async () => (await portal.currentAoi())?.name).toBe(name);
  await portal.centreMap(39.5, -105.5, 9);
  while (Number(await portal.zoomLevel().textContent()) < 9) await portal.zoomIn();
  await portal.openArchiveSearch();
  await portal.setArchiveDates('2024-08-01', '2024-08-31');
  await portal.setArchiveNumber('cc', 100);
  await portal.runArchiveSearch();
  await expect(portal.resultsPanel()).toBeVisible({ timeout: 30_000 });
  await portal.closePanel();
}

const sizes = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

for (const size of sizes) {
  const name = (view: string, language = '') =>
    join(out, `${view}${language}-${size.width}x${size.height}.png`);

  test(`results, overlap box and compare at ${size.width}×${size.height}`, async ({ page }) => {
    await page.setViewportSize(size);
    const images = trackImages(page);
    const portal = new Portal(page);
    await searchFrontRange(portal, 'en');

    await portal.showSceneFromList(clearScene);
    await images.settled();
    await portal.mapColourAt();
    await page.screenshot({ path: name('results') });

    await portal.clickOnMap([[0, 0]]);
    const listed = await portal.overlapScenes();
    const picks = [listed[0], listed[Math.floor(listed.length / 2)], listed.at(-1)].map(
      (s) => s?.sceneId ?? '',
    );
    for (const id of picks)
      await portal.overlapBox().locator(`[data-scene-id="${id}"]`).getByRole('checkbox').check();
    await page.mouse.move(1, 1);
    await page.screenshot({ path: name('overlap') });

    const clicked = await portal.mapCentre();
    // On the smaller screen the list would leave the compared scenes little room.
    if (size.width < 1600) await page.getByTestId('results-close').click();
    await page.getByTestId('overlap-compare').click();
    // The map fits where the compared scenes overlap.
    await expect.poll(() => portal.mapCentre()).not.toBe(clicked);
    await portal.moveCompareSlider(0.3);
    await images.settled();
    await portal.mapColourAt();
    await page.screenshot({ path: name('compare') });
  });
}

test('results in Chinese at 1280×800', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const images = trackImages(page);
  const portal = new Portal(page);
  await searchFrontRange(portal, 'zh');
  await portal.showSceneFromList(clearScene);
  await images.settled();
  await portal.mapColourAt();
  await page.screenshot({ path: join(out, 'results-zh-1280x800.png') });
});
