import { describe, expect, it } from 'vitest';
import { searchAoiOf } from '../../shared/conditions/conditions';
import { addDays, dayIn } from '../../shared/format/days';
import {
  archiveSearchRequest,
  defaultConditions,
  isDayDisabled,
  nextPageRequest,
  startIsOld,
  subtractYears,
  validateArchiveSearch,
} from './archiveForm';

const today = '2026-11-22';
const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [10, 10],
      [11, 10],
      [11, 11],
      [10, 11],
      [10, 10],
    ],
  ],
};
const chosen = { bands: [], stereo: null, resolutions: [], satGroups: ['SPOT'] };

describe('archive search defaults (spec 000 §5)', () => {
  it('starts 480 days back and ends today; cloud 20, coverage 0, off-nadir 45, zenith 0, A and B', () => {
    expect(defaultConditions(today)).toEqual({
      fdate: '2025-07-30',
      tdate: today,
      cc: 20,
      ac: 0,
      ona: 45,
      sza: 0,
      orbit: 0,
      productQualities: ['A', 'B'],
    });
  });

  it('counts days in the user’s time zone', () => {
    const instant = new Date('2026-11-22T20:00:00Z');
    expect(dayIn(instant, 'UTC')).toBe('2026-11-22');
    expect(dayIn(instant, 'Asia/Shanghai')).toBe('2026-11-23');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(subtractYears('2024-02-29', 3)).toBe('2021-02-28');
  });
});

describe('date picker and the year3Data warning (spec 000 §5)', () => {
  it('refuses days before 2010-01-01 and after today', () => {
    expect(isDayDisabled('2009-12-31', today)).toBe(true);
    expect(isDayDisabled('2010-01-01', today)).toBe(false);
    expect(isDayDisabled(today, today)).toBe(false);
    expect(isDayDisabled('2026-11-23', today)).toBe(true);
  });

  it('warns when the start is older than 3 years', () => {
    expect(startIsOld('2023-11-22', today)).toBe(false);
    expect(startIsOld('2023-11-21', today)).toBe(true);
  });
});

describe('archive search validation (spec 000 §5, §8)', () => {
  const valid: Parameters<typeof validateArchiveSearch>[0] = {
    aoi: square,
    conditions: defaultConditions(today),
    selection: chosen,
    today,
  };
  const keys = (input: Partial<typeof valid>) =>
    validateArchiveSearch({ ...valid, ...input }).map((p) => p.key);

  it('accepts the defaults with an AOI and a satellite group', () => {
    expect(keys({})).toEqual([]);
  });

  it('needs an AOI: No AOI selected', () => {
    expect(keys({ aoi: null })).toEqual(['search.noAoiSelected']);
  });

  it('needs a quality: search.chooseQuality', () => {
    expect(keys({ conditions: { ...valid.conditions, productQualities: [] } })).toEqual([
      'search.chooseQuality',
    ]);
  });

  it('needs a satellite group: placeholder.selectSatellite', () => {
    expect(keys({ selection: { ...chosen, satGroups: [] } })).toEqual(['placeholder.selectSatellite']);
  });

  it('needs a start not after the end: search.exceedTime', () => {
    expect(keys({ conditions: { ...valid.conditions, fdate: '2026-11-20', tdate: '2026-11-19' } })).toEqual([
      'search.exceedTime',
    ]);
  });

  it('needs days in range: search.dateOutOfRange with the range', () => {
    const problems = validateArchiveSearch({
      ...valid,
      conditions: { ...valid.conditions, fdate: '2009-05-01' },
    });
    expect(problems).toEqual([
      { field: 'dates', key: 'search.dateOutOfRange', params: { min: '2010-01-01', max: today } },
    ]);
  });

  it('needs dates: search.chooseTime', () => {
    expect(keys({ conditions: { ...valid.conditions, fdate: '' } })).toEqual(['search.chooseTime']);
  });

  it('reports every problem, the AOI first', () => {
    expect(
      keys({
        aoi: null,
        conditions: { ...valid.conditions, productQualities: [] },
        selection: { ...chosen, satGroups: [] },
      }),
    ).toEqual(['search.noAoiSelected', 'search.chooseQuality', 'placeholder.selectSatellite']);
  });
});

describe('the search request (spec 000 §7)', () => {
  const catalogue = {
    sats: [
      {
        id: 19,
        category: 'SPOT',
        cap: {
          caps: [
            {
              type: 1,
              bands: ['PAN'],
              stereos: ['MONO'],
              polarisations: [],
              maxResolution: 1.5,
              maxShtPeriod: 1,
            },
          ],
        },
      },
      {
        id: 21,
        category: 'Gaofen-1',
        cap: {
          caps: [
            {
              type: 1,
              bands: ['PAN'],
              stereos: ['MONO'],
              polarisations: [],
              maxResolution: 2,
              maxShtPeriod: 1,
            },
          ],
        },
      },
    ],
    groups: [
      { category: 'SPOT', satIds: [19], resolutionId: 4 },
      { category: 'Gaofen-1', satIds: [21], resolutionId: 4 },
    ],
  } as never;

  it('sends the AOI, conditions, satellites of the chosen groups and the sensor; a first page of 1000', () => {
    const request = archiveSearchRequest({
      aoi: { ...square, name: 'Field' },
      conditions: defaultConditions(today),
      catalogue,
      type: 1,
      selection: { ...chosen, stereo: 'MONO' },
    });
    expect(request).toEqual({
      page: { start: 0, length: 1000 },
      taskId: null,
      aois: [{ ...square, name: 'Field' }],
      condition: defaultConditions(today),
      satIds: [19],
      sensor: { type: 1, resolutionIds: [], mode: 'MONO', band: [] },
    });
    expect(nextPageRequest(request, 'task', 1000)).toMatchObject({
      taskId: 'task',
      page: { start: 1000, length: 1000 },
    });
  });

  it('takes the current AOI’s polygon with its name; a point is no AOI', () => {
    expect(searchAoiOf(null)).toBeNull();
    expect(searchAoiOf({ name: null, geojson: square })).toEqual(square);
    expect(searchAoiOf({ name: 'Field', geojson: square })).toEqual({ ...square, name: 'Field' });
    expect(searchAoiOf({ name: 'P', geojson: { type: 'Point' } })).toBeNull();
  });
});
