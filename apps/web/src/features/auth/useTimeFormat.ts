import { useMemo } from 'react';
import { type TimeFormats, timeFormatsIn, usableTimeZone } from '../../shared/format/dates';
import { useMe } from './useMe';

/**
 * The account's time zone and its formatters: every view that shows a time or a day takes them
 * from here, so all follow the account centre's setting at once (the `me` query) and none falls
 * back to the browser's zone while the account has a usable one (DESIGN §4).
 */
export function useTimeFormat(): TimeFormats {
  const timeZone = usableTimeZone(useMe()?.timezone);
  return useMemo(() => timeFormatsIn(timeZone), [timeZone]);
}
