import { describe, expect, it } from 'vitest';
import { isTipSuppressed, nextMidnight, startOfDayIn } from './noTip';

describe('no-archive dialog: don’t remind again (noTipTime, spec 000 §2)', () => {
  it('holds until the next midnight of the user’s time zone, not the browser’s', () => {
    // 23:30 in Shanghai: midnight is half an hour away there, though it is 15:30 in UTC.
    const now = new Date('2026-11-22T15:30:00Z');
    expect(new Date(nextMidnight(now, 'Asia/Shanghai')).toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(new Date(nextMidnight(now, 'UTC')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    // 02:00 on the 23rd at UTC+14: the next midnight is that of the 24th.
    expect(new Date(nextMidnight(now, 'Pacific/Kiritimati')).toISOString()).toBe('2026-11-23T10:00:00.000Z');
  });

  it('follows daylight saving time', () => {
    // New York leaves DST on 1 November 2026: that midnight is still EDT, the next one EST.
    expect(new Date(nextMidnight(new Date('2026-10-31T12:00:00Z'), 'America/New_York')).toISOString()).toBe(
      '2026-11-01T04:00:00.000Z',
    );
    expect(new Date(nextMidnight(new Date('2026-11-01T12:00:00Z'), 'America/New_York')).toISOString()).toBe(
      '2026-11-02T05:00:00.000Z',
    );
  });

  it('finds the first instant of a day whose clocks jump over midnight', () => {
    // Beirut and Santiago begin DST at 00:00 → 01:00: the day starts at 01:00 local time.
    expect(new Date(startOfDayIn('2026-03-29', 'Asia/Beirut')).toISOString()).toBe(
      '2026-03-28T22:00:00.000Z',
    );
    expect(new Date(startOfDayIn('2026-09-06', 'America/Santiago')).toISOString()).toBe(
      '2026-09-06T04:00:00.000Z',
    );
  });

  it('suppresses the dialog only while the stored time is in the future', () => {
    const now = new Date('2026-11-22T15:30:00Z');
    const until = nextMidnight(now, 'Asia/Shanghai');
    expect(isTipSuppressed(String(until), now)).toBe(true);
    expect(isTipSuppressed(String(until), new Date(until - 1))).toBe(true);
    expect(isTipSuppressed(String(until), new Date(until))).toBe(false);
    expect(isTipSuppressed(null, now)).toBe(false);
    expect(isTipSuppressed('garbage', now)).toBe(false);
    expect(isTipSuppressed('', now)).toBe(false);
  });
});
