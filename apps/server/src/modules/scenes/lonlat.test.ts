import { describe, expect, it } from 'vitest';
import { normaliseLonLat, outerRings } from './lonlat';

const polygon = (...ring: unknown[][]) => ({ type: 'Polygon', coordinates: [ring] });

describe('normaliseLonLat', () => {
  it('leaves a polygon away from the antimeridian as it is, as a MultiPolygon', () => {
    const ring = [
      [10, 40],
      [12, 40],
      [12, 41],
      [10, 41],
      [10, 40],
    ];
    expect(normaliseLonLat(polygon(...ring))).toEqual({
      type: 'MultiPolygon',
      coordinates: [[ring]],
      positions: 5,
    });
  });

  it('unwraps a ring written across ±180° so that its longitudes are continuous', () => {
    const g = normaliseLonLat(polygon([179, 0], [-179, 0], [-179, 1], [179, 1], [179, 0]));
    expect(g.coordinates[0]![0]).toEqual([
      [179, 0],
      [181, 0],
      [181, 1],
      [179, 1],
      [179, 0],
    ]);
  });

  it('brings a shape drawn on a wrapped map (longitudes beyond ±180) next to the date line', () => {
    const g = normaliseLonLat(polygon([530, 0], [545, 0], [545, 5], [530, 5], [530, 0]));
    expect(g.coordinates[0]![0]![0]).toEqual([170, 0]);
    expect(g.coordinates[0]![0]![1]).toEqual([185, 0]);
    const west = normaliseLonLat(polygon([-190, 0], [-170, 0], [-170, 5], [-190, 5], [-190, 0]));
    expect(west.coordinates[0]![0]!.map(([x]) => x)).toEqual([170, 190, 190, 170, 170]);
  });

  it('accepts −180 and 180 as the same closing point, and keeps holes beside their shell', () => {
    const g = normaliseLonLat({
      type: 'Polygon',
      coordinates: [
        [
          [-180, 0],
          [-170, 0],
          [-170, 10],
          [180, 10],
          [180, 0],
        ],
        [
          [-175, 2],
          [-175, 4],
          [-178, 4],
          [-175, 2],
        ],
      ],
    });
    expect(g.coordinates[0]![0]!.map(([x]) => x)).toEqual([-180, -170, -170, -180, -180]);
    expect(g.coordinates[0]![1]!.map(([x]) => x)).toEqual([-175, -175, -178, -175]);
    // a hole written on the other side of the line moves by a whole turn
    const far = normaliseLonLat({
      type: 'Polygon',
      coordinates: [
        [
          [170, 0],
          [190, 0],
          [190, 10],
          [170, 10],
          [170, 0],
        ],
        [
          [-175, 2],
          [-175, 4],
          [-178, 4],
          [-175, 2],
        ],
      ],
    });
    expect(far.coordinates[0]![1]!.map(([x]) => x)).toEqual([185, 185, 182, 185]);
  });

  it('refuses what is not a closed polygon on the sphere, with the reason', () => {
    expect(() => normaliseLonLat({ type: 'Point', coordinates: [0, 0] })).toThrow(/not a Polygon/);
    expect(() => normaliseLonLat(polygon([0, 0], [1, 0], [1, 1], [0, 1]))).toThrow(/closed/);
    expect(() => normaliseLonLat(polygon([0, 0], [1, 0], [0, 0]))).toThrow(/at least 4/);
    expect(() => normaliseLonLat(polygon([0, 0], [1, 0], [1, 91], [0, 0]))).toThrow(/latitude 91/);
    expect(() => normaliseLonLat(polygon([0, 0], [1, 0], ['1', 1], [0, 0]))).toThrow(/numbers/);
    expect(() => normaliseLonLat(polygon([0, 80], [120, 80], [-120, 80], [0, 80]))).toThrow(/pole/);
    expect(() => normaliseLonLat({ type: 'MultiPolygon', coordinates: [] })).toThrow(/at least one/);
    expect(() => normaliseLonLat(null)).toThrow(/no geometry/);
  });
});

describe('outerRings', () => {
  it('answers the outer ring of each part (the spec boundaries)', () => {
    const shell = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ];
    const hole = [
      [0.5, 0.2],
      [0.6, 0.2],
      [0.6, 0.3],
      [0.5, 0.2],
    ];
    expect(outerRings({ coordinates: [[shell, hole], [shell]] })).toEqual([shell, shell]);
  });
});
