import { CLOUD_CONCENTRATION, cloudCoverAt, dayOfYear, meanCloudFraction } from '../../weather';

/**
 * The chance that a pass sees a place clear enough: its cloud cover at or below the customer's
 * limit (`cc`). The simulated world's sky is drawn from a Beta distribution around the cloud
 * climatology of the latitude and season (weather/clouds.ts), so the climatological chance is that
 * distribution's CDF at the limit. A forecast knows more close to the day: the weather module's
 * drawn sky is taken as the forecast and trusted with a weight that decays with the lead time
 * (e-folding `FORECAST_SKILL_DAYS`, about where real cloud forecasts lose their skill), so a pass
 * tomorrow is nearly certain either way and one in three weeks is climatology.
 */

export const FORECAST_SKILL_DAYS = 3;
const dayMs = 86_400_000;

/** ln Γ(x) for x > 0 (Lanczos, g = 7, 9 terms: ~15 significant digits). */
function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = c[0] as number;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += (c[i] as number) / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** The continued fraction of the incomplete beta function (modified Lentz). */
function betaContinuedFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-12) break;
  }
  return h;
}

/** The regularised incomplete beta function I_x(a, b): the CDF of Beta(a, b) at x. */
export function regularisedBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  // The fraction converges fast on this side of the mean; the other side by symmetry.
  return x < (a + 1) / (a + b + 2)
    ? (front * betaContinuedFraction(x, a, b)) / a
    : 1 - (front * betaContinuedFraction(1 - x, b, a)) / b;
}

/** The climatological chance that the cloud cover at a latitude and instant is at most `maxCloudPercent`. */
export function climatologicalClearChance(maxCloudPercent: number, lat: number, time: number): number {
  const m = meanCloudFraction(lat, dayOfYear(time));
  return regularisedBeta(maxCloudPercent / 100, m * CLOUD_CONCENTRATION, (1 - m) * CLOUD_CONCENTRATION);
}

export interface ClearSkyQuestion {
  maxCloudPercent: number;
  lon: number;
  lat: number;
  /** The pass's best instant, ms. */
  time: number;
  /** When the question is asked, ms: the forecast's lead time runs from here. */
  now: number;
}

/**
 * The clear-sky probability of a pass at a place: the forecast's verdict (its drawn cloud cover
 * within the limit or not) weighted by exp(−lead / FORECAST_SKILL_DAYS), climatology for the rest.
 */
export function clearSkyProbability(q: ClearSkyQuestion): number {
  if (q.maxCloudPercent >= 100) return 1;
  const lead = Math.max(0, (q.time - q.now) / dayMs);
  const trust = Math.exp(-lead / FORECAST_SKILL_DAYS);
  const forecast = cloudCoverAt(q.lon, q.lat, q.time) <= q.maxCloudPercent ? 1 : 0;
  return trust * forecast + (1 - trust) * climatologicalClearChance(q.maxCloudPercent, q.lat, q.time);
}
