import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePackage, sceneRasters } from '.';
import { clipAoi, landsatClipBoundsUtm, landsatScene, simulatedScene, unzipPackage } from './test-helpers';

/**
 * Debian's gdalinfo (gdal-bin) as an outside consumer of the deliverables' COGs. Skipped where
 * gdalinfo is missing, except in CI (CI set), where a missing gdalinfo fails: .ci/run installs it.
 */
const gdalinfoPath = (process.env.PATH ?? '')
  .split(delimiter)
  .map((dir) => join(dir, 'gdalinfo'))
  .find((path) => existsSync(path));
const required = Boolean(process.env.CI);
const run = promisify(execFile);

// biome-ignore lint/suspicious/noExplicitAny: gdalinfo -json output
type Json = any;

let root: string;
const cogs: Record<string, string> = {};

async function gdalinfo(path: string): Promise<Json> {
  const { stdout } = await run(gdalinfoPath!, ['-json', path]);
  return JSON.parse(stdout);
}

describe.skipIf(!gdalinfoPath && !required)('gdalinfo (gdal-bin) reads the COGs', () => {
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'deliverables-gdalinfo-'));
    const landsat = await landsatScene();
    const made = await makePackage({
      orderNumber: 'SP7',
      termsId: 1,
      level: 21,
      clipAoi,
      scenes: [landsat, simulatedScene],
      workDir: root,
    });
    const files = await unzipPackage(made.path);
    for (const [key, name] of [
      ['landsat', `${landsat.sceneId}_L3C.tif`],
      ['simulated', 'SIM-DELIVERABLE-1_L3C.tif'],
    ] as const) {
      cogs[key] = join(root, name);
      await writeFile(cogs[key], files[name]!);
    }
  }, 120_000);

  afterAll(async () => {
    await sceneRasters.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('is installed (CI requires it)', () => {
    expect(gdalinfoPath, 'gdalinfo is missing: apt-get install gdal-bin').toBeTruthy();
  });

  it('sees a COG layout, 256 × 256 blocks, overviews, UTM 16N and the clip bounds (Landsat)', async () => {
    const info = await gdalinfo(cogs.landsat!);
    expect(info.metadata.IMAGE_STRUCTURE.LAYOUT).toBe('COG');
    expect(info.bands).toHaveLength(3);
    for (const band of info.bands) {
      expect(band.block).toEqual([256, 256]);
      expect(band.overviews.length).toBeGreaterThanOrEqual(1);
      expect(band.noDataValue).toBe(0);
    }
    expect(info.bands.map((b: Json) => b.colorInterpretation)).toEqual(['Red', 'Green', 'Blue']);
    expect(info.coordinateSystem.wkt).toMatch(/ID\["EPSG",32616\]\]$/);
    expect(info.metadata[''].PROCESSING_LEVEL).toBe('L3C (21)');
    const [ulx, uly] = info.cornerCoordinates.upperLeft;
    const [lrx, lry] = info.cornerCoordinates.lowerRight;
    const pixel = info.geoTransform[1];
    expect(pixel).toBe(15);
    const [minX, minY, maxX, maxY] = landsatClipBoundsUtm();
    expect(Math.abs(ulx - minX)).toBeLessThanOrEqual(pixel);
    expect(Math.abs(lrx - maxX)).toBeLessThanOrEqual(pixel);
    expect(Math.abs(lry - minY)).toBeLessThanOrEqual(pixel);
    expect(Math.abs(uly - maxY)).toBeLessThanOrEqual(pixel);
  });

  it('sees EPSG:4326 and the clip bounds (simulated)', async () => {
    const info = await gdalinfo(cogs.simulated!);
    expect(info.metadata.IMAGE_STRUCTURE.LAYOUT).toBe('COG');
    expect(info.bands[0].block).toEqual([256, 256]);
    expect(info.bands[0].overviews.length).toBeGreaterThanOrEqual(1);
    expect(info.coordinateSystem.wkt).toMatch(/ID\["EPSG",4326\]\]$/);
    const [ulx, uly] = info.cornerCoordinates.upperLeft;
    const [lrx, lry] = info.cornerCoordinates.lowerRight;
    const pixel = Math.max(info.geoTransform[1], -info.geoTransform[5]);
    expect(Math.abs(ulx - 10.05)).toBeLessThanOrEqual(pixel);
    expect(Math.abs(lrx - 10.15)).toBeLessThanOrEqual(pixel);
    expect(Math.abs(lry - 45.03)).toBeLessThanOrEqual(pixel);
    expect(Math.abs(uly - 45.12)).toBeLessThanOrEqual(pixel);
    expect(info.metadata[''].PIXEL_SIZE_RULE).toMatch(/nominal GSD, coarsened/);
  });
});
