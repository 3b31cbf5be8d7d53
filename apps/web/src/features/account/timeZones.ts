import { utcOffsetOf } from '../../shared/format/dates';

/**
 * The zones the time-zone panel offers: the browser's IANA names (~420, spec 001 §2), plus UTC,
 * which some engines leave out of `supportedValuesOf` although they format with it.
 */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return names.includes('UTC') ? [...names] : ['UTC', ...names];
}

export interface TimeZoneEntry {
  name: string;
  /** `UTC+08:00` now: shown beside the name and searchable */
  offset: string;
}

export const timeZoneEntries = (names: readonly string[], at: Date = new Date()): TimeZoneEntry[] =>
  names.map((name) => ({ name, offset: utcOffsetOf(name, at) }));

/**
 * The entries matching the filter box: every word of it must occur in the name or the offset,
 * case and the underscore of IANA names aside ("new york", "utc+05:30", "asia shang").
 */
export function filterTimeZones(entries: readonly TimeZoneEntry[], filter: string): TimeZoneEntry[] {
  const words = normalise(filter).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  return entries.filter((entry) => {
    const text = `${normalise(entry.name)} ${entry.offset.toLowerCase()}`;
    return words.every((word) => text.includes(word));
  });
}

const normalise = (text: string) => text.toLowerCase().replaceAll('_', ' ').replaceAll('/', ' ');
