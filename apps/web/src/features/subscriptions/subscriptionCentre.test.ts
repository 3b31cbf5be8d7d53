import type { Subscription } from '@satportal/contract';
import { describe, expect, it } from 'vitest';
import {
  archiveSearchOf,
  canOpenItems,
  defaultSubscriptionFilter,
  listQueryOf,
  numsBadge,
  resubscribeDraftOf,
  subscriptionFilterOf,
  subscriptionFilterParams,
} from './subscriptionCentre';

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

const subscription = (over: Partial<Subscription> = {}): Subscription => ({
  id: 4,
  name: 'Harbour',
  aoiName: 'Harbour AOI',
  aoiId: 12,
  fdate: '2026-11-01',
  tdate: '2026-11-20',
  createTime: '2026-10-31T08:00:00Z',
  userEmail: 'a@example.com',
  status: 20,
  nums: 0,
  imageTime: null,
  condition: {
    fdate: '2026-11-01',
    tdate: '2026-11-20',
    cc: 30,
    ac: 15,
    ona: 25,
    sza: 0,
    orbit: 2,
    productQualities: ['A'],
  },
  sensor: { type: 1, resolutionIds: [2] },
  satGroups: [{ category: 'SV', satIds: [3, 5] }],
  boundaries: square,
  satIds: [3, 5],
  aoiArea: 12_000,
  ...over,
});

describe('subscription centre', () => {
  it('asks for 10 of the tab, sorted and filtered as chosen', () => {
    expect(listQueryOf(defaultSubscriptionFilter, 0)).toEqual({
      type: 10,
      start: 0,
      length: 10,
      sort: 'createTime,desc',
      onlyNew: false,
    });
    expect(listQueryOf({ tab: 'ended', sort: 'imageTime,asc', onlyNew: true }, 20)).toEqual({
      type: 20,
      start: 20,
      length: 10,
      sort: 'imageTime,asc',
      onlyNew: true,
    });
  });

  it('shows nums as 99+ above 99', () => {
    expect([0, 1, 99, 100, 12_345].map(numsBadge)).toEqual(['0', '1', '99', '99+', '99+']);
  });

  it('opens the new images only of an in-process subscription that has some', () => {
    expect(canOpenItems({ status: 10, nums: 1 })).toBe(true);
    expect(canOpenItems({ status: 10, nums: 0 })).toBe(false);
    expect(canOpenItems({ status: 20, nums: 5 })).toBe(false);
  });

  it('searches the archive with the AOI, condition, sensor and satellites over the window', () => {
    const request = archiveSearchOf(subscription(), '2026-11-25');
    expect(request).toEqual({
      page: { start: 0, length: 1000 },
      taskId: null,
      aois: [square],
      condition: {
        fdate: '2026-11-01',
        tdate: '2026-11-20',
        cc: 30,
        ac: 15,
        ona: 25,
        sza: 0,
        orbit: 2,
        productQualities: ['A'],
      },
      satIds: [3, 5],
      sensor: { type: 1, resolutionIds: [2] },
    });
  });

  it('turns the least sun elevation into the archive greatest zenith angle', () => {
    const withSun = (sza: number) =>
      archiveSearchOf(subscription({ condition: { ...subscription().condition, sza } }), '2026-11-25')
        .condition.sza;
    expect(withSun(30)).toBe(60);
    expect(withSun(0)).toBe(0);
    expect(withSun(90)).toBeGreaterThan(0);
    expect(withSun(90)).toBeLessThan(1);
  });

  it('searches no further than today', () => {
    const running = subscription({ fdate: '2026-11-20', tdate: '2027-02-01', status: 10 });
    expect(archiveSearchOf(running, '2026-11-25').condition).toMatchObject({
      fdate: '2026-11-20',
      tdate: '2026-11-25',
    });
    const future = subscription({ fdate: '2026-12-01', tdate: '2027-01-01', status: 10 });
    expect(archiveSearchOf(future, '2026-11-25').condition).toMatchObject({
      fdate: '2026-11-24',
      tdate: '2026-11-25',
    });
  });

  it('resubscribes with the AOI, condition, sensor and satellites but not the old window', () => {
    const draft = resubscribeDraftOf(subscription());
    expect(draft).toEqual({
      aoi: { geometry: square, name: 'Harbour AOI', aoiId: 12 },
      condition: { cc: 30, ac: 15, ona: 25, sza: 0, orbit: 2, productQualities: ['A'] },
      sensor: { type: 1, resolutionIds: [2] },
      satIds: [3, 5],
    });
  });
});

describe('the list filter in the address bar (issue 28 #6)', () => {
  it('reads back what it writes; the defaults are left out', () => {
    const filter = { tab: 'ended', sort: 'imageTime,asc', onlyNew: true } as const;
    expect(subscriptionFilterParams(filter)).toEqual({ tab: 'ended', sort: 'imageTime,asc', new: '1' });
    expect(subscriptionFilterParams(defaultSubscriptionFilter)).toEqual({ tab: null, sort: null, new: null });
    const written = Object.fromEntries(
      Object.entries(subscriptionFilterParams(filter)).filter(
        (entry): entry is [string, string] => entry[1] !== null,
      ),
    );
    expect(subscriptionFilterOf(written)).toEqual(filter);
  });

  it('reads what it cannot be as the default', () => {
    expect(subscriptionFilterOf({})).toEqual(defaultSubscriptionFilter);
    expect(subscriptionFilterOf({ tab: 'nonsense', sort: 'createTime,sideways', new: 'yes' })).toEqual(
      defaultSubscriptionFilter,
    );
  });
});
