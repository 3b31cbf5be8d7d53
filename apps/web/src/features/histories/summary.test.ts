import type { ArchiveSearchHistoryEntry } from '@satportal/contract';
import { describe, expect, it } from 'vitest';
import { aoiNames, conditionSummary, historyAreaId, sensorKey } from './summary';

const condition: ArchiveSearchHistoryEntry['condition'] = {
  fdate: '2025-01-01',
  tdate: '2025-03-31',
  cc: 20,
  ac: 0,
  ona: 45,
  sza: 0,
  orbit: 0,
  productQualities: ['A', 'B'],
};

describe('conditionSummary', () => {
  it('names the dates, the cloud and off-nadir limits and the qualities; no coverage or sun limit at 0', () => {
    expect(conditionSummary(condition)).toEqual([
      { key: 'history.dates', params: { from: '2025-01-01', to: '2025-03-31' } },
      { key: 'history.cloud', params: { value: 20 } },
      { key: 'history.offNadir', params: { value: 45 } },
      { key: 'history.quality', params: { value: 'A, B' } },
    ]);
  });

  it('adds coverage and sun zenith when they restrict', () => {
    const keys = conditionSummary({ ...condition, ac: 80, sza: 60, productQualities: [] }).map((p) => p.key);
    expect(keys).toEqual([
      'history.dates',
      'history.cloud',
      'history.offNadir',
      'history.coverage',
      'history.sunZenith',
    ]);
  });
});

describe('history helpers', () => {
  it('names the sensor type or any sensor', () => {
    expect(sensorKey({ type: 4 })).toBe('history.sensor4');
    expect(sensorKey({})).toBe('history.anySensor');
  });

  it('lists AOI names with a word for unnamed ones', () => {
    const ring = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ];
    expect(
      aoiNames(
        [
          { type: 'Polygon', coordinates: [ring], name: 'Farm' },
          { type: 'Polygon', coordinates: [ring] },
        ],
        'Unnamed',
      ),
    ).toBe('Farm, Unnamed');
  });

  it('gives history AOIs map ids that never meet saved AOI ids', () => {
    expect(historyAreaId(0)).toBe(-1);
    expect(historyAreaId(7)).toBe(-8);
  });
});
