import type { OrderDetail } from '@satportal/contract';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import { flattenKeys } from '../../i18n/keys';
import zh from '../../i18n/zh.json';
import {
  aoisOf,
  archiveSearchFrom,
  canSaveTag,
  downloadOf,
  isCancellable,
  megabytes,
  orderCentreTabs,
  orderFilterOf,
  orderFilterParams,
  refreshMsFor,
  statusLabelKey,
  statusOfTab,
  taskingConditionsFrom,
  termStateKey,
} from './orderCentre';

const english = flattenKeys(en);
const chinese = flattenKeys(zh);
const text = (key: string) => english.get(key);

describe('order status labels (spec 001 §4)', () => {
  it('names every status of the spec, in both languages', () => {
    for (const status of [11, 12, 21, 22, 31, 32, 33, 34, 41, 42]) {
      const key = statusLabelKey(status, 'GEOTIFF');
      expect(key).toBe(`orderCentre.status.${status}`);
      expect(english.has(key) && chinese.has(key), key).toBe(true);
    }
    expect(text(statusLabelKey(11, 'GEOTIFF'))).toBe('Auditing');
    expect(text(statusLabelKey(41, 'GEOTIFF'))).toBe('Cancelled by you');
  });

  it('shows a finished streaming order as streaming, and only status 32', () => {
    expect(statusLabelKey(32, 'STREAMING_GEOTIFF')).toBe('orderCentre.status.streaming');
    expect(statusLabelKey(34, 'STREAMING_GEOTIFF')).toBe('orderCentre.status.34');
    expect(english.has('orderCentre.status.streaming')).toBe(true);
  });

  it('says "unknown" for a status outside the spec', () => {
    expect(statusLabelKey(77, 'GEOTIFF')).toBe('orderCentre.status.unknown');
    expect(english.has('orderCentre.status.unknown')).toBe(true);
  });
});

describe('tabs and cancelling', () => {
  it('has All, Processing, Successful, Failed; All sends no status', () => {
    expect(orderCentreTabs).toEqual(['all', 'processing', 'successful', 'failed']);
    expect(orderCentreTabs.map(statusOfTab)).toEqual([undefined, 'processing', 'successful', 'failed']);
  });

  it('asks every 10 s while an order shown is under way (11, 21, 31), else every 120 s', () => {
    for (const status of [11, 21, 31]) expect(refreshMsFor([32, status, 41])).toBe(10_000);
    for (const status of [12, 22, 32, 33, 34, 41, 42]) expect(refreshMsFor([status])).toBe(120_000);
    expect(refreshMsFor([])).toBe(120_000);
  });

  it('offers Cancel for 11, 21, 31, 34 only', () => {
    const offered = [11, 12, 21, 22, 31, 32, 33, 34, 41, 42].filter(isCancellable);
    expect(offered).toEqual([11, 21, 31, 34]);
  });
});

describe('delivery terms', () => {
  it('names each delivery state, the spec labels among them', () => {
    for (const state of [-3, -2, -1, 1, 4, 5, 10, 98, 99]) {
      const key = termStateKey(state);
      expect(key).not.toBe('orderCentre.termState.unknown');
      expect(english.has(key) && chinese.has(key), key).toBe(true);
    }
    expect(text(termStateKey(5))).toBe('Delivered Successfully');
    expect(text(termStateKey(98))).toBe('Feasibility Rejected');
    expect(termStateKey(100)).toBe('orderCentre.termState.unknown');
  });

  it('gives sizes in MB with two decimals', () => {
    expect(megabytes(0)).toBe(0);
    expect(megabytes(1024 * 1024)).toBe(1);
    expect(megabytes(1536 * 1024)).toBe(1.5);
    expect(megabytes(12_345_678)).toBe(11.77);
  });

  const now = new Date('2025-03-01T12:00:00Z');
  const url = '/api/v1/oss/p/1.zip?Expires=1&Signature=x';

  it('offers the package while the link lives', () => {
    expect(downloadOf({ state: 5, pkgUrl: url, expires: '2025-03-08T12:00:00Z' }, now)).toEqual({
      kind: 'download',
      url,
    });
  });

  it('says expired once the expiry has passed, or when a delivered entry has no link', () => {
    expect(downloadOf({ state: 5, pkgUrl: url, expires: '2025-03-01T11:59:59Z' }, now).kind).toBe('expired');
    expect(downloadOf({ state: 5, pkgUrl: null, expires: '2025-02-20T00:00:00Z' }, now).kind).toBe('expired');
    expect(downloadOf({ state: 5, pkgUrl: null, expires: null }, now).kind).toBe('expired');
  });

  it('offers nothing before delivery', () => {
    expect(downloadOf({ state: -2, pkgUrl: null, expires: null }, now).kind).toBe('none');
    expect(downloadOf({ state: 99, pkgUrl: null, expires: null }, now).kind).toBe('none');
  });
});

describe('tags', () => {
  it('saves a tag of 1 to 30 characters, not an empty one', () => {
    expect(canSaveTag('')).toBe(false);
    expect(canSaveTag('   ')).toBe(false);
    expect(canSaveTag('harbour')).toBe(true);
    expect(canSaveTag('x'.repeat(30))).toBe(true);
    expect(canSaveTag('x'.repeat(31))).toBe(false);
  });
});

const cors = [
  { lat: 0, lng: 30 },
  { lat: 0, lng: 31 },
  { lat: 1, lng: 31 },
  { lat: 0, lng: 30 },
];

const detail = (over: Partial<OrderDetail>): OrderDetail =>
  ({
    aois: [{ name: 'Lake', id: null, geometry: { cors }, area: 12 }],
    satIds: [3, 4],
    condition: null,
    sensor: null,
    ...over,
  }) as OrderDetail;

describe('reusing the parameters', () => {
  it('turns the order AOIs into search polygons ([lon, lat])', () => {
    expect(aoisOf(detail({}))).toEqual([
      {
        type: 'Polygon',
        name: 'Lake',
        coordinates: [
          [
            [30, 0],
            [31, 0],
            [31, 1],
            [30, 0],
          ],
        ],
      },
    ]);
  });

  it('searches the archive again with the stored conditions and sensor', () => {
    const condition = {
      fdate: '2024-01-01',
      tdate: '2024-06-30',
      cc: 35,
      ac: 10,
      ona: 30,
      sza: 60,
      orbit: 2,
      productQualities: ['A'],
    };
    const request = archiveSearchFrom(
      detail({ condition, sensor: { type: 1, band: ['RGB'] } }),
      '2025-03-01',
    );
    expect(request?.condition).toEqual(condition);
    expect(request?.satIds).toEqual([3, 4]);
    expect(request?.sensor).toEqual({ type: 1, band: ['RGB'] });
    expect(request?.taskId).toBeNull();
  });

  it('ends a tasking order’s archive search today at the latest', () => {
    const condition = { fdate: '2025-03-10', tdate: '2025-03-20', cc: 15, ac: 100, ona: 25, sza: 0 };
    const request = archiveSearchFrom(detail({ condition }), '2025-03-01');
    expect(request?.condition.tdate).toBe('2025-03-01');
    expect((request?.condition.fdate ?? '9') < '2025-03-01').toBe(true);
    expect(request?.condition.productQualities).toEqual(['A', 'B']);
  });

  it('has nothing to search without an AOI or satellites', () => {
    expect(archiveSearchFrom(detail({ aois: [] }), '2025-03-01')).toBeNull();
    expect(archiveSearchFrom(detail({ satIds: [] }), '2025-03-01')).toBeNull();
  });

  it('moves a past tasking window to start today, as long as it was', () => {
    const condition = { fdate: '2025-01-10', tdate: '2025-01-20', cc: 10, ac: 90, ona: 20, sza: 50 };
    expect(taskingConditionsFrom({ condition }, '2025-03-01')).toEqual({
      fdate: '2025-03-01',
      tdate: '2025-03-11',
      cc: 10,
      ac: 90,
      ona: 20,
      sza: 50,
    });
    const ahead = { ...condition, fdate: '2025-04-01', tdate: '2025-04-05' };
    expect(taskingConditionsFrom({ condition: ahead }, '2025-03-01')).toMatchObject({
      fdate: '2025-04-01',
      tdate: '2025-04-05',
    });
    expect(taskingConditionsFrom({ condition: null }, '2025-03-01')).toBeNull();
  });
});

describe('the list filter in the address bar (issue 28 #6)', () => {
  it('reads back what it writes; all and empty parts are left out', () => {
    const filter = { tab: 'failed', tag: 'harbour', search: 'SP2026' } as const;
    expect(orderFilterParams(filter)).toEqual({ tab: 'failed', tag: 'harbour', q: 'SP2026' });
    expect(orderFilterParams({ tab: 'all', tag: null, search: ' ' })).toEqual({
      tab: null,
      tag: null,
      q: null,
    });
    const written = Object.fromEntries(
      Object.entries(orderFilterParams(filter)).filter(
        (entry): entry is [string, string] => entry[1] !== null,
      ),
    );
    expect(orderFilterOf(written)).toEqual(filter);
  });

  it('reads what it cannot be as no filter', () => {
    expect(orderFilterOf({})).toEqual({ tab: 'all', tag: null, search: '' });
    expect(orderFilterOf({ tab: 'nonsense', tag: '' })).toEqual({ tab: 'all', tag: null, search: '' });
  });
});
