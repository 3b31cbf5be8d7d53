import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createUser, Portal, square, uiText } from './driver';
import { Fits } from './fitsDriver';

/**
 * The archive result list and its dialogs (spec 000 §2, §4, §5, §8; issue 5): scene-id search,
 * select all and GeoJSON export, the no-archive dialog, modify mode after a search, the zoom-to-HD
 * tip, the result box beside the Tasking tab and folded to its header, the recent searches and the
 * form's messages.
 */

/** Figures as the list shows them (grouped thousands in both languages). */
const figure = (text: string | null) => Number((text ?? '').replace(/[,\s]/g, ''));

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * An AOI of about 20° × 20° over central Africa, searched over the form's default dates with any
 * cloud: the demo archive (3000 simulated scenes in 3 years, plus the real items) has a few dozen
 * scenes there — fewer than 500, so "select all" is offered.
 */
async function searchCentralAfrica(portal: Portal) {
  await portal.centreMap(0, 30, 5);
  await portal.drawPolygon(square(220));
  await expect.poll(() => portal.currentAoi()).not.toBeNull();
  await portal.openArchiveSearch();
  await portal.setArchiveNumber('cc', 100);
  await portal.runArchiveSearch();
  await expect(portal.resultsPanel()).toBeVisible({ timeout: 30_000 });
}

/** An AOI in the middle of the Pacific, where the archive (scenes over land) has nothing. */
async function searchMidPacific(portal: Portal) {
  await portal.centreMap(0, -150, 5);
  await portal.drawPolygon(square(150));
  await expect.poll(() => portal.currentAoi()).not.toBeNull();
  await portal.openArchiveSearch();
  await portal.setArchiveNumber('cc', 100);
  await portal.runArchiveSearch();
}

/** A ring without its closing position (the API sends rings open or closed; the export closes them). */
const open = (ring: number[][]) =>
  ring.length > 1 && ring[0]?.join() === ring.at(-1)?.join() ? ring.slice(0, -1) : ring;

interface FootprintFeature {
  type: string;
  id: string;
  geometry: { type: string; coordinates: number[][][][] };
  properties: Record<string, unknown>;
}

/** RFC 7946 as far as the export uses it: a FeatureCollection of MultiPolygons with closed rings. */
function expectValidFootprints(json: unknown): FootprintFeature[] {
  const collection = json as { type: string; features: FootprintFeature[] };
  expect(collection.type).toBe('FeatureCollection');
  expect(Array.isArray(collection.features)).toBe(true);
  for (const feature of collection.features) {
    expect(feature.type).toBe('Feature');
    expect(typeof feature.id).toBe('string');
    expect(feature.properties.sceneId).toBe(feature.id);
    expect(feature.geometry.type).toBe('MultiPolygon');
    expect(feature.geometry.coordinates.length).toBeGreaterThan(0);
    for (const polygon of feature.geometry.coordinates) {
      for (const ring of polygon) {
        expect(ring.length).toBeGreaterThanOrEqual(4);
        expect(ring[0]).toEqual(ring.at(-1));
        for (const position of ring) {
          expect(position).toHaveLength(2);
          const [lon = Number.NaN, lat = Number.NaN] = position;
          expect(Math.abs(lon)).toBeLessThanOrEqual(180);
          expect(Math.abs(lat)).toBeLessThanOrEqual(90);
        }
      }
    }
  }
  return collection.features;
}

for (const language of ['en', 'zh'] as const) {
  const text = (key: string, params?: Record<string, string>) => uiText(language, key, params);

  test(`(${language}) a scene-id search lists the ids found and names the unknown; nothing found warns; a 3001 opens the login dialog`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const portal = new Portal(page);
    const account = await createUser();
    await portal.goOffline();
    await portal.logIn(account);
    if (language === 'zh') await portal.switchLanguage('zh');

    // Real ids of the demo archive: the first scenes an AOI search lists.
    await searchCentralAfrica(portal);
    const known = (await portal.listedSceneIds()).slice(0, 3);
    expect(known).toHaveLength(3);

    await portal.searchSceneIds(`${known[0]}, ${known[1]},${known[2]} , NO_SUCH_SCENE`);
    await expect(portal.resultFigure('total')).toHaveText('3');
    await expect(portal.resultFigure('loaded')).toHaveText('3');
    expect((await portal.listedSceneIds()).sort()).toEqual([...known].sort());
    // A scene-id search has no AOI: no coverage figure, no sort.
    await expect(portal.resultFigure('coverage')).toHaveCount(0);
    await portal.expectToast(text('search.unknownIds', { ids: 'NO_SUCH_SCENE' }));

    await portal.searchSceneIds('NO_SUCH_SCENE_1,NO_SUCH_SCENE_2');
    await portal.expectToast(text('search.nodata'));
    await expect(portal.resultsPanel()).toHaveCount(0);

    // The session ends elsewhere: the search answers 3001, the login dialog opens over the map.
    await portal.endSessionElsewhere();
    await portal.searchSceneIds(known[0] ?? '');
    await expect(portal.loginDialog()).toBeVisible();
    // Still the workspace (its place in the query since issue 28 #6), not the login page.
    await expect(page).toHaveURL(/^https?:\/\/[^/]+\/(\?[^#]*)?$/);
    await expect(page.getByTestId('map')).toBeVisible();

    // Logging in again in the dialog keeps the page; the search then works.
    await portal.fillLogin(account);
    await expect(portal.loginDialog()).toHaveCount(0);
    await portal.searchSceneIds(known[0] ?? '');
    await expect(portal.resultFigure('total')).toHaveText('1');
    expect(await portal.listedSceneIds()).toEqual([known[0]]);
  });

  test(`(${language}) with fewer than 500 scenes "select all" is offered; the GeoJSON export holds one feature per selected scene with its footprint`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const portal = new Portal(page);
    await portal.logInNewUser(language);
    await searchCentralAfrica(portal);

    const loaded = figure(await portal.resultFigure('loaded').textContent());
    expect(loaded).toBeGreaterThan(3);
    expect(loaded).toBeLessThan(500);
    await expect(portal.selectAllResultsOption()).toContainText(text('results.selectAll'));
    await portal.selectAllResults();
    await expect(page.getByTestId('results-export')).toContainText(
      text('results.export', { count: String(loaded) }),
    );

    // One scene taken out of the selection: the export holds exactly the others.
    const listed = await portal.allListedSceneIds();
    expect(listed).toHaveLength(loaded);
    const [left, ...selected] = listed;
    await (await portal.resultRow(left ?? '')).getByTestId('scene-cart').uncheck();
    await expect(page.getByTestId('results-export')).toContainText(
      text('results.export', { count: String(loaded - 1) }),
    );

    const download = await portal.exportResults('geojson');
    expect(download.suggestedFilename()).toMatch(/^scenes-\d{4}-\d{2}-\d{2}\.geojson$/);
    const features = expectValidFootprints(JSON.parse(readFileSync(await download.path(), 'utf8')));
    expect(features.map((f) => f.id).sort()).toEqual([...selected].sort());

    // Each footprint is the scene's own, as the API gives it to any client.
    const api = await portal.apiPost<{ images: Array<{ sceneId: string; boundaries: number[][][] }> }>(
      '/archive/search/by-ids',
      { sceneIds: selected },
    );
    expect(api.images).toHaveLength(selected.length);
    for (const scene of api.images) {
      const feature = features.find((f) => f.id === scene.sceneId);
      expect(feature?.geometry.coordinates.map((polygon) => open(polygon[0] ?? []))).toEqual(
        scene.boundaries.map(open),
      );
    }
  });

  test(`(${language}) after a search with results the list opens and the AOI leaves modify mode`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const portal = new Portal(page);
    await portal.logInNewUser(language);
    await portal.centreMap(0, 30, 5);
    await portal.drawPolygon(square(220));
    await expect.poll(() => portal.aoiModifiable()).toBe(true);
    await expect(portal.saveAoiBar()).toContainText(text('draw.reshapeHint'));
    const searched = await portal.currentAoi();

    await portal.openArchiveSearch();
    await portal.setArchiveNumber('cc', 100);
    await portal.runArchiveSearch();
    await expect(portal.resultsPanel()).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => portal.aoiModifiable()).toBe(false);
    // The save bar stays (the AOI is not saved) but no longer invites a reshape.
    await expect(portal.saveAoiBar()).toBeVisible();
    await expect(portal.saveAoiBar()).not.toContainText(text('draw.reshapeHint'));

    // Dragging a corner moves the map, not the corner: the AOI stays as it was searched.
    await page.getByTestId('panel-close').click();
    await portal.dragOnMap([220, -220], [260, -250]);
    expect((await portal.currentAoi())?.geojson).toEqual(searched?.geojson);

    // A new polygon is in modify mode again: the same gesture on its corner reshapes it.
    await portal.drawPolygon(square(120));
    await expect.poll(() => portal.aoiModifiable()).toBe(true);
    const drawn = await portal.currentAoi();
    await portal.dragOnMap([120, -120], [160, -150]);
    await expect.poll(async () => (await portal.currentAoi())?.geojson).not.toEqual(drawn?.geojson);
  });

  test(`(${language}) the result box steps aside while the search centre shows the Tasking tab and comes back with Archive`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const portal = new Portal(page);
    await portal.logInNewUser(language);
    await searchCentralAfrica(portal);
    const total = await portal.resultFigure('total').textContent();
    const someId = (await portal.listedSceneIds())[0] ?? '';

    await portal.showSearchTab('tasking');
    await expect(page.getByTestId('tasking-form')).toBeVisible();
    await expect(portal.resultsPanel()).toHaveCount(0);

    await portal.showSearchTab('archive');
    await expect(portal.resultsPanel()).toBeVisible();
    await expect(portal.resultFigure('total')).toHaveText(total ?? '');

    // Closed on the Tasking tab, the panel takes the tasking results away: the list is back; reopened, it is not.
    await portal.showSearchTab('tasking');
    await expect(portal.resultsPanel()).toHaveCount(0);
    await page.getByTestId('panel-close').click();
    await expect(portal.resultsPanel()).toBeVisible();
    await portal.openPanel(1);
    await expect(page.getByTestId('tasking-form')).toBeVisible();
    await expect(portal.resultsPanel()).toHaveCount(0);

    // A scene-id search from the map while the Tasking tab is shown turns the panel to Archive.
    await portal.searchSceneIds(someId);
    await expect(page.getByTestId('archive-form')).toBeVisible();
    await expect(portal.resultFigure('total')).toHaveText('1');
  });

  test(`(${language}) the result box folds to its header and back with its scenes; folded, a fit uses the map it freed`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const portal = new Portal(page);
    const fits = new Fits(page);
    await portal.logInNewUser(language);
    await searchCentralAfrica(portal);
    const ids = await portal.listedSceneIds();
    const total = await portal.resultFigure('total').textContent();
    const unfolded = await portal.resultsPanel().boundingBox();
    if (!unfolded) throw new Error('no result box');

    // A point fitted beside the unfolded list.
    let before = await fits.fitNumber();
    await portal.searchCoordinates('3,32');
    const besideList = await fits.nextFit(before);
    await fits.expectFitUncovered(besideList);

    const fold = page.getByTestId('results-collapse');
    await expect(fold).toHaveAccessibleName(text('results.collapse'));
    await fold.click();
    await expect(portal.resultsPanel()).toHaveAttribute('data-collapsed', 'true');
    await expect(page.getByTestId('results-body')).toBeHidden();
    await expect(fold).toHaveAccessibleName(text('results.expand'));
    await expect(fold).toHaveAttribute('aria-expanded', 'false');
    await expect(portal.resultFigure('total')).toHaveText(total ?? '');
    const folded = await portal.resultsPanel().boundingBox();
    expect(folded?.height ?? Number.POSITIVE_INFINITY).toBeLessThan(unfolded.height / 3);
    await fits.expectNoOverlap();

    // The same point again: now fitted further left, where the list was, and still under no cover.
    await portal.clearCoordinateSearch();
    before = await fits.fitNumber();
    await portal.searchCoordinates('3,32');
    const freed = await fits.nextFit(before);
    await fits.expectFitUncovered(freed);
    expect(freed.onScreen[0]).toBeLessThan(besideList.onScreen[0] - 100);

    // Unfolded: the same scenes, in the same order.
    await fold.click();
    await expect(portal.resultsPanel()).toHaveAttribute('data-collapsed', 'false');
    await expect(page.getByTestId('results-body')).toBeVisible();
    expect(await portal.listedSceneIds()).toEqual(ids);
  });

  test(`(${language}) the zoom-to-HD tip shows above zoom 12; closed it waits for the next time, "don't show again" stores isNoZoomHdTip`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const portal = new Portal(page);
    await portal.logInNewUser(language);
    await portal.searchCoordinates('39.9,116.4');
    await expect(portal.zoomLevel()).toHaveText('10');
    await portal.zoomIn();
    await portal.zoomIn();
    await expect(portal.zoomLevel()).toHaveText('12');
    await expect(portal.zoomHdTip()).toHaveCount(0);

    await portal.zoomIn();
    await expect(portal.zoomHdTip()).toBeVisible();
    await expect(portal.zoomHdTip()).toContainText(text('map.hdTipTitle'));
    await expect(portal.zoomHdTip()).toContainText(text('map.hdTip'));

    // Closed, it stays away while zoomed in, and returns after the map comes back to 12.
    await portal.dismissZoomHdTip('close');
    await expect(portal.zoomHdTip()).toHaveCount(0);
    await portal.zoomIn();
    await expect(portal.zoomHdTip()).toHaveCount(0);
    await portal.centreMap(39.9, 116.4, 12);
    await expect(portal.zoomHdTip()).toHaveCount(0);
    await portal.zoomIn();
    await expect(portal.zoomHdTip()).toBeVisible();

    expect(await portal.stored('isNoZoomHdTip')).toBeNull();
    await portal.dismissZoomHdTip('never');
    await expect(portal.zoomHdTip()).toHaveCount(0);
    expect(await portal.stored('isNoZoomHdTip')).toBe('true');

    // Never again, even after a reload.
    await page.reload();
    await portal.searchCoordinates('39.9,116.4');
    await expect(portal.zoomLevel()).toHaveText('10');
    for (let i = 0; i < 3; i++) await portal.zoomIn();
    await expect(portal.zoomLevel()).toHaveText('13');
    await expect(portal.zoomHdTip()).toHaveCount(0);
  });

  test(`(${language}) the archive form's messages: no AOI, no quality, no satellite group, scenes older than 3 years`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const portal = new Portal(page);
    await portal.logInNewUser(language);
    await portal.openArchiveSearch();

    await expect(page.getByTestId('archive-aoi')).toHaveText(text('search.noAoiSelected'));
    await portal.runArchiveSearch();
    await portal.expectToast(text('search.noAoiSelected'));

    await page.getByTestId('panel-close').click();
    await portal.centreMap(0, 30, 5);
    await portal.drawPolygon(square(120));
    await portal.openArchiveSearch();

    await portal.clearArchiveQualities();
    await expect(portal.archiveFormHelp().filter({ hasText: text('search.chooseQuality') })).toBeVisible();
    await portal.runArchiveSearch();
    await portal.expectToast(text('search.chooseQuality'));
    await expect(portal.resultsPanel()).toHaveCount(0);
    await page.getByTestId('archive-quality').getByRole('checkbox').first().check();
    await expect(portal.archiveFormHelp().filter({ hasText: text('search.chooseQuality') })).toHaveCount(0);

    await portal.clearArchiveSatelliteGroups();
    await expect(
      portal.archiveFormHelp().filter({ hasText: text('placeholder.selectSatellite') }),
    ).toBeVisible();
    await portal.runArchiveSearch();
    await portal.expectToast(text('placeholder.selectSatellite'));
    await expect(portal.resultsPanel()).toHaveCount(0);

    const today = new Date();
    const fourYearsAgo = new Date(today);
    fourYearsAgo.setUTCFullYear(today.getUTCFullYear() - 4);
    await expect(page.getByTestId('year3-warning')).toHaveCount(0);
    await portal.setArchiveDates(day(fourYearsAgo), day(today));
    await expect(page.getByTestId('year3-warning')).toHaveText(text('search.year3Data'));
  });
}

test('a failed satellite list says "Failed to acquire satellites" and offers to try again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const portal = new Portal(page);
  await portal.logInNewUser('en');
  // The network fails for the satellite list only (registered after goOffline's route, so it wins).
  await page.route('**/api/v1/satellites**', (route) => route.abort());
  await portal.openPanel(1);
  await expect(page.getByTestId('archive-satellites-failed')).toContainText(
    uiText('en', 'search.satellitesFailed'),
  );
  await portal.expectToast(uiText('en', 'error.network'));

  await page.unroute('**/api/v1/satellites**');
  await page.getByTestId('archive-satellites-retry').click();
  await expect(page.getByTestId('archive-form')).toBeVisible();
});

// The browser runs in UTC; the account's zone is 14 hours ahead, so its midnight is not the browser's.
test.describe('no scenes found', () => {
  test.use({ timezoneId: 'UTC' });

  for (const language of ['en', 'zh'] as const) {
    test(`(${language}) the no-archive dialog opens; "don't remind again" holds until the account zone's midnight, the warning shows meanwhile`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const text = (key: string) => uiText(language, key);
      const zone = 'Pacific/Kiritimati';
      const portal = new Portal(page);
      await portal.goOffline();
      await portal.logIn(await createUser({ timezone: zone }));
      if (language === 'zh') await portal.switchLanguage('zh');

      await searchMidPacific(portal);
      await expect(portal.noArchiveDialog()).toBeVisible({ timeout: 30_000 });
      await expect(portal.noArchiveDialog()).toContainText(text('search.noSceneData'));
      await expect(portal.resultsPanel()).toHaveCount(0);
      // Its tasking tab: tomorrow to 30 days on in the account's zone, and Order now disabled with its reason.
      const zoneDay = (offsetDays: number) =>
        new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(
          new Date(Date.now() + offsetDays * 86_400_000),
        );
      const dates = page.getByTestId('no-archive-dates').locator('input');
      await expect(dates.nth(0)).toHaveValue(zoneDay(1));
      await expect(dates.nth(1)).toHaveValue(zoneDay(30));
      await expect(page.getByTestId('no-archive-order')).toBeDisabled();
      await expect(page.getByTestId('no-archive-order')).toHaveText(text('tasking.orderNow'));
      await expect(page.getByTestId('no-archive-order-reason')).toHaveText(text('noArchive.orderLater'));

      await portal.closeNoArchiveDialog({ noRemind: true });
      // Kiritimati keeps UTC+14 all year: its next midnight is 14 hours before that day's UTC midnight.
      const [y, m, d] = zoneDay(1).split('-').map(Number);
      const midnight = Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1) - 14 * 3_600_000;
      expect(Number(await portal.stored('noTipTime'))).toBe(midnight);

      // Until then an empty search only warns.
      await portal.runArchiveSearch();
      await portal.expectToast(text('search.noSceneData'));
      await expect(portal.noArchiveDialog()).toHaveCount(0);

      // Past that midnight the dialog comes back; its "predict passes" carries the window to the Tasking tab.
      await page.evaluate(() => localStorage.setItem('noTipTime', String(Date.now() - 1000)));
      await portal.runArchiveSearch();
      await expect(portal.noArchiveDialog()).toBeVisible({ timeout: 30_000 });
      await page.getByTestId('no-archive-predict').click();
      await expect(portal.noArchiveDialog()).toHaveCount(0);
      await expect(page.getByTestId('tasking-form')).toBeVisible();
      const window = page.getByTestId('tasking-dates').locator('input');
      await expect(window.nth(0)).toHaveValue(zoneDay(1));
      await expect(window.nth(1)).toHaveValue(zoneDay(30));
    });
  }
});

test('the recent searches beside the scene-id box run a search again with its conditions', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const portal = new Portal(page);
  await portal.logInNewUser('en');
  await searchCentralAfrica(portal);
  const anyCloud = await portal.resultFigure('total').textContent();

  await portal.setArchiveNumber('cc', 50);
  await portal.runArchiveSearch();
  await expect(portal.resultFigure('total')).not.toHaveText(anyCloud ?? '', { timeout: 30_000 });

  // The newest entry is the 50 % search; the one before it searched with any cloud.
  await portal.rerunRecentSearch(1);
  await expect(portal.resultFigure('total')).toHaveText(anyCloud ?? '', { timeout: 30_000 });
  await expect(page.getByTestId('archive-cc')).toHaveValue('100');
});
