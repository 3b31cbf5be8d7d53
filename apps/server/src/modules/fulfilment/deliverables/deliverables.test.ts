import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { fromFile } from 'geotiff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultImageryDir } from '../../tiles';
import {
  DeliverableError,
  type DeliverablePackage,
  type DeliverableScene,
  makePackage,
  sceneRasters,
} from '.';
import {
  clipAoi,
  landsatClipBoundsUtm,
  landsatScene,
  openCog,
  probes,
  simulatedScene,
  toUtm16,
  unzipPackage,
} from './test-helpers';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);
// biome-ignore lint/suspicious/noExplicitAny: STAC items are checked against the STAC schemas
type Json = any;

const schemaDir = join(import.meta.dirname, '../../stac/schemas');
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);
beforeAll(async () => {
  for (const dir of ['geojson', 'v1.1.0']) {
    for (const f of await readdir(join(schemaDir, dir))) {
      const schema = JSON.parse(await readFile(join(schemaDir, dir, f), 'utf8'));
      // STAC 1.1.0's common.json names itself ".../commonjson" (an upstream typo) while
      // bands.json refers to "common.json".
      if (typeof schema.$id === 'string') schema.$id = schema.$id.replace(/\/commonjson$/, '/common.json');
      ajv.addSchema(schema);
    }
  }
});
const validItem = (item: unknown) => {
  const v = ajv.getSchema('https://schemas.stacspec.org/v1.1.0/item-spec/json-schema/item.json')!;
  expect(v(item), JSON.stringify(v.errors?.slice(0, 3))).toBe(true);
};

let root: string;
let landsat: DeliverableScene;
let clippedL1: DeliverablePackage;
let clippedL1C: DeliverablePackage;
let wholeL3D: DeliverablePackage;
let l1Files: Record<string, Uint8Array>;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'deliverables-'));
  landsat = await landsatScene();
  const base = { orderNumber: 'SP20240501001', termsId: 12 };
  clippedL1 = await makePackage({
    ...base,
    level: 10,
    clipAoi,
    scenes: [landsat, simulatedScene],
    workDir: join(root, 'a'),
  });
  clippedL1C = await makePackage({
    ...base,
    level: 11,
    clipAoi,
    scenes: [landsat],
    workDir: join(root, 'b'),
  });
  wholeL3D = await makePackage({
    ...base,
    level: 22,
    clipAoi: null,
    scenes: [simulatedScene],
    workDir: join(root, 'c'),
  });
  l1Files = await unzipPackage(clippedL1.path);
}, 180_000);

afterAll(async () => {
  await sceneRasters.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('package', () => {
  it('holds a COG and a STAC item per scene and a SHA256SUMS that matches them', async () => {
    const tif = `${landsat.sceneId}_L1.tif`;
    expect(clippedL1.fileName).toBe('SP20240501001_12_L1.zip');
    expect(Object.keys(l1Files).sort()).toEqual(
      [
        tif,
        `${landsat.sceneId}_L1.json`,
        'SIM-DELIVERABLE-1_L1.tif',
        'SIM-DELIVERABLE-1_L1.json',
        'SHA256SUMS',
      ].sort(),
    );
    const sums = text(l1Files.SHA256SUMS).trim().split('\n');
    expect(sums).toHaveLength(4);
    for (const line of sums) {
      const [hash, name] = line.split('  ') as [string, string];
      expect(sha256(l1Files[name]!), name).toBe(hash);
    }
    for (const f of clippedL1.files) {
      expect(l1Files[f.name]!.length).toBe(f.bytes);
      expect(sha256(l1Files[f.name]!)).toBe(f.sha256);
    }
    const zip = await readFile(clippedL1.path);
    expect(zip.length).toBe(clippedL1.bytes);
    expect(sha256(zip)).toBe(clippedL1.sha256);
    // only the package is left in workDir: no temporary file
    expect(await readdir(join(root, 'a'))).toEqual([clippedL1.fileName]);
  });

  it('is the same bytes when made again (a retried job)', async () => {
    const again = await makePackage({
      orderNumber: 'SP20240501001',
      termsId: 12,
      level: 10,
      clipAoi,
      scenes: [landsat, simulatedScene],
      workDir: join(root, 'again'),
    });
    expect(again.sha256).toBe(clippedL1.sha256);
    expect(again.files).toEqual(clippedL1.files);
  }, 60_000);

  it('leaves nothing behind when a scene cannot be delivered', async () => {
    const elsewhere = {
      type: 'MultiPolygon' as const,
      coordinates: [
        [
          [
            [50, 0],
            [51, 0],
            [51, 1],
            [50, 0],
          ],
        ],
      ],
    };
    const workDir = join(root, 'failed');
    const made = makePackage({
      orderNumber: 'SP1',
      termsId: 1,
      level: 10,
      clipAoi: elsewhere,
      scenes: [landsat],
      workDir,
    });
    await expect(made).rejects.toBeInstanceOf(DeliverableError);
    await expect(made).rejects.toMatchObject({ reason: 'clipMissesScene' });
    expect(await readdir(workDir)).toEqual([]);
  }, 60_000);

  it('refuses an unknown level and an order number that cannot name a file', async () => {
    const input = {
      orderNumber: 'SP1',
      termsId: 1,
      clipAoi: null,
      scenes: [landsat],
      workDir: join(root, 'bad'),
    };
    await expect(makePackage({ ...input, level: 12 })).rejects.toMatchObject({ reason: 'unknownLevel' });
    await expect(makePackage({ ...input, level: 10, orderNumber: '../x' })).rejects.toMatchObject({
      reason: 'badOrderNumber',
    });
  });
});

describe('the real Landsat 8 COG', () => {
  it('is tiled 256 × 256 with overviews, in UTM 16N, cropped to the clipped area', async () => {
    const cog = await openCog(l1Files[`${landsat.sceneId}_L1.tif`]!);
    expect([cog.tileWidth, cog.tileHeight]).toEqual([256, 256]);
    expect(cog.overviews).toBeGreaterThanOrEqual(1);
    expect(cog.geoKeys.ProjectedCSTypeGeoKey).toBe(32616);
    expect(cog.nodata).toBe(0);
    const [minX, minY, maxX, maxY] = landsatClipBoundsUtm();
    // the raster's bounds are the clip triangle's, to within one 30 m pixel
    expect(Math.abs(cog.bbox[0]! - minX)).toBeLessThanOrEqual(30);
    expect(Math.abs(cog.bbox[2]! - maxX)).toBeLessThanOrEqual(30);
    expect(Math.abs(cog.bbox[1]! - minY)).toBeLessThanOrEqual(30);
    expect(Math.abs(cog.bbox[3]! - maxY)).toBeLessThanOrEqual(30);
  });

  it('carries the source band values inside the AOI and nodata outside it', async () => {
    const cog = await openCog(l1Files[`${landsat.sceneId}_L1.tif`]!);
    const source = await fromFile(join(defaultImageryDir(), 'landsat8', 'l8_B4.tif'));
    const image = await source.getImage(0);
    // GDAL's reading of PixelIsPoint: the tie point is pixel (0, 0)'s centre
    const [tieX, tieY] = image.getOrigin() as [number, number];
    const originX = tieX - 15;
    const originY = tieY + 15;
    // the delivered grid is the source's: no resampling
    expect(((cog.bbox[0]! - originX) / 30) % 1).toBeCloseTo(0, 6);
    expect(((originY - cog.bbox[3]!) / 30) % 1).toBeCloseTo(0, 6);
    const [x, y] = toUtm16(...probes.landsatInside);
    const col = Math.floor((x - originX) / 30);
    const row = Math.floor((originY - y) / 30);
    const [expected] = (await image.readRasters({ window: [col, row, col + 1, row + 1] })) as unknown as [
      Uint16Array,
    ];
    await source.close();
    const values = await cog.at(x, y);
    expect(values).toHaveLength(3);
    expect(values[0]).toBe(expected[0]);
    expect(values.every((v) => v > 0)).toBe(true);
    expect(await cog.at(...toUtm16(...probes.landsatOutside))).toEqual([0, 0, 0]);
  });

  it('is pansharpened to 15 m for L1C, 16-bit', async () => {
    const files = await unzipPackage(clippedL1C.path);
    const cog = await openCog(files[`${landsat.sceneId}_L1C.tif`]!);
    expect((cog.bbox[2]! - cog.bbox[0]!) / cog.width).toBeCloseTo(15, 6);
    const values = await cog.at(...toUtm16(...probes.landsatInside));
    expect(values.every((v) => v > 255)).toBe(true);
    expect(await cog.at(...toUtm16(...probes.landsatOutside))).toEqual([0, 0, 0]);
  });
});

describe('the simulated COG', () => {
  it('is clipped in EPSG:4326: data inside the AOI, nodata outside it', async () => {
    const cog = await openCog(l1Files['SIM-DELIVERABLE-1_L1.tif']!);
    expect([cog.tileWidth, cog.tileHeight]).toEqual([256, 256]);
    expect(cog.overviews).toBeGreaterThanOrEqual(1);
    expect(cog.geoKeys.GeographicTypeGeoKey).toBe(4326);
    const pixel = (cog.bbox[3]! - cog.bbox[1]!) / cog.height;
    expect(Math.abs(cog.bbox[0]! - 10.05)).toBeLessThanOrEqual(pixel);
    expect(Math.abs(cog.bbox[1]! - 45.03)).toBeLessThanOrEqual(pixel);
    expect(Math.abs(cog.bbox[3]! - 45.12)).toBeLessThanOrEqual(pixel);
    expect((await cog.at(...probes.simulatedInside)).every((v) => v > 0)).toBe(true);
    expect(await cog.at(...probes.simulatedOutside)).toEqual([0, 0, 0]);
  });

  it('is masked outside the footprint and coarsened to at most 2048 pixels a side', async () => {
    const files = await unzipPackage(wholeL3D.path);
    const cog = await openCog(files['SIM-DELIVERABLE-1_L3D.tif']!);
    expect(Math.max(cog.width, cog.height)).toBe(2048);
    expect(await cog.at(...probes.simulatedOutsideFootprint)).toEqual([0, 0, 0]);
    expect((await cog.at(10.1, 45.08)).every((v) => v > 0)).toBe(true);
    const item: Json = JSON.parse(text(files['SIM-DELIVERABLE-1_L3D.json']));
    expect(item.properties['satportal:pixel_size_rule']).toMatch(/at most 2048 pixels/);
    expect(item.properties.gsd).toBeGreaterThan(simulatedScene.imageGsd);
    expect(item.properties['satportal:clipped_to_aoi']).toBe(false);
  });
});

describe('STAC items', () => {
  it('validate, point at the COG in the package and carry the clipped geometry', () => {
    for (const [tif, epsg] of [
      [`${landsat.sceneId}_L1.tif`, 'EPSG:32616'],
      ['SIM-DELIVERABLE-1_L1.tif', 'EPSG:4326'],
    ] as const) {
      const item: Json = JSON.parse(text(l1Files[tif.replace('.tif', '.json')]));
      validItem(item);
      expect(item.assets.image.href).toBe(`./${tif}`);
      expect(item.assets.image['file:checksum']).toBe(`1220${sha256(l1Files[tif]!)}`);
      expect(item.properties['proj:code']).toBe(epsg);
      expect(item.properties['processing:level']).toBe('L1');
      expect(item.properties['satportal:clipped_to_aoi']).toBe(true);
      expect(item.geometry.type).toBe('MultiPolygon');
      // the clipped geometry lies within the AOI's triangle's box
      const [minLon, minLat, maxLon, maxLat] = item.bbox;
      const inLandsat =
        minLon >= -87.45 - 1e-9 &&
        maxLon <= -87.35 + 1e-9 &&
        minLat >= 30.66 - 1e-9 &&
        maxLat <= 30.76 + 1e-9;
      const inSimulated =
        minLon >= 10.05 - 1e-9 && maxLon <= 10.15 + 1e-9 && minLat >= 45.03 - 1e-9 && maxLat <= 45.12 + 1e-9;
      expect(inLandsat || inSimulated).toBe(true);
    }
  });
});
