import { addDays, dayIn } from '../../shared/format/days';

/**
 * The no-archive dialog's "don't remind again" (spec 000 §2, §5): remembered in the local key
 * `noTipTime` until the next midnight of the user's time zone (the account's, else the browser's).
 *
 * Spec 000 §5 literally says the dialog shows while that time is still in the future, which would
 * make "don't remind again" bring the dialog back; we read it the way the checkbox means it: while
 * `noTipTime` is in the future only the search.noSceneData warning shows, otherwise the dialog.
 */
export const noTipKey = 'noTipTime';

/**
 * The first instant (ms since the epoch) of a calendar day in a time zone. Found by bisection
 * over whole seconds rather than by subtracting an offset, so a day that begins at 01:00 because
 * the clocks jump over midnight (a DST change at 00:00) still gets its true first instant.
 */
export function startOfDayIn(day: string, timeZone: string): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  // Zone offsets lie within −12 h and +14 h: the day starts inside this window.
  let before = utcMidnight / 1000 - 15 * 3600;
  let after = utcMidnight / 1000 + 13 * 3600;
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (dayIn(new Date(middle * 1000), timeZone) >= day) after = middle;
    else before = middle;
  }
  return after * 1000;
}

/** The next midnight after `now` in the user's time zone, in ms since the epoch. */
export function nextMidnight(now: Date, timeZone: string): number {
  return startOfDayIn(addDays(dayIn(now, timeZone), 1), timeZone);
}

/** True when the user asked not to be reminded and that is still in force. */
export function isTipSuppressed(stored: string | null, now: Date): boolean {
  const until = Number(stored);
  return stored !== null && Number.isFinite(until) && until > now.getTime();
}
