import { describe, expect, it } from 'vitest';
import { boxPolygon } from '../../orbits/footprint';
import { insidePolygons, pointsCovered, samplePoints, weatherCellCentre, weatherCellOf } from './sampling';

/** A box's rings, as GeoJSON writes them. */
const box = (w: number, s: number, e: number, n: number) => boxPolygon(w, s, e, n).coordinates;

describe('samplePoints', () => {
  it('puts about the target number of points inside the AOI, weighted by cos latitude', () => {
    const points = samplePoints([box(116, 39.5, 117.2, 40.5)]);
    expect(points.length).toBeGreaterThan(1500);
    expect(points.length).toBeLessThan(2500);
    for (const p of points) {
      expect(insidePolygons(p.lon, p.lat, [box(116, 39.5, 117.2, 40.5)])).toBe(true);
      expect(p.weight).toBeCloseTo(Math.cos((p.lat * Math.PI) / 180), 12);
    }
  });

  it('gives a thin AOI as many points as a square one, and a hole none', () => {
    const thin = samplePoints([box(0, 0, 10, 0.05)]);
    expect(thin.length).toBeGreaterThan(1000);
    const withHole = [[...box(0, 0, 2, 2), ...box(0.5, 0.5, 1.5, 1.5)]];
    const points = samplePoints(withHole);
    expect(points.some((p) => p.lon > 0.5 && p.lon < 1.5 && p.lat > 0.5 && p.lat < 1.5)).toBe(false);
    // The hole is a quarter of the box.
    expect(points.length).toBeGreaterThan(1000);
  });

  it('finds the points a footprint covers', () => {
    const points = samplePoints([box(0, 0, 2, 1)]);
    const covered = pointsCovered(points, [box(0, 0, 1, 1)]);
    expect(covered.length / points.length).toBeCloseTo(0.5, 1);
    expect(covered.every((i) => (points[i]?.lon ?? 2) < 1)).toBe(true);
  });
});

describe('weather cells', () => {
  it('are 1° cells as cloudCoverAt draws them, their centres inside them', () => {
    expect(weatherCellOf(116.4, 39.9)).toBe(weatherCellOf(116.9, 39.1));
    expect(weatherCellOf(116.4, 39.9)).not.toBe(weatherCellOf(117.1, 39.9));
    const [lon, lat] = weatherCellCentre(weatherCellOf(116.4, 39.9));
    expect([lon, lat]).toEqual([116.5, 39.5]);
    expect(weatherCellOf(-180, -90)).toBe(0);
    expect(weatherCellOf(179.99, 89.99)).toBe(179 * 360 + 359);
  });
});
