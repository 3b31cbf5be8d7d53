import { expect, test } from '@playwright/test';
import { Portal } from './driver';
import { Fits, type LastFit } from './fitsDriver';

/**
 * Issue 18: every fit lands in the part of the map no panel covers, and the panels docked over the
 * map never overlap each other — on a small laptop and on a full-HD window, in both languages.
 */

const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An AOI of 20° × 20° over central Africa: the demo archive has a few dozen scenes there. */
const centralAfrica = [
  { lat: -10, lng: 20 },
  { lat: -10, lng: 40 },
  { lat: 10, lng: 40 },
  { lat: 10, lng: 20 },
];

/** The fitted extent in degrees holds what was fitted (west, south, east, north), within a hair. */
function expectBoundsAround(fit: LastFit, [west, south, east, north]: number[]) {
  const [w, s, e, n] = fit.bounds;
  expect(w).toBeCloseTo(west as number, 3);
  expect(s).toBeCloseTo(south as number, 3);
  expect(e).toBeCloseTo(east as number, 3);
  expect(n).toBeCloseTo(north as number, 3);
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
]) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    for (const language of ['en', 'zh'] as const) {
      test(`[${language}] AOI, results, scene ids, coordinates and passes are fitted clear of the panels, which never overlap`, async ({
        page,
      }) => {
        test.setTimeout(180_000);
        const portal = new Portal(page);
        const fits = new Fits(page);
        await portal.logInNewUser(language);
        const rootId = (await portal.savedAreas())[0]?.id as number;
        await portal.apiPost('/aois', {
          hasGeo: true,
          name: 'Central Africa',
          parentId: rootId,
          geometry: { type: 4, cors: centralAfrica },
        });

        // An AOI viewed from the tree: beside the AOI centre, not behind it.
        await portal.openPanel(0);
        let before = await fits.fitNumber();
        await portal.viewArea('Central Africa');
        let fit = await fits.nextFit(before);
        expectBoundsAround(fit, [20, -10, 40, 10]);
        await fits.expectFitUncovered(fit);
        await fits.expectNoOverlap();

        // A search: the list opens beside the search centre and the AOI moves clear of both.
        await portal.openArchiveSearch();
        await portal.setArchiveNumber('cc', 100);
        before = await fits.fitNumber();
        await portal.runArchiveSearch();
        await expect(portal.resultsPanel()).toBeVisible({ timeout: 30_000 });
        fit = await fits.nextFit(before);
        expectBoundsAround(fit, [20, -10, 40, 10]);
        await fits.expectFitUncovered(fit);
        await fits.expectNoOverlap();

        // With the results open, every panel of the left menu docks beside them without overlap.
        for (const index of [2, 3, 4, 5, 6, 0]) {
          await portal.openPanel(index);
          await expect(portal.panel(index)).toBeVisible();
          await fits.expectNoOverlap();
        }
        await expect(portal.resultsPanel()).toBeVisible();

        // A scene-id search: the map moves to the scenes found.
        const sceneIds = (await portal.listedSceneIds()).slice(0, 2);
        expect(sceneIds.length).toBeGreaterThan(0);
        before = await fits.fitNumber();
        await portal.searchSceneIds(sceneIds.join(','));
        await expect(page.getByTestId('result-scene')).toHaveCount(sceneIds.length);
        fit = await fits.nextFit(before);
        await fits.expectFitUncovered(fit);
        await fits.expectNoOverlap();

        // A coordinate: the point lands in the uncovered area, at zoom 10 or the zoom kept (≥ 8), never 18.
        before = await fits.fitNumber();
        await portal.searchCoordinates('2.5,31.5');
        fit = await fits.nextFit(before);
        expectBoundsAround(fit, [31.5, 2.5, 31.5, 2.5]);
        await fits.expectFitUncovered(fit);
        expect(fit.zoom).toBeGreaterThanOrEqual(8);
        expect(fit.zoom).toBeLessThanOrEqual(16);
        await portal.clearCoordinateSearch();

        // Zoomed in to 18, a coordinate search goes back to 10 rather than staying there.
        while ((await portal.zoomLevel().textContent()) !== '18') await portal.zoomIn();
        before = await fits.fitNumber();
        await portal.searchCoordinates('3,32');
        fit = await fits.nextFit(before);
        expect(fit.zoom).toBe(10);
        await fits.expectFitUncovered(fit);
        await portal.clearCoordinateSearch();

        // Tasking passes over the AOI: clear of the search centre.
        await portal.openTasking();
        await portal.setTaskingDates(dayAhead(1), dayAhead(2));
        await page.getByTestId('tasking-cc').fill('100');
        await page.getByTestId('tasking-ac').fill('0');
        before = await fits.fitNumber();
        await portal.predictPasses();
        await expect(portal.taskingResults()).toBeVisible();
        await expect(portal.passes().first()).toBeVisible({ timeout: 60_000 });
        fit = await fits.nextFit(before);
        await fits.expectFitUncovered(fit);
        await fits.expectNoOverlap();
      });
    }
  });
}
