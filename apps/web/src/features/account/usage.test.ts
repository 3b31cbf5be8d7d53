import { describe, expect, it } from 'vitest';
import {
  chartYears,
  dayLimitPercent,
  formatSize,
  monthlyTraffic,
  sizeUnitOf,
  usageRequestOfYear,
} from './usage';

const MiB = 1024 * 1024;

describe('formatSize', () => {
  it('steps from MB to GB to TB at 1024', () => {
    expect(formatSize(512 * MiB, 'en')).toBe('512.00 MB');
    expect(formatSize(1023 * MiB, 'en')).toBe('1,023.00 MB');
    expect(formatSize(1024 * MiB, 'en')).toBe('1.00 GB');
    expect(formatSize(1536 * MiB, 'en')).toBe('1.50 GB');
    expect(formatSize(1024 * 1024 * MiB, 'en')).toBe('1.00 TB');
    expect(formatSize(5 * 1024 ** 4 * 1024, 'en')).toBe('5,120.00 TB');
  });

  it('reads -1 as unlimited', () => {
    expect(formatSize(-1, 'en')).toBeNull();
  });

  it('shows a few tiles as 0.01 MB rather than nothing, and zero as zero', () => {
    expect(formatSize(20_000, 'en')).toBe('0.02 MB');
    expect(formatSize(300, 'en')).toBe('0.01 MB');
    expect(formatSize(0, 'en')).toBe('0.00 MB');
  });

  it('writes the number in the interface language', () => {
    expect(formatSize(2048 * 1024 * MiB, 'zh')).toBe('2.00 TB');
    expect(sizeUnitOf(3 * 1024 * MiB)).toBe('GB');
  });
});

describe('dayLimitPercent', () => {
  it('is what remains over the limit', () => {
    expect(dayLimitPercent({ dayFlowLimit: 1000, surplus: 250 })).toBe(25);
    expect(dayLimitPercent({ dayFlowLimit: 1000, surplus: 1000 })).toBe(100);
  });

  it('never goes below 0 and has none without a limit', () => {
    expect(dayLimitPercent({ dayFlowLimit: 1000, surplus: -20 })).toBe(0);
    expect(dayLimitPercent({ dayFlowLimit: -1, surplus: -1 })).toBeNull();
  });
});

describe('usage of a year', () => {
  it('asks for the whole UTC year', () => {
    expect(usageRequestOfYear(2025)).toEqual({
      cycle: 1,
      beginTime: '2025-01-01T00:00:00.000Z',
      endTime: '2025-12-31T23:59:59.999Z',
    });
  });

  it('adds the days of each month, ignoring other years and malformed dates', () => {
    const months = monthlyTraffic(
      [
        { date: '2025-01-03', value: 10 },
        { date: '2025-01-31', value: 5 },
        { date: '2025-12-01', value: 7 },
        { date: '2024-12-31', value: 99 },
        { date: 'yesterday', value: 99 },
      ],
      2025,
    );
    expect(months).toEqual([15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7]);
  });

  it('offers the server years newest first, else the current year', () => {
    expect(chartYears([2024, 2026, 2025, 2026], 2026)).toEqual([2026, 2025, 2024]);
    expect(chartYears([], 2026)).toEqual([2026]);
    expect(chartYears(undefined, 2026)).toEqual([2026]);
  });
});
