import { type BrowserContext, expect, request, test } from '@playwright/test';
import { createUser, Portal, uiText } from './driver';
import { type DeliveredScene, MyDataDriver, tileAt } from './myDataDriver';
import { OrderCentreDriver } from './orderCentreDriver';

/**
 * My data as a customer sees it (issue 15): delivered scenes are listed; one goes left and one
 * right, and in the analysis the map shows on each side of the swipe divider the pixels of that
 * side's scene (checked against the scenes' own tiles, fetched directly); a copied XYZ link opens
 * tiles without the browser session, stops after the key's idle time (TILE_KEY_IDLE_SECONDS in
 * playwright.config.ts) and when another device asks a key; a streamed order's scene draws from
 * the WMTS capabilities document.
 */

/** Each channel of two mean colours within this many levels: the same imagery, resampled. */
const sameImagery = 12;
/** At least this far apart in some channel: different imagery. */
const differentImagery = 30;
const patch = 24;
const patchOffset = 70;

const distance = (a: readonly number[], b: readonly number[]) =>
  Math.max(...a.map((v, i) => Math.abs(v - (b[i] ?? 0))));

const filled = (template: string, tile: { z: number; x: number; y: number }) =>
  template.replace('{z}', String(tile.z)).replace('{x}', String(tile.x)).replace('{y}', String(tile.y));

for (const language of ['en', 'zh'] as const) {
  const text = (key: string, params?: Record<string, string>) => uiText(language, key, params);

  test(`(${language}) delivered scenes are listed, compared with the swipe, and linked outside the session`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(360_000);
    const account = await createUser();
    const portal = new Portal(page);
    await portal.goOffline();
    await portal.logIn(account);
    if (language === 'zh') await portal.switchLanguage('zh');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const myData = new MyDataDriver(portal, new OrderCentreDriver(portal));
    const placed = await myData.placeComparableOrders(`My data ${language}`);
    const delivered = await myData.waitForDeliveries(3);
    const find = (p: { orderNo: string; sceneId: string }) =>
      delivered.find((s) => s.orderNo === p.orderNo && s.sceneId === p.sceneId) as DeliveredScene;
    const left = find(placed.left);
    const right = find(placed.right);
    const streamed = find(placed.streamed);
    expect([left.accessType, right.accessType, streamed.accessType]).toEqual(['XYZ', 'XYZ', 'WMTS']);

    // my data lists the deliveries
    await myData.open();
    await expect(page.getByTestId('my-data-scene')).toHaveCount(3);
    await expect(page.getByTestId('my-data-counts')).toHaveText(
      text('myData.counts', { loaded: '3', total: '3' }),
    );
    await expect(page.getByTestId('my-data-start')).toBeDisabled();
    // Each card: the whole order number, the level, the service and format (issue 28 #4).
    for (const scene of [left, right, streamed]) {
      await expect(myData.item(scene).getByTestId('my-data-order-number')).toHaveText(scene.orderNo);
      await expect(myData.item(scene).getByTestId('my-data-product')).toHaveText(
        new RegExp(`^L[0-9A-D]+ · ${scene.accessType} · ${scene.formatType}$`),
      );
    }

    // search and position: the map goes to the first result (after 1 s), at most zoom 18
    await expect(portal.zoomLevel()).toHaveText('2');
    await page.getByTestId('my-data-locate').click();
    await expect.poll(async () => Number(await portal.zoomLevel().textContent())).toBeGreaterThanOrEqual(8);
    expect(Number(await portal.zoomLevel().textContent())).toBeLessThanOrEqual(18);

    // one left, one right; each list's date range as MM/DD/YYYY ~ MM/DD/YYYY
    await myData.item(left).getByTestId('my-data-to-left').click();
    await myData.item(right).getByTestId('my-data-to-right').click();
    await expect(myData.item(left)).toHaveAttribute('data-side', 'left');
    await expect(myData.item(right)).toHaveAttribute('data-side', 'right');
    await expect(page.getByTestId('my-data-range-left')).toHaveText(
      /^\d\d\/\d\d\/\d{4} ~ \d\d\/\d\d\/\d{4}$/,
    );
    await expect(page.getByTestId('my-data-range-right')).toHaveText(
      /^\d\d\/\d\d\/\d{4} ~ \d\d\/\d\d\/\d{4}$/,
    );

    // Starting the analysis brings both scenes into view, whatever the map showed (issue 28 #4).
    await portal.centreMap(0, 0, 3);
    await page.getByTestId('my-data-start').click();
    await expect(page.getByTestId('my-data-mode')).toHaveAttribute('data-mode', 'analysis');
    await expect(page.getByTestId('swipe-divider')).toBeVisible();
    await expect.poll(async () => Number(await portal.zoomLevel().textContent())).toBeGreaterThanOrEqual(7);
    const corners = [left, right].flatMap((scene) => scene.boundaries.flat());
    const [centreLat = 0, centreLon = 0] = ((await portal.mapCentre()) ?? '').split(',').map(Number);
    expect(centreLat).toBeGreaterThan(Math.min(...corners.map((p) => p.lat)));
    expect(centreLat).toBeLessThan(Math.max(...corners.map((p) => p.lat)));
    expect(centreLon).toBeGreaterThan(Math.min(...corners.map((p) => p.lng)) - 1);
    expect(centreLon).toBeLessThan(Math.max(...corners.map((p) => p.lng)) + 1);

    // the analysis over a place both scenes cover, at a whole zoom (tiles drawn 1:1)
    // A place where the two pictures differ: the copy's clouds (75 %) follow its id, which is new
    // in every run, and come in patches tens of kilometres wide, so the middle of the common area
    // may be clear in both (CI met it with the 40 middlemost points): every common point is tried,
    // the middlemost first.
    const rightOffset = [patchOffset, 0] as const;
    let place: { point: [number, number]; zoom: number } | null = null;
    for (const candidate of myData.commonPoints(left, right)) {
      let candidateZoom: number;
      try {
        candidateZoom = myData.zoomFor(candidate, left, right, patchOffset + patch);
      } catch {
        continue;
      }
      const a = await myData.tileColourAt(left, candidate, candidateZoom, rightOffset, patch);
      const b = await myData.tileColourAt(right, candidate, candidateZoom, rightOffset, patch);
      if (distance(a, b) > differentImagery) {
        place = { point: candidate, zoom: candidateZoom };
        break;
      }
    }
    if (!place) throw new Error('no place where the two scenes differ');
    const { point, zoom } = place;
    await myData.centreAtWholeZoom(point, zoom);
    const map = await page.getByTestId('map').boundingBox();
    if (!map) throw new Error('no map');
    // the divider in the map's middle: left of it the left scene, right of it the right scene
    await myData.dragSwipeTo(0.5);
    const leftOffset = [-patchOffset, 0] as const;
    const expected = {
      leftScene: {
        atLeft: await myData.tileColourAt(left, point, zoom, leftOffset, patch),
        atRight: await myData.tileColourAt(left, point, zoom, rightOffset, patch),
      },
      rightScene: {
        atLeft: await myData.tileColourAt(right, point, zoom, leftOffset, patch),
        atRight: await myData.tileColourAt(right, point, zoom, rightOffset, patch),
      },
    };
    // the two scenes' pictures differ where they are compared
    expect(distance(expected.leftScene.atRight, expected.rightScene.atRight)).toBeGreaterThan(
      differentImagery,
    );
    await expect
      .poll(async () => distance(await portal.mapColourAt(leftOffset), expected.leftScene.atLeft), {
        timeout: 30_000,
      })
      .toBeLessThanOrEqual(sameImagery);
    await expect
      .poll(async () => distance(await portal.mapColourAt(rightOffset), expected.rightScene.atRight))
      .toBeLessThanOrEqual(sameImagery);
    // dragged to the right: both patches now show the left scene
    await myData.dragSwipeTo(0.95);
    await expect
      .poll(async () => distance(await portal.mapColourAt(rightOffset), expected.leftScene.atRight))
      .toBeLessThanOrEqual(sameImagery);

    // the XYZ link works without the session, as in QGIS
    const link = await myData.copyLink(left, 'xyz');
    await expect(page.getByText(text('myData.copied'))).toBeVisible();
    expect(link).toMatch(new RegExp(`/tiles/xyz/${left.orderNo}/.+/\\{z\\}/\\{x\\}/\\{y\\}\\.png\\?key=`));
    const tileUrl = filled(link, tileAt(point[0], point[1], zoom));
    const outside = await request.newContext();
    const first = await outside.get(tileUrl);
    expect(first.status()).toBe(200);
    expect(first.headers()['content-type']).toMatch(/^image\//);

    // idle past the key's life (8 s in the test server): 401 with X-Status 601
    await page.waitForTimeout(10_000);
    const expired = await outside.get(tileUrl);
    expect(expired.status()).toBe(401);
    expect(expired.headers()['x-status']).toBe('601');

    // a new link; a second device asking a key makes it fail
    const fresh = filled(await myData.copyLink(left, 'xyz'), tileAt(point[0], point[1], zoom));
    expect((await outside.get(fresh)).status()).toBe(200);
    const other: BrowserContext = await browser.newContext({
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const otherPortal = new Portal(await other.newPage());
    await otherPortal.goOffline();
    await otherPortal.logIn(account);
    const otherMyData = new MyDataDriver(otherPortal, new OrderCentreDriver(otherPortal));
    await otherMyData.open();
    const otherLink = await otherMyData.copyLink(left, 'xyz');
    expect((await outside.get(filled(otherLink, tileAt(point[0], point[1], zoom)))).status()).toBe(200);
    const replaced = await outside.get(fresh);
    expect(replaced.status()).toBe(401);
    expect(replaced.headers()['x-status']).toBe('601');
    await other.close();

    // close the analysis: both lists empty, the list asked again
    await page.getByTestId('my-data-close').click();
    await expect(page.getByTestId('swipe-divider')).toHaveCount(0);
    await expect(page.getByTestId('my-data-side-left')).toHaveAttribute('data-count', '0');
    await expect(page.getByTestId('my-data-side-right')).toHaveAttribute('data-count', '0');

    // the streamed scene draws through WMTS: capabilities read, tiles from its GetTile
    const wmtsTiles: number[] = [];
    page.on('response', (response) => {
      if (
        /\/tiles\/wmts\/1\.0\.0\/(?!WMTSCapabilities)/.test(response.url()) ||
        /REQUEST=GetTile/i.test(response.url())
      )
        wmtsTiles.push(response.status());
    });
    const capabilities = page.waitForResponse((r) =>
      r.url().includes('/tiles/wmts/1.0.0/WMTSCapabilities.xml'),
    );
    const streamedPoint = myData.commonPoints(streamed, streamed)[0]!;
    await portal.searchCoordinates(`${streamedPoint[1].toFixed(6)}, ${streamedPoint[0].toFixed(6)}`);
    const before = await portal.mapColourAt([0, 40]);
    await myData.item(streamed).getByTestId('my-data-view').click();
    expect((await capabilities).status()).toBe(200);
    await expect
      .poll(() => wmtsTiles.filter((s) => s === 200).length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    await expect.poll(async () => distance(await portal.mapColourAt([0, 40]), before)).toBeGreaterThan(10);
    await outside.dispose();
  });
}
