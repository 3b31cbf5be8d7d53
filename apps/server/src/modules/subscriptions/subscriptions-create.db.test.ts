import { ResultCode } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness';
import { bowtie, box, createTestSatellites } from '../../test/scenes';
import {
  type Call,
  createRequest,
  insertSavedAoi,
  subscriptionCount,
  subscriptionsApi,
  utcDayFromToday,
} from './test-helpers';

let h: Harness;
let call: Call;
let satIds: number[];
beforeAll(async () => {
  h = await startHarness();
  call = await subscriptionsApi(h);
  satIds = (await createTestSatellites(h, 2)).ids;
});

const create = (token: string, body: unknown) => call('POST', '/subscriptions', token, body);

describe('POST subscriptions', () => {
  it('stores the subscription with its condition as the matcher reads it', async () => {
    const { token, userId } = await h.signedIn();
    const r = await create(
      token,
      createRequest([satIds[0]!, satIds[0]!, satIds[1]!], {
        condition: { cc: 30, ac: 15, ona: 25, sza: 20, orbit: 2, productQualities: ['A'] },
        sensor: { type: 1, mode: '', band: ['R', 'G'], resolutionIds: [2] },
      }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.code).toBe(2000);
    const { rows } = await h.pool.query(
      `SELECT user_id, name, aoi_name, aoi_id, max_cloud_cover, min_coverage, max_off_nadir, min_sun_elevation,
              orbit, qualities, sat_ids, sensor_type, resolution_ids, stereo_mode, bands, fdate::text, tdate::text,
              aoi_area_km2, lonlat_area_km2(aoi::geometry) AS measured, condition, boundaries
         FROM subscriptions WHERE id = $1`,
      [r.body.data.id],
    );
    const row = rows[0];
    expect(row).toMatchObject({
      user_id: userId,
      name: 'My subscription',
      aoi_name: 'Test AOI',
      aoi_id: null,
      max_cloud_cover: 30,
      min_coverage: 15,
      max_off_nadir: 25,
      min_sun_elevation: 20,
      orbit: 2,
      qualities: ['A'],
      sat_ids: [satIds[0], satIds[1]],
      sensor_type: 1,
      resolution_ids: [2],
      stereo_mode: null,
      bands: ['R', 'G'],
      fdate: utcDayFromToday(0),
      tdate: utcDayFromToday(90),
    });
    // A 1° box at 10° N: about 111.3 × 109.6 km, measured geodesically.
    expect(row.aoi_area_km2).toBeGreaterThan(12_000);
    expect(row.aoi_area_km2).toBeLessThan(12_400);
    // The stored area is measured in closed form (scenes/storable.ts ringAreaKm2); PostGIS's segmentized
    // geodesic area of the stored AOI agrees within a millionth.
    expect(Math.abs(row.aoi_area_km2 - row.measured) / row.measured).toBeLessThan(1e-6);
    expect(row.condition.cc).toBe(30);
    expect(row.boundaries).toMatchObject({ type: 'Polygon', name: 'Test AOI' });
  });

  it('splits an AOI across ±180° as the archive search does', async () => {
    const { token } = await h.signedIn();
    const crossing = {
      type: 'Polygon',
      coordinates: [
        [
          [179, 1],
          [181, 1],
          [181, 2],
          [179, 2],
          [179, 1],
        ],
      ],
    };
    const r = await create(token, createRequest(satIds, { boundaries: crossing }));
    expect(r.body.code, JSON.stringify(r.body)).toBe(2000);
    const { rows } = await h.pool.query(
      `SELECT ST_NumGeometries(aoi::geometry) AS parts, ST_XMin(aoi::geometry) AS west, ST_XMax(aoi::geometry) AS east
         FROM subscriptions WHERE id = $1`,
      [r.body.data.id],
    );
    expect(rows[0]).toEqual({ parts: 2, west: -180, east: 180 });
  });

  it("names it 'AOI Subscription for {aoi name}' when no name is given, cut to 50 characters", async () => {
    const { token } = await h.signedIn();
    const named = async (body: unknown) => {
      const r = await create(token, body);
      expect(r.body.code, JSON.stringify(r.body)).toBe(2000);
      const { rows } = await h.pool.query('SELECT name FROM subscriptions WHERE id = $1', [r.body.data.id]);
      return rows[0].name as string;
    };
    const { name: _, ...withoutName } = createRequest(satIds, { aoiName: 'Harbour' });
    expect(await named(withoutName)).toBe('AOI Subscription for Harbour');
    expect(
      await named(createRequest(satIds, { name: '  ', aoiName: 'Dock', boundaries: box(12, 10, 13, 11) })),
    ).toBe('AOI Subscription for Dock');
    const long = 'x'.repeat(50);
    const cut = await named(
      createRequest(satIds, { name: '', aoiName: long, boundaries: box(14, 10, 15, 11) }),
    );
    expect(cut).toBe(`AOI Subscription for ${long}`.slice(0, 50));
  });

  it('accepts the window one day beyond the spec on each side (the user zone’s days)', async () => {
    const { token } = await h.signedIn();
    const r = await create(
      token,
      createRequest(satIds, { condition: { fdate: utcDayFromToday(-2), tdate: utcDayFromToday(181) } }),
    );
    expect(r.body.code, JSON.stringify(r.body)).toBe(2000);
  });

  const refusals: [string, (ids: number[]) => unknown, string, string][] = [
    [
      'no quality',
      (ids) => createRequest(ids, { condition: { productQualities: [] } }),
      'search.chooseQuality',
      'condition.productQualities',
    ],
    ['no satellite', () => createRequest([]), 'placeholder.selectSatellite', 'satIds'],
    [
      'an unknown satellite',
      (ids) => createRequest([ids[0]!, 2_000_000_000]),
      'subscribe.unknownSatellite',
      'satIds',
    ],
    [
      'a start that is no day',
      (ids) => createRequest(ids, { condition: { fdate: '2026-02-30' } }),
      'subscribe.chooseTime',
      'condition.fdate',
    ],
    [
      'an end that is no day',
      (ids) => createRequest(ids, { condition: { tdate: '2026-13-01' } }),
      'subscribe.chooseTime',
      'condition.tdate',
    ],
    [
      'a start after the end',
      (ids) => createRequest(ids, { condition: { fdate: utcDayFromToday(10), tdate: utcDayFromToday(9) } }),
      'search.exceedTime',
      'condition.fdate',
    ],
    [
      'a start before yesterday (with a day of slack)',
      (ids) => createRequest(ids, { condition: { fdate: utcDayFromToday(-3) } }),
      'search.dateOutOfRange',
      'condition.fdate',
    ],
    [
      'an end beyond 180 days (with a day of slack)',
      (ids) => createRequest(ids, { condition: { tdate: utcDayFromToday(182) } }),
      'search.dateOutOfRange',
      'condition.tdate',
    ],
    ['no AOI', (ids) => createRequest(ids, { boundaries: null }), 'subscribe.noAoi', 'boundaries'],
    [
      'an AOI crossing itself',
      (ids) => createRequest(ids, { boundaries: bowtie }),
      'search.invalidAoi',
      'boundaries',
    ],
  ];
  for (const [what, body, key, field] of refusals) {
    it(`refuses ${what}: 4000 ${key} on ${field}, nothing stored`, async () => {
      const { token, userId } = await h.signedIn();
      const r = await create(token, body(satIds));
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: ResultCode.ValidationFailed, message: key, data: { field } });
      expect(await subscriptionCount(h, userId)).toBe(0);
    });
  }

  it("refuses an aoiId that is not one of the caller's AOIs: 4004, nothing stored", async () => {
    const owner = await h.signedIn();
    const other = await h.signedIn();
    const theirs = await insertSavedAoi(h, owner.userId, box(10, 10, 11, 11));
    for (const aoiId of [theirs, 2_000_000_000]) {
      const r = await create(other.token, createRequest(satIds, { aoiId }));
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({
        code: ResultCode.NotFound,
        message: 'aoi.notFound',
        data: { field: 'aoiId' },
      });
    }
    expect(await subscriptionCount(h, other.userId)).toBe(0);
    const own = await create(owner.token, createRequest(satIds, { aoiId: theirs }));
    expect(own.body.code, JSON.stringify(own.body)).toBe(2000);
  });
});
