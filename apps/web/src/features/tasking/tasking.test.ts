import type { TaskingPass, TaskingPassDay, User } from '@satportal/contract';
import { describe, expect, it } from 'vitest';
import type { SensorSelection } from '../../shared/conditions/sensorChoice';
import {
  emptyPredictionText,
  groupPassesByDay,
  passColour,
  passColours,
  passTimeRange,
  predictionRange,
  staleSummary,
} from './passes';
import {
  canOrderTasking,
  defaultTaskingConditions,
  isTaskingDayDisabled,
  validateTasking,
} from './taskingForm';

const today = '2026-11-22';
const aoi = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [116, 39],
      [117, 39],
      [117, 40],
      [116, 39],
    ],
  ],
};
const selection: SensorSelection = { bands: [], stereo: null, resolutions: [], satGroups: ['SuperView'] };

describe('tasking date limits (spec 000 §5)', () => {
  it('defaults to tomorrow up to 30 days ahead, cloud 15, coverage 100, off-nadir 25, zenith 0', () => {
    expect(defaultTaskingConditions(today)).toEqual({
      fdate: '2026-11-23',
      tdate: '2026-12-22',
      cc: 15,
      ac: 100,
      ona: 25,
      sza: 0,
    });
  });

  it('with no start picked, disables days before today and more than 365 days ahead', () => {
    expect(isTaskingDayDisabled('2026-11-21', today, null)).toBe(true);
    expect(isTaskingDayDisabled(today, today, null)).toBe(false);
    expect(isTaskingDayDisabled('2027-11-22', today, null)).toBe(false);
    expect(isTaskingDayDisabled('2027-11-23', today, null)).toBe(true);
  });

  it('after a start, limits the end to the 30 days after it and not before it', () => {
    const start = '2026-12-01';
    expect(isTaskingDayDisabled('2026-11-30', today, start)).toBe(true);
    expect(isTaskingDayDisabled(start, today, start)).toBe(false);
    expect(isTaskingDayDisabled('2026-12-31', today, start)).toBe(false);
    expect(isTaskingDayDisabled('2027-01-01', today, start)).toBe(true);
  });
});

describe('tasking validation (spec 000 §5)', () => {
  const conditions = defaultTaskingConditions(today);
  const keys = (change: Partial<typeof conditions>, sel = selection, withAoi = true) =>
    validateTasking({
      aoi: withAoi ? aoi : null,
      conditions: { ...conditions, ...change },
      selection: sel,
      today,
    }).map((p) => p.key);

  it('accepts the defaults', () => expect(keys({})).toEqual([]));
  it('needs an AOI and a satellite group', () =>
    expect(keys({}, { ...selection, satGroups: [] }, false)).toEqual([
      'search.noAoiSelected',
      'placeholder.selectSatellite',
    ]));
  it('refuses a start after the end', () =>
    expect(keys({ fdate: '2026-12-02', tdate: '2026-12-01' })).toEqual(['search.exceedTime']));
  it('refuses a start more than 15 days ahead, accepts 15', () => {
    expect(keys({ fdate: '2026-12-07', tdate: '2026-12-08' })).toEqual([]);
    expect(keys({ fdate: '2026-12-08', tdate: '2026-12-09' })).toEqual(['search.exceed15']);
  });
  it('refuses a span of more than 30 days', () =>
    expect(keys({ fdate: '2026-11-23', tdate: '2026-12-24' })).toEqual(['search.exceed30']));
  it('refuses a start in the past', () =>
    expect(keys({ fdate: '2026-11-21' })).toEqual(['search.dateOutOfRange']));
});

describe('tasking permission (spec 000 §6)', () => {
  const user = (orderType: number[]) => ({ org: { auth: { orderType } } }) as unknown as User;
  it('needs order type 4', () => {
    expect(canOrderTasking(user([1, 4]))).toBe(true);
    expect(canOrderTasking(user([1]))).toBe(false);
    expect(canOrderTasking(undefined)).toBe(false);
  });
});

const pass = (satName: string, enterTime: string, leaveTime: string): TaskingPass =>
  ({ satId: satName.length, satName, enterTime, leaveTime }) as TaskingPass;

describe('passes', () => {
  it('rotate through five colours', () => {
    expect(new Set(passColours).size).toBe(5);
    expect([0, 1, 2, 3, 4, 5, 6].map(passColour)).toEqual([...passColours, passColours[0], passColours[1]]);
  });

  it('are grouped by the day they enter in the user zone, in time order', () => {
    // UTC days of the server; in Shanghai (UTC+8) 20:00 UTC is already the next day.
    const list: TaskingPassDay[] = [
      {
        date: '2026-11-23',
        item: [
          pass('B', '2026-11-23T20:00:00Z', '2026-11-23T20:01:00Z'),
          pass('A', '2026-11-23T03:00:00Z', '2026-11-23T03:02:00Z'),
        ],
      },
      { date: '2026-11-24', item: [pass('C', '2026-11-24T02:00:00Z', '2026-11-24T02:01:00Z')] },
    ];
    const utc = groupPassesByDay(list, 'UTC');
    expect(utc.map((d) => [d.date, d.passes.map((p) => p.pass.satName)])).toEqual([
      ['2026-11-23', ['A', 'B']],
      ['2026-11-24', ['C']],
    ]);
    const shanghai = groupPassesByDay(list, 'Asia/Shanghai');
    expect(shanghai.map((d) => [d.date, d.passes.map((p) => p.pass.satName)])).toEqual([
      ['2026-11-23', ['A']],
      ['2026-11-24', ['B', 'C']],
    ]);
    expect(shanghai.flatMap((d) => d.passes.map((p) => p.colour))).toEqual(passColours.slice(0, 3));
  });

  it('show their time range with the zone label', () => {
    const p = pass('A', '2026-11-23T03:00:05Z', '2026-11-23T03:02:10Z');
    expect(passTimeRange(p, 'Asia/Shanghai')).toEqual({ range: '11:00:05 – 11:02:10', zone: 'UTC+08:00' });
    const late = pass('A', '2026-11-23T15:59:30Z', '2026-11-23T16:00:30Z');
    expect(passTimeRange(late, 'Asia/Shanghai').range).toBe('23:59:30 – 2026-11-24 00:00:30');
  });

  it('span a date range in the user zone', () => {
    expect(
      predictionRange(
        { beginTime: '2026-11-23T03:00:00Z', endTime: '2026-12-01T20:00:00Z' },
        'Asia/Shanghai',
      ),
    ).toBe('2026-11-23 ~ 2026-12-02');
    expect(predictionRange({ beginTime: null, endTime: null }, 'UTC')).toBeNull();
  });
});

describe('staleness warning', () => {
  it('names the satellites with the range of their ages and epochs', () => {
    const stale = [
      { satId: 1, satName: 'WorldView-2', noradId: 35946, epoch: '2026-05-30T10:00:00Z', ageDays: 176.4 },
      { satId: 2, satName: 'GeoEye-1', noradId: 33331, epoch: '2026-05-29T22:00:00Z', ageDays: 176.9 },
      { satId: 3, satName: 'SuperView-1 01', noradId: 41907, epoch: '2022-08-09T10:00:00Z', ageDays: 1566 },
    ];
    expect(staleSummary(stale, 'Asia/Shanghai')).toEqual({
      names: 'WorldView-2, GeoEye-1, SuperView-1 01',
      days: '176 – 1566',
      epochs: '2022-08-09 – 2026-05-30',
    });
    expect(staleSummary(stale.slice(0, 1), 'UTC')).toEqual({
      names: 'WorldView-2',
      days: '176',
      epochs: '2026-05-30',
    });
    expect(staleSummary([], 'UTC')).toBeNull();
  });
});

describe('an empty prediction', () => {
  const t = (key: string, params?: Record<string, number>) => `${key}${params ? JSON.stringify(params) : ''}`;
  it('says which limit left the passes out, or order.nullbody when none did', () => {
    expect(emptyPredictionText({ leftOut: { cloud: 3, coverage: 2 } }, t)).toBe(
      'tasking.leftOut{"cloud":3,"coverage":2}',
    );
    expect(emptyPredictionText({ leftOut: { cloud: 0, coverage: 0 } }, t)).toBe('order.nullbody');
    expect(emptyPredictionText(undefined, t)).toBe('order.nullbody');
  });
});
