import { describe, expect, it } from 'vitest';
import { formatDateTime, usableTimeZone } from './dates';

describe('formatDateTime', () => {
  it('shows the time in the given zone with its offset', () => {
    expect(formatDateTime('2025-11-22T07:04:05Z', 'Asia/Shanghai')).toBe('2025-11-22 15:04:05 UTC+08:00');
    expect(formatDateTime('2025-07-01T12:00:00Z', 'America/New_York')).toBe('2025-07-01 08:00:00 UTC-04:00');
  });

  it('writes the zero offset explicitly', () => {
    expect(formatDateTime('2025-01-01T00:00:00.000Z', 'UTC')).toBe('2025-01-01 00:00:00 UTC+00:00');
  });

  it('keeps half-hour offsets', () => {
    expect(formatDateTime('2025-01-01T00:00:00Z', 'Asia/Kolkata')).toBe('2025-01-01 05:30:00 UTC+05:30');
  });

  it('stops at the minute when asked, still with the offset', () => {
    expect(formatDateTime('2024-08-03T18:00:11Z', 'Asia/Shanghai', 'minute')).toBe(
      '2024-08-04 02:00 UTC+08:00',
    );
  });

  it('returns an unparseable input unchanged', () => {
    expect(formatDateTime('not a date', 'UTC')).toBe('not a date');
  });
});

describe('usableTimeZone', () => {
  it('keeps a known zone and replaces an unknown or missing one with the browser zone', () => {
    expect(usableTimeZone('Europe/Paris')).toBe('Europe/Paris');
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(usableTimeZone('Mars/Olympus')).toBe(browser);
    expect(usableTimeZone(null)).toBe(browser);
  });
});
