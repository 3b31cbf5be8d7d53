import { dayIn } from './days';
import { dateTimeFormat } from './intl';

/**
 * Times travel in UTC (ISO 8601) and are shown in the user's zone — the account setting, else the
 * browser's — always with the offset, so a reader in another zone is never misled (DESIGN §4).
 * Views get the zone and these formatters from `useTimeFormat()` (features/auth): the zone is a
 * required argument here, so no view can fall back to the browser's by leaving it out.
 *
 * The browser's own zone: only for what is not a time shown to the user (the account's fallback,
 * the time-zone panel's "browser" entry, the default base map) or before an account is known.
 */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function partsOf(date: Date, timeZone: string) {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { get };
}

/** "GMT+08:00" → "UTC+08:00"; plain "GMT" (zero offset) → "UTC+00:00". */
function utcOffsetLabel(longOffset: string): string {
  const offset = longOffset.replace(/^GMT/, '');
  return `UTC${offset === '' ? '+00:00' : offset}`;
}

/**
 * `2025-11-22 15:04:05 UTC+08:00` (`2025-11-22 15:04 UTC+08:00` to the minute, where room is short);
 * an unparseable input comes back unchanged rather than "Invalid Date".
 */
export function formatDateTime(
  iso: string,
  timeZone: string,
  precision: 'second' | 'minute' = 'second',
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const { get } = partsOf(date, timeZone);
  const day = `${get('year')}-${get('month')}-${get('day')}`;
  const time = `${get('hour')}:${get('minute')}${precision === 'second' ? `:${get('second')}` : ''}`;
  return `${day} ${time} ${utcOffsetLabel(get('timeZoneName'))}`;
}

/** The zone's offset at an instant, `UTC+05:30` (the time-zone panel lists each zone with it). */
export function utcOffsetOf(timeZone: string, at: Date = new Date()): string {
  return utcOffsetLabel(partsOf(at, timeZone).get('timeZoneName'));
}

/** A zone the browser knows, else the browser's own (a stored account zone may be stale or mistyped). */
export function usableTimeZone(preferred: string | null | undefined): string {
  if (!preferred) return browserTimeZone();
  try {
    dateTimeFormat('en-US', { timeZone: preferred }); // throws for a zone the browser does not know
    return preferred;
  } catch {
    return browserTimeZone();
  }
}

/** The formatters of one zone, as views use them: every time with its offset, days of that zone. */
export interface TimeFormats {
  /** The zone every time is shown in (an IANA name the browser knows). */
  timeZone: string;
  /** `2025-11-22 15:04:05 UTC+08:00` */
  dateTime(iso: string): string;
  /** `2025-11-22 15:04 UTC+08:00`, where room is short */
  dateTimeToMinute(iso: string): string;
  /** `2025-11-22`: the calendar day of an instant in the zone (not the UTC day, not the browser's) */
  day(iso: string): string;
}

export function timeFormatsIn(timeZone: string): TimeFormats {
  return {
    timeZone,
    dateTime: (iso) => formatDateTime(iso, timeZone),
    dateTimeToMinute: (iso) => formatDateTime(iso, timeZone, 'minute'),
    day: (iso) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? iso : dayIn(date, timeZone);
    },
  };
}
