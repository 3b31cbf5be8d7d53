import { describe, expect, it } from 'vitest';
import {
  type Footprint,
  footprintFromRing,
  footprintParts,
  isCounterClockwise,
  type Position,
} from './footprint';

/** Planar area in degrees² of a footprint, its parts summed. */
function area(f: Footprint): number {
  return footprintParts(f).reduce((sum, ring) => {
    let a = 0;
    for (let i = 0; i + 1 < ring.length; i++)
      a += ring[i]![0] * ring[i + 1]![1] - ring[i + 1]![0] * ring[i]![1];
    return sum + a / 2;
  }, 0);
}

describe('footprints as GeoJSON', () => {
  it('closes the ring and turns it counter-clockwise', () => {
    const clockwise: Position[] = [
      [10, 10],
      [10, 11],
      [11, 11],
      [11, 10],
    ];
    const f = footprintFromRing(clockwise)!;
    expect(f.type).toBe('Polygon');
    const ring = footprintParts(f)[0]!;
    expect(ring).toHaveLength(5);
    expect(ring[0]).toEqual(ring[4]);
    expect(isCounterClockwise(ring)).toBe(true);
    expect(area(f)).toBeCloseTo(1, 9);
  });

  it('splits a footprint crossing 180° into two counter-clockwise parts that meet at ±180°', () => {
    const across: Position[] = [
      [179.5, 60],
      [-179.0, 60.2],
      [-179.2, 61.3],
      [179.2, 61.1],
    ];
    const f = footprintFromRing(across)!;
    expect(f.type).toBe('MultiPolygon');
    const [west, east] = footprintParts(f);
    expect(Math.max(...west!.map((p) => p[0]))).toBe(180);
    expect(Math.min(...east!.map((p) => p[0]))).toBe(-180);
    for (const ring of [west!, east!]) {
      expect(ring[0]).toEqual(ring.at(-1));
      expect(isCounterClockwise(ring)).toBe(true);
      for (const [lon, lat] of ring) {
        expect(lon).toBeGreaterThanOrEqual(-180);
        expect(lon).toBeLessThanOrEqual(180);
        expect(lat).toBeGreaterThan(59);
      }
    }
    // Both parts together have the area of the unsplit quadrilateral.
    const unwrapped = across.map(([x, y]) => [x < 0 ? x + 360 : x, y] as Position);
    expect(area(f)).toBeCloseTo(area({ type: 'Polygon', coordinates: [[...unwrapped, unwrapped[0]!]] }), 6);
  });

  it('splits at −180° as well, and leaves a footprint touching 180° whole', () => {
    const f = footprintFromRing([
      [-179.8, -16],
      [-179.8, -17],
      [-180.4, -17],
      [-180.4, -16],
    ])!;
    expect(f.type).toBe('MultiPolygon');
    const touching = footprintFromRing([
      [179, 0],
      [180, 0],
      [180, 1],
      [179, 1],
    ])!;
    expect(touching.type).toBe('Polygon');
  });

  it('refuses a ring around a pole', () => {
    expect(
      footprintFromRing([
        [0, 85],
        [90, 85],
        [180, 85],
        [-90, 85],
      ]),
    ).toBeNull();
  });
});
