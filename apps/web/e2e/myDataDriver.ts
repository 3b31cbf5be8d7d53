import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { dragDivider, operatorCli, type Portal } from './driver';
import { anyArchiveCondition, type OrderCentreDriver } from './orderCentreDriver';

type Ring = number[][];

const root = resolve(import.meta.dirname, '../../..');
/** A nearly cloudless Sentinel-2 scene of the demo archive (Colorado), a plain quadrilateral. */
const SentinelScene = 'S2B_MSIL2A_20240828T174909_R141_T13TDF_20240828T214916';
type Box = [number, number, number, number];

/** A delivered scene as my-data lists it (the fields the tests read). */
export interface DeliveredScene {
  sceneId: string;
  orderNo: string;
  imageTime: string;
  accessType: 'XYZ' | 'WMTS';
  formatType: 'PNG' | 'WEBP';
  boundaries: { lng: number; lat: number }[][];
}

const boxRing = ([w, s, e, n]: Box): Ring => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
];

function boxOf(rings: Ring[]): Box {
  const points = rings.flat();
  const lons = points.map((p) => p[0]!);
  const lats = points.map((p) => p[1]!);
  return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
}

function inside([x, y]: number[], ring: Ring): boolean {
  let within = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi! > y! !== yj! > y! && x! < ((xj! - xi!) * (y! - yi!)) / (yj! - yi!) + xi!) within = !within;
  }
  return within;
}

const ringsOf = (scene: DeliveredScene): Ring[] => scene.boundaries.map((r) => r.map((p) => [p.lng, p.lat]));
const insideScene = (point: number[], scene: DeliveredScene) => ringsOf(scene).some((r) => inside(point, r));

/** Web Mercator (EPSG:3857) metres of a longitude and latitude. */
const Radius = 6378137;
const HalfWorld = Math.PI * Radius;
export const mercator = (lon: number, lat: number): [number, number] => [
  (lon * Math.PI * Radius) / 180,
  Radius * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)),
];
const resolutionAt = (zoom: number) => (2 * HalfWorld) / 256 / 2 ** zoom;

/** The XYZ tile (z, x, y) under a point. */
export function tileAt(lon: number, lat: number, zoom: number) {
  const [mx, my] = mercator(lon, lat);
  const size = 256 * resolutionAt(zoom);
  return { z: zoom, x: Math.floor((mx + HalfWorld) / size), y: Math.floor((HalfWorld - my) / size) };
}

/**
 * What my-data's end-to-end spec sets up and reads: delivered orders of scenes over one place,
 * the panel's items, the map's pixels against the scenes' own tiles, copied links.
 */
export class MyDataDriver {
  constructor(
    readonly portal: Portal,
    readonly centre: OrderCentreDriver,
  ) {}

  get page(): Page {
    return this.portal.page;
  }

  private async search(aoi: { type: string; coordinates: Ring[]; name: string }, satIds: number[]) {
    const r = await this.centre.api<{
      taskId: string;
      images: { sceneId: string; boundaries: Ring[]; cc: number | null; satId?: number }[];
    }>('POST', '/archive/search', {
      page: { start: 0, length: 200 },
      aois: [aoi],
      condition: anyArchiveCondition(),
      satIds,
    });
    expect(r.code, r.message).toBe(2000);
    return r.data;
  }

  private async order(
    taskId: string,
    aoi: { type: string; coordinates: Ring[]; name: string },
    sceneId: string,
    processMode: 'GEOTIFF' | 'STREAMING_GEOTIFF',
  ) {
    return this.centre.api<{ list: { orderId: number; orderNumber: string }[] }>(
      'POST',
      '/orders/archive',
      {
        taskId,
        ipr: {
          priority: 1,
          process: {
            level: [processMode === 'GEOTIFF' ? 20 : 22],
            clipping: true,
            processMode,
            isQualityTesting: false,
            isManualRecheck: false,
          },
          ips: [{ sceneId }],
          aois: [aoi],
        },
        orderRequestInfo: { type: 2 },
      },
      { 'idempotency-key': randomUUID() },
    );
  }

  /**
   * Three orders clipped to one AOI: `left`, a real Sentinel-2 scene of the demo archive (nearly
   * cloudless), and `right`, a copy of it ingested by the operator under another id, a day earlier
   * and 75 % cloudy (the renderer's clouds follow id and cover, so the pictures differ over the same
   * place), both GeoTIFF (XYZ access); `streamed`, the first again as STREAMING_GEOTIFF (WMTS access).
   */
  async placeComparableOrders(aoiName: string) {
    const line = (await readFile(join(root, 'data/stac-items/1000-sentinel-2-items.ndjson'), 'utf8'))
      .split('\n')
      .find((l) => l.includes(`"id":"${SentinelScene}"`));
    if (!line) throw new Error(`${SentinelScene} is not among the STAC items`);
    const item = JSON.parse(line);
    const copyId = `${SentinelScene}_E2E_${randomUUID().slice(0, 8)}`;
    const earlier = new Date(Date.parse(item.properties.datetime) - 86_400_000).toISOString();
    const copy = {
      ...item,
      id: copyId,
      properties: { ...item.properties, datetime: earlier, 'eo:cloud_cover': 75 },
    };
    const file = join(tmpdir(), `${copyId}.json`);
    await writeFile(file, JSON.stringify(copy));
    await operatorCli(['ingest', file]);

    const [w, s, e, n] = item.bbox as Box;
    const aoiBox: Box = [w + (e - w) * 0.3, s + (n - s) * 0.3, w + (e - w) * 0.7, s + (n - s) * 0.7];
    const aoi = { type: 'Polygon', coordinates: [boxRing(aoiBox)], name: aoiName };
    const catalogue = await this.centre.api<{ sats: { id: number }[] }>('GET', '/satellites?taskable=false');
    const found = await this.search(
      aoi,
      catalogue.data.sats.map((x) => x.id),
    );
    for (const id of [SentinelScene, copyId])
      expect(
        found.images.map((i) => i.sceneId),
        `${id} found`,
      ).toContain(id);
    const orders: Array<[string, 'GEOTIFF' | 'STREAMING_GEOTIFF']> = [
      [SentinelScene, 'GEOTIFF'],
      [copyId, 'GEOTIFF'],
      [SentinelScene, 'STREAMING_GEOTIFF'],
    ];
    const numbers: string[] = [];
    for (const [sceneId, mode] of orders) {
      const answer = await this.order(found.taskId, aoi, sceneId, mode);
      expect(answer.code, `${sceneId} ${mode}: ${answer.message}`).toBe(2000);
      numbers.push(answer.data.list[0]!.orderNumber);
    }
    return {
      left: { orderNo: numbers[0]!, sceneId: SentinelScene },
      right: { orderNo: numbers[1]!, sceneId: copyId },
      streamed: { orderNo: numbers[2]!, sceneId: SentinelScene },
      aoiBox,
    };
  }

  /** The user's delivered scenes through the API, once `count` are there (delivery takes a while). */
  async waitForDeliveries(count: number): Promise<DeliveredScene[]> {
    let scenes: DeliveredScene[] = [];
    await expect
      .poll(
        async () => {
          const r = await this.centre.api<{ list: DeliveredScene[] }>('POST', '/my-data/scenes', {
            start: 0,
            length: 1000,
          });
          scenes = r.data?.list ?? [];
          return scenes.length;
        },
        { timeout: 200_000, intervals: [2000] },
      )
      .toBeGreaterThanOrEqual(count);
    return scenes;
  }

  async open() {
    await this.portal.openPanel(3);
    await expect(this.page.getByTestId('my-data-panel')).toBeVisible();
  }

  item(scene: Pick<DeliveredScene, 'orderNo' | 'sceneId'>) {
    return this.page.locator(
      `[data-testid="my-data-scene"][data-scene-key="${scene.orderNo}/${scene.sceneId}"]`,
    );
  }

  /**
   * A point inside both scenes' delivered areas with room around it: the middle of the largest
   * grid cell of their common box that is inside both, a margin of `margin` of the box kept.
   */
  /** Points inside both scenes' delivered areas, those farthest from the areas' edges first. */
  commonPoints(a: DeliveredScene, b: DeliveredScene): [number, number][] {
    const [aw, as, ae, an] = boxOf(ringsOf(a));
    const [bw, bs, be, bn] = boxOf(ringsOf(b));
    const box: Box = [Math.max(aw, bw), Math.max(as, bs), Math.min(ae, be), Math.min(an, bn)];
    const points: { point: [number, number]; room: number }[] = [];
    const steps = 24;
    for (let i = 1; i < steps; i++)
      for (let j = 1; j < steps; j++) {
        const p: [number, number] = [
          box[0] + ((box[2] - box[0]) * i) / steps,
          box[1] + ((box[3] - box[1]) * j) / steps,
        ];
        if (!insideScene(p, a) || !insideScene(p, b)) continue;
        points.push({ point: p, room: Math.min(i, steps - i, j, steps - j) });
      }
    if (points.length === 0) throw new Error('the two scenes share no delivered area');
    return points.sort((x, y) => y.room - x.room).map((x) => x.point);
  }

  /** A zoom (integer) at which `halfWidthPx` CSS pixels around the point stay inside both scenes. */
  zoomFor(point: [number, number], a: DeliveredScene, b: DeliveredScene, halfWidthPx: number): number {
    for (let zoom = 10; zoom <= 18; zoom++) {
      const res = resolutionAt(zoom);
      const [mx, my] = mercator(point[0], point[1]);
      const corners = [
        [-1, -1],
        [1, -1],
        [1, 1],
        [-1, 1],
      ].map(([dx, dy]) => {
        const x = mx + dx! * halfWidthPx * res;
        const y = my + dy! * halfWidthPx * res;
        const lon = (x / HalfWorld) * 180;
        const lat = (Math.atan(Math.exp(y / Radius)) * 360) / Math.PI - 90;
        return [lon, lat];
      });
      if (corners.every((c) => insideScene(c, a) && insideScene(c, b))) return zoom;
    }
    throw new Error('no zoom keeps the patches inside both scenes');
  }

  /**
   * The mean colour a scene's own XYZ tiles (fetched directly, with the session) have under a
   * square of the map `size` CSS pixels wide, centred `offset` pixels from the map's centre, the
   * map centred on `centre` at the integer `zoom`.
   */
  async tileColourAt(
    scene: DeliveredScene,
    centre: [number, number],
    zoom: number,
    offset: readonly [number, number],
    size = 24,
  ): Promise<[number, number, number]> {
    const res = resolutionAt(zoom);
    const [cx, cy] = mercator(centre[0], centre[1]);
    const tileSpan = 256 * res;
    const samples: { x: number; y: number; px: number; py: number }[] = [];
    for (let i = 0; i < size; i++)
      for (let j = 0; j < size; j++) {
        const mx = cx + (offset[0] - size / 2 + i + 0.5) * res;
        const my = cy - (offset[1] - size / 2 + j + 0.5) * res;
        const fx = (mx + HalfWorld) / tileSpan;
        const fy = (HalfWorld - my) / tileSpan;
        const x = Math.floor(fx);
        const y = Math.floor(fy);
        samples.push({ x, y, px: Math.floor((fx - x) * 256), py: Math.floor((fy - y) * 256) });
      }
    const extension = scene.formatType === 'WEBP' ? 'webp' : 'png';
    const base = `/tiles/xyz/${encodeURIComponent(scene.orderNo)}/${encodeURIComponent(scene.sceneId)}`;
    return this.page.evaluate(
      async ({ samples, base, zoom, extension }) => {
        const tiles = new Map<string, Uint8ClampedArray>();
        let [r, g, b] = [0, 0, 0];
        for (const s of samples) {
          const key = `${s.x}/${s.y}`;
          let data = tiles.get(key);
          if (!data) {
            const response = await fetch(`${base}/${zoom}/${key}.${extension}`, {
              credentials: 'same-origin',
            });
            if (!response.ok)
              throw new Error(`tile ${key}: HTTP ${response.status} ${await response.text()}`);
            const bitmap = await createImageBitmap(await response.blob());
            const canvas = new OffscreenCanvas(256, 256);
            const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
            context.drawImage(bitmap, 0, 0);
            data = context.getImageData(0, 0, 256, 256).data;
            tiles.set(key, data);
          }
          const at = (s.py * 256 + s.px) * 4;
          r += data[at] ?? 0;
          g += data[at + 1] ?? 0;
          b += data[at + 2] ?? 0;
        }
        return [r, g, b].map((v) => Math.round(v / samples.length)) as [number, number, number];
      },
      { samples, base, zoom, extension },
    );
  }

  /**
   * Centres the map on a point at a whole zoom (tiles drawn 1:1), as a user does: the coordinate
   * search, then the zoom buttons (each step lands on a whole level; one step out first, since the
   * view may stand between levels after a fit).
   */
  async centreAtWholeZoom(point: [number, number], zoom: number) {
    const [lon, lat] = [point[0].toFixed(6), point[1].toFixed(6)];
    await this.portal.searchCoordinates(`${lat}, ${lon}`);
    await expect.poll(() => this.portal.mapCentre()).toBe(`${lat},${lon}`);
    const step = async (button: 'zoom-in' | 'zoom-out') => {
      const before = await this.portal.zoomLevel().textContent();
      await this.page.getByTestId(button).click();
      await expect(this.portal.zoomLevel()).not.toHaveText(before ?? '');
    };
    await step('zoom-out');
    while (Number(await this.portal.zoomLevel().textContent()) < zoom) await step('zoom-in');
    while (Number(await this.portal.zoomLevel().textContent()) > zoom) await step('zoom-out');
    // the last step's animation over: the view stands at the level shown
    await this.page.waitForTimeout(400);
  }

  /** Drags the swipe's divider to `fraction` of the map's width. */
  async dragSwipeTo(fraction: number) {
    await dragDivider(this.page, 'swipe-divider', fraction);
  }

  /** Copies an item's XYZ or WMTS link and reads it back from the clipboard. */
  async copyLink(scene: DeliveredScene, kind: 'xyz' | 'wmts'): Promise<string> {
    await this.page.evaluate(() => navigator.clipboard.writeText(''));
    await this.item(scene).getByTestId(`my-data-copy-${kind}`).click();
    let text = '';
    await expect
      .poll(async () => {
        text = await this.page.evaluate(() => navigator.clipboard.readText());
        return text;
      })
      .toMatch(/\?key=/);
    return text;
  }
}
