import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Footprint } from './footprint';
import { landsat8SubsetScene } from './landsat8';
import { blankPng, QuicklookRenderer, type QuicklookScene, renderQuicklook } from './quicklook';
import { box, type DecodedPng, decodePng, mercatorRequest, pixel, simulatedScene } from './test-helpers';
import { parseGetMap, toQuicklookRequest } from './wms';

const renderer = new QuicklookRenderer();
afterAll(() => renderer.close());

const opaqueCount = (image: DecodedPng) => {
  let n = 0;
  for (let i = 3; i < image.data.length; i += 4) if (image.data[i] === 255) n++;
  return n;
};

/** Every pixel is either fully opaque or fully transparent (0, 0, 0, 0). */
const binaryAlpha = (image: DecodedPng) => {
  for (let i = 0; i < image.data.length; i += 4) {
    const a = image.data[i + 3];
    if (a === 255) continue;
    if (a !== 0 || image.data[i] !== 0 || image.data[i + 1] !== 0 || image.data[i + 2] !== 0) return false;
  }
  return true;
};

// Congo basin rain forest: dark green in the NASA image, so white is cloud.
const congo = box(21.5, -0.5, 22.5, 0.5);
const congoRequest = mercatorRequest(21.5, -0.5, 22.5, 0.5, 256);
// A slanted swath over the Amazon, drawn in a box larger than itself.
const amazon: Footprint = {
  type: 'Polygon',
  coordinates: [
    [
      [-62, -6],
      [-60.8, -6.2],
      [-60.4, -4.2],
      [-61.6, -4],
      [-62, -6],
    ],
  ],
};
const amazonRequest = mercatorRequest(-62.2, -6.4, -60.2, -3.8, 300);

describe('simulated quicklooks', () => {
  it('are opaque inside the footprint and fully transparent outside', async () => {
    const png = await renderQuicklook(
      simulatedScene('SIM-MASK', congo, 30),
      mercatorRequest(21, -1, 23, 1, 128),
      renderer,
    );
    const image = await decodePng(png);
    expect([image.width, image.height]).toEqual([128, 128]);
    expect(pixel(image, 64, 64)[3]).toBe(255);
    expect(pixel(image, 33, 33)[3]).toBe(255);
    expect(pixel(image, 94, 94)[3]).toBe(255);
    for (const [c, r] of [
      [0, 0],
      [127, 127],
      [31, 64],
      [96, 64],
      [64, 31],
      [64, 96],
    ] as const) {
      expect(pixel(image, c, r)).toEqual([0, 0, 0, 0]);
    }
    expect(opaqueCount(image)).toBe(64 * 64);
    expect(binaryAlpha(image)).toBe(true);
  });

  it('draw a footprint crossing the antimeridian on both sides, without a seam', async () => {
    const split: Footprint = {
      type: 'MultiPolygon',
      coordinates: [box(176, -3, 180, 3).coordinates, box(-180, -3, -176, 3).coordinates],
    };
    const scene = simulatedScene('SIM-ANTIMERIDIAN', split, 50);
    const image = await decodePng(
      await renderQuicklook(scene, mercatorRequest(175, -4, 185, 4, 200), renderer),
    );
    expect(pixel(image, 60, 100)[3]).toBe(255); // 178°
    expect(pixel(image, 140, 100)[3]).toBe(255); // −178°
    expect(pixel(image, 5, 100)[3]).toBe(0); // 175.25°
    expect(pixel(image, 195, 100)[3]).toBe(0); // −175.25°
    // Columns 99 | 100 meet at 180°: they differ no more than neighbours elsewhere do.
    const columnStep = (c: number) => {
      let sum = 0;
      for (let r = 30; r < 170; r++) {
        const a = pixel(image, c, r);
        const b = pixel(image, c + 1, r);
        sum += Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]);
      }
      return sum / 140;
    };
    const typical = (columnStep(60) + columnStep(80) + columnStep(120) + columnStep(140)) / 4;
    expect(columnStep(99)).toBeLessThan(typical * 3 + 3);
    // Seen from the other world copy, the same picture.
    const west = await decodePng(
      await renderQuicklook(scene, mercatorRequest(-185, -4, -175, 4, 200), renderer),
    );
    expect(Buffer.from(west.data).equals(Buffer.from(image.data))).toBe(true);
    // Zoomed in to 55 m pixels, where the ground texture shows: no seam either.
    // (Over Chukotka's tundra, whose ground is bright enough for the texture to show.)
    const chukotka: Footprint = {
      type: 'MultiPolygon',
      coordinates: [box(176, 66, 180, 68).coordinates, box(-180, 66, -176, 68).coordinates],
    };
    const clear = simulatedScene('SIM-ANTIMERIDIAN-CLEAR', chukotka, 0);
    const close = await decodePng(
      await renderQuicklook(clear, mercatorRequest(179.95, 66.95, 180.05, 67.05, 200), renderer),
    );
    const closeStep = (c: number) => {
      let sum = 0;
      for (let r = 0; r < 200; r++) {
        const a = pixel(close, c, r);
        const b = pixel(close, c + 1, r);
        sum += Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]);
      }
      return sum / 200;
    };
    const closeTypical = (closeStep(40) + closeStep(70) + closeStep(130) + closeStep(160)) / 4;
    expect(closeTypical).toBeGreaterThan(0.1);
    expect(closeStep(99)).toBeLessThan(closeTypical * 3 + 3);
  });

  /** Share of the footprint's pixels that are white-ish (cloud over the dark forest). */
  const cloudyShare = async (id: string, cloudCover: number, footprint = congo, request = congoRequest) => {
    const png = await renderQuicklook(simulatedScene(id, footprint, cloudCover), request, renderer);
    const image = await decodePng(png);
    let inside = 0;
    let white = 0;
    for (let i = 0; i < image.data.length; i += 4) {
      if (image.data[i + 3] !== 255) continue;
      inside++;
      if (Math.min(image.data[i]!, image.data[i + 1]!, image.data[i + 2]!) >= 128) white++;
    }
    expect(inside).toBeGreaterThan(20_000);
    return (100 * white) / inside;
  };

  it('show no cloud at 0 % (the ground alone is never white-ish here)', async () => {
    expect(await cloudyShare('SIM-CLEAR', 0)).toBe(0);
  });

  it.each([
    ['SIM-CC-A', 5],
    ['SIM-CC-B', 20],
    ['SIM-CC-C', 35],
    ['SIM-CC-D', 50],
    ['SIM-CC-E', 65],
    ['SIM-CC-F', 80],
    ['SIM-CC-G', 95],
    ['SIM-CC-H', 100],
  ])('%s with %d % cloud cover is that cloudy (±5 points)', async (id, cloudCover) => {
    const share = await cloudyShare(id, cloudCover);
    console.log(`${id}: cloud cover ${cloudCover} %, white-ish ${share.toFixed(1)} % of the footprint`);
    expect(Math.abs(share - cloudCover)).toBeLessThanOrEqual(5);
  });

  it.each([
    ['SIM-AMAZON-A', 15],
    ['SIM-AMAZON-B', 45],
    ['SIM-AMAZON-C', 75],
  ])(
    '%s, a slanted swath with %d % cloud cover, is that cloudy inside its footprint',
    async (id, cloudCover) => {
      const share = await cloudyShare(id, cloudCover, amazon, amazonRequest);
      console.log(`${id}: cloud cover ${cloudCover} %, white-ish ${share.toFixed(1)} % of the footprint`);
      expect(Math.abs(share - cloudCover)).toBeLessThanOrEqual(5);
    },
  );

  it('are deterministic: the same scene gives the same bytes, another id other clouds', async () => {
    const request = mercatorRequest(21.4, -0.6, 22.6, 0.6, 96);
    const fresh = new QuicklookRenderer();
    const a = await renderQuicklook(simulatedScene('SIM-DET', congo, 40), request, renderer);
    const b = await renderQuicklook(simulatedScene('SIM-DET', congo, 40), request, fresh);
    const c = await renderQuicklook(simulatedScene('SIM-DET-2', congo, 40), request, fresh);
    await fresh.close();
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
  });

  it('keep their clouds in place when the map pans or zooms', async () => {
    const scene = simulatedScene('SIM-PAN', congo, 45);
    const whole = await decodePng(
      await renderQuicklook(scene, mercatorRequest(21.5, -0.5, 22.5, 0.5, 200), renderer),
    );
    // The north-west quarter, at twice the scale: each of its pixels is half a pixel of the whole.
    const quarter = await decodePng(
      await renderQuicklook(scene, mercatorRequest(21.5, 0, 22, 0.5, 200), renderer),
    );
    let differ = 0;
    for (let r = 0; r < 100; r++) {
      for (let c = 0; c < 100; c++) {
        const p = pixel(whole, c, r);
        const q = pixel(quarter, 2 * c, 2 * r);
        const cloudyP = Math.min(p[0], p[1], p[2]) >= 128;
        const cloudyQ = Math.min(q[0], q[1], q[2]) >= 128;
        if (cloudyP !== cloudyQ) differ++;
      }
    }
    expect(differ / 10_000).toBeLessThan(0.05);
  });

  it('draw radar scenes grey and cloudless', async () => {
    const scene: QuicklookScene = { ...simulatedScene('SIM-SAR', congo, null), sensorType: 4 };
    const image = await decodePng(
      await renderQuicklook(scene, mercatorRequest(21.5, -0.5, 22.5, 0.5, 32), renderer),
    );
    const [r, g, b, a] = pixel(image, 16, 16);
    expect(a).toBe(255);
    expect(r).toBe(g);
    expect(g).toBe(b);
  });

  it('fill the outside with BGCOLOR when TRANSPARENT is false', async () => {
    const request = { ...mercatorRequest(21, -1, 23, 1, 64), transparent: false, bgcolor: 0x102030 };
    const image = await decodePng(
      await renderQuicklook(simulatedScene('SIM-BG', congo, 10), request, renderer),
    );
    expect(pixel(image, 0, 0)).toEqual([0x10, 0x20, 0x30, 255]);
    expect(opaqueCount(image)).toBe(64 * 64);
  });

  it('render EPSG:4326 boxes too', async () => {
    const request = {
      crs: 'EPSG:4326' as const,
      bbox: { minX: 21, minY: -1, maxX: 23, maxY: 1 },
      width: 100,
      height: 100,
    };
    const image = await decodePng(
      await renderQuicklook(simulatedScene('SIM-4326', congo, 20), request, renderer),
    );
    expect(opaqueCount(image)).toBe(50 * 50);
    expect(pixel(image, 25, 25)[3]).toBe(255);
    expect(pixel(image, 24, 25)[3]).toBe(0);
  });

  it('refuse impossible requests', async () => {
    const scene = simulatedScene('SIM-BAD', congo, 20);
    const ok = mercatorRequest(21, -1, 23, 1, 16);
    for (const bad of [
      { ...ok, width: 0 },
      { ...ok, width: 2049 },
      { ...ok, height: 1.5 },
      { ...ok, bbox: { ...ok.bbox, minX: Number.NaN } },
      { ...ok, bbox: { ...ok.bbox, minX: ok.bbox.maxX } },
    ]) {
      await expect(renderQuicklook(scene, bad, renderer)).rejects.toThrow();
    }
  });

  it('answer a blank PNG for BLANK exceptions', async () => {
    const image = await decodePng(await blankPng(20, 10));
    expect([image.width, image.height, opaqueCount(image)]).toEqual([20, 10, 0]);
  });
});

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
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.png$/);

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
    const path = join(dir, key.slice(0, 2), `${key}.png`);
    expect(before.has(path)).toBe(true);
    await writeFile(path, 'not a png');
    const again = await renderer.render(scene, request);
    expect(again.equals(good)).toBe(true);
    expect(renderer.stats.renders).toBe(2);
    expect((await listPngs()).some((f) => f.endsWith('.tmp'))).toBe(false);
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
