import { describe, expect, it } from 'vitest';
import { LandMask, landMask } from './land-mask';

describe('land mask (Natural Earth 1:50m, 0.05° raster)', () => {
  const mask = landMask();

  it('knows land from sea at known places, across the antimeridian and at the poles', () => {
    const land: [string, number, number][] = [
      ['Paris', 48.85, 2.35],
      ['Sahara', 23, 10],
      ['Amazonia', -5, -60],
      ['Tibet', 32, 88],
      ['Greenland ice sheet', 75, -40],
      ['Antarctic interior', -80, 30],
      ['South Pole', -89.9, 0],
      ['Chukotka, west of 180°', 67, 178],
      ['Chukotka, east of 180°', 66, -175],
      ['Viti Levu (Fiji)', -17.8, 178],
      ['Hawaii (Big Island)', 19.6, -155.5],
      ['Sydney', -33.8, 151.0],
    ];
    const sea: [string, number, number][] = [
      ['mid-Atlantic', 30, -40],
      ['equatorial Pacific', 0, -150],
      ['Mediterranean', 35, 18],
      ['Caspian Sea', 42, 50.5],
      ['Black Sea', 43, 34],
      ['North Pole', 89.9, 0],
      ['Bering Sea at 180°', 58, 180],
      ['Bering Sea at −180°', 58, -180],
      ['Southern Ocean', -60, -120],
    ];
    for (const [name, lat, lon] of land) expect(mask.isLand(lat, lon), name).toBe(true);
    for (const [name, lat, lon] of sea) expect(mask.isLand(lat, lon), name).toBe(false);
  });

  it('covers 29 % of the globe, as Natural Earth’s land does (lakes other than the Caspian count as land)', () => {
    const share = mask.landFraction();
    expect(share).toBeGreaterThan(0.28);
    expect(share).toBeLessThan(0.3);
  });

  it('rasterises rings that cross the antimeridian or enclose a pole', () => {
    // A square from 170° E to 170° W, written across the antimeridian, and a cap around the South Pole.
    const m = LandMask.fromRings(
      [
        [
          [170, 10],
          [-170, 10],
          [-170, 20],
          [170, 20],
          [170, 10],
        ],
        [
          [-180, -80],
          [-90, -80],
          [0, -80],
          [90, -80],
          [180, -80],
        ],
      ],
      0.5,
    );
    expect(m.isLand(15, 175)).toBe(true);
    expect(m.isLand(15, -175)).toBe(true);
    expect(m.isLand(15, 179.9)).toBe(true);
    expect(m.isLand(15, 0)).toBe(false);
    expect(m.isLand(15, 165)).toBe(false);
    expect(m.isLand(-85, 45)).toBe(true);
    expect(m.isLand(-75, 45)).toBe(false);
  });
});
