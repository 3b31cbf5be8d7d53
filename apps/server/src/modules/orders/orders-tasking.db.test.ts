import { randomUUID } from 'node:crypto';
import {
  ResultCode,
  type TaskingOrderRequest,
  type TaskingPass,
  type TaskingPrediction,
} from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../../test/harness';
import { box } from '../../test/scenes';
import { CompaniesRepository } from './companies.repository';
import { OrdersRepository } from './orders.repository';
import { OrdersService } from './orders.service';
import { loadPriceList } from './sizing/price-list';
import { endUser, expectCode, orderRows, send, startTaskingWorld } from './test-helpers';

/** Tasking price and tasking orders from a stored prediction (issue 13). */

let h: Harness;
let owner: Awaited<ReturnType<Harness['signedIn']>>;
let prediction: TaskingPrediction;
let passes: TaskingPass[];
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const aoi = { ...box(116, 39.5, 117, 40.5), name: 'Beijing' };
const condition = { fdate: day(1), tdate: day(4), cc: 100, ac: 0, ona: 30, sza: 0 };
let predictionRequest: Record<string, unknown>;

beforeAll(async () => {
  let optical: number[];
  ({ h, owner, optical } = await startTaskingWorld());
  predictionRequest = { aois: [aoi], condition, satIds: optical, sensor: { type: 1 } };
  const r = await send(h, 'POST', '/tasking/predictions', owner.token, predictionRequest);
  expectCode(r, ResultCode.Success);
  prediction = r.body.data[0];
  passes = prediction.list.flatMap((d) => d.item);
  expect(passes.length).toBeGreaterThan(1);
});

const ppr = (more: Record<string, unknown> = {}) => ({
  priority: 2,
  process: { level: [10, 20], clipping: false, isQualityTesting: true },
  aps: [],
  ...more,
});
/** The body's tsr is the browser's copy: deliberately different from what was predicted. */
const tsr = { aois: [box(0, 0, 1, 1)], condition: { ...condition, ona: 5 }, satIds: [1] };
const order = (taskId: string, more: Record<string, unknown> = {}) => ({
  taskId,
  ppr: ppr(),
  tsr,
  orderRequestInfo: { type: 2 },
  ...more,
});

describe('POST /tasking/price', () => {
  it("prices the stored prediction's AOI, one estimate per level", async () => {
    const r = await send(h, 'POST', '/tasking/price', owner.token, {
      taskId: prediction.taskId,
      ppr: ppr(),
      tsr,
    });
    expectCode(r, ResultCode.Success);
    expect(r.body.data.estimates.map((e: { level: number }) => e.level)).toEqual([10, 20]);
    expect(r.body.data.estimatedOrderAmount).toBe(r.body.data.estimates[0].estimatedOrderAmount);
    expect(r.body.data.estimatedOrderAmount).toBeGreaterThan(0);
    // The predicted AOI (1° × 1° at 40° N), not the body's 1° × 1° at the equator.
    expect(r.body.data.orderArea).toBeGreaterThan(9000);
    expect(r.body.data.orderArea).toBeLessThan(10_000);
  });

  it('quotes the part of the AOI the passes can image, and says how much that is (issue 28 #3)', async () => {
    // A satellite with one pass over part of the AOI: the order can deliver that part only.
    const counts = new Map<string, TaskingPass[]>();
    for (const p of passes) counts.set(p.satName, [...(counts.get(p.satName) ?? []), p]);
    const [satName, [pass] = []] =
      [...counts].find(([, list]) => list.length === 1 && (list[0]?.coverage ?? 100) < 90) ?? [];
    if (!satName || !pass) throw new Error('no satellite with one partial pass in this prediction');
    const r = await send(h, 'POST', '/tasking/price', owner.token, {
      taskId: prediction.taskId,
      ppr: ppr({ aps: [satName], process: { level: [10], clipping: false, isQualityTesting: true } }),
      tsr,
    });
    expectCode(r, ResultCode.Success);
    const d = r.body.data;
    expect(d.coverable).toBeCloseTo(pass.coverage, 1);
    expect(d.coverableArea).toBeCloseTo((d.orderArea * d.coverable) / 100, 0);
    const minimum = Math.max(...d.groups.map((g: { orderMinArea: number }) => g.orderMinArea));
    expect(d.pricedArea).toBeCloseTo(Math.max(d.coverableArea, Math.min(d.orderArea, minimum)), 1);
    expect(d.pricedArea).toBeLessThan(d.orderArea);
    const prices = loadPriceList();
    const perKm2 = prices.perKm2(d.groups[0].satGroupName, 0, 'tasking', 10) as number;
    const expected = d.pricedArea * perKm2 * prices.multiplier('tasking', 2);
    expect(Math.abs(d.estimatedOrderAmount - expected) / expected).toBeLessThan(1e-3);
  });

  it('refuses an unknown or foreign prediction (404) and a user without tasking permission (403)', async () => {
    const other = await h.signedIn();
    const foreign = await send(h, 'POST', '/tasking/price', other.token, {
      taskId: prediction.taskId,
      ppr: ppr(),
      tsr,
    });
    expect(foreign.status).toBe(404);
    expectCode(foreign, ResultCode.NotFound, 'order.predictionNotFound');
    const unknown = await send(h, 'POST', '/tasking/price', owner.token, {
      taskId: randomUUID(),
      ppr: ppr(),
      tsr,
    });
    expectCode(unknown, ResultCode.NotFound, 'order.predictionNotFound');
    const archiveOnly = await h.signedIn({ orderTypes: [1] });
    const refused = await send(h, 'POST', '/tasking/price', archiveOnly.token, {
      taskId: prediction.taskId,
      ppr: ppr(),
      tsr,
    });
    expectCode(refused, ResultCode.Forbidden, 'order.noPermission');
  });
});

describe('POST /orders/tasking', () => {
  it('orders the predicted passes, one order per level, with what was predicted', async () => {
    const r = await send(h, 'POST', '/orders/tasking', owner.token, order(prediction.taskId), 'tasking-1');
    expectCode(r, ResultCode.Success);
    const ids = r.body.data.list.map((o: { orderId: number }) => o.orderId);
    expect(ids).toHaveLength(2);
    const { rows } = await h.pool.query('SELECT * FROM orders WHERE id = ANY($1) ORDER BY id', [ids]);
    for (const o of rows) {
      expect(o).toMatchObject({
        kind: 4,
        status: 11,
        priority: 2,
        quality_testing: true,
        task_id: prediction.taskId,
      });
      expect(o.aois).toEqual([aoi]);
      expect(o.condition).toMatchObject(condition);
      expect(o.sensor).toEqual({ type: 1 });
      expect(o.sat_ids).toEqual([...new Set(passes.map((p) => p.satId))]);
      expect(o.sat_groups).toEqual([...new Set(passes.map((p) => p.satGroupName))]);
      expect(o.order_area).toBeGreaterThan(9000);
      expect(Number(o.amount)).toBeGreaterThan(0);
    }
    expect(rows.map((o) => o.level)).toEqual([10, 20]);
    const terms = await h.pool.query(
      'SELECT state, priority, scene_id, scenes, pass FROM order_terms WHERE order_id = $1 ORDER BY position',
      [ids[0]],
    );
    expect(terms.rows.map((t) => t.pass)).toEqual(passes);
    for (const t of terms.rows)
      expect(t).toMatchObject({ state: -2, priority: 2, scene_id: null, scenes: [] });
    const again = await send(
      h,
      'POST',
      '/orders/tasking',
      owner.token,
      order(prediction.taskId),
      'tasking-1',
    );
    expect(again.body.data).toEqual(r.body.data);
  });

  it('orders only the passes of the satellites asked for, and refuses a satellite not predicted', async () => {
    const user = await h.signedIn({ orderTypes: [4] });
    const mine = await send(h, 'POST', '/tasking/predictions', user.token, predictionRequest);
    const p = mine.body.data[0] as TaskingPrediction;
    const name = p.list[0]!.item[0]!.satName;
    const wanted = p.list.flatMap((d) => d.item).filter((x) => x.satName === name);
    const r = await send(
      h,
      'POST',
      '/orders/tasking',
      user.token,
      order(p.taskId, { ppr: ppr({ aps: [name] }) }),
    );
    expectCode(r, ResultCode.Success);
    const terms = await h.pool.query('SELECT pass FROM order_terms WHERE order_id = $1 ORDER BY position', [
      r.body.data.list[0].orderId,
    ]);
    expect(terms.rows.map((t) => t.pass)).toEqual(wanted);
    const before = await orderRows(h, user.userId);
    const unknown = await send(
      h,
      'POST',
      '/orders/tasking',
      user.token,
      order(p.taskId, { ppr: ppr({ aps: [name, 'Nimbus 99'] }) }),
    );
    expectCode(unknown, ResultCode.ValidationFailed, 'order.unknownSatellite');
    expect(unknown.body.data.params).toEqual({ satName: 'Nimbus 99' });
    expect(await orderRows(h, user.userId)).toEqual(before);
  });

  it('answers order.nullbody for a prediction without passes', async () => {
    const user = await h.signedIn({ orderTypes: [4] });
    const empty = { ...prediction, taskId: randomUUID(), list: [], total: 0, beginTime: null, endTime: null };
    await h.services.taskingRepository.savePrediction(user.userId, predictionRequest as never, empty);
    const r = await send(h, 'POST', '/orders/tasking', user.token, order(empty.taskId));
    expectCode(r, ResultCode.ValidationFailed, 'order.nullbody');
    expect(await orderRows(h, user.userId)).toEqual({ orders: 0, terms: 0, submissions: 0 });
  });

  it("refuses another user's prediction (404), an archive-only user (403) and an incomplete requester", async () => {
    const other = await h.signedIn({ orderTypes: [1, 4] });
    const foreign = await send(h, 'POST', '/orders/tasking', other.token, order(prediction.taskId), 'k');
    expectCode(foreign, ResultCode.NotFound, 'order.predictionNotFound');
    const archiveOnly = await h.signedIn({ orderTypes: [1] });
    const refused = await send(h, 'POST', '/orders/tasking', archiveOnly.token, order(prediction.taskId));
    expect(refused.status).toBe(403);
    expectCode(refused, ResultCode.Forbidden, 'order.noPermission');
    const reseller = await h.signedIn({ orgType: 3, orderTypes: [4] });
    const theirs = (await send(h, 'POST', '/tasking/predictions', reseller.token, predictionRequest)).body
      .data[0];
    const incomplete = order(theirs.taskId, {
      orderRequestInfo: { type: 1, requestInfo: { ...endUser, contact: '' } },
    });
    expectCode(
      await send(h, 'POST', '/orders/tasking', reseller.token, incomplete),
      4000,
      'order.requesterIncomplete',
    );
    for (const u of [other, archiveOnly, reseller]) {
      expect(await orderRows(h, u.userId)).toEqual({ orders: 0, terms: 0, submissions: 0 });
    }
    const complete = order(theirs.taskId, { orderRequestInfo: { type: 1, requestInfo: endUser } });
    expectCode(await send(h, 'POST', '/orders/tasking', reseller.token, complete), ResultCode.Success);
    const listed = await send(h, 'GET', '/orders/companies?company=harbour', reseller.token);
    expect(listed.body.data.map((c: { company: string }) => c.company)).toEqual([endUser.company]);
  });
});

describe('an old prediction', () => {
  it('orders only the passes still ahead, and none once every pass has ended', async () => {
    const later = (iso: string) => () => new Date(Date.parse(iso) + 1);
    const ordersAt = (now: () => Date) =>
      new OrdersService(
        new OrdersRepository(h.pool),
        new CompaniesRepository(h.pool),
        h.services.orderSizing,
        h.services.taskingRepository,
        h.services.areasRepository,
        now,
      );
    const user = (await send(h, 'GET', '/me', owner.token)).body.data;
    const request = order(prediction.taskId) as TaskingOrderRequest;
    // Just after the first pass ended, the order holds the later passes only.
    const firstEnd = passes.map((p) => p.leaveTime).sort()[0]!;
    const placed = await ordersAt(later(firstEnd)).orderTasking(
      user,
      {
        ...request,
        ppr: { ...request.ppr, process: { level: [10], clipping: false, isQualityTesting: false } },
      },
      undefined,
    );
    const terms = await h.pool.query('SELECT pass FROM order_terms WHERE order_id = $1', [
      placed.list[0]!.orderId,
    ]);
    expect(terms.rows.map((t) => t.pass.leaveTime).every((t: string) => t > firstEnd)).toBe(true);
    expect(terms.rows.length).toBe(passes.filter((p) => p.leaveTime > firstEnd).length);
    // After the last pass, nothing can be captured any more.
    const lastEnd = passes
      .map((p) => p.leaveTime)
      .sort()
      .at(-1)!;
    await expect(ordersAt(later(lastEnd)).orderTasking(user, request, undefined)).rejects.toMatchObject({
      code: 4000,
      messageKey: 'order.predictionExpired',
    });
  });
});

describe('the order centre (issue 14) of a tasking order', () => {
  it('lists it as type 4 and shows its passes, AOI and prediction parameters in the detail', async () => {
    const user = await h.signedIn({ orderTypes: [4] });
    const copy = { ...prediction, taskId: randomUUID() };
    await h.services.taskingRepository.savePrediction(user.userId, predictionRequest as never, copy);
    const r = await send(h, 'POST', '/orders/tasking', user.token, order(copy.taskId));
    expectCode(r, ResultCode.Success);
    const id = r.body.data.list[0].orderId;
    const listed = await send(h, 'GET', '/api/v1/orders', user.token);
    expect(listed.body.data.list.map((o: { id: number }) => o.id)).toEqual([r.body.data.list[1].orderId, id]);
    expect(listed.body.data.list[1]).toMatchObject({ type: 4, status: 11, aois: [{ name: 'Beijing' }] });

    const detail = await send(h, 'POST', '/orders/detail', user.token, { id });
    expectCode(detail, ResultCode.Success);
    const od = detail.body.data.oi.od;
    expect(od).toMatchObject({
      type: 4,
      priority: 2,
      isOrderBySceneId: false,
      process: { level: 10, clipping: false, processMode: 'GEOTIFF', isQualityTesting: true },
      condition,
      sensor: { type: 1 },
    });
    expect(od.aois).toHaveLength(1);
    expect(od.aois[0]).toMatchObject({ name: 'Beijing', id: null });
    expect(od.aois[0].geometry.cors).toEqual(aoi.coordinates[0]!.map(([lng, lat]) => ({ lat, lng })));
    expect(od.aois[0].area).toBeCloseTo(od.orderArea, 0);
    expect(od.ippis.map((t: { pass: unknown }) => t.pass)).toEqual(passes);
    for (const t of od.ippis)
      expect(t).toMatchObject({ state: -2, priority: 2, ips: [], notShotReasons: [] });
  });
});
