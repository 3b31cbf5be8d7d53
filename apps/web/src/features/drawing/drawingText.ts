import type { Language } from '@satportal/contract';
import type { Measurement } from '../../map/types';
import { formatNumber } from '../../shared/format/numbers';

/** Areas and lengths are shown with 2 decimals (spec 000 §2: "km² with 2 decimals"). */
export const measureDecimals = 2;

const defaultNamePattern = /^Polygon(\d+)$/;

/**
 * The default name of a drawn polygon (spec 000 §2): `Polygon1`, `Polygon2`…, the smallest number
 * no AOI of the user is named with yet.
 */
export function nextPolygonName(existing: Iterable<string>): string {
  const taken = new Set<number>();
  for (const name of existing) {
    const match = defaultNamePattern.exec(name.trim());
    if (match) taken.add(Number(match[1]));
  }
  let n = 1;
  while (taken.has(n)) n++;
  return `Polygon${n}`;
}

/** km² or km in the interface language's notation, 2 decimals. */
export const formatMeasure = (value: number, language: Language): string =>
  formatNumber(value, language, measureDecimals);

/** The translation key of a measurement read-out. */
export const measureKeyOf = (measurement: Pick<Measurement, 'kind'>) =>
  measurement.kind === 'length' ? ('draw.lengthTip' as const) : ('draw.areaTip' as const);
