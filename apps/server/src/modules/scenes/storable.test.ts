import { Geodesic, PolygonArea } from 'geographiclib-geodesic';
import { describe, expect, it } from 'vitest';
import { boxRing } from '../orbits/footprint';
import {
  EARTH_AREA_KM2,
  invalidReason,
  MAX_PART_AREA_KM2,
  partsProblem,
  polygonProblem,
  polygonsAreaKm2,
  type Ring,
  ringAreaKm2,
} from './storable';

const box = (w: number, s: number, e: number, n: number) => [boxRing(w, s, e, n)];

describe('ringAreaKm2', () => {
  // Figures of PostGIS, ST_Area(ST_Segmentize(g, 0.1)::geography), on the side it measures right
  it('agrees with PostGIS below half the Earth', () => {
    const cases: [number[][][], number][] = [
      [box(0, 0, 1, 1), 12_308.47],
      [box(-180, 0, 180, 10), 44_093_973.51],
      [box(-90, -45, 90, 45), 179_931_192.83],
      [box(0, -85, 179.9, 85), 253_912_515.24],
    ];
    for (const [polygon, expected] of cases) {
      expect(Math.abs(ringAreaKm2(polygon[0]!) - expected) / expected).toBeLessThan(1e-6);
    }
  });

  it('is signed by orientation and gives the whole Earth for the whole-world box', () => {
    const ring = box(0, 0, 1, 1)[0]!;
    expect(ringAreaKm2([...ring].reverse())).toBeCloseTo(-ringAreaKm2(ring), 6);
    expect(EARTH_AREA_KM2).toBeCloseTo(510_065_621.7, 0);
    expect(ringAreaKm2(box(-180, -90, 180, 90)[0]!)).toBeCloseTo(EARTH_AREA_KM2, 3);
  });
});

describe('polygonProblem', () => {
  it('refuses parts over half the Earth: the whole world and near-whole-world boxes', () => {
    for (const polygon of [box(-180, -90, 180, 90), box(-180, -85, 180, 85), box(-179, -85, 179, 85)]) {
      expect(polygonProblem(polygon)).toMatchObject({
        reason: 'aoi.tooLarge',
        params: { max: Math.round(MAX_PART_AREA_KM2) },
      });
    }
  });

  it('keeps huge polygons the product holds: just under half the Earth, and a drawn one split at 180°', () => {
    expect(polygonProblem(box(0, -85, 179.9, 85))).toBeNull();
    expect(polygonProblem(box(-180, 0, 180, 10))).toBeNull();
    // 350° wide on a wrapped map: two parts once split at 180°, each under half the Earth
    expect(Math.abs(ringAreaKm2(box(0, -80, 350, 80)[0]!))).toBeGreaterThan(MAX_PART_AREA_KM2);
    expect(polygonProblem(box(0, -80, 350, 80))).toBeNull();
  });

  it('refuses edges between antipodal points, also those the split at 180° makes', () => {
    expect(polygonProblem(box(-10, -90, 10, 90))).toMatchObject({
      reason: 'aoi.antipodalEdge',
      params: { from: '10, -90', to: '10, 90' },
    });
    expect(
      polygonProblem([
        [
          [0, 0],
          [180, 0],
          [180, 10],
          [0, 10],
          [0, 0],
        ],
      ]),
    ).toMatchObject({ reason: 'aoi.antipodalEdge' });
    // (0, −10) → (200, 12.2…) passes (180, 10): the western piece has the edge (0, −10)–(180, 10)
    const y = -10 + (20 * 200) / 180;
    expect(
      polygonProblem([
        [
          [0, -10],
          [200, y],
          [200, 30],
          [0, 30],
          [0, -10],
        ],
      ]),
    ).toMatchObject({ reason: 'aoi.antipodalEdge' });
  });

  it('refuses polygons without area, and only those when not for storage', () => {
    expect(polygonProblem(box(0, 0, 1e-12, 1e-12))).toEqual({ reason: 'aoi.zeroArea' });
    expect(
      polygonProblem([
        [
          [0, 0],
          [1, 1],
          [2, 2],
          [0, 0],
        ],
      ]),
    ).toEqual({ reason: 'aoi.zeroArea' });
    // a bow tie's lobes cancel out: no area, but PostGIS names it better (self-intersection)
    expect(
      polygonProblem([
        [
          [0, 0],
          [1, 1],
          [1, 0],
          [0, 1],
          [0, 0],
        ],
      ]),
    ).toBeNull();
    expect(polygonProblem(box(-180, -90, 180, 90), false)).toBeNull();
    expect(polygonProblem(box(0, 0, 1e-12, 1e-12), false)).toEqual({ reason: 'aoi.zeroArea' });
  });
});

describe('partsProblem', () => {
  it('refuses parts that meet and together pass half the Earth, keeps disjoint ones', () => {
    expect(partsProblem([box(-180, -85, 0, 85), box(0, -85, 180, 85)])).toMatchObject({
      reason: 'aoi.tooLarge',
    });
    expect(partsProblem([box(-170, -85, -10, 85), box(10, -85, 170, 85)])).toBeNull();
    expect(partsProblem([box(0, 0, 1, 1), box(0.5, 0.5, 2, 2)])).toBeNull();
    // pieces beyond 180° are compared where the split moves them
    expect(partsProblem([box(-170, -85, 5, 85), box(180, -85, 360, 85)])).toMatchObject({
      reason: 'aoi.tooLarge',
    });
  });
});

describe('invalidReason', () => {
  it('turns PostGIS reasons into keys', () => {
    expect(invalidReason('Self-intersection[1 1]')).toEqual({
      reason: 'aoi.selfIntersection',
      params: { detail: 'Self-intersection[1 1]' },
    });
    expect(invalidReason('Too few points in geometry component[180 -90]')).toEqual({
      reason: 'aoi.tooFewPoints',
      params: { min: 4 },
    });
    expect(invalidReason('zero area')).toEqual({ reason: 'aoi.zeroArea' });
    expect(invalidReason(null)).toMatchObject({ reason: 'aoi.invalidGeometry' });
  });
});

/**
 * Independent of PostGIS: GeographicLib measures geodesic edges, so the rings are cut into pieces
 * of 0.01°, where a geodesic and a straight edge differ by millimetres.
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

describe('ringAreaKm2 and polygonsAreaKm2 against GeographicLib', () => {
  it('boxes and sloping polygons agree with GeographicLib within 1e-6 of their area', () => {
    const rings: Ring[] = [
      boxRing(0, 0, 1, 1),
      boxRing(10, 40, 20, 50),
      boxRing(-75, -60, -65, -50),
      boxRing(100, 70, 140, 84),
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
    const outer = boxRing(0, 0, 2, 2);
    expect(ringAreaKm2(outer)).toBeGreaterThan(0);
    expect(ringAreaKm2([...outer].reverse())).toBeCloseTo(-ringAreaKm2(outer), 6);
    const withHole = polygonsAreaKm2([[outer, boxRing(0.5, 0.5, 1.5, 1.5)]]);
    expect(withHole).toBeCloseTo(
      polygonsAreaKm2([[outer]]) - polygonsAreaKm2([[boxRing(0.5, 0.5, 1.5, 1.5)]]),
      6,
    );
  });
});
