import type { ArchiveSearchHistoryEntry } from '@satportal/contract';
import type { TranslationKey } from '../../i18n/keys';

export interface SummaryPart {
  key: TranslationKey;
  params?: Record<string, string | number>;
}

/**
 * The conditions of an archive search in words (spec 001 §3 archive search history entry): dates,
 * then only the limits that restrict (a zero coverage or sun zenith means none).
 */
export function conditionSummary(condition: ArchiveSearchHistoryEntry['condition']): SummaryPart[] {
  const parts: SummaryPart[] = [
    { key: 'history.dates', params: { from: condition.fdate, to: condition.tdate } },
    { key: 'history.cloud', params: { value: condition.cc } },
    { key: 'history.offNadir', params: { value: condition.ona } },
  ];
  if (condition.ac > 0) parts.push({ key: 'history.coverage', params: { value: condition.ac } });
  if (condition.sza > 0) parts.push({ key: 'history.sunZenith', params: { value: condition.sza } });
  if (condition.productQualities.length) {
    parts.push({ key: 'history.quality', params: { value: condition.productQualities.join(', ') } });
  }
  return parts;
}

const sensorKeys: Record<number, TranslationKey> = {
  1: 'history.sensor1',
  2: 'history.sensor2',
  3: 'history.sensor3',
  4: 'history.sensor4',
  5: 'history.sensor5',
};

/** The sensor type of a search, or "any sensor". */
export const sensorKey = (sensor: ArchiveSearchHistoryEntry['sensor']): TranslationKey =>
  (sensor.type !== undefined && sensorKeys[sensor.type]) || 'history.anySensor';

/** The AOIs of a search by name; unnamed ones are counted under `unnamed`. */
export function aoiNames(aois: ArchiveSearchHistoryEntry['aois'], unnamed: string): string {
  return aois.map((aoi) => aoi.name?.trim() || unnamed).join(', ');
}

/**
 * The map id of an AOI of the search history. History entries are not saved AOIs; negative ids
 * keep them apart from saved AOIs (positive ids) on the map.
 */
export const historyAreaId = (entryId: number) => -Math.abs(entryId) - 1;
