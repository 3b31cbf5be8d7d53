import { describe, expect, it } from 'vitest';
import { CLOUD_CONCENTRATION, cloudCoverAt, dayOfYear, drawCloudCover, meanCloudFraction } from './clouds';
import { Random } from './random';

describe('cloud cover', () => {
  it('follows the zonal climatology: cloudy tropics and storm tracks, clearer subtropics', () => {
    const july = dayOfYear(Date.parse('2025-07-15T00:00:00Z'));
    const january = dayOfYear(Date.parse('2025-01-15T00:00:00Z'));
    expect(meanCloudFraction(0, july)).toBeGreaterThan(0.5);
    expect(meanCloudFraction(55, july)).toBeGreaterThan(0.55);
    expect(meanCloudFraction(-55, july)).toBeGreaterThan(0.7); // southern winter
    // Sahara / Arabia in July, Kalahari / Australia in January: the driest.
    expect(meanCloudFraction(30, july)).toBeLessThan(0.3);
    expect(meanCloudFraction(-30, january)).toBeLessThan(0.3);
    // The ITCZ follows the Sun: 10° N is cloudier in July than in January.
    expect(meanCloudFraction(10, july)).toBeGreaterThan(meanCloudFraction(10, january) + 0.2);
    for (let lat = -90; lat <= 90; lat += 5) {
      for (const d of [0, 100, 200, 300]) {
        expect(meanCloudFraction(lat, d)).toBeGreaterThanOrEqual(0.08);
        expect(meanCloudFraction(lat, d)).toBeLessThanOrEqual(0.85);
      }
    }
  });

  it('draws percentages from a Beta around that mean, U-shaped where the mean is middling', () => {
    const random = new Random(42);
    const time = Date.parse('2025-07-15T10:00:00Z');
    const lat = 48;
    const draws = Array.from({ length: 20_000 }, () => drawCloudCover(random, lat, time));
    const mean = draws.reduce((a, b) => a + b, 0) / draws.length / 100;
    expect(mean).toBeCloseTo(meanCloudFraction(lat, dayOfYear(time)), 1);
    for (const d of draws) {
      expect(d).toBeGreaterThanOrEqual(0);
      expect(d).toBeLessThanOrEqual(100);
      expect(Math.abs(Math.round(d * 100) - d * 100)).toBeLessThan(1e-6);
    }
    const clear = draws.filter((d) => d < 10).length / draws.length;
    const overcast = draws.filter((d) => d > 90).length / draws.length;
    const half = draws.filter((d) => d >= 45 && d < 55).length / draws.length;
    expect(clear).toBeGreaterThan(half);
    expect(overcast).toBeGreaterThan(half);
    expect(CLOUD_CONCENTRATION).toBeGreaterThan(1);
  });

  it('gives a place and instant the same sky every time: one draw per 1° cell and 6-hour period', () => {
    const t = Date.parse('2026-11-26T03:12:00Z');
    const beijing = cloudCoverAt(116.5, 40.1, t);
    expect(cloudCoverAt(116.5, 40.1, t)).toBe(beijing);
    // Same cell, same period: same clouds; another period or cell: a draw of its own.
    expect(cloudCoverAt(116.9, 40.9, Date.parse('2026-11-26T05:59:00Z'))).toBe(beijing);
    const others = [
      cloudCoverAt(116.5, 40.1, Date.parse('2026-11-26T06:00:00Z')),
      cloudCoverAt(117.5, 40.1, t),
      cloudCoverAt(116.5, 41.1, t),
    ];
    expect(new Set([beijing, ...others]).size).toBe(4);
    // Across ±180° and at the poles the cells stay defined.
    expect(cloudCoverAt(180, 0, t)).toBe(cloudCoverAt(-180, 0, t));
    expect(cloudCoverAt(0, 90, t)).toBeGreaterThanOrEqual(0);
    expect(cloudCoverAt(0, -90, Date.parse('1969-07-20T20:17:00Z'))).toBeLessThanOrEqual(100);
  });

  it('follows the climatology over many cells and periods', () => {
    const july = Date.parse('2025-07-01T00:00:00Z');
    const sample = (lat: number) => {
      const draws: number[] = [];
      for (let lon = -180; lon < 180; lon += 3) {
        for (let period = 0; period < 30 * 4; period += 4)
          draws.push(cloudCoverAt(lon, lat, july + period * 21_600_000));
      }
      return draws.reduce((a, b) => a + b, 0) / draws.length / 100;
    };
    // Cell centres: 29.5° N and 55.5° N.
    expect(sample(29.2)).toBeCloseTo(meanCloudFraction(29.5, dayOfYear(july + 15 * 86_400_000)), 1);
    expect(sample(55.2)).toBeCloseTo(meanCloudFraction(55.5, dayOfYear(july + 15 * 86_400_000)), 1);
    expect(sample(55.2)).toBeGreaterThan(sample(29.2) + 0.2);
  });
});
