import { Geodesic, PolygonArea } from 'geographiclib-geodesic';
import { describe, expect, it } from 'vitest';
import { polygonsAreaKm2, type Ring, signedRingAreaKm2 } from './lonlat-area';

/**
 * The ellipsoidal area of polygons with straight longitude/latitude edges, checked against
 * GeographicLib (independent: it measures geodesic edges, so the rings are cut into pieces of
 * 0.01°, where a geodesic and a straight edge differ by millimetres).
 */

const cut = (ring: Ring, step = 0.01): Ring => {
  const out: Ring = [];
  for (let i = 0; i < ring.length - 1; i++) {
    const [x0, y0] = ring[i]!;
    const [x1, y1] = ring[i + 1]!;
    const n = Math.max(1, Math.ceil(Math.max(Math.abs(x1! - x0!), Math.abs(y1! - y0!)) / step));
    for (let k = 0; k < n; k++) out.push([x0! + ((x1! - x0!) * k) / n, y0! + ((y1! - y0!) * k) / n]);
  }
  return out;
};

function geographicLibKm2(ring: Ring): number {
  const polygon = new PolygonArea.PolygonArea(Geodesic.WGS84, false);
  for (const [lon, lat] of cut(ring)) polygon.AddPoint(lat!, lon!);
  return Math.abs(polygon.Compute(false, true).area ?? 0) / 1e6;
}

const box = (w: number, s: number, e: number, n: number): Ring => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
];

describe('ellipsoidal area of straight-edged polygons', () => {
  it('the whole WGS 84 ellipsoid as the box −180…180 × −90…90', () => {
    // 510,065,621.7 km²: the WGS 84 ellipsoid's surface (4π times its authalic radius squared).
    expect(polygonsAreaKm2([[box(-180, -90, 180, 90)]])).toBeCloseTo(510_065_621.7, 0);
  });

  it('boxes and sloping polygons agree with GeographicLib within 1e-6 of their area', () => {
    const rings: Ring[] = [
      box(0, 0, 1, 1),
      box(10, 40, 20, 50),
      box(-75, -60, -65, -50),
      box(100, 70, 140, 84),
      // a triangle and a concave polygon with edges sloping in both directions
      [
        [10, 10],
        [14, 12],
        [11, 17],
        [10, 10],
      ],
      [
        [-3, 44],
        [2, 43],
        [1, 46],
        [0, 45],
        [-1, 47],
        [-3, 44],
      ],
    ];
    for (const ring of rings) {
      const reference = geographicLibKm2(ring);
      expect(Math.abs(polygonsAreaKm2([[ring]]) - reference) / reference).toBeLessThan(1e-6);
    }
  });

  it('signs follow the orientation; holes are subtracted', () => {
    const outer = box(0, 0, 2, 2);
    expect(signedRingAreaKm2(outer)).toBeGreaterThan(0);
    expect(signedRingAreaKm2([...outer].reverse())).toBeCloseTo(-signedRingAreaKm2(outer), 6);
    const withHole = polygonsAreaKm2([[outer, box(0.5, 0.5, 1.5, 1.5)]]);
    expect(withHole).toBeCloseTo(
      polygonsAreaKm2([[outer]]) - polygonsAreaKm2([[box(0.5, 0.5, 1.5, 1.5)]]),
      6,
    );
  });
});
