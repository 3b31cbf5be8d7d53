import { expect, type Page, test } from '@playwright/test';
import { Portal, square } from './driver';

/**
 * What the map keeps after the thing it came from is gone (issue 18): deleting the drawing or the
 * saved AOI that was searched takes its results (list, footprints, quicklooks) and its tasking
 * passes with it; leaving a measuring tool takes its measurement and read-out with it.
 */

/** A UTC day some days from today, YYYY-MM-DD. */
const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * How many footprints or passes the map drew last (null before any), from the user-timing marks
 * it sets when they are drawn (`map/drawnMarks.ts`).
 */
function drawnCount(page: Page, what: 'footprints' | 'passes'): Promise<number | null> {
  return page.evaluate((name) => {
    const mark = performance.getEntriesByName(name).at(-1) as PerformanceMark | undefined;
    return (mark?.detail as { count?: number } | undefined)?.count ?? null;
  }, `satportal:${what}-drawn`);
}

/** Brings central Africa (0° N, 30° E) into view at zoom 5, as a user does: coordinate search, zoom out. */
async function overCentralAfrica(portal: Portal) {
  await portal.searchCoordinates('0,30');
  await expect(portal.zoomLevel()).toHaveText('10');
  while (Number(await portal.zoomLevel().textContent()) > 5) {
    const before = await portal.zoomLevel().textContent();
    await portal.page.getByTestId('zoom-out').click();
    await expect(portal.zoomLevel()).not.toHaveText(before ?? '');
  }
  await portal.clearCoordinateSearch();
  // Clicks while the view still moves would be read as drags: draw once it stands still.
  await expect
    .poll(async () => {
      const before = await portal.mapCentre();
      await portal.page.waitForTimeout(250);
      return before === (await portal.mapCentre());
    })
    .toBe(true);
}

/** Draws a 20° square over central Africa (a few dozen demo scenes) and searches it with any cloud. */
async function drawAndSearchCentralAfrica(portal: Portal) {
  await overCentralAfrica(portal);
  await portal.drawPolygon(square(220));
  await expect.poll(() => portal.currentAoi()).not.toBeNull();
  await portal.openArchiveSearch();
  await portal.setArchiveNumber('cc', 100);
  await portal.runArchiveSearch();
  await expect(portal.resultsPanel()).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => drawnCount(portal.page, 'footprints')).toBeGreaterThan(0);
}

for (const language of ['en', 'zh'] as const) {
  test.describe(`clearing the workspace (${language})`, () => {
    test('deleting the searched drawing removes its results, footprints and quicklooks', async ({ page }) => {
      test.setTimeout(90_000);
      const portal = new Portal(page);
      await portal.logInNewUser(language);
      await drawAndSearchCentralAfrica(portal);
      const [first] = await portal.listedSceneIds();
      if (!first) throw new Error('the search found no scene');
      await portal.showSceneFromList(first);
      await expect.poll(() => portal.shownQuicklooks()).toHaveLength(1);

      await portal.chooseTool('delete-drawing');
      expect(await portal.currentAoi()).toBeNull();
      await expect(portal.resultsPanel()).toHaveCount(0);
      await expect.poll(() => drawnCount(page, 'footprints')).toBe(0);
      await expect.poll(() => portal.shownQuicklooks()).toEqual([]);
    });

    test('deleting the searched AOI from the AOI centre removes it from the map with its results', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const portal = new Portal(page);
      await portal.logInNewUser(language);
      await overCentralAfrica(portal);
      await portal.drawPolygon(square(220));
      await portal.saveAoi('Searched area');
      await expect(portal.saveAoiBar()).toHaveCount(0);
      await expect.poll(async () => (await portal.currentAoi())?.name).toBe('Searched area');
      await portal.openArchiveSearch();
      await portal.setArchiveNumber('cc', 100);
      await portal.runArchiveSearch();
      await expect(portal.resultsPanel()).toBeVisible({ timeout: 30_000 });
      await expect.poll(() => drawnCount(page, 'footprints')).toBeGreaterThan(0);

      await portal.openPanel(0);
      // The tree reveals the AOI just saved as it opens; a menu opened meanwhile may close again.
      await expect(async () => {
        await portal.areaNode('Searched area').getByTestId('area-menu').click();
        await page.getByTestId('area-action-delete').filter({ visible: true }).click({ timeout: 2_000 });
      }).toPass();
      await page.getByTestId('delete-confirm').click();
      await expect(portal.areaNode('Searched area')).toHaveCount(0);
      await expect.poll(() => portal.currentAoi()).toBeNull();
      await expect(portal.areaTip()).toHaveCount(0);
      await expect(portal.resultsPanel()).toHaveCount(0);
      await expect.poll(() => drawnCount(page, 'footprints')).toBe(0);
    });

    test('deleting the drawing a prediction was made for removes its passes', async ({ page }) => {
      test.setTimeout(120_000);
      const portal = new Portal(page);
      await portal.logInNewUser(language);
      await portal.searchCoordinates('39.9,116.4');
      await expect(portal.zoomLevel()).toHaveText('10');
      await portal.clearCoordinateSearch();
      await portal.drawPolygon(square(100));
      await expect.poll(() => portal.currentAoi()).not.toBeNull();
      await portal.openTasking();
      await portal.setTaskingDates(dayAhead(1), dayAhead(3));
      await page.getByTestId('tasking-cc').fill('100');
      await page.getByTestId('tasking-ac').fill('0');
      await portal.predictPasses();
      await expect(portal.passes().first()).toBeVisible({ timeout: 30_000 });
      await expect.poll(() => drawnCount(page, 'passes')).toBeGreaterThan(0);

      await portal.chooseTool('delete-drawing');
      await expect(portal.taskingResults()).toHaveCount(0);
      await expect(page.getByTestId('tasking-form')).toBeVisible();
      await expect.poll(() => drawnCount(page, 'passes')).toBe(0);
    });

    test('leaving a measuring tool removes its measurement: Esc, another tool, the tool clicked off', async ({
      page,
    }) => {
      const portal = new Portal(page);
      await portal.logInNewUser(language);
      await portal.searchCoordinates('39.9,116.4');
      await expect(portal.zoomLevel()).toHaveText('10');
      await portal.clearCoordinateSearch();
      const line = [
        [-150, 0],
        [150, 0],
      ] as const;

      const leavings: Array<[string, () => Promise<void>]> = [
        ['Esc', () => page.keyboard.press('Escape')],
        ['another tool', () => portal.chooseTool('draw-point')],
        ['the tool clicked off', () => portal.chooseTool('measure-length')],
      ];
      for (const [how, leave] of leavings) {
        await portal.measure('length', line);
        await expect(portal.measureTip(), how).toHaveAttribute('data-finished', 'true');
        await leave();
        await expect(portal.measureTip(), how).toHaveCount(0);
        // No read-out left in any of the map's overlays either.
        await expect(page.locator('.ol-overlay-container').filter({ visible: true }), how).toHaveCount(0);
        if ((await portal.activeTool()) !== null) await page.keyboard.press('Escape');
        await expect.poll(() => portal.activeTool(), how).toBeNull();
      }

      // Areas too, and a measurement stays while its tool is on.
      await portal.measure('area', square(80));
      await expect(portal.measureTip()).toHaveAttribute('data-finished', 'true');
      expect(await portal.activeTool()).toBe('measureArea');
      await page.keyboard.press('Escape');
      await expect(portal.measureTip()).toHaveCount(0);
    });
  });
}
