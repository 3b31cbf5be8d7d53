import {
  type Aoi,
  type ArchiveSearchRequest,
  Limits,
  type ProductQuality,
  type SensorType,
} from '@satportal/contract';
import {
  conditionsRequest,
  type FormProblem,
  type SearchConditions,
} from '../../shared/conditions/conditions';
import type { Catalogue, SensorSelection } from '../../shared/conditions/sensorChoice';
import { addDays, type Day } from '../../shared/format/days';

/** The archive search panel's conditions (spec 000 §2, §3 Search condition). */
export interface ArchiveConditions extends SearchConditions {
  orbit: 0 | 1 | 2;
  productQualities: ProductQuality[];
}

/** Spec 000 §5: the range starts 480 days back and ends today. */
export const defaultRangeDays = 480;
/** Spec 000 §5: a start older than 3 years warns (search.year3Data). */
export const warnOlderThanYears = 3;

/** A day minus whole years (29 February goes to 28 February). */
export function subtractYears(day: Day, years: number): Day {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y - years, m - 1, 1));
  const lastDay = new Date(Date.UTC(y - years, m, 0)).getUTCDate();
  date.setUTCDate(Math.min(d, lastDay));
  return date.toISOString().slice(0, 10);
}

/** The panel's defaults (spec 000 §5). */
export function defaultConditions(today: Day): ArchiveConditions {
  return {
    fdate: addDays(today, -defaultRangeDays),
    tdate: today,
    cc: 20,
    ac: 0,
    ona: 45,
    sza: 0,
    orbit: 0,
    productQualities: ['A', 'B'],
  };
}

/** Days the date picker refuses: before 2010-01-01 or after today (spec 000 §5). */
export const isDayDisabled = (day: Day, today: Day): boolean =>
  day < Limits.archiveEarliestDate || day > today;

/** True when the start is more than 3 years before today: the year3Data warning. */
export const startIsOld = (fdate: Day, today: Day): boolean =>
  fdate < subtractYears(today, warnOlderThanYears);

/**
 * The archive search's checks of spec 000 §5, in the order the panel reports them: an AOI, at
 * least one quality, at least one satellite group, a start not after the end, days in range.
 */
export function validateArchiveSearch(input: {
  aoi: Aoi | null;
  conditions: ArchiveConditions;
  selection: SensorSelection;
  today: Day;
}): FormProblem[] {
  const { conditions, selection, today } = input;
  const problems: FormProblem[] = [];
  if (!input.aoi) problems.push({ field: 'aoi', key: 'search.noAoiSelected' });
  if (conditions.productQualities.length === 0)
    problems.push({ field: 'productQualities', key: 'search.chooseQuality' });
  if (selection.satGroups.length === 0)
    problems.push({ field: 'satGroups', key: 'placeholder.selectSatellite' });
  if (!conditions.fdate || !conditions.tdate) problems.push({ field: 'dates', key: 'search.chooseTime' });
  else if (conditions.fdate > conditions.tdate) problems.push({ field: 'dates', key: 'search.exceedTime' });
  else if (isDayDisabled(conditions.fdate, today) || isDayDisabled(conditions.tdate, today))
    problems.push({
      field: 'dates',
      key: 'search.dateOutOfRange',
      params: { min: Limits.archiveEarliestDate, max: today },
    });
  return problems;
}

/** The first page of an archive search (spec 000 §7): the AOI, conditions, satellites and sensor. */
export function archiveSearchRequest(input: {
  aoi: Aoi;
  conditions: ArchiveConditions;
  catalogue: Catalogue;
  type: SensorType;
  selection: SensorSelection;
}): ArchiveSearchRequest {
  const { conditions } = input;
  return {
    page: { start: 0, length: Limits.archivePageSize },
    ...conditionsRequest({
      ...input,
      conditions: { ...conditions, productQualities: [...conditions.productQualities] },
    }),
  };
}

/** Get more (spec 000 §4): the same search by its taskId, from the loaded count. */
export function nextPageRequest(
  first: ArchiveSearchRequest,
  taskId: string,
  loaded: number,
): ArchiveSearchRequest {
  return { ...first, taskId, page: { start: loaded, length: Limits.archivePageSize } };
}
