import { type ArchiveOrderRequest, ResultCode } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../http/api-error';
import { type Harness, startHarness } from '../../../test/harness';
import { box, createTestSatellites } from '../../../test/scenes';
import { overlayFor } from '../../areas';
import { SizingRepository } from './sizing.repository';
import {
  boxScene,
  calculate,
  cartBody,
  createCoarseSatellites,
  createRadarSatellite,
  storeScenes,
} from './test-helpers';
import type { TaskingSizingRequest } from './types';

// The order checks of sizing (archive and tasking) and "enlarge to the minimum".

let h: Harness;
let token: string;
let userId: number;
let sats: { ids: number[]; category: string };
/** one scene of 1° × 1° (≈ 12,300 km²) over 20–21° E, 0–1° N */
let big: string;

beforeAll(async () => {
  h = await startHarness();
  const user = await h.signedIn();
  token = user.token;
  userId = user.userId;
  sats = await createTestSatellites(h, 1);
  big = (await storeScenes(h, [boxScene(sats.ids[0]!, [20, 0, 21, 1], '2024-06-15T10:30:00Z')]))[0]!;
});

const archiveOrder = (
  ids: string[],
  process: Partial<ArchiveOrderRequest['ipr']['process']>,
  aois?: unknown[],
): ArchiveOrderRequest => ({
  ipr: {
    priority: 1,
    process: { level: [10], clipping: false, isQualityTesting: false, ...process },
    ips: ids.map((sceneId) => ({ sceneId })),
    ...(aois ? { aois: aois as ArchiveOrderRequest['ipr']['aois'] } : {}),
  },
  orderRequestInfo: { type: 2 },
});

/** The refusal a call throws: code, key and parameters. */
async function refusal(call: Promise<unknown>) {
  const e = await call.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e, 'expected a refusal').toBeInstanceOf(ApiError);
  const { code, messageKey, details } = e as ApiError;
  return { code, key: messageKey, field: details.field, params: details.params };
}

describe('archive order sizing', () => {
  const sizing = () => h.services.orderSizing;

  it('sizes a valid order: scenes with their metadata and area, one estimate per level', async () => {
    const aoi = box(20.2, 0.2, 20.3, 0.3);
    const sized = await sizing().sizeArchiveOrder(
      userId,
      archiveOrder([big], { level: [20, 10], clipping: true }, [aoi]),
    );
    expect(sized.sensorType).toBe(1);
    expect(sized.aois).toEqual([aoi]);
    expect(sized.scenes).toHaveLength(1);
    expect(sized.scenes[0]).toMatchObject({
      sceneId: big,
      satId: sats.ids[0],
      satGroupName: sats.category,
      sensorType: 1,
      time: '2024-06-15T10:30:00.000Z',
      productQuality: 'A',
      sceneArea: sized.figures.orderArea,
    });
    expect(sized.scenes[0]!.boundaries[0]).toHaveLength(5);
    expect(sized.estimates.map((e) => e.level)).toEqual([20, 10]);
    expect(sized.groups[0]).toMatchObject({
      satGroupName: sats.category,
      orderMinArea: 25,
      orderMinAoiWidth: 5,
    });
  });

  it('refuses each broken rule with its code and key, before anything else', async () => {
    const radar = await createRadarSatellite(h);
    const [sar] = await storeScenes(h, [
      {
        ...boxScene(radar.ids[0]!, [20, 0, 21, 1], '2024-06-15T10:30:00Z'),
        sensorType: 4,
        bands: ['C'],
        gsd: 5,
      },
    ]);
    const cases: [ArchiveOrderRequest, number, string, Record<string, unknown>?][] = [
      [archiveOrder([], {}), 4000, 'order.nullbody'],
      [archiveOrder([big!], { level: [] }), 4000, 'order.levelneeded'],
      [archiveOrder([sar!], { level: [10, 20] }), 4000, 'order.levelNotOffered', { level: 20 }],
      [
        archiveOrder([big!], { level: [22, 10], processMode: 'STREAMING_GEOTIFF' }),
        4000,
        'order.streamingLevelOnly',
      ],
      [archiveOrder([sar!], { clipping: true }), 4000, 'order.clippingNotOffered'],
      [archiveOrder([big!, sar!], {}), 4000, 'order.moretypeFail'],
      // The AOI misses the scene: nothing of the group can be ordered there.
      [
        archiveOrder([big!], { clipping: true }, [box(30, 0, 30.5, 0.5)]),
        4156,
        'order.tipOut',
        { group: sats.category, reason: 'range' },
      ],
      // 0.02° × 0.02° ≈ 4.9 km² < 25 km².
      [
        archiveOrder([big!], { clipping: true }, [box(20.4, 0.4, 20.42, 0.42)]),
        4151,
        'order.tipMinArea',
        { group: sats.category, minimum: 25, area: expect.closeTo(4.89, 1) },
      ],
      // 0.9° × 0.03°: 330 km², but 3.3 km wide < 5 km.
      [
        archiveOrder([big!], { clipping: true }, [box(20.05, 0.5, 20.95, 0.53)]),
        4156,
        'order.tipOut',
        { group: sats.category, reason: 'width', minimumWidth: 5, width: expect.closeTo(3.32, 1) },
      ],
    ];
    for (const [request, code, key, params] of cases) {
      const r = await refusal(sizing().sizeArchiveOrder(userId, request));
      expect({ code: r.code, key: r.key }, key).toEqual({ code, key });
      if (params) expect(r.params, key).toEqual(params);
    }
  });

  it('checks no width without clipping: the whole scene is ordered', async () => {
    const sized = await sizing().sizeArchiveOrder(
      userId,
      archiveOrder([big!], {}, [box(20.05, 0.5, 20.95, 0.53)]),
    );
    expect(sized.figures.orderArea).toBeGreaterThan(12_000);
  });

  it('refuses a group above 1 m below its 500 km² minimum', async () => {
    const coarse = await createCoarseSatellites(h, 1);
    const [scene] = await storeScenes(h, [
      boxScene(coarse.ids[0]!, [20, 0, 20.1, 0.1], '2024-06-15T10:30:00Z'),
    ]);
    const r = await refusal(sizing().sizeArchiveOrder(userId, archiveOrder([scene!], {})));
    expect(r).toMatchObject({
      code: 4151,
      key: 'order.tipMinArea',
      params: { group: coarse.category, minimum: 500 },
    });
  });
});

describe('tasking order sizing', () => {
  const pass = (group: string, w: number, s: number, e: number, n: number) => ({
    satGroupName: group,
    boundaries: [box(w, s, e, n).coordinates[0]!],
  });
  const request = (over: Partial<TaskingSizingRequest> = {}): TaskingSizingRequest => ({
    aois: [box(40, 0, 40.2, 0.2)],
    satIds: sats.ids,
    sensorType: 1,
    levels: [10],
    priority: 1,
    passes: [pass(sats.category, 39.9, -1, 40.3, 1)],
    ...over,
  });

  it('prices the AOI at the tasking price and priority of the chosen group', async () => {
    const sized = await h.services.orderSizing.sizeTaskingOrder(
      userId,
      request({ priority: 3, levels: [22, 10] }),
    );
    const prices = h.services.orderSizing.prices;
    const { rows } = await h.pool.query(
      'SELECT resolution_id AS r FROM satellite_groups WHERE category = $1',
      [sats.category],
    );
    const perKm2 = (level: 10 | 22) => prices.perKm2(sats.category, rows[0].r, 'tasking', level) as number;
    expect(sized.orderArea).toBeGreaterThan(400);
    expect(sized.groups).toEqual([
      {
        satGroupName: sats.category,
        orderArea: sized.orderArea,
        aoiWidth: expect.closeTo(22.1, 0),
        orderMinArea: 100,
        orderMinAoiWidth: 5,
      },
    ]);
    const m = prices.multiplier('tasking', 3);
    expect(sized.estimates.map((e) => [e.level, e.estimatedOrderAmount])).toEqual([
      [22, expect.closeTo(sized.orderArea * perKm2(22) * m, 0)],
      [10, expect.closeTo(sized.orderArea * perKm2(10) * m, 0)],
    ]);
  });

  it('refuses no satellites, no level, no pass over the AOI, too small and too narrow an AOI', async () => {
    const cases: [TaskingSizingRequest, number, string, Record<string, unknown>?][] = [
      [request({ satIds: [] }), 4000, 'order.satsNotNull'],
      [request({ levels: [] }), 4000, 'order.levelneeded'],
      [request({ sensorType: 4, levels: [20] }), 4000, 'order.levelNotOffered', { level: 20 }],
      [
        request({ passes: [pass(sats.category, 50, 0, 51, 1)] }),
        4156,
        'order.tipOut',
        { group: sats.category, reason: 'range' },
      ],
      [
        request({ aois: [box(40, 0, 40.05, 0.05)] }),
        4151,
        'order.tipMinArea',
        { group: sats.category, minimum: 100, area: expect.closeTo(30.6, 0) },
      ],
      [
        request({ aois: [box(40, 0, 41, 0.03)] }),
        4156,
        'order.tipOut',
        { group: sats.category, reason: 'width', minimumWidth: 5, width: expect.closeTo(3.32, 1) },
      ],
    ];
    for (const [req, code, key, params] of cases) {
      const r = await refusal(h.services.orderSizing.sizeTaskingOrder(userId, req));
      expect({ code: r.code, key: r.key }, key).toEqual({ code, key });
      if (params) expect(r.params, key).toEqual(params);
    }
  });
});

describe('enlarge to the minimum', () => {
  const enlarge = (body: unknown) => h.call('POST', '/orders/aoi-enlargement', { token, body });

  it('answers the smallest buffer with which every group meets its minimums (archive)', async () => {
    const aoi = box(20.4, 0.4, 20.41, 0.41);
    const r = await enlarge({
      orderType: 1,
      aois: [{ ...aoi, name: 'Tiny field' }],
      ips: [{ sceneId: big }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const { bufferKm, groups, aoi: enlarged, areaKm2 } = r.body.data;
    // It keeps the name of the AOI it grew from: the order placed with it is found by it.
    expect(enlarged.name).toBe('Tiny field');
    expect(bufferKm).toBeGreaterThan(1);
    expect(bufferKm).toBeLessThan(3);
    expect(groups[0].orderArea).toBeGreaterThanOrEqual(25);
    expect(groups[0].aoiWidth).toBeGreaterThanOrEqual(5);
    expect(areaKm2).toBeGreaterThanOrEqual(25);
    // The area calculation with the enlarged AOI agrees, and an order with it passes the checks.
    const check = await calculate(h, token, cartBody([big!], { aois: [enlarged], clipping: true }));
    expect(check.body.data.groups[0].orderArea).toBeGreaterThanOrEqual(25);
    await h.services.orderSizing.sizeArchiveOrder(
      userId,
      archiveOrder([big!], { clipping: true }, [enlarged]),
    );
    // A buffer 1% smaller does not meet them.
    const repository = new SizingRepository(h.pool, overlayFor(h.kind));
    const prepared = await h.services.areasRepository.prepareAois([
      { type: 'MultiPolygon', coordinates: [aoi.coordinates] },
    ]);
    const smaller = await repository.buffer(prepared.union!, bufferKm * 1000 * 0.99);
    const below = await calculate(h, token, cartBody([big!], { aois: [smaller.geojson], clipping: true }));
    const g = below.body.data.groups[0];
    expect(g.orderArea < 25 || g.aoiWidth < 5, JSON.stringify(g)).toBe(true);
  });

  it('answers buffer 0 and the AOI when it already meets every minimum', async () => {
    const aoi = box(20.2, 0.2, 20.3, 0.3);
    const r = await enlarge({ orderType: 1, aois: [aoi], ips: [{ sceneId: big }] });
    expect(r.body.data).toMatchObject({
      bufferKm: 0,
      aoi: { type: 'MultiPolygon', coordinates: [aoi.coordinates] },
    });
  });

  it('enlarges a tasking AOI to the tasking minimums of the chosen groups', async () => {
    const r = await enlarge({ orderType: 4, aois: [box(40, 0, 40.02, 0.02)], satIds: sats.ids });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const { bufferKm, groups } = r.body.data;
    expect(groups[0]).toMatchObject({ orderMinArea: 100, orderMinAoiWidth: 5 });
    expect(groups[0].orderArea).toBeGreaterThanOrEqual(100);
    // A square of 100 km² is 10 km wide: the 2.2 km square needs about 3.9 km more on each side.
    expect(bufferKm).toBeGreaterThan(3.5);
    expect(bufferKm).toBeLessThan(4.5);
  });

  it('refuses an AOI that 100 km cannot bring to the imagery (4151 order.cannotEnlarge), and a request without scenes or satellites', async () => {
    const far = await enlarge({ orderType: 1, aois: [box(60, 0, 60.01, 0.01)], ips: [{ sceneId: big }] });
    expect(far.status).toBe(422);
    expect(far.body).toMatchObject({ code: ResultCode.AreaBelowMinimum, message: 'order.cannotEnlarge' });
    const noScenes = await enlarge({ orderType: 1, aois: [box(60, 0, 60.01, 0.01)] });
    expect(noScenes.body).toMatchObject({ code: 4000, message: 'order.nullbody' });
    const noSats = await enlarge({ orderType: 4, aois: [box(60, 0, 60.01, 0.01)] });
    expect(noSats.body).toMatchObject({ code: 4000, message: 'order.satsNotNull' });
  });

  it('needs a session', async () => {
    const r = await h.call('POST', '/orders/aoi-enlargement', {
      body: { orderType: 4, aois: [], satIds: [] },
    });
    expect(r.status).toBe(401);
  });
});
