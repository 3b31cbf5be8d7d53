import { describe, expect, it } from 'vitest';
import { browserTimeZone, formatDateTime, timeFormatsIn, usableTimeZone, utcOffsetOf } from './dates';

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

describe('formatDateTime across daylight saving and unusual offsets', () => {
  it('follows the clock change of a DST zone', () => {
    // Europe/Berlin springs forward at 01:00 UTC on 2025-03-30: 01:59 CET is followed by 03:00 CEST.
    expect(formatDateTime('2025-03-30T00:59:00Z', 'Europe/Berlin', 'minute')).toBe(
      '2025-03-30 01:59 UTC+01:00',
    );
    expect(formatDateTime('2025-03-30T01:00:00Z', 'Europe/Berlin', 'minute')).toBe(
      '2025-03-30 03:00 UTC+02:00',
    );
    // …and falls back at 01:00 UTC on 2025-10-26: 02:30 happens twice, told apart by the offset.
    expect(formatDateTime('2025-10-26T00:30:00Z', 'Europe/Berlin', 'minute')).toBe(
      '2025-10-26 02:30 UTC+02:00',
    );
    expect(formatDateTime('2025-10-26T01:30:00Z', 'Europe/Berlin', 'minute')).toBe(
      '2025-10-26 02:30 UTC+01:00',
    );
  });

  it('keeps southern-hemisphere summer time and negative half hours', () => {
    expect(formatDateTime('2025-01-15T00:00:00Z', 'Australia/Adelaide', 'minute')).toBe(
      '2025-01-15 10:30 UTC+10:30',
    );
    expect(formatDateTime('2025-07-15T00:00:00Z', 'Australia/Adelaide', 'minute')).toBe(
      '2025-07-15 09:30 UTC+09:30',
    );
    expect(formatDateTime('2025-01-15T12:00:00Z', 'America/St_Johns', 'minute')).toBe(
      '2025-01-15 08:30 UTC-03:30',
    );
  });

  it('keeps quarter-hour offsets and crosses the date line', () => {
    expect(formatDateTime('2025-01-01T00:00:00Z', 'Asia/Kathmandu', 'minute')).toBe(
      '2025-01-01 05:45 UTC+05:45',
    );
    expect(formatDateTime('2025-01-01T12:00:00Z', 'Pacific/Chatham', 'minute')).toBe(
      '2025-01-02 01:45 UTC+13:45',
    );
    expect(formatDateTime('2025-01-01T00:30:00Z', 'Pacific/Pago_Pago', 'minute')).toBe(
      '2024-12-31 13:30 UTC-11:00',
    );
  });

  it('writes the same digits whatever the interface language (no Chinese calendar words or 12-hour clock)', () => {
    // The helper is language-neutral by design: "2025-11-22 15:04 UTC+08:00" reads the same in en and zh.
    const zh = new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', hour: 'numeric' }).format(
      new Date('2025-11-22T07:04:05Z'),
    );
    expect(zh).not.toBe('15');
    expect(formatDateTime('2025-11-22T07:04:05Z', 'Asia/Shanghai', 'minute')).toBe(
      '2025-11-22 15:04 UTC+08:00',
    );
  });
});

describe('utcOffsetOf', () => {
  it('gives the offset a zone has at an instant', () => {
    expect(utcOffsetOf('Europe/London', new Date('2025-01-10T12:00:00Z'))).toBe('UTC+00:00');
    expect(utcOffsetOf('Europe/London', new Date('2025-07-10T12:00:00Z'))).toBe('UTC+01:00');
    expect(utcOffsetOf('Asia/Kolkata', new Date('2025-07-10T12:00:00Z'))).toBe('UTC+05:30');
    expect(utcOffsetOf('UTC', new Date('2025-07-10T12:00:00Z'))).toBe('UTC+00:00');
  });
});

describe('timeFormatsIn', () => {
  // A January and a July instant in one list: the account zone's offset of each instant, whatever the browser's zone.
  const list = ['2025-01-15T12:00:00Z', '2025-07-15T12:00:00Z'];

  it("writes each instant with the account zone's offset at that instant, summer time included", () => {
    const berlin = timeFormatsIn('Europe/Berlin');
    expect(list.map(berlin.dateTime)).toEqual([
      '2025-01-15 13:00:00 UTC+01:00',
      '2025-07-15 14:00:00 UTC+02:00',
    ]);
    const shanghai = timeFormatsIn('Asia/Shanghai');
    expect(list.map(shanghai.dateTimeToMinute)).toEqual([
      '2025-01-15 20:00 UTC+08:00',
      '2025-07-15 20:00 UTC+08:00',
    ]);
  });

  it("uses the zone it is given, never the browser's", () => {
    const browser = browserTimeZone();
    const other = browser === 'Asia/Shanghai' ? 'America/New_York' : 'Asia/Shanghai';
    const formats = timeFormatsIn(other);
    expect(formats.timeZone).toBe(other);
    expect(formats.dateTime(list[0] ?? '')).toBe(formatDateTime(list[0] ?? '', other));
    expect(formats.dateTime(list[0] ?? '')).not.toBe(formatDateTime(list[0] ?? '', browser));
  });

  it("gives the account zone's calendar day of an instant", () => {
    // 20:30 UTC on 31 December is already New Year's Day in Shanghai and still 31 December in New York.
    expect(timeFormatsIn('Asia/Shanghai').day('2024-12-31T20:30:00Z')).toBe('2025-01-01');
    expect(timeFormatsIn('America/New_York').day('2024-12-31T20:30:00Z')).toBe('2024-12-31');
    expect(timeFormatsIn('UTC').day('not a date')).toBe('not a date');
  });
});
