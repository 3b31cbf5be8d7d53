import {
  type Aoi,
  type ProductQuality,
  type SearchCondition,
  type SensorChoice,
  type SensorType,
  type SubscriptionCondition,
  type SubscriptionCreateRequest,
  SubscriptionLimits,
} from '@satportal/contract';
import type { TranslationKey } from '../../i18n/keys';
import type { SearchConditions } from '../../shared/conditions/conditions';
import {
  type Catalogue,
  chosenSatelliteIds,
  groupOptions,
  type SensorSelection,
  sensorOptions,
  sensorRequestOf,
  sensorTypesOf,
} from '../../shared/conditions/sensorChoice';
import { addDays, type Day } from '../../shared/format/days';
import type { SubscriptionDraft } from './subscriptionDraftStore';

/**
 * The subscription create panel's conditions (spec 000 §2 "Subscription create panel", §5
 * "Subscription submit"). Unlike the archive's, `sza` is a minimum solar elevation (0: no limit).
 */
export interface SubscriptionFormConditions extends SearchConditions {
  orbit: 0 | 1 | 2;
  productQualities: ProductQuality[];
}

/** The AOI a subscription watches: the map's current AOI, or one a draft brought. */
export interface SubscriptionAoi {
  geometry: Aoi;
  /** null: a drawn AOI without a name. */
  name: string | null;
  /** The saved AOI (AOI centre) it is, if any. */
  aoiId: number | null;
}

/** Spec 000 §5: today … +90 days; cloud 20, coverage 10, off-nadir 45, solar angle 0, A and B. */
export function defaultSubscriptionConditions(today: Day): SubscriptionFormConditions {
  return {
    fdate: today,
    tdate: addDays(today, SubscriptionLimits.defaultSpanDays),
    cc: 20,
    ac: 10,
    ona: 45,
    sza: 0,
    orbit: 0,
    productQualities: ['A', 'B'],
  };
}

/** The picker offers yesterday up to 180 days ahead, days of the account's zone (spec 000 §9). */
export const isSubscriptionDayDisabled = (day: Day, today: Day): boolean =>
  day < addDays(today, SubscriptionLimits.earliestDayOffset) ||
  day > addDays(today, SubscriptionLimits.latestDayOffset);

/** The name the server gives a subscription sent without one (spec 000 §5), shown as the placeholder. */
export const defaultSubscriptionName = (aoiName: string): string => `AOI Subscription for ${aoiName}`;

export interface SubscriptionProblem {
  field: 'aoi' | 'productQualities' | 'satGroups' | 'dates' | 'name';
  key: TranslationKey;
  params?: Record<string, string>;
}

/**
 * The submit's checks of spec 000 §5 in the order the panel reports them: an AOI ("Submit failed:
 * No specified AOI"), a quality, a satellite group, a time range, the start not after the end; then
 * the window's picker limits and the name's length, which the inputs already keep to.
 */
export function validateSubscription(input: {
  aoi: Aoi | null;
  conditions: Pick<SubscriptionFormConditions, 'fdate' | 'tdate' | 'productQualities'>;
  satGroupCount: number;
  name: string;
  today: Day;
}): SubscriptionProblem[] {
  const { conditions: c, today } = input;
  const problems: SubscriptionProblem[] = [];
  if (!input.aoi) problems.push({ field: 'aoi', key: 'subscribe.noAoi' });
  if (c.productQualities.length === 0)
    problems.push({ field: 'productQualities', key: 'search.chooseQuality' });
  if (input.satGroupCount === 0) problems.push({ field: 'satGroups', key: 'placeholder.selectSatellite' });
  if (!c.fdate || !c.tdate) problems.push({ field: 'dates', key: 'subscribe.chooseTime' });
  else if (c.fdate > c.tdate) problems.push({ field: 'dates', key: 'search.exceedTime' });
  else if (isSubscriptionDayDisabled(c.fdate, today) || isSubscriptionDayDisabled(c.tdate, today))
    problems.push({
      field: 'dates',
      key: 'search.dateOutOfRange',
      params: {
        min: addDays(today, SubscriptionLimits.earliestDayOffset),
        max: addDays(today, SubscriptionLimits.latestDayOffset),
      },
    });
  if ([...input.name.trim()].length > SubscriptionLimits.nameMax)
    problems.push({
      field: 'name',
      key: 'subscribe.nameTooLong',
      params: { max: String(SubscriptionLimits.nameMax) },
    });
  return problems;
}

const aoiNameMax = 50;

/** The AOI's name as the centre shows it: its own, else the panel's word for a drawn one, cut to 50. */
export const aoiNameOf = (aoi: SubscriptionAoi, drawnName: string): string =>
  [...(aoi.name?.trim() || drawnName)].slice(0, aoiNameMax).join('');

/** The geometry alone: a search AOI carries its name inside, the subscription sends it apart. */
function bareGeometry(aoi: Aoi): Aoi {
  return aoi.type === 'Polygon'
    ? { type: 'Polygon', coordinates: aoi.coordinates }
    : { type: 'MultiPolygon', coordinates: aoi.coordinates };
}

/** `POST subscriptions` (spec 000 §3 "Subscription create payload"); an empty name lets the server name it. */
export function subscriptionCreateRequest(input: {
  name: string;
  aoi: SubscriptionAoi;
  drawnName: string;
  condition: SubscriptionCondition;
  satIds: number[];
  sensor: SensorChoice;
}): SubscriptionCreateRequest {
  const name = input.name.trim();
  return {
    ...(name ? { name } : {}),
    aoiName: aoiNameOf(input.aoi, input.drawnName),
    aoiId: input.aoi.aoiId,
    boundaries: bareGeometry(input.aoi.geometry),
    satIds: input.satIds,
    condition: input.condition,
    sensor: input.sensor,
  };
}

/** The panel's request parts from its form: the satellites of the chosen groups, the sensor choice. */
export function panelRequestParts(input: {
  conditions: SubscriptionFormConditions;
  catalogue: Catalogue;
  type: SensorType;
  selection: SensorSelection;
}): { condition: SubscriptionCondition; satIds: number[]; sensor: SensorChoice } {
  const { conditions: c, catalogue, type, selection } = input;
  return {
    condition: { ...c, productQualities: [...c.productQualities] },
    satIds: chosenSatelliteIds(catalogue, type, selection),
    sensor: sensorRequestOf(type, selection),
  };
}

/**
 * The form's sensor type and selection for a draft's sensor choice and satellites: what the
 * catalogue still offers of them, and the groups holding a drafted satellite (every offered group
 * when the draft names none).
 */
export function selectionOfDraft(
  catalogue: Catalogue,
  sensor: SensorChoice | undefined,
  satIds: readonly number[] | undefined,
): { type: SensorType; selection: SensorSelection } {
  const types = sensorTypesOf(catalogue);
  const type = sensor?.type && types.includes(sensor.type) ? sensor.type : (types[0] ?? 1);
  const options = sensorOptions(catalogue, type);
  const selection: SensorSelection = {
    bands: (sensor?.band ?? []).filter((band) => options.bands.includes(band)),
    stereo: sensor?.mode && options.stereos.includes(sensor.mode) ? sensor.mode : null,
    resolutions: (sensor?.resolutionIds ?? []).filter((id) => options.resolutions.includes(id)),
    satGroups: [],
  };
  const offered = groupOptions(catalogue, type, selection);
  const drafted = new Set(satIds ?? []);
  selection.satGroups =
    drafted.size === 0
      ? offered
      : offered.filter((category) =>
          catalogue.groups.some((g) => g.category === category && g.satIds.some((id) => drafted.has(id))),
        );
  return { type, selection };
}

/** An archive search's sun zenith limit (at most, 0 = any) as a minimum solar elevation (0 = any). */
export const solarElevationOfZenith = (sza: number): number => (sza > 0 ? Math.max(0, 90 - sza) : 0);

/**
 * A draft from an archive search (the no-archive dialog, an archive order's Re-subscribe): its AOIs
 * as one, its cloud, off-nadir, orbit and qualities, its sun limit turned into the subscription's
 * solar elevation, its satellites and sensor. Coverage and the window keep the subscription's own
 * defaults: an archive search's coverage is of all scenes together, a subscription's of one scene.
 */
export function draftFromArchiveSearch(search: {
  aois: Aoi[];
  condition: Partial<SearchCondition>;
  satIds: number[];
  sensor?: SensorChoice;
}): SubscriptionDraft {
  const { condition: c } = search;
  const first = search.aois[0];
  const condition: Partial<SubscriptionCondition> = {
    ...(c.cc !== undefined ? { cc: c.cc } : {}),
    ...(c.ona !== undefined ? { ona: Math.min(c.ona, 45) } : {}),
    ...(c.sza !== undefined ? { sza: solarElevationOfZenith(c.sza) } : {}),
    ...(c.orbit !== undefined ? { orbit: c.orbit } : {}),
    ...(c.productQualities ? { productQualities: [...c.productQualities] } : {}),
  };
  return {
    ...(first ? { aoi: { geometry: unionOfAois(search.aois), name: first.name ?? '', aoiId: null } } : {}),
    condition,
    satIds: [...search.satIds],
    ...(search.sensor ? { sensor: search.sensor } : {}),
  };
}

/** Several AOIs as one MultiPolygon (one stays as it is). */
export function unionOfAois(aois: readonly Aoi[]): Aoi {
  if (aois.length === 1 && aois[0]) return bareGeometry(aois[0]);
  return {
    type: 'MultiPolygon',
    coordinates: aois.flatMap((aoi) => (aoi.type === 'Polygon' ? [aoi.coordinates] : aoi.coordinates)),
  };
}
