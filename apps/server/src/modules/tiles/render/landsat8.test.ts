import { describe, expect, it } from 'vitest';
import { landsat8SubsetScene, parseMtl } from './landsat8';
import { tmForward, utmZone } from './projection';

describe('parseMtl', () => {
  it('reads key = value pairs across groups, unquoting strings', () => {
    const mtl = parseMtl(
      'GROUP = L1_METADATA_FILE\n  GROUP = PRODUCT_METADATA\n    DATE_ACQUIRED = 2015-08-04\n' +
        '    SCENE_CENTER_TIME = "16:19:21.7917421Z"\r\n  END_GROUP = PRODUCT_METADATA\nEND_GROUP = L1_METADATA_FILE\nEND\n',
    );
    expect(mtl.get('DATE_ACQUIRED')).toBe('2015-08-04');
    expect(mtl.get('SCENE_CENTER_TIME')).toBe('16:19:21.7917421Z');
    expect(mtl.has('GROUP')).toBe(false);
  });
});

describe('landsat8SubsetScene', () => {
  it('describes the shipped subset from its files', async () => {
    const subset = await landsat8SubsetScene();
    expect(subset).toMatchObject({
      sceneId: 'LC80200392015216LGN00',
      spacecraft: 'LANDSAT_8',
      cloudCover: 11.08,
      wrsPath: 20,
      wrsRow: 39,
      gsd: 30,
      epsg: 32616,
      // PixelIsPoint: the tie point 452490, 3408630 is the centre of the first pixel.
      bounds: [452475, 3390555, 471285, 3408645],
    });
    expect(subset.acquiredAt.toISOString()).toBe('2015-08-04T16:19:21.791Z');
    expect(subset.sunElevation).toBeCloseTo(64.7436, 4);
    expect(subset.assets.files.map((f) => [f.key, f.href])).toEqual([
      ['red', 'landsat8/l8_B4.tif'],
      ['green', 'landsat8/l8_B3.tif'],
      ['blue', 'landsat8/l8_B2.tif'],
      ['mtl', 'landsat8/l8_MTL.txt'],
    ]);
  });

  it('gives a closed, counter-clockwise footprint on the GeoTIFF bounds', async () => {
    const { footprint, bounds } = await landsat8SubsetScene();
    const ring = footprint.coordinates[0]!;
    expect(ring).toHaveLength(17);
    expect(ring[0]).toEqual(ring[16]);
    let twiceArea = 0;
    for (let i = 0; i + 1 < ring.length; i++) {
      twiceArea += ring[i]![0]! * ring[i + 1]![1]! - ring[i + 1]![0]! * ring[i]![1]!;
    }
    expect(twiceArea).toBeGreaterThan(0);
    // Every vertex lies on the UTM bounds (to the 1e-7° rounding, ≈ 1 cm).
    const zone = utmZone(16, false);
    for (const [lon, lat] of ring) {
      const [x, y] = tmForward(zone, lon!, lat!);
      const onEdge = Math.min(
        Math.abs(x - bounds[0]),
        Math.abs(x - bounds[2]),
        Math.abs(y - bounds[1]),
        Math.abs(y - bounds[3]),
      );
      expect(onEdge).toBeLessThan(0.02);
      expect(x).toBeGreaterThan(bounds[0] - 0.02);
      expect(x).toBeLessThan(bounds[2] + 0.02);
    }
    // Near Pensacola, Florida / Alabama.
    expect(ring[0]![0]).toBeCloseTo(-87.496, 2);
    expect(ring[0]![1]).toBeCloseTo(30.647, 2);
  });
});
