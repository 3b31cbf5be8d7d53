import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landsat8SubsetScene } from './landsat8';
import { QuicklookRenderer, type QuicklookScene, renderQuicklook } from './quicklook';
import {
  binaryAlpha,
  box,
  decodePng,
  mercatorRequest,
  opaqueCount,
  pixel,
  simulatedScene,
} from './test-helpers';
import { parseGetMap, toQuicklookRequest } from './wms';

// The real Landsat 8 quicklook, the choice of source, the disk cache and concurrent renders; the
// simulated quicklooks are in quicklook.test.ts.

const renderer = new QuicklookRenderer();
afterAll(() => renderer.close());

// Congo basin rain forest: dark green in the NASA image, so white is cloud.
const congo = box(21.5, -0.5, 22.5, 0.5);
describe('the Landsat 8 quicklook', () => {
  let scene: QuicklookScene;
  let west = 0;
  let east = 0;
  let south = 0;
  let north = 0;
  beforeAll(async () => {
    const subset = await landsat8SubsetScene();
    scene = {
      id: subset.sceneId,
      footprint: subset.footprint,
      cloudCover: subset.cloudCover,
      provenance: 'real',
      assets: subset.assets,
    };
    const ring = subset.footprint.coordinates[0]!;
    west = Math.min(...ring.map((p) => p[0]!));
    east = Math.max(...ring.map((p) => p[0]!));
    south = Math.min(...ring.map((p) => p[1]!));
    north = Math.max(...ring.map((p) => p[1]!));
  });

  it('comes from the real bands', () => {
    const source = renderer.sourceOf(scene);
    expect(source.kind).toBe('bands');
    expect(source.kind === 'bands' && source.bands.map((b) => b.path.split('/').pop())).toEqual([
      'l8_B4.tif',
      'l8_B3.tif',
      'l8_B2.tif',
    ]);
  });

  it('is varied imagery inside its bounds and transparent outside', async () => {
    const pad = 0.02;
    const png = await renderQuicklook(
      scene,
      mercatorRequest(west - pad, south - pad, east + pad, north + pad, 256),
      renderer,
    );
    const image = await decodePng(png);
    expect(binaryAlpha(image)).toBe(true);
    for (const [c, r] of [
      [0, 0],
      [255, 0],
      [0, 255],
      [255, 255],
      [2, 128],
      [128, 253],
    ] as const) {
      expect(pixel(image, c, r)).toEqual([0, 0, 0, 0]);
    }
    // The middle 60 % of the box is all inside the subset: all opaque, and not one colour.
    const lum: number[] = [];
    const colours = new Set<number>();
    for (let r = 51; r < 205; r++) {
      for (let c = 51; c < 205; c++) {
        const [R, G, B, A] = pixel(image, c, r);
        expect(A).toBe(255);
        lum.push(0.3 * R + 0.59 * G + 0.11 * B);
        colours.add((R << 16) | (G << 8) | B);
      }
    }
    const mean = lum.reduce((s, v) => s + v, 0) / lum.length;
    const sd = Math.sqrt(lum.reduce((s, v) => s + (v - mean) ** 2, 0) / lum.length);
    expect(sd).toBeGreaterThan(15);
    expect(colours.size).toBeGreaterThan(2000);
    expect(mean).toBeGreaterThan(40);
    expect(mean).toBeLessThan(215);
    // The share of the box the subset covers (Mercator is near linear over 0.2°).
    const share = opaqueCount(image) / 256 ** 2;
    const expected =
      ((east - west) * (north - south)) / ((east - west + 2 * pad) * (north - south + 2 * pad));
    expect(Math.abs(share - expected)).toBeLessThan(0.02);
  });

  it('zooms in below the 30 m pixels and out to a few pixels', async () => {
    const midLon = (west + east) / 2;
    const midLat = (south + north) / 2;
    const close = await decodePng(
      await renderQuicklook(
        scene,
        mercatorRequest(midLon - 0.005, midLat - 0.005, midLon + 0.005, midLat + 0.005, 128),
        renderer,
      ),
    );
    expect(opaqueCount(close)).toBe(128 * 128);
    const far = await decodePng(
      await renderQuicklook(scene, mercatorRequest(-100, 20, -75, 40, 256), renderer),
    );
    expect(opaqueCount(far)).toBeGreaterThan(0);
    expect(opaqueCount(far)).toBeLessThan(20);
    expect(binaryAlpha(far)).toBe(true);
  });

  it('answers an EPSG:4326 GetMap in 1.3.0 axis order end to end', async () => {
    const parsed = parseGetMap({
      service: 'WMS',
      version: '1.3.0',
      request: 'GetMap',
      layers: scene.id,
      styles: '',
      crs: 'EPSG:4326',
      bbox: [south - 0.05, west - 0.05, north + 0.05, east + 0.05].join(','),
      width: '128',
      height: '128',
      format: 'image/png',
      transparent: 'TRUE',
    });
    if (!parsed.ok) throw new Error(parsed.error.message);
    const image = await decodePng(await renderQuicklook(scene, toQuicklookRequest(parsed.request), renderer));
    expect(pixel(image, 64, 64)[3]).toBe(255);
    expect(pixel(image, 2, 64)[3]).toBe(0);
    expect(pixel(image, 64, 2)[3]).toBe(0);
  });

  it('is deterministic', async () => {
    const request = mercatorRequest(west, south, east, north, 64);
    const fresh = new QuicklookRenderer();
    const a = await renderQuicklook(scene, request, fresh);
    await fresh.close();
    expect(a.equals(await renderQuicklook(scene, request, renderer))).toBe(true);
  });
});

describe('quicklook sources', () => {
  it('are simulated for real scenes whose files are remote, and never outside the imagery folder', () => {
    const remote: QuicklookScene = {
      ...simulatedScene('S2-REMOTE', congo, 10),
      provenance: 'real',
      assets: {
        quicklook: null,
        files: [
          { key: 'red', href: 'https://example.test/B04.tif', type: 'image/tiff; application=geotiff' },
          { key: 'green', href: '../../../etc/B03.tif', type: 'image/tiff' },
          { key: 'blue', href: '/etc/B02.tif', type: 'image/tiff' },
        ],
      },
    };
    expect(renderer.sourceOf(remote)).toEqual({ kind: 'simulated' });
  });
});

describe('the disk cache', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'satportal-quicklooks-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const listPngs = async () => {
    const out: string[] = [];
    for (const sub of await readdir(dir))
      for (const f of await readdir(join(dir, sub))) out.push(join(dir, sub, f));
    return out;
  };

  it('answers a repeated request with the same bytes without drawing again, across processes', async () => {
    const scene = simulatedScene('SIM-CACHE', congo, 30);
    const request = mercatorRequest(21.4, -0.6, 22.6, 0.6, 128);
    const first = new QuicklookRenderer({ cacheDir: dir });
    const a = await first.render(scene, request);
    expect(first.stats).toEqual({ renders: 1, cacheHits: 0, cacheWriteErrors: 0 });
    const b = await first.render(scene, request);
    expect(first.stats).toEqual({ renders: 1, cacheHits: 1, cacheWriteErrors: 0 });
    expect(b.equals(a)).toBe(true);

    // Another renderer (another server process) on the same folder.
    const second = new QuicklookRenderer({ cacheDir: dir });
    expect((await second.render(scene, request)).equals(a)).toBe(true);
    expect(second.stats.renders).toBe(0);

    const files = await listPngs();
    expect(files).toEqual([first.cache!.pathOf(first.cacheKey(scene, first.sourceOf(scene), request))]);

    // A changed scene is a new key: drawn again, never the old picture.
    await first.render({ ...scene, cloudCover: 31 }, request);
    expect(first.stats.renders).toBe(2);
    await Promise.all([first.close(), second.close()]);
  });

  it('draws concurrent identical requests once', async () => {
    const renderer = new QuicklookRenderer({ cacheDir: dir });
    const scene = simulatedScene('SIM-CONCURRENT', congo, 60);
    const request = mercatorRequest(21.4, -0.6, 22.6, 0.6, 64);
    const results = await Promise.all([1, 2, 3, 4].map(() => renderer.render(scene, request)));
    expect(renderer.stats.renders).toBe(1);
    expect(results.every((r) => r.equals(results[0]!))).toBe(true);
    await renderer.close();
  });

  it('ignores a damaged cache file and replaces it', async () => {
    const scene = simulatedScene('SIM-DAMAGED', congo, 20);
    const request = mercatorRequest(21.4, -0.6, 22.6, 0.6, 32);
    const renderer = new QuicklookRenderer({ cacheDir: dir });
    const good = await renderer.render(scene, request);
    const before = new Set(await listPngs());
    const key = renderer.cacheKey(scene, renderer.sourceOf(scene), request);
    const path = renderer.cache!.pathOf(key);
    expect(before.has(path)).toBe(true);
    await writeFile(path, 'not a png');
    const again = await renderer.render(scene, request);
    expect(again.equals(good)).toBe(true);
    expect(renderer.stats.renders).toBe(2);
    expect((await listPngs()).some((f) => f.endsWith('.tmp'))).toBe(false);
    await renderer.close();
  });

  it('keeps its folder under its bound', async () => {
    const renderer = new QuicklookRenderer({ cacheDir: dir, cacheMaxBytes: 20_000 });
    for (let i = 0; i < 6; i++) {
      await renderer.render(
        simulatedScene(`SIM-BOUND-${i}`, congo, 10 * i),
        mercatorRequest(21.4, -0.6, 22.6, 0.6, 64),
      );
    }
    await new Promise((r) => setTimeout(r, 100)); // evicted files are removed in the background
    let bytes = 0;
    for (const f of await listPngs()) bytes += (await stat(f)).size;
    expect(renderer.stats.renders).toBe(6);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(20_000);
    expect(renderer.cache!.stats.evictions).toBeGreaterThan(0);
    await renderer.close();
  });
});

describe('concurrency', () => {
  it('queues renders beyond maxConcurrentRenders and finishes every one', async () => {
    const limited = new QuicklookRenderer({ maxConcurrentRenders: 1 });
    const scenes = [1, 2, 3, 4].map((i) => simulatedScene(`SIM-QUEUE-${i}`, congo, 20 * i));
    const pngs = await Promise.all(
      scenes.map((s) => limited.render(s, mercatorRequest(21.4, -0.6, 22.6, 0.6, 48))),
    );
    expect(limited.stats.renders).toBe(4);
    expect(new Set(pngs.map((p) => p.toString('base64'))).size).toBe(4);
    await limited.close();
  });
});
