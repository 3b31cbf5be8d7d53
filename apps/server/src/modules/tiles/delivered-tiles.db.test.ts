import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deliveredXyzTemplate, wmtsLayerOf } from '@satportal/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../http/app';
import type { Http } from '../../http/types';
import { type Harness, startHarness } from '../../test/harness';
import { closeRasterThreads, cogEntryName } from '../fulfilment';
import { landsatScene, simulatedScene, toUtm16 } from '../fulfilment/deliverables/test-helpers';
import { DeliveredScenesRepository } from '../my-data';
import { insertDeliveredOrder } from '../my-data/test-helpers';
import type { DeliveredTiles } from './delivered/delivered-tiles';
import { type CogProbe, deliveredTilesFor, probeCog, storePackage } from './delivered/test-helpers';
import { mercatorLat, mercatorLon } from './render/projection';
import { QuicklookRenderer } from './render/quicklook';
import { tileMercatorBox } from './render/xyz';
import { tilesRoutes } from './tiles.routes';
import { TilesService } from './tiles.service';

// Delivered scenes' tiles from real packages (fulfilment's makePackage: the Landsat 8 subset as
// 16-bit L1 bands in UTM, a simulated scene as 8-bit RGB in EPSG:4326), stored in the harness's
// object store, served by the tile routes.

let h: Harness;
let app: Http;
let root: string;
let delivered: DeliveredTiles;
let owner: { token: string; userId: number };
let stranger: { token: string; userId: number };
let orderNo: string;
let naturalOrderNo: string;
let naturalCog: Uint8Array;
let cogs: Record<string, Uint8Array>;
let landsatId: string;
let packageKey: string;

const lon2tile = (lon: number, z: number) => Math.floor(((lon + 180) / 360) * 2 ** z);
const lat2tile = (lat: number, z: number) => {
  const r = (lat * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z);
};
/** The tile of (lon, lat) at zoom z. */
const tileAt = (lon: number, lat: number, z: number) => ({ z, x: lon2tile(lon, z), y: lat2tile(lat, z) });

function get(url: string, token = owner.token) {
  return app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
}

const xyz = (sceneId: string, t: { z: number; x: number; y: number }, format: 'png' | 'webp' = 'png') =>
  deliveredXyzTemplate(orderNo, sceneId, format)
    .replace('{z}', String(t.z))
    .replace('{x}', String(t.x))
    .replace('{y}', String(t.y));

async function rgbaOf(bytes: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([256, 256]);
  return data;
}

/** Lon/lat of the centre of pixel (c, r) of a tile. */
function pixelLonLat(t: { z: number; x: number; y: number }, c: number, r: number): [number, number] {
  const box = tileMercatorBox(t);
  const size = (box.maxX - box.minX) / 256;
  return [mercatorLon(box.minX + (c + 0.5) * size), mercatorLat(box.maxY - (r + 0.5) * size)];
}

beforeAll(async () => {
  h = await startHarness();
  root = await mkdtemp(join(tmpdir(), 'delivered-tiles-'));
  const a = await h.signedIn();
  const b = await h.signedIn();
  owner = { token: a.token, userId: a.userId };
  stranger = { token: b.token, userId: b.userId };
  const landsat = await landsatScene();
  landsatId = landsat.sceneId;
  const scenes = [landsat, simulatedScene];
  const order = await insertDeliveredOrder(h, owner.userId, {
    level: 10,
    terms: [{ scenes: scenes.map((s) => ({ sceneId: s.sceneId, time: s.time, boundaries: s.boundaries })) }],
  });
  orderNo = order.orderNo;
  packageKey = order.packageKeys[0]!;
  cogs = await storePackage(h.services.objectStore, packageKey, {
    orderNo,
    termsId: Number(order.termsIds[0]),
    level: 10,
    scenes,
    workDir: join(root, 'work'),
  });
  // The same Landsat subset as L3D natural colour: 8-bit, still in UTM.
  const natural = await insertDeliveredOrder(h, owner.userId, {
    level: 22,
    terms: [{ scenes: [{ sceneId: landsat.sceneId, time: landsat.time, boundaries: landsat.boundaries }] }],
  });
  naturalOrderNo = natural.orderNo;
  naturalCog = (
    await storePackage(h.services.objectStore, natural.packageKeys[0]!, {
      orderNo: naturalOrderNo,
      termsId: Number(natural.termsIds[0]),
      level: 22,
      scenes: [landsat],
      workDir: join(root, 'work-l3d'),
    })
  )[landsat.sceneId]!;
  delivered = deliveredTilesFor(
    new DeliveredScenesRepository(h.pool),
    h.services.objectStore,
    join(root, 'cache'),
  );
  const tiles = new TilesService(h.services.archiveRepository, new QuicklookRenderer(), delivered);
  app = await buildApp({
    version: 'test',
    auth: h.services.auth,
    credentialCache: h.services.credentialCache,
    apiKeys: h.services.apiKeys,
    routes: [{ prefix: '', register: (scope) => tilesRoutes(scope, tiles) }],
    rateLimits: false,
  });
  await app.ready();
}, 240_000);

afterAll(async () => {
  await app?.close();
  await delivered?.close();
  await closeRasterThreads();
  if (root) await rm(root, { recursive: true, force: true });
});

/**
 * Checks pixels of the tile against the COG: each opaque tile pixel lies within the range of the
 * COG's 3 × 3 pixels around the same place (the tile is sampled finer than the COG),
 * passed through `display` (the stretch).
 */
async function expectPixelsMatch(
  rgba: Buffer,
  t: { z: number; x: number; y: number },
  cog: CogProbe,
  toCrs: (lon: number, lat: number) => [number, number],
  display: (band: number, value: number) => number,
) {
  let compared = 0;
  for (const [c, r] of [
    [40, 40],
    [128, 128],
    [200, 60],
    [70, 210],
    [230, 230],
  ] as const) {
    const [lon, lat] = pixelLonLat(t, c, r);
    const near = await cog.around(...toCrs(lon, lat));
    const o = (r * 256 + c) * 4;
    if (!near || near.some(([lo]) => lo === 0) || rgba[o + 3] === 0) continue;
    for (let band = 0; band < 3; band++) {
      const [lo, hi] = near[band]!;
      expect(rgba[o + band]!, `pixel ${c},${r} band ${band}`).toBeGreaterThanOrEqual(display(band, lo) - 1);
      expect(rgba[o + band]!, `pixel ${c},${r} band ${band}`).toBeLessThanOrEqual(display(band, hi) + 1);
    }
    expect(rgba[o + 3]).toBe(255);
    compared++;
  }
  expect(compared).toBeGreaterThanOrEqual(3);
}

describe('delivered XYZ tiles', () => {
  it('draws an 8-bit EPSG:4326 scene with the COG pixels at the same place', async () => {
    const t = tileAt(10.1, 45.06, 17);
    const r = await get(xyz(simulatedScene.sceneId, t));
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/png');
    expect(r.headers['cache-control']).toContain('private');
    const cog = await probeCog(cogs[simulatedScene.sceneId]!);
    // Finer than the COG at this zoom: the tile is upsampled from full resolution.
    expect(cog.res).toBeGreaterThan(360 / 2 ** 17 / 256);
    await expectPixelsMatch(
      await rgbaOf(r.rawPayload),
      t,
      cog,
      (lon, lat) => [lon, lat],
      (_b, v) => v,
    );
  });

  it('draws a 16-bit UTM scene stretched by the file, not by the tile', async () => {
    const t = tileAt(-87.4, 30.69, 14);
    const r = await get(xyz(landsatId, t));
    expect(r.statusCode).toBe(200);
    const cog = await probeCog(cogs[landsatId]!);
    expect(cog.image.getBitsPerSample(0)).toBe(16);
    const file = await delivered.rasters.open(await delivered.cogOf(packageKey, cogEntryName(landsatId, 10)));
    const stretches = await Promise.all([0, 1, 2].map((b) => delivered.rasters.stretchOf(file, b)));
    const display = (band: number, v: number) => {
      const [lo, hi] = stretches[band]!;
      const t01 = Math.min(1, Math.max(0, (v - lo) / (hi - lo)));
      return Math.round(255 * t01 ** (1 / 1.25));
    };
    await expectPixelsMatch(await rgbaOf(r.rawPayload), t, cog, toUtm16, display);
  });

  it('draws an 8-bit UTM scene (L3D natural colour) as it is', async () => {
    const t = tileAt(-87.4, 30.69, 15);
    const url = deliveredXyzTemplate(naturalOrderNo, landsatId, 'png')
      .replace('{z}', String(t.z))
      .replace('{x}', String(t.x))
      .replace('{y}', String(t.y));
    const r = await get(url);
    expect(r.statusCode).toBe(200);
    const cog = await probeCog(naturalCog);
    expect(cog.image.getBitsPerSample(0)).toBe(8);
    await expectPixelsMatch(await rgbaOf(r.rawPayload), t, cog, toUtm16, (_b, v) => v);
  });

  it('answers a transparent tile outside the scene and transparent pixels outside its data', async () => {
    const far = await get(xyz(simulatedScene.sceneId, tileAt(100, -40, 12)));
    expect(far.statusCode).toBe(200);
    expect(far.headers['x-tile-source']).toBe('blank');
    expect(far.rawPayload.length).toBeLessThan(1000);
    expect((await rgbaOf(far.rawPayload)).every((v, i) => i % 4 !== 3 || v === 0)).toBe(true);

    // Inside the footprint's bounding box, below its southern edge: nodata, transparent.
    const [lon, lat] = [10.205, 45.003];
    const t = tileAt(lon, lat, 13);
    const rgba = await rgbaOf((await get(xyz(simulatedScene.sceneId, t))).rawPayload);
    const box = tileMercatorBox(t);
    const size = (box.maxX - box.minX) / 256;
    const c = Math.floor((((lon * Math.PI) / 180) * 6378137 - box.minX) / size);
    const r = Math.floor(
      (box.maxY - Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) * 6378137) / size,
    );
    expect(rgba[(r * 256 + c) * 4 + 3]).toBe(0);
    expect(rgba.some((v, i) => i % 4 === 3 && v === 255)).toBe(true);
  });

  it('clips to bbox: pixels outside it are transparent', async () => {
    const t = tileAt(10.1, 45.06, 15);
    const [west, north] = pixelLonLat(t, 0, 0);
    const [middle, south] = pixelLonLat(t, 128, 255);
    const r = await get(
      `${xyz(simulatedScene.sceneId, t)}?bbox=${west - 1},${south - 1},${middle},${north + 1}`,
    );
    expect(r.statusCode).toBe(200);
    const rgba = await rgbaOf(r.rawPayload);
    const alpha = (c: number, row: number) => rgba[(row * 256 + c) * 4 + 3];
    for (const row of [10, 128, 250]) {
      expect(alpha(20, row)).toBe(255);
      expect(alpha(127, row)).toBe(255);
      expect(alpha(130, row)).toBe(0);
      expect(alpha(250, row)).toBe(0);
    }
  });

  it('serves the second request from the cache', async () => {
    const t = tileAt(10.12, 45.08, 16);
    const first = await get(xyz(simulatedScene.sceneId, t, 'webp'));
    expect(first.headers['x-tile-source']).toBe('drawn');
    expect(first.headers['content-type']).toBe('image/webp');
    const second = await get(xyz(simulatedScene.sceneId, t, 'webp'));
    expect(second.headers['x-tile-source']).toBe('hit');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('never shows another user’s scene, and refuses tiles outside the grid', async () => {
    const t = tileAt(10.1, 45.06, 14);
    const theirs = await get(xyz(simulatedScene.sceneId, t), stranger.token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: 4004, message: 'error.notFound' });
    expect((await get(xyz('NO-SUCH-SCENE', t))).statusCode).toBe(404);
    // NUL never reaches the database (PostgreSQL refuses it in text: it was a 500).
    const nul = await get(`/tiles/xyz/SP1%00/${simulatedScene.sceneId}/1/1/1.png`);
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ code: 4000, message: 'error.controlCharacters' });
    for (const bad of [
      xyz(simulatedScene.sceneId, { z: 19, x: 0, y: 0 }),
      xyz(simulatedScene.sceneId, { z: 3, x: 8, y: 0 }),
      xyz(simulatedScene.sceneId, { z: 3, x: 0, y: 8 }),
      xyz(simulatedScene.sceneId, t).replace('.png', '.gif'),
      xyz(simulatedScene.sceneId, t).replace(`/${t.x}/`, '/-1/'),
      `${xyz(simulatedScene.sceneId, t)}?bbox=10,45,9,46`,
      `${xyz(simulatedScene.sceneId, t)}?bbox=a,b,c,d`,
    ]) {
      const r = await get(bad);
      expect(r.statusCode, bad).toBe(400);
      expect(r.json(), bad).toMatchObject({ code: 4000, message: 'error.validation' });
    }
  });
});

describe('the tile cache', () => {
  it('keeps its folder under its bound', async () => {
    const dir = join(root, 'small-cache');
    const small = deliveredTilesFor(
      new DeliveredScenesRepository(h.pool),
      h.services.objectStore,
      dir,
      60_000,
    );
    try {
      const base = tileAt(10.05, 45.05, 15);
      for (let i = 0; i < 4; i++) {
        for (let j = 0; j < 4; j++) {
          const tile = await small.tile(owner.userId, {
            orderNo,
            sceneId: simulatedScene.sceneId,
            z: 15,
            x: base.x + i,
            y: base.y + j,
            format: 'png',
            clip: null,
          });
          expect(tile?.source).toBe('drawn');
        }
      }
      await new Promise((r) => setTimeout(r, 100)); // evicted files are removed in the background
      let bytes = 0;
      for (const e of await readdir(join(dir, 'tiles'), { recursive: true, withFileTypes: true })) {
        if (e.isFile()) bytes += (await stat(join(e.parentPath, e.name))).size;
      }
      expect(bytes).toBeGreaterThan(0);
      expect(bytes).toBeLessThanOrEqual(60_000);
    } finally {
      await small.close();
    }
  });
});

describe('WMTS', () => {
  it('answers GetTile (KVP and REST) with the XYZ tile', async () => {
    const t = tileAt(10.1, 45.06, 15);
    const viaXyz = await get(xyz(simulatedScene.sceneId, t));
    const layer = wmtsLayerOf(orderNo, simulatedScene.sceneId);
    const kvp = await get(
      `/tiles/wmts?service=WMTS&request=GetTile&version=1.0.0&layer=${encodeURIComponent(layer)}&style=default` +
        `&tilematrixset=GoogleMapsCompatible&tilematrix=${t.z}&tilerow=${t.y}&tilecol=${t.x}&format=image/png`,
    );
    expect(kvp.statusCode).toBe(200);
    expect(kvp.rawPayload.equals(viaXyz.rawPayload)).toBe(true);
    const rest = await get(
      `/tiles/wmts/1.0.0/${encodeURIComponent(layer)}/default/GoogleMapsCompatible/${t.z}/${t.y}/${t.x}.png`,
    );
    expect(rest.statusCode).toBe(200);
    expect(rest.rawPayload.equals(viaXyz.rawPayload)).toBe(true);
  });

  it('answers errors as OWS exception reports', async () => {
    const layer = encodeURIComponent(wmtsLayerOf(orderNo, simulatedScene.sceneId));
    const cases: Array<[string, number, string]> = [
      ['/tiles/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0', 400, 'MissingParameterValue'],
      ['/tiles/wmts?SERVICE=WMTS&REQUEST=GetFeatureInfo', 400, 'OperationNotSupported'],
      [`/tiles/wmts/1.0.0/${layer}/default/GoogleMapsCompatible/2/4/0.png`, 400, 'TileOutOfRange'],
      [`/tiles/wmts/1.0.0/${layer}/default/GoogleMapsCompatible/19/0/0.png`, 400, 'InvalidParameterValue'],
      [`/tiles/wmts/1.0.0/${layer}/other/GoogleMapsCompatible/2/0/0.png`, 400, 'InvalidParameterValue'],
      [
        `/tiles/wmts/1.0.0/${orderNo}%3ANOPE/default/GoogleMapsCompatible/2/0/0.png`,
        404,
        'InvalidParameterValue',
      ],
    ];
    for (const [url, status, code] of cases) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(status);
      expect(r.body, url).toContain(`exceptionCode="${code}"`);
    }
    const theirs = await get(
      `/tiles/wmts/1.0.0/${layer}/default/GoogleMapsCompatible/2/1/2.png`,
      stranger.token,
    );
    expect(theirs.statusCode).toBe(404);
  });

  it('lists the caller’s delivered scenes only, with the tile key in every URL', async () => {
    const mine = await get('/tiles/wmts?SERVICE=WMTS&REQUEST=GetCapabilities&key=abc%2Bdef');
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toContain('xml');
    expect(mine.body).toContain(
      `<ows:Identifier>${wmtsLayerOf(orderNo, simulatedScene.sceneId)}</ows:Identifier>`,
    );
    expect(mine.body).toContain(`<ows:Identifier>${wmtsLayerOf(orderNo, landsatId)}</ows:Identifier>`);
    const urls = [...mine.body.matchAll(/(?:template|xlink:href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThanOrEqual(4);
    for (const url of urls) expect(url).toContain('key=abc%2Bdef');
    const rest = await get('/tiles/wmts/1.0.0/WMTSCapabilities.xml', stranger.token);
    expect(rest.statusCode).toBe(200);
    expect(rest.body).not.toContain(orderNo);
    expect(rest.body).not.toContain('key=');
  });
});
