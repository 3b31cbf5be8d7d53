import type { Aoi, Satellite } from '@satportal/contract';
import { describe, expect, it } from 'vitest';
import type { Catalogue } from '../../shared/conditions/sensorChoice';
import {
  aoiNameOf,
  defaultSubscriptionConditions,
  defaultSubscriptionName,
  draftFromArchiveSearch,
  isSubscriptionDayDisabled,
  panelRequestParts,
  selectionOfDraft,
  subscriptionCreateRequest,
  unionOfAois,
  validateSubscription,
} from './subscriptionForm';

const sat = (
  id: number,
  category: string,
  caps: Array<Partial<Satellite['cap']['caps'][number]>>,
): Satellite =>
  ({
    id,
    name: `${category} ${id}`,
    category,
    cap: {
      caps: caps.map((c) => ({
        type: 1,
        bands: [],
        stereos: [],
        polarisations: [],
        maxResolution: 1,
        maxShtPeriod: 1,
        ...c,
      })),
    },
  }) as Satellite;

const catalogue: Catalogue = {
  sats: [
    sat(1, 'SuperView-1', [
      { bands: ['PAN', 'B', 'G', 'R', 'NIR'], stereos: ['MONO', 'STEREO'], maxResolution: 0.5 },
    ]),
    sat(2, 'Pléiades Neo', [{ bands: ['PAN', 'B', 'G', 'R', 'NIR'], stereos: ['MONO'], maxResolution: 0.3 }]),
    sat(3, 'Sentinel-2', [{ bands: ['B', 'G', 'R', 'NIR', 'SWIR'], stereos: ['MONO'], maxResolution: 10 }]),
    sat(6, 'Sentinel-1', [{ type: 4, bands: ['C'], maxResolution: 5 }]),
  ],
  groups: [
    { category: 'SuperView-1', satIds: [1], resolutionId: 2 },
    { category: 'Pléiades Neo', satIds: [2], resolutionId: 2 },
    { category: 'Sentinel-2', satIds: [3], resolutionId: 4 },
    { category: 'Sentinel-1', satIds: [6], resolutionId: 4 },
  ],
};

const square: Aoi = {
  type: 'Polygon',
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
const today = '2026-03-10';
const valid = {
  aoi: square,
  conditions: defaultSubscriptionConditions(today),
  satGroupCount: 2,
  name: '',
  today,
};

describe('subscription panel defaults and picker (spec 000 §5, §9)', () => {
  it('starts today and ends 90 days later, cloud 20, coverage 10, off-nadir 45, solar angle 0, A and B', () => {
    expect(defaultSubscriptionConditions(today)).toEqual({
      fdate: '2026-03-10',
      tdate: '2026-06-08',
      cc: 20,
      ac: 10,
      ona: 45,
      sza: 0,
      orbit: 0,
      productQualities: ['A', 'B'],
    });
  });

  it('offers yesterday up to 180 days ahead', () => {
    expect(isSubscriptionDayDisabled('2026-03-08', today)).toBe(true);
    expect(isSubscriptionDayDisabled('2026-03-09', today)).toBe(false);
    expect(isSubscriptionDayDisabled('2026-09-06', today)).toBe(false);
    expect(isSubscriptionDayDisabled('2026-09-07', today)).toBe(true);
  });

  it('names a subscription after its AOI when the name is left empty', () => {
    expect(defaultSubscriptionName('Harbour')).toBe('AOI Subscription for Harbour');
  });
});

describe('subscription submit checks (spec 000 §5), in the panel order', () => {
  const keys = (input: Parameters<typeof validateSubscription>[0]) =>
    validateSubscription(input).map((p) => p.key);

  it('passes the defaults over an AOI', () => {
    expect(keys(valid)).toEqual([]);
  });

  it('reports no AOI first, then qualities, satellite groups and the time range', () => {
    expect(
      keys({
        ...valid,
        aoi: null,
        conditions: { fdate: '', tdate: '', productQualities: [] },
        satGroupCount: 0,
      }),
    ).toEqual([
      'subscribe.noAoi',
      'search.chooseQuality',
      'placeholder.selectSatellite',
      'subscribe.chooseTime',
    ]);
  });

  it('refuses a start after the end', () => {
    expect(
      keys({ ...valid, conditions: { ...valid.conditions, fdate: '2026-04-02', tdate: '2026-04-01' } }),
    ).toEqual(['search.exceedTime']);
  });

  it('refuses days the picker would not offer, naming the limits', () => {
    const [problem] = validateSubscription({
      ...valid,
      conditions: { ...valid.conditions, fdate: '2026-03-08' },
    });
    expect(problem).toEqual({
      field: 'dates',
      key: 'search.dateOutOfRange',
      params: { min: '2026-03-09', max: '2026-09-06' },
    });
    expect(keys({ ...valid, conditions: { ...valid.conditions, tdate: '2026-09-07' } })).toEqual([
      'search.dateOutOfRange',
    ]);
  });

  it('refuses a name of more than 50 characters, counting characters, not UTF-16 units', () => {
    expect(keys({ ...valid, name: '港'.repeat(50) })).toEqual([]);
    expect(keys({ ...valid, name: '𝔸'.repeat(50) })).toEqual([]);
    expect(keys({ ...valid, name: 'x'.repeat(51) })).toEqual(['subscribe.nameTooLong']);
  });
});

describe('the create request (spec 000 §3 "Subscription create payload")', () => {
  const { condition, satIds, sensor } = panelRequestParts({
    conditions: defaultSubscriptionConditions(today),
    catalogue,
    type: 1,
    selection: { bands: ['NIR'], stereo: null, resolutions: [], satGroups: ['SuperView-1', 'Sentinel-2'] },
  });

  it('sends the satellites of the chosen groups and the sensor choice', () => {
    expect(satIds).toEqual([1, 3]);
    expect(sensor).toEqual({ type: 1, resolutionIds: [], mode: null, band: ['NIR'] });
    expect(condition.ac).toBe(10);
  });

  it('sends the AOI without its name inside, the name apart, and no name when left empty', () => {
    const request = subscriptionCreateRequest({
      name: '  ',
      aoi: { geometry: { ...square, name: 'Harbour' }, name: 'Harbour', aoiId: 7 },
      drawnName: 'Drawn AOI',
      condition,
      satIds,
      sensor,
    });
    expect(request).toEqual({ aoiName: 'Harbour', aoiId: 7, boundaries: square, satIds, condition, sensor });
    expect('name' in request).toBe(false);
  });

  it('names a drawn AOI with the panel word and cuts a long AOI name to 50 characters', () => {
    expect(aoiNameOf({ geometry: square, name: null, aoiId: null }, 'Drawn AOI')).toBe('Drawn AOI');
    expect(aoiNameOf({ geometry: square, name: 'a'.repeat(60), aoiId: null }, 'x')).toBe('a'.repeat(50));
  });
});

describe('drafts (Re-subscribe, the no-archive dialog)', () => {
  it('chooses the drafted sensor and the groups of the drafted satellites', () => {
    expect(
      selectionOfDraft(catalogue, { type: 1, band: ['SWIR'], mode: null, resolutionIds: [] }, [3]),
    ).toEqual({
      type: 1,
      selection: { bands: ['SWIR'], stereo: null, resolutions: [], satGroups: ['Sentinel-2'] },
    });
  });

  it('keeps only what the catalogue still offers, and every offered group without drafted satellites', () => {
    expect(
      selectionOfDraft(catalogue, { type: 4, band: ['PAN'], mode: 'STEREO', resolutionIds: [9 as 1] }, []),
    ).toEqual({
      type: 4,
      selection: { bands: [], stereo: null, resolutions: [], satGroups: ['Sentinel-1'] },
    });
    expect(selectionOfDraft(catalogue, { type: 3 }, [1]).type).toBe(1);
  });

  it('takes an archive search over, with the sun limit as an elevation and the subscription coverage', () => {
    const draft = draftFromArchiveSearch({
      aois: [{ ...square, name: 'Harbour' }],
      condition: {
        fdate: '2025-01-01',
        tdate: '2026-03-10',
        cc: 35,
        ac: 0,
        ona: 30,
        sza: 70,
        orbit: 2,
        productQualities: ['A'],
      },
      satIds: [1, 2],
      sensor: { type: 1 },
    });
    expect(draft).toEqual({
      aoi: { geometry: square, name: 'Harbour', aoiId: null },
      condition: { cc: 35, ona: 30, sza: 20, orbit: 2, productQualities: ['A'] },
      satIds: [1, 2],
      sensor: { type: 1 },
    });
    expect(draftFromArchiveSearch({ aois: [square], condition: { sza: 0 }, satIds: [] }).condition?.sza).toBe(
      0,
    );
  });

  it('joins several AOIs into one MultiPolygon', () => {
    const other: Aoi = {
      ...square,
      coordinates: [
        [
          [20, 20],
          [21, 20],
          [21, 21],
          [20, 20],
        ],
      ],
    };
    expect(unionOfAois([square, other])).toEqual({
      type: 'MultiPolygon',
      coordinates: [square.coordinates, other.coordinates],
    });
  });
});
