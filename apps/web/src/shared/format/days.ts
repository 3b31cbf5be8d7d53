import { dateTimeFormat } from './intl';

/** A calendar day as the forms keep it: YYYY-MM-DD in the user's time zone. */
export type Day = string;

/** YYYY-MM-DD of a date's calendar day in a time zone. */
export function dayIn(date: Date, timeZone: string): Day {
  // en-CA formats as YYYY-MM-DD.
  return dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

/** A day plus (or minus) whole days, YYYY-MM-DD. */
export function addDays(day: Day, days: number): Day {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Month names of a locale ("Jan", "1月"): labels, not instants, so the same in every zone. */
export function shortMonthNames(localeTag: string): string[] {
  const format = dateTimeFormat(localeTag, { month: 'short', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, month) => format.format(new Date(Date.UTC(2000, month, 15))));
}
