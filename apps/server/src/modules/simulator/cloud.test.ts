import { describe, expect, it } from 'vitest';
import { CLOUD_CONCENTRATION, dayOfYear, drawCloudCover, meanCloudFraction } from './cloud';
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
});
