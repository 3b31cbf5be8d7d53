import { expect, test } from '@playwright/test';
import { demo, Portal } from './driver';

// Times are shown in the user's zone: in Shanghai the real scenes of ~17:45 UTC fall on the next day,
// so a label cut from the UTC string would show the wrong day.
test.use({ timezoneId: 'Asia/Shanghai' });

/** How the page shows an instant in Shanghai to the minute (no daylight saving: always UTC+08:00). */
const inShanghai = (iso: string) =>
  `${new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ')} UTC+08:00`;

const distance = (a: readonly number[], b: readonly number[]) =>
  Math.hypot(...a.map((value, i) => value - (b[i] ?? 0)));

const texts = {
  en: { here: (n: number) => `${n} scenes here`, compare: (n: number) => `Compare (${n})` },
  zh: { here: (n: number) => `此处有 ${n} 景影像`, compare: (n: number) => `对比（${n}）` },
} as const;

for (const language of ['en', 'zh'] as const) {
  test(`(${language}) quicklooks from the list, the overlap box in time order, compare with the fading slider, right click removes`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const portal = new Portal(page);
    await portal.goOffline();
    await portal.logIn(demo);
    if (language === 'zh') await portal.switchLanguage('zh');

    // Colorado's Front Range: the shipped Sentinel-2 and Landsat items overlap there many times in August 2024.
    const frontRange = () => portal.centreMap(39.5, -105.5, 10);
    await frontRange();
    await portal.drawPolygon([
      [-120, -90],
      [120, -90],
      [120, 90],
      [-120, 90],
    ]);
    await expect.poll(() => portal.currentAoi()).not.toBeNull();
    await portal.openArchiveSearch();
    await portal.setArchiveDates('2024-08-01', '2024-08-31');
    await portal.setArchiveNumber('cc', 100);
    await portal.runArchiveSearch();
    await expect(portal.resultsPanel()).toBeVisible({ timeout: 30_000 });
    await portal.closePanel();
    // The search fitted its AOI beside the result list (issue 18); the clicks below aim at the map's middle.
    await frontRange();

    // Left click where several footprints overlap: the box lists them all, oldest first, in the user's zone.
    await portal.clickOnMap([[0, 0]]);
    const listed = await portal.overlapScenes();
    expect(listed.length).toBeGreaterThanOrEqual(4);
    const times = listed.map((scene) => scene.time);
    expect(times).toEqual([...times].sort());
    for (const scene of listed) expect(scene.text).toContain(inShanghai(scene.time));
    await expect(portal.overlapBox()).toContainText(texts[language].here(listed.length));
    await expect(portal.page.getByTestId('overlap-compare')).toHaveText(texts[language].compare(0));
    await expect(portal.page.getByTestId('overlap-compare')).toBeDisabled();
    await portal.closeOverlapBox();

    // A quicklook from the list: the WMS answers with a PNG, and the map looks different where it lies.
    const oldest = listed[0]?.sceneId ?? '';
    const middle = listed[Math.floor(listed.length / 2)]?.sceneId ?? '';
    const newest = listed.at(-1)?.sceneId ?? '';
    // Above the AOI's area tip, which stands in the middle.
    const spot = [0, -60] as const;
    const bare = await portal.mapColourAt(spot);
    const answer = portal.quicklookResponse(newest);
    await portal.showSceneFromList(newest);
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    expect((await response.body()).subarray(1, 4).toString()).toBe('PNG');
    await expect.poll(async () => distance(bare, await portal.mapColourAt(spot))).toBeGreaterThan(20);
    expect(await portal.shownQuicklooks()).toEqual([{ sceneId: newest, opacity: 1 }]);

    // Compare three of them: the slider walks them in time order whatever order they were picked in.
    await portal.clickOnMap([[0, 0]]);
    const clicked = await portal.mapCentre();
    const zoomBefore = Number(await portal.zoomLevel().textContent());
    await portal.compareScenes([newest, oldest, middle]);
    await expect(portal.overlapBox()).toHaveCount(0);
    // The map goes to zoom 13 at the point clicked, which lies in all three (spec 000 §9 "compare
    // zoom 13"; issue 28 #8: it used to fit their whole overlap, at zoom 9).
    expect(zoomBefore).toBeLessThan(13);
    await expect.poll(async () => Number(await portal.zoomLevel().textContent())).toBe(13);
    const [lat = 0, lon = 0] = (clicked ?? '').split(',').map(Number);
    const [latNow = 0, lonNow = 0] = ((await portal.mapCentre()) ?? '').split(',').map(Number);
    expect(Math.abs(latNow - lat) + Math.abs(lonNow - lon)).toBeLessThan(0.05);
    const marks = await portal.compareMarks();
    expect(marks.map((mark) => mark.sceneId)).toEqual([oldest, middle, newest]);
    // Each mark: the day and minute in the user's zone, with the offset.
    const timeOf = new Map(listed.map((scene) => [scene.sceneId, scene.time]));
    for (const mark of marks) expect(mark.text).toContain(inShanghai(timeOf.get(mark.sceneId) ?? ''));
    // At the start only the oldest is seen; the others wait at opacity 0 above it.
    expect(await portal.shownQuicklooks()).toEqual([
      { sceneId: oldest, opacity: 1 },
      { sceneId: middle, opacity: 0 },
      { sceneId: newest, opacity: 0 },
    ]);

    // A quarter of the way (50 of 200): half the oldest, half the middle one.
    await portal.moveCompareSlider(0.25);
    await expect
      .poll(async () =>
        Object.fromEntries((await portal.shownQuicklooks()).map((q) => [q.sceneId, q.opacity])),
      )
      .toEqual({
        [oldest]: expect.closeTo(0.5, 1),
        [middle]: expect.closeTo(0.5, 1),
        [newest]: 0,
      });
    const faded = Object.fromEntries((await portal.shownQuicklooks()).map((q) => [q.sceneId, q.opacity]));
    expect((faded[oldest] ?? 0) + (faded[middle] ?? 0)).toBeCloseTo(1, 5);
    await portal.pressOnCompareSlider('End');
    await expect
      .poll(() => portal.shownQuicklooks())
      .toEqual([
        { sceneId: oldest, opacity: 0 },
        { sceneId: middle, opacity: 0 },
        { sceneId: newest, opacity: 1 },
      ]);

    // Closing compare leaves the three on the map, fully opaque.
    await portal.closeCompare();
    await expect
      .poll(async () => (await portal.shownQuicklooks()).map((q) => `${q.sceneId} ${q.opacity}`).sort())
      .toEqual([oldest, middle, newest].map((id) => `${id} 1`).sort());

    // Right click on several shown quicklooks: a popup, oldest first, where one is removed at a time.
    await frontRange();
    await portal.rightClickOnMap();
    expect(await portal.removeMenuScenes()).toEqual([oldest, middle, newest]);
    await portal.removeFromMenu(middle);
    expect(await portal.removeMenuScenes()).toEqual([oldest, newest]);
    await expect
      .poll(async () => (await portal.shownQuicklooks()).map((q) => q.sceneId).sort())
      .toEqual([oldest, newest].sort());
    await portal.removeFromMenu(oldest);
    expect(await portal.removeMenuScenes()).toEqual([newest]);
    await expect.poll(() => portal.shownQuicklooks()).toEqual([{ sceneId: newest, opacity: 1 }]);
    await portal.closeRemoveMenu();

    // Right click on a single shown quicklook removes it at once.
    await portal.rightClickOnMap();
    await expect.poll(() => portal.shownQuicklooks()).toEqual([]);
    await expect(portal.removeMenu()).toHaveCount(0);
    await expect((await portal.resultRow(newest)).getByTestId('scene-view')).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    // Compare closes by itself once fewer than 2 of its scenes remain: one removed by right click …
    await portal.clickOnMap([[0, 0]]);
    await portal.compareScenes([oldest, newest]);
    await frontRange();
    await portal.rightClickOnMap();
    await portal.removeFromMenu(oldest);
    await expect(portal.compareSlider()).toHaveCount(0);
    await expect.poll(() => portal.shownQuicklooks()).toEqual([{ sceneId: newest, opacity: 1 }]);

    // … or all of them gone with a new search.
    await portal.clickOnMap([[0, 0]]);
    await portal.compareScenes([oldest, middle]);
    await portal.openArchiveSearch();
    await portal.runArchiveSearch();
    await expect(portal.compareSlider()).toHaveCount(0, { timeout: 30_000 });
    await expect.poll(() => portal.shownQuicklooks()).toEqual([]);
  });

  test(`(${language}) the overlap box stays on screen beside the open side panel and near the map's corner`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const portal = new Portal(page);
    await portal.goOffline();
    await portal.logIn(demo);
    if (language === 'zh') await portal.switchLanguage('zh');
    await portal.centreMap(39.5, -105.5, 10);
    await portal.drawPolygon([
      [-120, -90],
      [120, -90],
      [120, 90],
      [-120, 90],
    ]);
    await portal.openArchiveSearch();
    await portal.setArchiveDates('2024-08-01', '2024-08-31');
    await portal.setArchiveNumber('cc', 100);
    await portal.runArchiveSearch();
    await expect(portal.resultsPanel()).toBeVisible({ timeout: 30_000 });
    // The search fitted its AOI beside the result list (issue 18): back to the Front Range in the middle.
    await portal.closePanel();
    await portal.centreMap(39.5, -105.5, 10);
    await portal.openPanel(1);
    // Closer (zoom 11), so the footprints cover the whole map beside the side panel and the result list.
    while (Number(await portal.zoomLevel().textContent()) < 11) await portal.zoomIn();

    const viewport = page.viewportSize() ?? { width: 0, height: 0 };
    const panel = await portal.panel(1).boundingBox();
    for (const offset of [
      [250, 0],
      [540, 320],
    ] as const) {
      await portal.clickOnMap([offset]);
      await expect(portal.overlapBox()).toBeVisible();
      const box = await portal.overlapBox().boundingBox();
      expect(box).not.toBeNull();
      if (!box || !panel) continue;
      // Inside the window, right of the side panel, and every row reachable.
      expect(box.x).toBeGreaterThanOrEqual(panel.x + panel.width);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      await portal.closeOverlapBox();
    }
  });
}
