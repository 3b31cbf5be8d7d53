import {
  type Aoi,
  type ArchiveSearchRequest,
  Limits,
  type ProductQuality,
  type SensorType,
} from '@satportal/contract';
import type { TranslationKey } from '../../i18n/keys';
import { dateTimeFormat } from '../../shared/format/intl';
import { type Catalogue, chosenSatelliteIds, type SensorSelection } from './sensorChoice';

/** A calendar day as the form keeps it: YYYY-MM-DD in the user's time zone. */
export type Day = string;

/** The archive search panel's conditions (spec 000 §2, §3 Search condition). */
export interface ArchiveConditions {
  fdate: Day;
  tdate: Day;
  /** maximum cloud cover, % */
  cc: number;
  /** minimum AOI coverage, % */
  ac: number;
  /** maximum off-nadir angle, ° */
  ona: number;
  /** sun zenith angle, °; 0 = no limit */
  sza: number;
  orbit: 0 | 1 | 2;
  productQualities: ProductQuality[];
}

/** Spec 000 §5: the range starts 480 days back and ends today. */
export const defaultRangeDays = 480;
/** Spec 000 §5: a start older than 3 years warns (search.year3Data). */
export const warnOlderThanYears = 3;

/** Slider ranges of spec 000 §9. */
export const sliderRanges = {
  cc: { min: 0, max: 100, unit: '%' },
  ac: { min: 0, max: 100, unit: '%' },
  ona: { min: 0, max: 45, unit: '°' },
  sza: { min: 0, max: 90, unit: '°' },
} as const;

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

export interface FormProblem {
  field: 'aoi' | 'dates' | 'productQualities' | 'satGroups';
  key: TranslationKey;
  params?: Record<string, string>;
}

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

/** The AOI a search sends: the current AOI's polygon with its name (a point is no AOI). */
export function searchAoiOf(current: { name: string | null; geojson: { type: string } } | null): Aoi | null {
  const geojson = current?.geojson as Aoi | { type: 'Point' } | undefined;
  if (!geojson || geojson.type === 'Point') return null;
  return current?.name ? { ...geojson, name: current.name } : geojson;
}

/** The first page of an archive search (spec 000 §7): the AOI, conditions, satellites and sensor. */
export function archiveSearchRequest(input: {
  aoi: Aoi;
  conditions: ArchiveConditions;
  catalogue: Catalogue;
  type: SensorType;
  selection: SensorSelection;
}): ArchiveSearchRequest {
  const { aoi, conditions, selection, type } = input;
  return {
    page: { start: 0, length: Limits.archivePageSize },
    taskId: null,
    aois: [aoi],
    condition: { ...conditions, productQualities: [...conditions.productQualities] },
    satIds: chosenSatelliteIds(input.catalogue, type, selection),
    sensor: {
      type,
      resolutionIds: [...selection.resolutions],
      mode: selection.stereo ?? null,
      band: [...selection.bands],
    },
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

/**
 * The dates a form's store keeps while the user has not picked any (`datesZone` names the zone
 * whose days they are; null once the user picked). Shared by the Archive and Tasking tabs: both
 * start in the browser's days before the account's zone is known.
 */
export interface ZonedDates<C extends { fdate: Day; tdate: Day }> {
  conditions: C;
  datesZone: string | null;
}

/** The store change for a change of conditions: picking a date ends the default dates. */
export const conditionsChange = <C extends { fdate: Day; tdate: Day }>(
  s: ZonedDates<C>,
  change: Partial<C>,
): ZonedDates<C> => ({
  conditions: { ...s.conditions, ...change },
  datesZone: 'fdate' in change || 'tdate' in change ? null : s.datesZone,
});

/** The store change that moves untouched default dates into the days of `timeZone`. */
export function defaultDatesChange<C extends { fdate: Day; tdate: Day }>(
  s: ZonedDates<C>,
  timeZone: string,
  defaults: (today: Day) => { fdate: Day; tdate: Day },
): Partial<ZonedDates<C>> {
  if (s.datesZone === null || s.datesZone === timeZone) return {};
  const { fdate, tdate } = defaults(dayIn(new Date(), timeZone));
  return { conditions: { ...s.conditions, fdate, tdate }, datesZone: timeZone };
}
