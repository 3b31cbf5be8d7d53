import { dateTimeFormat } from './intl';

/**
 * Times travel in UTC (ISO 8601) and are shown in the user's zone — the account setting, else the
 * browser's — always with the offset, so a reader in another zone is never misled (DESIGN §4).
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
  timeZone: string = browserTimeZone(),
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
