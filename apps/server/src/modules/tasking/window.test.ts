import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/api-error';
import { taskingWindow } from './tasking.service';

/** The 15-day rule and the window's days in the user's time zone (spec 000 §5, issue 13). */

// 12:00 UTC: 02:00 on the 26th at Kiritimati (UTC+14), 01:00 on the 25th at Pago Pago (UTC−11).
const now = new Date('2026-11-25T12:00:00Z');
const kiritimati = 'Pacific/Kiritimati';
const pagoPago = 'Pacific/Pago_Pago';

const window = (fdate: string, tdate: string, zone: string | null, at = now) =>
  taskingWindow({ satIds: [1], condition: { fdate, tdate, cc: 15, ac: 100, ona: 25, sza: 0 } }, at, zone);

/** The refusal's message key and params, or 'ok'. */
function verdict(
  fdate: string,
  tdate: string,
  zone: string | null,
): string | { key: string; params: unknown } {
  try {
    window(fdate, tdate, zone);
    return 'ok';
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return { key: e.messageKey, params: e.details.params };
  }
}

describe('taskingWindow in the user’s time zone', () => {
  it('counts 15 days from the user’s today: the same instant is another day at Kiritimati than at Pago Pago', () => {
    // The 11th of December is 15 days after Kiritimati's today (26th), 16 after Pago Pago's (25th).
    expect(verdict('2026-12-11', '2026-12-12', kiritimati)).toBe('ok');
    expect(verdict('2026-12-11', '2026-12-12', pagoPago)).toEqual({
      key: 'search.exceed15',
      params: { days: 15 },
    });
    expect(verdict('2026-12-10', '2026-12-12', pagoPago)).toBe('ok');
    // UTC's today (25th) for an account without a zone.
    expect(verdict('2026-12-11', '2026-12-12', null)).toMatchObject({ key: 'search.exceed15' });
    expect(verdict('2026-12-10', '2026-12-12', null)).toBe('ok');
  });

  it('allows a start from the user’s yesterday, not before', () => {
    expect(verdict('2026-11-24', '2026-11-26', pagoPago)).toBe('ok');
    expect(verdict('2026-11-24', '2026-11-26', kiritimati)).toEqual({
      key: 'search.dateOutOfRange',
      params: { min: '2026-11-25', max: '2026-12-11' },
    });
    expect(verdict('2026-11-23', '2026-11-26', pagoPago)).toEqual({
      key: 'search.dateOutOfRange',
      params: { min: '2026-11-24', max: '2026-12-10' },
    });
  });

  it('runs from the start day’s local midnight to the local midnight after the end day', () => {
    const iso = (w: { from: Date; to: Date }) => [w.from.toISOString(), w.to.toISOString()];
    expect(iso(window('2026-11-27', '2026-11-28', kiritimati))).toEqual([
      '2026-11-26T10:00:00.000Z',
      '2026-11-28T10:00:00.000Z',
    ]);
    expect(iso(window('2026-11-27', '2026-11-28', pagoPago))).toEqual([
      '2026-11-27T11:00:00.000Z',
      '2026-11-29T11:00:00.000Z',
    ]);
    expect(iso(window('2026-11-27', '2026-11-28', null))).toEqual([
      '2026-11-27T00:00:00.000Z',
      '2026-11-29T00:00:00.000Z',
    ]);
    // Today's window begins now, in any zone.
    expect(window('2026-11-25', '2026-11-25', pagoPago).from.toISOString()).toBe(now.toISOString());
    // Across a clock change: Berlin's 29 March 2026 has 23 hours.
    expect(
      iso(window('2026-03-29', '2026-03-29', 'Europe/Berlin', new Date('2026-03-28T12:00:00Z'))),
    ).toEqual(['2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
  });

  it('keeps its other rules and keys', () => {
    expect(verdict('2026-11-28', '2026-11-27', kiritimati)).toMatchObject({ key: 'search.exceedTime' });
    expect(verdict('2026-11-27', '2026-12-28', kiritimati)).toEqual({
      key: 'search.exceed30',
      params: { days: 30 },
    });
    expect(verdict('2026-02-30', '2026-12-28', kiritimati)).toMatchObject({ key: 'search.invalidDate' });
  });
});
