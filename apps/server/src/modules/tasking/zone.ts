/**
 * Calendar days of a user's time zone, for the tasking rules (spec 000 §5): "today" is the user's
 * local day and a window's days run from local midnight to local midnight.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

/** The zone's formatter, or UTC's for a zone the runtime does not know (an account's zone is checked when set). */
function formatOf(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      format = formatOf('UTC');
    }
    formats.set(zone, format);
  }
  return format;
}

/** The zone's wall clock at an instant, read as if it were UTC (ms). */
function wallClock(time: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatOf(zone).formatToParts(new Date(time))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The zone's offset from UTC at an instant, ms (whole seconds: the formatter shows no milliseconds). */
const offsetAt = (time: number, zone: string) => wallClock(time, zone) - Math.floor(time / 1000) * 1000;

/** The local day at an instant, as the UTC midnight of the same date (ms). */
export function localDayOf(time: number, zone: string): number {
  const wall = wallClock(time, zone);
  return wall - (((wall % 86_400_000) + 86_400_000) % 86_400_000);
}

/**
 * The instant a local date (given as the UTC midnight of that date) begins in the zone. Where a
 * clock change skips midnight (a few zones do), an instant within the skipped hour.
 */
export function localMidnight(day: number, zone: string): number {
  let t = day - offsetAt(day, zone);
  // Near a clock change the offset at the guess differs from the offset at the answer.
  for (let i = 0; i < 2; i++) {
    const next = day - offsetAt(t, zone);
    if (next === t) break;
    t = next;
  }
  return t;
}
