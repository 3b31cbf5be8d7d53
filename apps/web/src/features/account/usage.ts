import { type Language, Unlimited, type UsageRequest } from '@satportal/contract';
import { formatNumber } from '../../shared/format/numbers';

/** Spec 001 §9: sizes in MB, GB and TB, each step 1024 times the last. */
export const SizeUnits = ['MB', 'GB', 'TB'] as const;
export type SizeUnit = (typeof SizeUnits)[number];

const MiB = 1024 * 1024;

/** The unit a size reads best in: the largest of MB, GB, TB that keeps the value at 1 or more. */
export function sizeUnitOf(bytes: number): SizeUnit {
  let unit: SizeUnit = 'MB';
  let scaled = Math.abs(bytes) / MiB;
  for (const next of SizeUnits.slice(1)) {
    if (scaled < 1024) break;
    scaled /= 1024;
    unit = next;
  }
  return unit;
}

/** Bytes expressed in a unit (MB = 1024², GB = 1024³, TB = 1024⁴ bytes). */
export const inUnit = (bytes: number, unit: SizeUnit) => bytes / MiB / 1024 ** SizeUnits.indexOf(unit);

/**
 * A size of the usage box, `null` for −1 (unlimited, spec 001 §9): the caller says "Unlimited" in
 * the interface language. Two decimals, so a few tiles (kilobytes) still show as 0.01 MB, not 0.
 */
export function formatSize(bytes: number, language: Language): string | null {
  if (bytes === Unlimited) return null;
  const unit = sizeUnitOf(bytes);
  const value = inUnit(bytes, unit);
  const shown = value > 0 && value < 0.01 ? 0.01 : value;
  return `${formatNumber(shown, language, 2)} ${unit}`;
}

/**
 * Spec 001 §9: the day-limit percentage is what remains over the limit (100 on a fresh day, 0 when
 * spent); `null` without a limit. Whole percent, never below 0 (a last tile may overshoot the limit).
 */
export function dayLimitPercent(bill: { dayFlowLimit: number; surplus: number }): number | null {
  if (bill.dayFlowLimit === Unlimited || bill.dayFlowLimit <= 0) return null;
  if (bill.surplus === Unlimited) return 100;
  return Math.max(0, Math.min(100, Math.round((bill.surplus / bill.dayFlowLimit) * 100)));
}

/** The usage of one calendar year (UTC days, as the server counts them): the chart's period. */
export function usageRequestOfYear(year: number): UsageRequest {
  return {
    cycle: 1,
    beginTime: `${year}-01-01T00:00:00.000Z`,
    endTime: `${year}-12-31T23:59:59.999Z`,
  };
}

/** The chart's bars: bytes of each month of the year (January first), from the daily detail. */
export function monthlyTraffic(detail: readonly { date: string; value: number }[], year: number): number[] {
  const months = new Array<number>(12).fill(0);
  for (const { date, value } of detail) {
    const match = /^(\d{4})-(\d{2})-\d{2}$/.exec(date);
    if (!match || Number(match[1]) !== year) continue;
    const month = Number(match[2]) - 1;
    if (month >= 0 && month < 12) months[month] = (months[month] ?? 0) + value;
  }
  return months;
}

/** The years the selector offers: the server's (newest first), else the current one alone. */
export function chartYears(years: readonly number[] | undefined, currentYear: number): number[] {
  const known = [...new Set(years ?? [])].sort((a, b) => b - a);
  return known.length > 0 ? known : [currentYear];
}
