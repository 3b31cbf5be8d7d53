import { hashInts, Random } from './random';

/**
 * The clouds of the simulated world, which the archive simulator and the tasking forecast share.
 *
 * Cloud cover of a simulated optical scene: Beta-distributed around a mean that
 * follows the zonal climatology of cloud fraction (ISCCP / MODIS zonal means,
 * rounded): ≈ 60 % under the Intertropical Convergence Zone, ≈ 25–30 % under
 * the subtropical highs (the deserts), ≈ 65–70 % in the mid-latitude storm
 * tracks and over the polar seas, the tropical belt following the Sun north in
 * July and south in January (±7°), and mid-latitude winters cloudier than
 * summers (±8 points).
 *
 * The spread is Beta(m·κ, (1 − m)·κ) with κ = 1.6: U-shaped where the mean is
 * middling, as scene cloud fractions are (many scenes nearly clear, many
 * overcast, fewer half-cloudy), and skewed clear in the subtropics.
 */

export const CLOUD_CONCENTRATION = 1.6;

/** Day of the year, 0–365, of an instant (UTC). */
export function dayOfYear(time: number): number {
  const d = new Date(time);
  return (time - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000;
}

/** The climatological mean cloud fraction (0–1) at a latitude and day of the year. */
export function meanCloudFraction(lat: number, doy: number): number {
  const season = Math.sin((2 * Math.PI * (doy - 80)) / 365.25); // +1 near 21 June
  const itcz = 7 * season;
  const tropical = 0.3 * Math.exp(-(((lat - itcz) / 9) ** 2));
  // Subtropical highs, ≈ 25° from the ITCZ on either side.
  const subtropical =
    -0.17 * Math.exp(-(((lat - itcz - 25) / 8) ** 2)) - 0.17 * Math.exp(-(((lat - itcz + 25) / 8) ** 2));
  const a = Math.abs(lat);
  const stormTrack = 0.3 / (1 + Math.exp(-(a - 42) / 5));
  // Winter half-year: positive in the hemisphere's winter.
  const winter = lat >= 0 ? -season : season;
  const seasonal = a > 25 ? 0.08 * winter * Math.min(1, (a - 25) / 20) : 0;
  const m = 0.38 + tropical + subtropical + stormTrack + seasonal;
  return Math.min(0.85, Math.max(0.08, m));
}

/** A cloud cover draw, percent 0–100 rounded to 0.01. */
export function drawCloudCover(random: Random, lat: number, time: number): number {
  const m = meanCloudFraction(lat, dayOfYear(time));
  const f = random.beta(m * CLOUD_CONCENTRATION, (1 - m) * CLOUD_CONCENTRATION);
  return Math.round(f * 10_000) / 100;
}

/** Weather cells: 1° of latitude and longitude (about a weather system's size), 6-hour periods. */
const CELL_DEG = 1;
const PERIOD_MS = 6 * 3_600_000;
/** Keeps the weather's draws apart from any other use of `hashInts`. */
const WEATHER_SALT = 0x57ea7e;

/**
 * The cloud cover at a place and instant, percent 0–100 to 0.01: one Beta draw around the
 * climatology per weather cell and period, seeded by the cell and period alone, so the same place
 * and time always has the same clouds (a tasking forecast, and later the capture that follows it,
 * read the same sky). Independent of the archive simulator's draws, which stay as they were.
 */
export function cloudCoverAt(lon: number, lat: number, time: number): number {
  const row = Math.min(179, Math.max(0, Math.floor((lat + 90) / CELL_DEG)));
  const column = (((Math.floor((lon + 180) / CELL_DEG) % 360) + 360) % 360) >>> 0;
  const period = Math.floor(time / PERIOD_MS);
  // Periods before 1970 are negative; hashInts takes non-negative integers.
  const random = new Random(hashInts(WEATHER_SALT, row, column, period >= 0 ? 2 * period : -2 * period - 1));
  const cellLat = -90 + (row + 0.5) * CELL_DEG;
  const m = meanCloudFraction(cellLat, dayOfYear((period + 0.5) * PERIOD_MS));
  const f = random.beta(m * CLOUD_CONCENTRATION, (1 - m) * CLOUD_CONCENTRATION);
  return Math.round(f * 10_000) / 100;
}
