import { utcOffsetOf } from '../../shared/format/dates';

/**
 * Zones IANA renamed whose old name ICU (so Chromium's `supportedValuesOf`) still lists as the
 * canonical one (tz "backward" file): the panel shows, saves and finds the current name; browsers
 * format with either.
 */
const renamedZones: Readonly<Record<string, string>> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Rangoon': 'Asia/Yangon',
  'Europe/Kiev': 'Europe/Kyiv',
  'America/Godthab': 'America/Nuuk',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Louisville': 'America/Kentucky/Louisville',
  'Asia/Ulan_Bator': 'Asia/Ulaanbaatar',
};

/**
 * The zones the time-zone panel offers: the browser's IANA names (~420, spec 001 §2) under their
 * current names, sorted, plus UTC, which some engines leave out although they format with it.
 */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const current = new Set(names.map((name) => renamedZones[name] ?? name));
  current.add('UTC');
  return [...current].sort();
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
