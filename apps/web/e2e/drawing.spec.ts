import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { createUser, Portal } from './driver';

/** The interface's own texts, so the checks follow the translation files. */
const messages = Object.fromEntries(
  (['en', 'zh'] as const).map((language) => [
    language,
    JSON.parse(readFileSync(resolve(import.meta.dirname, `../src/i18n/${language}.json`), 'utf8')),
  ]),
) as Record<'en' | 'zh', Record<string, unknown>>;

/** The text of a key, up to its first {{placeholder}}. */
function text(language: 'en' | 'zh', key: string): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages[language]);
  return String(value).split('{{')[0] as string;
}

interface Node {
  id: number;
  name: string;
  kind: string;
  area: number | null;
  geometry: { geojson: { type: string; coordinates: unknown } } | null;
}

// A quadrilateral of about 60 × 50 km around Beijing after the coordinate search (zoom 10).
const quadrilateral = [
  [-120, -80],
  [110, -90],
  [130, 70],
  [-100, 90],
] as const;

async function openWorkspace(page: Portal['page'], language: 'en' | 'zh') {
  const portal = new Portal(page);
  await portal.goOffline();
  await portal.logIn(await createUser());
  if (language === 'zh') await portal.switchLanguage('zh');
  // Zoom in over Beijing so the shapes are of a usual size, then remove the search mark.
  await portal.searchCoordinates('39.9,116.4');
  await expect(portal.zoomLevel()).toHaveText('10');
  await portal.clearCoordinateSearch();
  return portal;
}

for (const language of ['en', 'zh'] as const) {
  test.describe(`drawing (${language})`, () => {
    test('a drawn polygon shows its area, needs 4 corners, and is saved as an AOI with its shape', async ({
      page,
    }) => {
      const portal = await openWorkspace(page, language);

      // Three corners are not a polygon (spec: at least 4): the tool keeps drawing.
      await portal.drawPolygon(quadrilateral.slice(0, 3));
      await expect(portal.areaTip()).toHaveCount(0);
      expect(await portal.activeTool()).toBe('polygon');
      // Esc cancels the tool.
      await page.keyboard.press('Escape');
      await expect.poll(() => portal.activeTool()).toBeNull();
      await expect(portal.toolHint()).toHaveCount(0);

      await portal.drawPolygon(quadrilateral);
      await expect(portal.areaTip()).toBeVisible();
      await expect(portal.areaTip()).toContainText(text(language, 'draw.areaTip'));
      await expect(portal.areaTip()).toHaveText(/\d+\.\d\d km²$/);
      await expect.poll(() => portal.activeTool()).toBeNull();
      const drawn = await portal.currentAoi();
      expect(drawn).toMatchObject({ id: null, name: null, geojson: { type: 'Polygon' } });
      expect(drawn?.geojson.coordinates[0]).toHaveLength(5);

      // The save-AOI bar: default name Polygon1; an empty or too long name is refused.
      await expect(portal.saveAoiBar()).toBeVisible();
      await expect(portal.saveAoiName()).toHaveValue('Polygon1');
      await portal.saveAoi('  ');
      await expect(portal.saveAoiBar().getByRole('alert')).toHaveText(text(language, 'tip.aoiName'));
      await portal.saveAoi('x'.repeat(51));
      await expect(portal.saveAoiBar().getByRole('alert')).toContainText(text(language, 'aoi.nameTooLong'));

      await portal.saveAoi('Polygon1');
      await portal.expectToast(text(language, 'saveOK'));
      await expect(portal.saveAoiBar()).toHaveCount(0);
      // Still on the map, now the current AOI under its id.
      await expect(portal.areaTip()).toBeVisible();
      await expect.poll(async () => (await portal.currentAoi())?.name).toBe('Polygon1');
      const current = await portal.currentAoi();

      // The server stored it in "My AOIs" with the drawn shape and the area the tip showed.
      const tree = await portal.apiData<{ aois: Node[] }>('/aois?type=1');
      const root = tree.aois.find((n) => n.kind === 'root');
      const stored = tree.aois.find((n) => n.kind === 'aoi' && n.name === 'Polygon1');
      expect(stored?.id).toBe(current?.id);
      expect(tree.aois.find((n) => n.id === stored?.id && n.kind === 'aoi')).toBeTruthy();
      const tipArea = (await portal.areaTip().textContent())
        ?.match(/([\d,]+\.\d\d) km²/)?.[1]
        ?.replace(/,/g, '');
      expect(stored?.area).toBe(Number(tipArea));
      const full = await portal.apiData<Node & { parentId: number }>(`/aois/${stored?.id}`);
      expect(full.parentId).toBe(root?.id);
      const storedRing = ((full.geometry?.geojson.coordinates ?? []) as number[][][])[0] ?? [];
      const drawnRing = drawn?.geojson.coordinates[0] ?? [];
      // The drawn positions (the server may start the ring elsewhere or turn it counter-clockwise),
      // and between them only positions on the straight edges: AOIs are densified (issue 17).
      const key = (p: number[]) => `${p[0]?.toFixed(9)},${p[1]?.toFixed(9)}`;
      const storedKeys = new Set(storedRing.map(key));
      expect(drawnRing.filter((p) => !storedKeys.has(key(p)))).toEqual([]);
      const drawnKeys = new Set(drawnRing.map(key));
      const onDrawnEdge = ([x, y]: number[]) =>
        drawnRing.slice(1).some(([bx, by], i) => {
          const [ax, ay] = drawnRing[i]!;
          const cross = (bx! - ax!) * (y! - ay!) - (by! - ay!) * (x! - ax!);
          const within = (x! - ax!) * (x! - bx!) <= 1e-12 && (y! - ay!) * (y! - by!) <= 1e-12;
          return within && Math.abs(cross) <= 1e-9 * Math.hypot(bx! - ax!, by! - ay!);
        });
      expect(storedRing.filter((p) => !drawnKeys.has(key(p)) && !onDrawnEdge(p))).toEqual([]);

      // Reshaping the saved polygon brings the bar back (the server has no geometry update: it is saved anew).
      const areaBefore = await portal.areaTip().getAttribute('data-area-km2');
      await portal.dragOnMap(quadrilateral[2], [200, 130]);
      await expect(portal.saveAoiBar()).toContainText(text(language, 'draw.reshaped'));
      await expect(portal.saveAoiName()).toHaveValue('Polygon1');
      await expect.poll(async () => (await portal.currentAoi())?.id).toBeNull();
      expect(Number(await portal.areaTip().getAttribute('data-area-km2'))).toBeGreaterThan(
        Number(areaBefore),
      );

      // A second polygon is offered the next free name.
      await portal.drawPolygon(quadrilateral.map(([x, y]) => [x / 2, y / 2] as const));
      await expect(portal.saveAoiName()).toHaveValue('Polygon2');
    });

    test('a drawn point shows lat,lon with 6 decimals and becomes a POI that can be renamed and deleted', async ({
      page,
    }) => {
      const portal = await openWorkspace(page, language);
      await portal.drawPoint([40, -30]);
      const popup = portal.poiPopup();
      await expect(popup).toBeVisible();
      const position = (await popup.getByTestId('poi-position').textContent()) ?? '';
      expect(position).toMatch(/^-?\d+\.\d{6},-?\d+\.\d{6}$/);
      const [lat, lon] = position.split(',').map(Number) as [number, number];

      await page.getByTestId('poi-submit').click();
      await expect(popup.getByRole('alert')).toHaveText(text(language, 'poi.tipPOIname'));
      await portal.submitPoiName('Well 7');
      await portal.expectToast(text(language, 'addOK'));
      await expect(popup).toHaveAttribute('data-mode', 'saved');

      let pois = (await portal.apiData<{ aois: Node[] }>('/aois?type=2')).aois.filter(
        (n) => n.kind === 'poi',
      );
      expect(pois.map((p) => p.name)).toEqual(['Well 7']);
      const [storedLon, storedLat] = (pois[0]?.geometry?.geojson.coordinates ?? []) as number[];
      expect(storedLat).toBeCloseTo(lat, 6);
      expect(storedLon).toBeCloseTo(lon, 6);

      await page.getByTestId('poi-edit').click();
      await portal.submitPoiName('Well 8');
      await expect(popup).toHaveAttribute('data-mode', 'saved');
      await expect
        .poll(async () => (await portal.apiData<{ aois: Node[] }>('/aois?type=2')).aois.map((n) => n.name))
        .toContain('Well 8');

      await page.getByTestId('poi-delete').click();
      await expect(popup).toContainText(text(language, 'draw.poiDeleteConfirm'));
      await page.getByTestId('poi-delete-confirm').click();
      await portal.expectToast(text(language, 'delOK'));
      await expect(popup).toHaveCount(0);
      pois = (await portal.apiData<{ aois: Node[] }>('/aois?type=2')).aois.filter((n) => n.kind === 'poi');
      expect(pois).toEqual([]);
    });

    test('measuring shows geodesic km and km², and delete drawing removes what was drawn', async ({
      page,
    }) => {
      const portal = await openWorkspace(page, language);

      await portal.measure('length', [
        [-150, 0],
        [150, 0],
      ]);
      await expect(portal.measureTip()).toHaveAttribute('data-finished', 'true');
      await expect(portal.measureTip()).toContainText(text(language, 'draw.lengthTip'));
      await expect(portal.measureTip()).toHaveText(/\d+\.\d\d km$/);
      // 300 px at zoom 10 (≈ 153 m/px at the equator × cos 39.9°) ≈ 35 km.
      const length = Number(await portal.measureTip().getAttribute('data-value'));
      expect(length).toBeGreaterThan(30);
      expect(length).toBeLessThan(40);
      // The measuring tool stays on until Esc.
      expect(await portal.activeTool()).toBe('measureLength');

      await portal.chooseTool('measure-area');
      await expect(portal.measureTip()).toHaveCount(0);
      await portal.clickOnMap(
        [
          [-100, -100],
          [100, -100],
          [100, 100],
        ],
        { finish: true },
      );
      await expect(portal.measureTip()).toHaveAttribute('data-finished', 'true');
      await expect(portal.measureTip()).toContainText(text(language, 'draw.areaTip'));
      await expect(portal.measureTip()).toHaveText(/\d+\.\d\d km²$/);
      await page.keyboard.press('Escape');
      await expect.poll(() => portal.activeTool()).toBeNull();

      await portal.drawPolygon(quadrilateral);
      await expect(portal.areaTip()).toBeVisible();
      await portal.drawPoint([0, 120]);
      await expect(portal.poiPopup()).toBeVisible();

      await portal.chooseTool('delete-drawing');
      await expect(portal.areaTip()).toHaveCount(0);
      await expect(portal.measureTip()).toHaveCount(0);
      await expect(portal.saveAoiBar()).toHaveCount(0);
      await expect(portal.poiPopup()).toHaveCount(0);
      expect(await portal.currentAoi()).toBeNull();

      // The upload button only opens the upload dialog.
      await portal.chooseTool('upload-open');
      await expect(page.getByTestId('upload-dialog')).toBeVisible();
    });
  });
}
