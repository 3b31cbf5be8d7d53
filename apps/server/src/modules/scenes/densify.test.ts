import { Geodesic } from 'geographiclib-geodesic';
import { describe, expect, it } from 'vitest';
import { Random } from '../weather';
import { DensifyBudget, DensifyLimitError, densifyRing, type Ring } from './densify';

/**
 * Issue 17 "The AOI is the drawn AOI": the deviation of each densified piece is measured here
 * independently of the implementation (which measures on a sphere): against the WGS 84 geodesic
 * between the piece's ends, computed by GeographicLib.
 */

const wgs84 = Geodesic.WGS84;

/** The distance (m) from a point to the WGS 84 geodesic arc between a and b. */
function distanceToGeodesic(point: number[], a: number[], b: number[]): number {
  const inverse = wgs84.Inverse(a[1]!, a[0]!, b[1]!, b[0]!);
  const length = inverse.s12 ?? 0;
  const at = (s: number) => {
    const q = wgs84.Direct(a[1]!, a[0]!, inverse.azi1 ?? 0, s);
    return wgs84.Inverse(point[1]!, point[0]!, q.lat2 ?? 0, q.lon2 ?? 0).s12 ?? 0;
  };
  // coarse samples, then a golden-section search around the nearest
  const samples = 8;
  let best = 0;
  for (let i = 1; i <= samples; i++) if (at((i * length) / samples) < at((best * length) / samples)) best = i;
  let lo = (Math.max(0, best - 1) * length) / samples;
  let hi = (Math.min(samples, best + 1) * length) / samples;
  const g = (Math.sqrt(5) - 1) / 2;
  for (let k = 0; k < 36; k++) {
    const m1 = hi - g * (hi - lo);
    const m2 = lo + g * (hi - lo);
    if (at(m1) < at(m2)) hi = m2;
    else lo = m1;
  }
  return at((lo + hi) / 2);
}

/** The largest distance of the straight pieces' points (tenth, quarters, middle) from their geodesics. */
function worstDeviation(ring: Ring): number {
  let worst = 0;
  for (let i = 1; i < ring.length; i++) {
    const a = ring[i - 1]!;
    const b = ring[i]!;
    for (const t of [0.1, 0.25, 0.5, 0.75, 0.9]) {
      const p = [a[0]! + t * (b[0]! - a[0]!), a[1]! + t * (b[1]! - a[1]!)];
      worst = Math.max(worst, distanceToGeodesic(p, a, b));
    }
  }
  return worst;
}

const box = (w: number, s: number, e: number, n: number): Ring => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
];

/** Whether `sub` appears in `ring` in order, position for position (the same numbers). */
function keepsPositions(sub: Ring, ring: Ring): boolean {
  let j = 0;
  for (const p of ring) if (j < sub.length && p[0] === sub[j]![0] && p[1] === sub[j]![1]) j++;
  return j === sub.length;
}

describe('densifyRing', { timeout: 60_000 }, () => {
  it('leaves a box on the equator and a meridian-only edge as they are', () => {
    const equator: Ring = [
      [0, 0],
      [1, 0],
      [1, 0.001],
      [0, 0.001],
      [0, 0],
    ];
    expect(densifyRing(equator)).toEqual(equator);
    // meridians are geodesics: only the 90° cap splits them
    const meridian: Ring = [
      [10, -80],
      [10, 80],
      [10.0001, 80],
      [10.0001, -80],
      [10, -80],
    ];
    expect(densifyRing(meridian)).toHaveLength(7);
  });

  it('a 1° box at 45° gets 6 positions more (4 pieces on each parallel), each piece within 10 m', () => {
    const ring = box(10, 45, 11, 46);
    const dense = densifyRing(ring);
    expect(dense).toHaveLength(11);
    expect(keepsPositions(ring, dense)).toBe(true);
    expect(worstDeviation(ring)).toBeGreaterThan(100);
    expect(worstDeviation(dense)).toBeLessThanOrEqual(10);
  });

  it('a 10° box: its pieces within 10 m of the geodesic, where the edges strayed by kilometres', () => {
    const ring = box(20, 30, 30, 40);
    const dense = densifyRing(ring);
    expect(keepsPositions(ring, dense)).toBe(true);
    expect(worstDeviation(ring)).toBeGreaterThan(5000);
    expect(worstDeviation(dense)).toBeLessThanOrEqual(10);
    expect(dense.length).toBeLessThan(200);
  });

  it('the world box at ±85°: bounded, and within 10 m everywhere', () => {
    const ring = box(-180, -85, 180, 85);
    const dense = densifyRing(ring);
    expect(keepsPositions(ring, dense)).toBe(true);
    expect(dense.length).toBeLessThan(2_500);
    expect(worstDeviation(dense)).toBeLessThanOrEqual(10);
    // no piece longer than 90° in longitude: none antipodal, none read the other way round
    for (let i = 1; i < dense.length; i++) {
      expect(Math.abs(dense[i]![0]! - dense[i - 1]![0]!)).toBeLessThanOrEqual(90);
    }
  });

  it('diagonal, high-latitude and unwrapped edges, at random: within 10 m, positions kept', () => {
    const seeded = new Random(17);
    const next = () => seeded.next();
    for (let n = 0; n < 25; n++) {
      const lon = -180 + 360 * next();
      const lat = -89 + 178 * next();
      const ring: Ring = [[lon, lat]];
      for (let k = 0; k < 3; k++) {
        ring.push([lon + (next() - 0.5) * 60, Math.max(-89.9, Math.min(89.9, lat + (next() - 0.5) * 40))]);
      }
      ring.push([lon, lat]);
      const dense = densifyRing(ring);
      expect(keepsPositions(ring, dense)).toBe(true);
      expect(worstDeviation(dense), JSON.stringify(ring)).toBeLessThanOrEqual(10);
    }
  });

  it('is idempotent: densifying twice inserts nothing more', () => {
    for (const ring of [box(-180, -85, 180, 85), box(20, 30, 30, 40), box(170, -10, 190, 10)]) {
      const once = densifyRing(ring);
      expect(densifyRing(once)).toEqual(once);
    }
  });

  it('stops at the budget, with the limit it was given', () => {
    expect(() => densifyRing(box(-180, -85, 180, 85), new DensifyBudget(1000))).toThrow(DensifyLimitError);
    const budget = new DensifyBudget(2_500);
    densifyRing(box(-180, -85, 180, 85), budget);
    expect(() => densifyRing(box(-180, -85, 180, 85), budget)).toThrow(/more than 2500 positions/);
  });
});
