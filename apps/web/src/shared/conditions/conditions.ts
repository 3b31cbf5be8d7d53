import type { Aoi, SensorChoice, SensorType } from '@satportal/contract';
import type { TranslationKey } from '../../i18n/keys';
import type { Day } from '../format/days';
import { type Catalogue, chosenSatelliteIds, type SensorSelection, sensorRequestOf } from './sensorChoice';

/**
 * The conditions the Archive and Tasking tabs of the search centre share (spec 000 §2, §3 Search
 * condition): the days and four angles or shares, each set with a slider.
 */
export interface SearchConditions {
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
}

/** Slider ranges of spec 000 §9. */
export const sliderRanges = {
  cc: { min: 0, max: 100, unit: '%' },
  ac: { min: 0, max: 100, unit: '%' },
  ona: { min: 0, max: 45, unit: '°' },
  sza: { min: 0, max: 90, unit: '°' },
} as const;

export type SliderKey = keyof typeof sliderRanges;

/** A tab's sliders in its order, each labelled `search.<field>Label` unless `labels` names another key. */
export const slidersOf = (
  fields: readonly SliderKey[],
  labels: Partial<Record<SliderKey, TranslationKey>> = {},
): Array<{ field: SliderKey; labelKey: TranslationKey }> =>
  fields.map((field) => ({ field, labelKey: labels[field] ?? `search.${field}Label` }));

/** A check that failed, in the words of the spec's keys; the form shows the first as a toast. */
export interface FormProblem {
  field: 'aoi' | 'dates' | 'productQualities' | 'satGroups';
  key: TranslationKey;
  params?: Record<string, string>;
}

/** The AOI a search or prediction sends: the current AOI's polygon with its name (a point is no AOI). */
export function searchAoiOf(current: { name: string | null; geojson: { type: string } } | null): Aoi | null {
  const geojson = current?.geojson as Aoi | { type: 'Point' } | undefined;
  if (!geojson || geojson.type === 'Point') return null;
  return current?.name ? { ...geojson, name: current.name } : geojson;
}

/** Whether a sent AOI has this shape (its name aside): what was found for it belongs to that shape. */
export function isSearchedShape(
  sent: { type: string; coordinates: unknown },
  shape: { type: string; coordinates: unknown },
): boolean {
  return sent.type === shape.type && JSON.stringify(sent.coordinates) === JSON.stringify(shape.coordinates);
}

/**
 * What an archive search and a tasking prediction send alike (spec 000 §7): no taskId yet, the AOI,
 * the conditions, the satellites of the chosen groups that match the sensor choice, the sensor part.
 */
export function conditionsRequest<C extends SearchConditions>(input: {
  aoi: Aoi;
  conditions: C;
  catalogue: Catalogue;
  type: SensorType;
  selection: SensorSelection;
}): { taskId: null; aois: Aoi[]; condition: C; satIds: number[]; sensor: SensorChoice } {
  const { aoi, conditions, catalogue, type, selection } = input;
  return {
    taskId: null,
    aois: [aoi],
    condition: { ...conditions },
    satIds: chosenSatelliteIds(catalogue, type, selection),
    sensor: sensorRequestOf(type, selection),
  };
}
