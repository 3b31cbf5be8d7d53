import { AreaCalculationResponse, ResultCode } from '@satportal/contract';
import { Value } from 'typebox/value';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../../test/harness';
import { box, createTestSatellites, loginNewUser, postSearch, searchRequest } from '../../../test/scenes';
import {
  boxAreaKm2,
  boxScene,
  calculate,
  cartBody,
  createCoarseSatellites,
  createRadarSatellite,
  getRules,
  resolutionOf,
  storeScenes,
} from './test-helpers';

// Area calculation and group rules over hand-computable boxes (docs/ORDERING.md).

let h: Harness;
let token: string;
let sats: { ids: number[]; category: string };
/** two 0.2° × 0.2° boxes overlapping by exactly half (0.1° of longitude) */
const west = [10, 0, 10.2, 0.2] as [number, number, number, number];
const east = [10.1, 0, 10.3, 0.2] as [number, number, number, number];
const B = boxAreaKm2(...west);

beforeAll(async () => {
  h = await startHarness();
  token = await loginNewUser(h);
  sats = await createTestSatellites(h, 2);
});

const data = async (body: unknown): Promise<AreaCalculationResponse> => {
  const r = await calculate(h, token, body);
  expect(r.body.code, JSON.stringify(r.body)).toBe(ResultCode.Success);
  expect(Value.Check(AreaCalculationResponse, r.body.data)).toBe(true);
  return r.body.data;
};

describe('area calculation', () => {
  it('counts each km² once: two boxes overlapping by half are 1.5 boxes, the overlap half a box', async () => {
    const ids = await storeScenes(h, [
      boxScene(sats.ids[0]!, west, '2024-06-15T10:30:00Z'),
      boxScene(sats.ids[0]!, east, '2024-06-20T10:30:00Z'),
    ]);
    const d = await data(cartBody(ids));
    expect(d.totalArea).toBeCloseTo(2 * B, 1);
    expect(d.orderArea).toBeCloseTo(1.5 * B, 1);
    expect(d.overlapArea).toBeCloseTo(0.5 * B, 1);
    expect(d.sceneAreas).toEqual([
      { sceneId: ids[0], sceneArea: expect.closeTo(B, 1) },
      { sceneId: ids[1], sceneArea: expect.closeTo(B, 1) },
    ]);
    // Two passes (five days apart): the overlap is two acquisitions, and charged.
    expect(d.overlapChargeableArea).toBeCloseTo(0.5 * B, 1);
    // Without an AOI there is no gap and no width.
    expect(d.gap).toBeNull();
    expect(d.gapArea).toBeNull();
    expect(d.groups).toEqual([
      {
        satGroupName: sats.category,
        orderArea: expect.closeTo(1.5 * B, 1),
        aoiWidth: null,
        orderMinArea: 25,
        orderMinAoiWidth: 5,
      },
    ]);
  });

  it('does not charge the overlap of two scenes of one strip (one satellite, one pass)', async () => {
    const ids = await storeScenes(h, [
      boxScene(sats.ids[0]!, west, '2024-06-15T10:30:00Z'),
      boxScene(sats.ids[0]!, east, '2024-06-15T10:30:08Z'),
    ]);
    const d = await data(cartBody(ids));
    expect(d.overlapArea).toBeCloseTo(0.5 * B, 1);
    expect(d.overlapChargeableArea).toBe(0);
  });

  it('charges the overlap of two satellites at the same minute: distinct acquisitions', async () => {
    const ids = await storeScenes(h, [
      boxScene(sats.ids[0]!, west, '2024-06-15T10:30:00Z'),
      boxScene(sats.ids[1]!, east, '2024-06-15T10:30:00Z'),
    ]);
    expect((await data(cartBody(ids))).overlapChargeableArea).toBeCloseTo(0.5 * B, 1);
  });

  it('prices the chargeable area at the lowest level without a level, and each chosen level with the priority', async () => {
    const ids = await storeScenes(h, [
      boxScene(sats.ids[0]!, west, '2024-06-15T10:30:00Z'),
      boxScene(sats.ids[0]!, east, '2024-06-21T10:30:00Z'),
    ]);
    const prices = h.services.orderSizing.prices;
    const resolution = await resolutionOf(h, sats.category);
    const perKm2 = (level: 10 | 20) => prices.perKm2(sats.category, resolution, 'archive', level) as number;
    const chargeable = 2 * B; // 1.5 boxes ordered + 0.5 charged again
    const box = await data(cartBody(ids));
    expect(box.currencyType).toBe(prices.currencyType);
    expect(box.estimates).toEqual([
      {
        level: 10,
        currencyType: prices.currencyType,
        estimatedOrderAmount: expect.closeTo(chargeable * perKm2(10), 0),
      },
    ]);
    expect(box.estimatedOrderAmount).toBe(box.estimates[0]!.estimatedOrderAmount);
    const high = await data(cartBody(ids, { level: [20, 10], priority: 2 }));
    const m = prices.multiplier('archive', 2);
    expect(m).toBeGreaterThan(1);
    expect(high.estimates.map((e) => e.level)).toEqual([20, 10]);
    expect(high.estimates[0]!.estimatedOrderAmount).toBeCloseTo(chargeable * perKm2(20) * m, 0);
    expect(high.estimates[1]!.estimatedOrderAmount).toBeCloseTo(chargeable * perKm2(10) * m, 0);
    expect(high.estimatedOrderAmount).toBe(high.estimates[0]!.estimatedOrderAmount);
  });

  it('clips each scene to the AOI when clipping, and draws the part of the AOI no scene covers', async () => {
    const ids = await storeScenes(h, [
      boxScene(sats.ids[0]!, west, '2024-06-15T10:30:00Z'),
      boxScene(sats.ids[0]!, east, '2024-06-22T10:30:00Z'),
    ]);
    // The AOI reaches 0.05° west of the scenes: that strip is the gap.
    const aoi = box(9.95, 0.05, 10.25, 0.15);
    const d = await data(cartBody(ids, { aois: [aoi], clipping: true }));
    const piece = (w: number, e: number) => boxAreaKm2(w, 0.05, e, 0.15);
    expect(d.sceneAreas.map((s) => s.sceneArea)).toEqual([
      expect.closeTo(piece(10, 10.2), 1),
      expect.closeTo(piece(10.1, 10.25), 1),
    ]);
    expect(d.orderArea).toBeCloseTo(piece(10, 10.25), 1);
    expect(d.overlapArea).toBeCloseTo(piece(10.1, 10.2), 1);
    expect(d.gapArea).toBeCloseTo(piece(9.95, 10), 1);
    expect(d.gap?.type).toBe('MultiPolygon');
    const [xs, ys] = [0, 1].map((k) => (d.gap!.coordinates.flat(2) as number[][]).map((p) => p[k]!));
    expect([Math.min(...xs!), Math.max(...xs!), Math.min(...ys!), Math.max(...ys!)]).toEqual([
      expect.closeTo(9.95, 6),
      expect.closeTo(10, 6),
      expect.closeTo(0.05, 6),
      expect.closeTo(0.15, 6),
    ]);
    // The ordered area is 0.25° × 0.1°: its width is the 0.1° of latitude (110.57 km per degree).
    expect(d.groups[0]!.aoiWidth).toBeCloseTo(11.06, 1);
    // Without clipping the whole scenes count, and the gap stays the same.
    const whole = await data(cartBody(ids, { aois: [aoi], clipping: false }));
    expect(whole.orderArea).toBeCloseTo(1.5 * B, 1);
    expect(whole.gapArea).toBeCloseTo(piece(9.95, 10), 1);
  });

  it('has no gap when the scenes cover the AOI', async () => {
    const ids = await storeScenes(h, [boxScene(sats.ids[0]!, west, '2024-06-15T10:30:00Z')]);
    const d = await data(cartBody(ids, { aois: [box(10.05, 0.05, 10.15, 0.15)], clipping: true }));
    expect(d.gap).toBeNull();
    expect(d.gapArea).toBe(0);
  });

  it("clips to the AOI of the caller's own archive search; another user's or an unknown search is 404", async () => {
    const ids = await storeScenes(h, [boxScene(sats.ids[0]!, west, '2024-06-15T10:30:00Z')]);
    const aoi = box(10.05, 0.05, 10.15, 0.15);
    const search = await postSearch(h, token, searchRequest([aoi], [sats.ids[0]!]));
    expect(search.body.code, JSON.stringify(search.body)).toBe(ResultCode.Success);
    const taskId = search.body.data.taskId as string;
    const d = await data(cartBody(ids, { taskId, clipping: true }));
    expect(d.orderArea).toBeCloseTo(boxAreaKm2(10.05, 0.05, 10.15, 0.15), 1);
    const other = await loginNewUser(h);
    for (const [who, id] of [
      [other, taskId],
      [token, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const r = await calculate(h, who, cartBody(ids, { taskId: id, clipping: true }));
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ code: ResultCode.NotFound, message: 'order.searchNotFound' });
    }
  });

  it('orders whole scenes by scene id, even with a search AOI', async () => {
    const ids = await storeScenes(h, [boxScene(sats.ids[0]!, west, '2024-06-15T10:30:00Z')]);
    const body = {
      ...cartBody(ids, { aois: [box(10.05, 0.05, 10.15, 0.15)], clipping: true }),
      isOrderBySceneId: true,
    };
    const d = await data(body);
    expect(d.orderArea).toBeCloseTo(B, 1);
    expect(d.gap).toBeNull();
  });

  it('refuses an empty cart, unknown scenes, mixed sensor types and a level the type does not offer', async () => {
    const [optical] = await storeScenes(h, [boxScene(sats.ids[0]!, west, '2024-06-15T10:30:00Z')]);
    const radar = await createRadarSatellite(h);
    const [sar] = await storeScenes(h, [
      { ...boxScene(radar.ids[0]!, west, '2024-06-15T10:30:00Z'), sensorType: 4, bands: ['C'], gsd: 5 },
    ]);
    const cases: [unknown, string, Record<string, unknown>?][] = [
      [cartBody([]), 'order.nullbody'],
      [cartBody([optical!, 'no-such-scene']), 'order.unknownScenes', { ids: 'no-such-scene' }],
      [cartBody([optical!, sar!]), 'order.moretypeFail'],
      [cartBody([sar!], { level: 20 }), 'order.levelNotOffered', { level: 20 }],
    ];
    for (const [body, key, params] of cases) {
      const r = await calculate(h, token, body);
      expect(r.status, key).toBe(400);
      expect(r.body).toMatchObject({ code: ResultCode.ValidationFailed, message: key });
      if (params) expect(r.body.data.params).toEqual(params);
    }
  });
});

describe('satellite-group rules', () => {
  it('answers the minimums of spec 000 §5 per group: sub-metre and above 1 m, archive and tasking', async () => {
    const coarse = await createCoarseSatellites(h, 1);
    const satIds = `${sats.ids.join(',')},${coarse.ids[0]},999999999`;
    const archive = await getRules(h, token, `satIds=${satIds}`);
    expect(archive.status, JSON.stringify(archive.body)).toBe(200);
    const rulesOf = (r: typeof archive) =>
      Object.fromEntries(r.body.data.rules.map((x: { satGroupName: string }) => [x.satGroupName, x]));
    expect(rulesOf(archive)).toEqual({
      [sats.category]: { satGroupName: sats.category, orderMinArea: 25, orderMinAoiWidth: 5 },
      [coarse.category]: { satGroupName: coarse.category, orderMinArea: 500, orderMinAoiWidth: 10 },
    });
    const tasking = await getRules(h, token, `satIds=${satIds}&orderType=4`);
    expect(rulesOf(tasking)).toEqual({
      [sats.category]: { satGroupName: sats.category, orderMinArea: 100, orderMinAoiWidth: 5 },
      [coarse.category]: { satGroupName: coarse.category, orderMinArea: 2500, orderMinAoiWidth: 10 },
    });
    // A sensor type the satellites lack leaves them out; unknown satellites are no group.
    expect((await getRules(h, token, `satIds=${satIds}&productType=4`)).body.data.rules).toEqual([]);
    expect((await getRules(h, token, 'satIds=999999999')).body.data.rules).toEqual([]);
    expect((await getRules(h, token, 'satIds=9999999999')).body.data.rules).toEqual([]);
  });
});
