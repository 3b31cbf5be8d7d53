import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeArrayBuffer } from 'geotiff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Footprint } from './footprint';
import { tmInverse, utmZone } from './projection';
import { QuicklookRenderer, type QuicklookScene, renderQuicklook } from './quicklook';
import { decodePng, mercatorRequest, pixel } from './test-helpers';

/**
 * Synthetic GeoTIFFs in UTM 33N: 60 × 40 pixels of 100 m from (500 000, 5 000 000) north-west
 * corner; the western third is 0 (no data).
 */
const W = 60;
const H = 40;
const zone = utmZone(33, false);
const x0 = 500_000;
const y0 = 5_000_000;
const res = 100;

const geo = {
  width: W,
  height: H,
  ModelPixelScale: [res, res, 0],
  ModelTiepoint: [0, 0, 0, x0, y0, 0],
  ProjectedCSTypeGeoKey: 32633,
  GTModelTypeGeoKey: 1,
  GTRasterTypeGeoKey: 1,
};

let dir: string;
let renderer: QuicklookRenderer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'satportal-imagery-'));
  await mkdir(join(dir, 'synthetic'));
  for (const [name, scale] of [
    ['red', 3],
    ['green', 2],
    ['blue', 1],
  ] as const) {
    const band = new Uint16Array(W * H);
    for (let r = 0; r < H; r++)
      for (let c = 0; c < W; c++) band[r * W + c] = c < W / 3 ? 0 : 1000 + scale * (c * 50 + r * 20);
    await writeFile(join(dir, 'synthetic', `${name}.tif`), Buffer.from(writeArrayBuffer(band, { ...geo })));
  }
  const visual = [0, 1, 2].map((b) =>
    Array.from({ length: H }, () => Array.from({ length: W }, () => [200, 100, 50][b]!)),
  );
  await writeFile(
    join(dir, 'synthetic', 'visual.tif'),
    Buffer.from(writeArrayBuffer(visual, { ...geo, BitsPerSample: [8, 8, 8] })),
  );
  renderer = new QuicklookRenderer({ imageryDir: dir });
});

afterAll(async () => {
  await renderer.close();
  await rm(dir, { recursive: true, force: true });
});

const corners = () => {
  const [west, north] = tmInverse(zone, x0, y0);
  const [east, south] = tmInverse(zone, x0 + W * res, y0 - H * res);
  return { west, north, east, south };
};

const footprintOfRaster = (): Footprint => {
  const ring = [
    [x0, y0 - H * res],
    [x0 + W * res, y0 - H * res],
    [x0 + W * res, y0],
    [x0, y0],
    [x0, y0 - H * res],
  ].map(([x, y]) => tmInverse(zone, x!, y!));
  return { type: 'Polygon', coordinates: [ring] };
};

const sceneWith = (files: QuicklookScene['assets']): QuicklookScene => ({
  id: 'REAL-SYNTHETIC',
  footprint: footprintOfRaster(),
  cloudCover: 0,
  provenance: 'real',
  assets: files,
});

const tiff = 'image/tiff; application=geotiff';

describe('rendering GeoTIFF bands', () => {
  it('reprojects UTM bands, leaves no-data transparent and stretches the rest', async () => {
    const scene = sceneWith({
      quicklook: null,
      files: [
        { key: 'red', href: 'synthetic/red.tif', type: tiff },
        { key: 'green', href: 'synthetic/green.tif', type: tiff },
        { key: 'blue', href: `file://${join(dir, 'synthetic', 'blue.tif')}`, type: tiff },
      ],
    });
    expect(renderer.sourceOf(scene).kind).toBe('bands');
    const { west, north, east, south } = corners();
    const image = await decodePng(
      await renderQuicklook(scene, mercatorRequest(west, south, east, north, 120, 80), renderer),
    );
    // West third: no data. The rest: opaque, brighter eastwards (the values grow with x).
    expect(pixel(image, 20, 40)).toEqual([0, 0, 0, 0]);
    const middle = pixel(image, 60, 40);
    const eastern = pixel(image, 110, 40);
    expect(middle[3]).toBe(255);
    expect(eastern[3]).toBe(255);
    expect(eastern[0]).toBeGreaterThan(middle[0]);
    // Row 0 is north, where the values are smallest.
    expect(pixel(image, 90, 5)[0]).toBeLessThan(pixel(image, 90, 75)[0]);
  });

  it('draws an 8-bit visual file as it is', async () => {
    const scene = sceneWith({
      quicklook: { key: 'visual', href: 'synthetic/visual.tif', type: tiff },
      files: [],
    });
    const source = renderer.sourceOf(scene);
    expect(source.kind === 'bands' && source.stretch).toBe('none');
    const { west, north, east, south } = corners();
    const image = await decodePng(
      await renderQuicklook(scene, mercatorRequest(west, south, east, north, 60, 40), renderer),
    );
    expect(pixel(image, 30, 20)).toEqual([200, 100, 50, 255]);
  });
});
