import {
  type Aoi,
  Limits,
  OrderType,
  type SensorType,
  type TaskingPredictionRequest,
  type User,
} from '@satportal/contract';
import {
  conditionsRequest,
  type FormProblem,
  type SearchConditions,
} from '../../shared/conditions/conditions';
import type { Catalogue, SensorSelection } from '../../shared/conditions/sensorChoice';
import { addDays, type Day } from '../../shared/format/days';

/**
 * The tasking panel's conditions (spec 000 §2 "Tasking panel", §5 "Tasking prediction"): the
 * archive's, without orbit and qualities. `cc` leaves out passes whose cloud forecast is above it,
 * `ac` passes that cover less of the AOI, and `sza` 0 means the usual daylight limit.
 */
export type TaskingConditions = SearchConditions;

/** With no start picked, the picker offers today up to this many days ahead (spec 000 §5, §9). */
export const pickerDaysAhead = 365;

/** Spec 000 §5: start tomorrow, end in 30 days; cloud 15, AOI coverage 100, off-nadir 25, zenith 0. */
export function defaultTaskingConditions(today: Day): TaskingConditions {
  return {
    fdate: addDays(today, 1),
    tdate: addDays(today, Limits.taskingSpanMaxDays),
    cc: 15,
    ac: 100,
    ona: 25,
    sza: 0,
  };
}

/**
 * Days the range picker refuses (spec 000 §5): with no start picked, days before today or more
 * than 365 days ahead; once a start is picked, days before it or more than 30 days after it.
 */
export function isTaskingDayDisabled(day: Day, today: Day, pickedStart: Day | null): boolean {
  if (pickedStart) return day < pickedStart || day > addDays(pickedStart, Limits.taskingSpanMaxDays);
  return day < today || day > addDays(today, pickerDaysAhead);
}

/**
 * The prediction's checks of spec 000 §5, in the order the server makes them: an AOI, a satellite
 * group, a start not after the end, a start at most 15 days ahead, a span of at most 30 days.
 */
export function validateTasking(input: {
  aoi: Aoi | null;
  conditions: TaskingConditions;
  selection: SensorSelection;
  today: Day;
}): FormProblem[] {
  const { conditions: c, today } = input;
  const problems: FormProblem[] = [];
  if (!input.aoi) problems.push({ field: 'aoi', key: 'search.noAoiSelected' });
  if (input.selection.satGroups.length === 0)
    problems.push({ field: 'satGroups', key: 'placeholder.selectSatellite' });
  const days = { days: String(Limits.taskingStartMaxDaysAhead) };
  if (!c.fdate || !c.tdate) problems.push({ field: 'dates', key: 'search.chooseTime' });
  else if (c.fdate > c.tdate) problems.push({ field: 'dates', key: 'search.exceedTime' });
  else if (c.fdate < today)
    problems.push({
      field: 'dates',
      key: 'search.dateOutOfRange',
      params: { min: today, max: addDays(today, Limits.taskingStartMaxDaysAhead) },
    });
  else if (c.fdate > addDays(today, Limits.taskingStartMaxDaysAhead))
    problems.push({ field: 'dates', key: 'search.exceed15', params: days });
  else if (c.tdate > addDays(c.fdate, Limits.taskingSpanMaxDays))
    problems.push({
      field: 'dates',
      key: 'search.exceed30',
      params: { days: String(Limits.taskingSpanMaxDays) },
    });
  return problems;
}

/** The prediction request (spec 000 §7): the AOI, conditions, satellites of the chosen groups, sensor. */
export function taskingPredictionRequest(input: {
  aoi: Aoi;
  conditions: TaskingConditions;
  catalogue: Catalogue;
  type: SensorType;
  selection: SensorSelection;
}): TaskingPredictionRequest {
  return conditionsRequest(input);
}

/** Tasking ordering needs permission 4 in the organisation's order types (spec 000 §6). */
export const canOrderTasking = (user: Pick<User, 'org'> | undefined): boolean =>
  user?.org.auth.orderType.includes(OrderType.Tasking) ?? false;
