/**
 * The no-archive dialog's "don't remind again" (spec 000 §2, §5): remembered in the local key
 * `noTipTime` until the next local midnight.
 *
 * Spec 000 §5 literally says the dialog shows while that time is still in the future, which would
 * make "don't remind again" bring the dialog back; we read it the way the checkbox means it: while
 * `noTipTime` is in the future only the search.noSceneData warning shows, otherwise the dialog.
 */
export const noTipKey = 'noTipTime';

/** The next local midnight after `now`, in ms since the epoch. */
export function nextMidnight(now: Date): number {
  const midnight = new Date(now);
  midnight.setHours(24, 0, 0, 0);
  return midnight.getTime();
}

/** True when the user asked not to be reminded and that is still in force. */
export function isTipSuppressed(stored: string | null, now: Date): boolean {
  const until = Number(stored);
  return Number.isFinite(until) && until > now.getTime();
}
