import { describe, expect, it } from 'vitest';
import { boxPolygon } from '../../orbits/footprint';
import { ringAreaKm2, ringContains } from '../../scenes/storable';
import { coverageArea } from './coverage';
import { coverageSample, sampledShare } from './coverage-sample';

/** A box's rings, as GeoJSON writes them. */
const box = (w: number, s: number, e: number, n: number) => boxPolygon(w, s, e, n).coordinates;

describe('the coverage sample', () => {
  it('spreads its points evenly by area: a band holds the share of them its area holds', () => {
    // 0–80° N: the band north of 60° is 12 % of the area but 25 % of the latitudes.
    const area = coverageArea({ coordinates: [box(10, 0, 40, 80)] });
    const sample = coverageSample(area, 4000);
    expect(sample.lon).toHaveLength(4000);
    const north = sample.lat.filter((y) => y > 60).length / sample.lat.length;
    const expected = ringAreaKm2(box(10, 60, 40, 80)[0]!) / ringAreaKm2(box(10, 0, 40, 80)[0]!);
    expect(expected).toBeGreaterThan(0.1);
    expect(Math.abs(north - expected)).toBeLessThan(0.005);
    // The weights add up to the area, and every point covered is 100 %.
    const total = sample.weightKm2.reduce((s, w) => s + w, 0);
    expect(total / area.areaKm2).toBeCloseTo(1, 9);
    expect(sampledShare(sample, total)).toBeCloseTo(100, 9);
  });

  it('keeps its points inside the AOI, out of its holes, shared among its parts by area', () => {
    const ring = [
      [0, 0],
      [10, 0],
      [0, 10],
      [0, 0],
    ];
    const hole = [
      [1, 1],
      [1, 3],
      [3, 1],
      [1, 1],
    ];
    const area = coverageArea({ coordinates: [[ring, hole], box(50, 20, 51, 21)] });
    const sample = coverageSample(area);
    const inTriangle = sample.lon.map((x, i) => ringContains(ring, x, sample.lat[i]!));
    const inHole = sample.lon.map((x, i) => ringContains(hole, x, sample.lat[i]!));
    const inBox = sample.lon.map(
      (x, i) => x >= 50 && x <= 51 && sample.lat[i]! >= 20 && sample.lat[i]! <= 21,
    );
    expect(inTriangle.every((t, i) => t !== inBox[i])).toBe(true);
    expect(inHole.some(Boolean)).toBe(false);
    const boxShare = area.partsKm2[1]! / area.areaKm2;
    expect(inBox.filter(Boolean).length).toBe(Math.round(2000 * boxShare));
  });

  it('is the same for the same AOI, so a search answers the same figure twice', () => {
    const area = () => coverageArea({ coordinates: [box(-3, 40, 5, 47)] });
    expect(coverageSample(area())).toEqual(coverageSample(area()));
  });
});
