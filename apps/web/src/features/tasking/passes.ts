import type { StaleElements, TaskingPass, TaskingPassDay, TaskingPrediction } from '@satportal/contract';
import { formatDateTime } from '../../shared/format/dates';
import { type Day, dayIn } from '../../shared/format/days';

/** The five colours passes rotate through (spec 000 §2), in the list and on the map alike. */
export const passColours = ['#1677ff', '#fa541c', '#52c41a', '#722ed1', '#eb2f96'] as const;

/** The colour of the n-th pass of a prediction (0-based, in time order). */
export const passColour = (index: number): string =>
  passColours[((index % passColours.length) + passColours.length) % passColours.length] as string;

/** A pass as the list and the map show it: a stable id and its colour. */
export interface ShownPass {
  id: string;
  colour: string;
  pass: TaskingPass;
}

export interface PassDay {
  /** YYYY-MM-DD in the user's zone */
  date: Day;
  passes: ShownPass[];
}

export const passIdOf = (pass: Pick<TaskingPass, 'satId' | 'enterTime'>) => `${pass.satId}@${pass.enterTime}`;

/**
 * The passes grouped by the day they enter in the user's zone (the server groups by UTC day), in
 * time order, coloured in rotation over the whole prediction.
 */
export function groupPassesByDay(list: readonly TaskingPassDay[], timeZone: string): PassDay[] {
  const passes = list
    .flatMap((day) => day.item)
    .sort((a, b) => a.enterTime.localeCompare(b.enterTime) || a.satName.localeCompare(b.satName));
  const days: PassDay[] = [];
  for (const [index, pass] of passes.entries()) {
    const date = dayIn(new Date(pass.enterTime), timeZone);
    let day = days.at(-1);
    if (day?.date !== date) {
      day = { date, passes: [] };
      days.push(day);
    }
    day.passes.push({ id: passIdOf(pass), colour: passColour(index), pass });
  }
  return days;
}

/** Date, time and offset label of an instant in a zone: `formatDateTime`'s three parts. */
function partsIn(iso: string, timeZone: string) {
  const [date = '', time = '', zone = ''] = formatDateTime(iso, timeZone).split(' ');
  return { date, time, zone };
}

/**
 * A pass's access window as `HH:mm:ss – HH:mm:ss` with the zone's offset label (spec 000 §2); a
 * window that ends on the next day shows that day too.
 */
export function passTimeRange(pass: Pick<TaskingPass, 'enterTime' | 'leaveTime'>, timeZone: string) {
  const enter = partsIn(pass.enterTime, timeZone);
  const leave = partsIn(pass.leaveTime, timeZone);
  const end = leave.date === enter.date ? leave.time : `${leave.date} ${leave.time}`;
  return { range: `${enter.time} – ${end}`, zone: enter.zone };
}

/** The prediction's date range: first enter to last leave, days in the user's zone. */
export function predictionRange(
  prediction: { beginTime: string | null; endTime: string | null },
  timeZone: string,
): string | null {
  if (!prediction.beginTime || !prediction.endTime) return null;
  const begin = dayIn(new Date(prediction.beginTime), timeZone);
  const end = dayIn(new Date(prediction.endTime), timeZone);
  return begin === end ? begin : `${begin} ~ ${end}`;
}

/**
 * The staleness warning in one line (a prediction over many satellites has many stale sets): the
 * satellites' names, the range of their ages in whole days and of their epochs' days.
 */
export function staleSummary(stale: readonly StaleElements[], timeZone: string) {
  if (!stale.length) return null;
  const span = (values: readonly string[]) => {
    const sorted = [...new Set(values)].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    return sorted.length > 1 ? `${sorted[0]} – ${sorted.at(-1)}` : (sorted[0] ?? '');
  };
  return {
    names: stale.map((s) => s.satName).join(', '),
    days: span(stale.map((s) => String(Math.round(s.ageDays)))),
    epochs: span(stale.map((s) => dayIn(new Date(s.epoch), timeZone))),
  };
}

/**
 * Why a prediction is empty: when the cloud or coverage limit left passes out (the panel's defaults,
 * cloud 15 % and coverage 100 %, often do), which of them to loosen; else the spec's `order.nullbody`.
 */
export function emptyPredictionText(
  prediction: Pick<TaskingPrediction, 'leftOut'> | undefined,
  t: (key: 'tasking.leftOut' | 'order.nullbody', params?: Record<string, number>) => string,
): string {
  const leftOut = prediction?.leftOut;
  if (leftOut && leftOut.cloud + leftOut.coverage > 0) return t('tasking.leftOut', leftOut);
  return t('order.nullbody');
}
