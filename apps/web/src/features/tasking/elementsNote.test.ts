import type { OrbitalElementsStatus, TaskingPrediction } from '@satportal/contract';
import { describe, expect, it } from 'vitest';
import { elementsNote } from './elementsNote';

const satellites: OrbitalElementsStatus['satellites'] = [
  {
    satId: 1,
    satName: 'SuperView-1 03',
    noradId: 43099,
    epoch: '2026-11-26T12:00:00.000Z',
    ageDays: 1.5,
    origin: 'source',
    fetchedAt: '2026-11-28T00:00:00.000Z',
  },
  {
    satId: 2,
    satName: 'KOMPSAT-5',
    noradId: 39227,
    epoch: '2026-05-30T14:35:00.000Z',
    ageDays: 181.9,
    origin: 'file',
    fetchedAt: null,
  },
  {
    satId: 3,
    satName: 'Gaofen-5 01',
    noradId: 43461,
    epoch: '2026-11-27T12:00:00.000Z',
    ageDays: 0.5,
    origin: 'source',
    fetchedAt: '2026-11-28T00:00:00.000Z',
  },
  {
    satId: 4,
    satName: 'Luojia-1 01',
    noradId: 43485,
    epoch: null,
    ageDays: null,
    origin: null,
    fetchedAt: null,
  },
];

// A prediction with a pass of satellite 1 and a staleness warning for satellite 2.
const prediction = {
  list: [{ date: '2026-11-29', item: [{ satId: 1 }] }],
  staleElements: [
    { satId: 2, satName: 'KOMPSAT-5', noradId: 39227, epoch: '2026-05-30T14:35:00.000Z', ageDays: 182 },
  ],
} as unknown as Pick<TaskingPrediction, 'list' | 'staleElements'>;

const status = (s: Partial<OrbitalElementsStatus>): OrbitalElementsStatus => ({
  sourceConfigured: true,
  refreshHours: 6,
  lastRefreshedAt: null,
  lastFetch: null,
  satellites,
  ...s,
});

describe('the elements note of the tasking panel', () => {
  it('says that no source is configured (the offline demo), with the ages of the predicted satellites, oldest first', () => {
    expect(elementsNote(status({ sourceConfigured: false, refreshHours: null }), prediction)).toEqual({
      refresh: { kind: 'noSource' },
      failed: null,
      ages: [
        { satId: 2, satName: 'KOMPSAT-5', ageDays: 181.9, epoch: '2026-05-30T14:35:00.000Z' },
        { satId: 1, satName: 'SuperView-1 03', ageDays: 1.5, epoch: '2026-11-26T12:00:00.000Z' },
      ],
    });
  });

  it('says when the elements were refreshed, and a later failed refresh with its reason', () => {
    const ok = {
      startedAt: '2026-11-28T00:00:00.000Z',
      finishedAt: '2026-11-28T00:00:02.000Z',
      stored: 3,
      satellites: 3,
    };
    expect(
      elementsNote(
        status({ lastRefreshedAt: ok.finishedAt, lastFetch: { ...ok, outcome: 'ok', problem: null } }),
        prediction,
      ),
    ).toMatchObject({
      refresh: { kind: 'refreshed', at: '2026-11-28T00:00:02.000Z' },
      failed: null,
    });
    const failed = {
      startedAt: '2026-11-28T06:00:00.000Z',
      finishedAt: '2026-11-28T06:00:30.000Z',
      stored: 0,
      satellites: 0,
    };
    expect(
      elementsNote(
        status({
          lastRefreshedAt: ok.finishedAt,
          lastFetch: { ...failed, outcome: 'failed', problem: 'http' },
        }),
        prediction,
      ),
    ).toMatchObject({
      refresh: { kind: 'refreshed', at: '2026-11-28T00:00:02.000Z' },
      failed: { at: '2026-11-28T06:00:30.000Z', problem: 'tasking.elementsProblemHttp' },
    });
    expect(
      elementsNote(status({ lastFetch: { ...failed, outcome: 'failed', problem: null } }), prediction),
    ).toMatchObject({
      refresh: { kind: 'never' },
      failed: { problem: 'tasking.elementsProblemOther' },
    });
  });
});
