import { describe, expect, it } from 'vitest';
import { CLOUD_CONCENTRATION, cloudCoverAt, dayOfYear, meanCloudFraction } from '../../weather';
import { clearSkyProbability, climatologicalClearChance, regularisedBeta } from './clear-sky';

describe('regularisedBeta', () => {
  it('matches closed forms', () => {
    for (const x of [0.01, 0.2, 0.5, 0.77, 0.99]) {
      expect(regularisedBeta(x, 1, 1)).toBeCloseTo(x, 10);
      expect(regularisedBeta(x, 3, 1)).toBeCloseTo(x ** 3, 10);
      expect(regularisedBeta(x, 1, 4)).toBeCloseTo(1 - (1 - x) ** 4, 10);
      // Beta(½, ½) is the arcsine law.
      expect(regularisedBeta(x, 0.5, 0.5)).toBeCloseTo((2 / Math.PI) * Math.asin(Math.sqrt(x)), 9);
      expect(regularisedBeta(x, 0.7, 2.3)).toBeCloseTo(1 - regularisedBeta(1 - x, 2.3, 0.7), 10);
    }
    expect(regularisedBeta(0, 2, 2)).toBe(0);
    expect(regularisedBeta(1, 2, 2)).toBe(1);
  });

  it('agrees with the share of the weather model’s own draws under the limit', () => {
    // Beijing's cell over a year of 6-hour periods: the drawn sky's share at or below 15 %.
    const lat = 40.5;
    const start = Date.UTC(2026, 0, 1);
    let under = 0;
    let expected = 0;
    const n = 1460;
    for (let k = 0; k < n; k++) {
      const t = start + k * 6 * 3_600_000 + 3 * 3_600_000;
      if (cloudCoverAt(116.5, lat, t) <= 15) under++;
      const m = meanCloudFraction(lat, dayOfYear(t));
      expected += regularisedBeta(0.15, m * CLOUD_CONCENTRATION, (1 - m) * CLOUD_CONCENTRATION);
    }
    // Binomial spread of 1,460 draws: σ ≈ 0.012; 4σ.
    expect(Math.abs(under / n - expected / n)).toBeLessThan(0.05);
  });
});

describe('clearSkyProbability', () => {
  const now = Date.UTC(2026, 10, 28, 12);
  const place = { lon: 116.5, lat: 40.5 };
  it('is the forecast’s verdict near the day and climatology far from it', () => {
    const time = now + 3_600_000;
    const verdict = cloudCoverAt(place.lon, place.lat, time) <= 15 ? 1 : 0;
    expect(clearSkyProbability({ ...place, maxCloudPercent: 15, time, now })).toBeCloseTo(verdict, 1);
    const far = now + 40 * 86_400_000;
    expect(clearSkyProbability({ ...place, maxCloudPercent: 15, time: far, now })).toBeCloseTo(
      climatologicalClearChance(15, place.lat, far),
      4,
    );
  });

  it('is certain with no cloud limit and grows with the limit', () => {
    const time = now + 10 * 86_400_000;
    expect(clearSkyProbability({ ...place, maxCloudPercent: 100, time, now })).toBe(1);
    const p = [5, 15, 40, 80].map((maxCloudPercent) =>
      clearSkyProbability({ ...place, maxCloudPercent, time, now }),
    );
    expect([...p].sort((a, b) => a - b)).toEqual(p);
  });
});
