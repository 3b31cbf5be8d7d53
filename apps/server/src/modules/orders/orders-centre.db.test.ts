import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ResultCode } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../../test/harness';
import { box, searchRequest } from '../../test/scenes';
import {
  type ArchiveWorld,
  archiveOrder,
  expectCode,
  placeOrders,
  searchOf,
  send,
  setOrderStatus,
  startArchiveWorld,
} from './test-helpers';

/** The order centre (issue 14): list by tab, tag and search; detail (cancel: orders-cancel.db.test.ts). */

let h: Harness;
let w: ArchiveWorld;

beforeAll(async () => {
  ({ h, w } = await startArchiveWorld());
});

type User = Awaited<ReturnType<Harness['signedIn']>>;
const place = (user: User, levels: number[], more: Record<string, unknown> = {}) =>
  placeOrders(h, w, user, levels, more);
const setStatus = (orderId: number, status: number) => setOrderStatus(h, orderId, status);
const list = (user: User, query = '') => send(h, 'GET', `/api/v1/orders${query}`, user.token);

describe('GET /orders', () => {
  it('lists the caller’s orders newest first, a page at a time', async () => {
    const user = await h.signedIn();
    const first = await place(user, [10, 20, 22]);
    const [last] = await place(user, [10]);
    // The first order placed is moved to the future: the order is by time, not by id.
    await h.pool.query(`UPDATE orders SET created_at = now() + interval '1 hour' WHERE id = $1`, [first[0]]);
    const all = await list(user);
    expectCode(all, ResultCode.Success);
    expect(all.body.data.list.map((o: { id: number }) => o.id)).toEqual([first[0], last, first[2], first[1]]);
    expect(all.body.data).toMatchObject({ total: 4, more: false });
    const { rows } = await h.pool.query('SELECT order_number, created_at FROM orders WHERE id = $1', [last]);
    expect(all.body.data.list[1]).toEqual({
      id: last,
      number: rows[0].order_number,
      time: rows[0].created_at.toISOString(),
      type: 1,
      status: 11,
      tag: null,
      processMode: 'GEOTIFF',
      aois: [{ name: 'Lake' }],
    });

    const page1 = await list(user, '?start=0&length=3');
    expect(page1.body.data.list.map((o: { id: number }) => o.id)).toEqual([first[0], last, first[2]]);
    expect(page1.body.data).toMatchObject({ total: 4, more: true });
    const page2 = await list(user, '?start=3&length=3');
    expect(page2.body.data.list.map((o: { id: number }) => o.id)).toEqual([first[1]]);
    expect(page2.body.data).toMatchObject({ total: 4, more: false });
    const beyond = await list(user, '?start=10');
    expect(beyond.body.data).toEqual({ list: [], total: 4, more: false });
  });

  it('shows ten by default', async () => {
    const user = await h.signedIn();
    await place(user, [10, 11, 20, 21, 22]);
    await place(user, [10, 11, 20, 21, 22]);
    await place(user, [10]);
    const r = await list(user);
    expect(r.body.data.list).toHaveLength(10);
    expect(r.body.data).toMatchObject({ total: 11, more: true });
  });

  it('filters by tab: processing 11, 21, 31; successful 32, 34; failed 12, 22, 33', async () => {
    const user = await h.signedIn();
    const ids = [...(await place(user, [10, 11, 20, 21, 22])), ...(await place(user, [10, 11, 20, 21, 22]))];
    const statuses = [11, 12, 21, 22, 31, 32, 33, 34, 41, 42];
    for (const [i, id] of ids.entries()) await setStatus(id, statuses[i]!);
    const tab = async (status: string) =>
      ((await list(user, `?status=${status}`)).body.data.list as { status: number }[])
        .map((o) => o.status)
        .sort();
    expect(await tab('processing')).toEqual([11, 21, 31]);
    expect(await tab('successful')).toEqual([32, 34]);
    expect(await tab('failed')).toEqual([12, 22, 33]);
    expect((await list(user)).body.data.total).toBe(10);
    expect((await list(user, '?status=successful')).body.data.total).toBe(2);
  });

  it('filters by tag and finds a part of the number or an AOI name in any case', async () => {
    const user = await h.signedIn();
    const [a, b, c] = await place(user, [10, 20, 22]);
    const ipr = { ...archiveOrder(w, {}, [10]).ipr, aois: [{ ...w.aoi, name: 'North Harbour' }] };
    const [harbour] = await place(user, [10], { ipr });
    expectCode(await send(h, 'PUT', '/orders/tags', user.token, { tag: 'Coast', orderIds: [a, c] }), 2000);
    const ids = async (query: string) =>
      (await list(user, query)).body.data.list.map((o: { id: number }) => o.id);
    expect(await ids('?tag=Coast')).toEqual([c, a]);
    expect(await ids('?tag=Coast&status=failed')).toEqual([]);
    expect(await ids('?tag=coastal')).toEqual([]);

    const { rows } = await h.pool.query('SELECT order_number FROM orders WHERE id = $1', [b]);
    const number: string = rows[0].order_number;
    expect(await ids(`?number=${number.toLowerCase()}`)).toEqual([b]);
    expect(await ids(`?number=${encodeURIComponent(' HARBOUR ')}`)).toEqual([harbour]);
    expect(await ids('?number=lak')).toEqual([c, b, a]);
    expect(await ids('?number=100%25')).toEqual([]);
    expect(await ids('?number=Harbour&tag=Coast')).toEqual([]);
  });

  it('names an order placed from a search after the searched AOIs (taskId, no AOIs in the body)', async () => {
    // The web cart orders by the search's taskId alone (issue 28 #1: these orders read "Unnamed AOI").
    const user = await h.signedIn();
    const field = { ...box(30.15, 0.15, 30.3, 0.3), name: 'Tiny field' };
    const searched = await send(
      h,
      'POST',
      '/archive/search',
      user.token,
      searchRequest([{ ...w.aoi, name: 'Polygon1' }, field], w.satIds),
    );
    expectCode(searched, ResultCode.Success);
    const body = archiveOrder(w, { taskId: searched.body.data.taskId }, [10]);
    delete (body.ipr as { aois?: unknown }).aois;
    const r = await send(h, 'POST', '/orders/archive', user.token, body);
    expectCode(r, ResultCode.Success);
    const id: number = r.body.data.list[0].orderId;
    const [listed] = (await list(user)).body.data.list;
    expect(listed.aois).toEqual([{ name: 'Polygon1' }, { name: 'Tiny field' }]);
    const ids = async (text: string) =>
      (await list(user, `?number=${encodeURIComponent(text)}`)).body.data.list.map(
        (o: { id: number }) => o.id,
      );
    expect(await ids('tiny FIELD')).toEqual([id]);
    expect(await ids('polygon1')).toEqual([id]);
    const detail = await send(h, 'POST', '/orders/detail', user.token, { id });
    expect(detail.body.data.oi.od.aois.map((a: { name: string }) => a.name)).toEqual([
      'Polygon1',
      'Tiny field',
    ]);
  });

  it('gives orders placed that way before the fix their names back (migration 020), and no others', async () => {
    const user = await h.signedIn();
    const taskId = await searchOf(h, user.token, w);
    const fromSearch = archiveOrder(w, { taskId }, [10]);
    delete (fromSearch.ipr as { aois?: unknown }).aois;
    const enlarged = archiveOrder(w, { taskId }, [10]);
    enlarged.ipr.aois = [{ ...box(30.05, 0.05, 30.65, 0.45), name: undefined } as never];
    const placed: number[] = [];
    for (const body of [fromSearch, enlarged]) {
      const r = await send(h, 'POST', '/orders/archive', user.token, body);
      expectCode(r, ResultCode.Success);
      placed.push(r.body.data.list[0].orderId);
    }
    // As the old code stored them: the search's union, unnamed; and the other AOI, unnamed.
    await h.pool.query(
      `UPDATE orders o SET aois = jsonb_build_array(ST_AsGeoJSON(s.aoi::geometry, 7)::jsonb)
         FROM archive_searches s WHERE o.id = $1 AND s.id = $2`,
      [placed[0], taskId],
    );
    const names = async () =>
      (await list(user)).body.data.list.map((o: { aois: { name: string | null }[] }) =>
        o.aois.map((a) => a.name),
      );
    expect(await names()).toEqual([[null], [null]]);
    const migration = readFileSync(
      join(import.meta.dirname, '../../db/migrations/020_order_aoi_names.sql'),
      'utf8',
    );
    await h.pool.query(migration);
    expect(await names()).toEqual([[null], ['Lake']]);
    await h.pool.query(migration);
    expect(await names()).toEqual([[null], ['Lake']]);
  });

  it('refuses a bad page or tab (400)', async () => {
    const user = await h.signedIn();
    for (const query of ['?length=101', '?length=0', '?start=-1', '?status=done', `?tag=${'t'.repeat(31)}`]) {
      const r = await list(user, query);
      expect(r.status, query).toBe(400);
      expectCode(r, ResultCode.ValidationFailed);
    }
  });
});

describe('POST /orders/detail', () => {
  it('answers oi.od with what was ordered', async () => {
    const user = await h.signedIn({ orgType: 4, orderTypes: [1] });
    const taskId = await searchOf(h, user.token, w);
    const body = archiveOrder(w, { taskId }, [10, 20]);
    const [id] = await place(user, [10, 20], { taskId });
    const sizing = await h.services.orderSizing.sizeArchiveOrder(user.userId, body as never);
    const r = await send(h, 'POST', '/orders/detail', user.token, { id });
    expectCode(r, ResultCode.Success);
    const od = r.body.data.oi.od;
    const { rows } = await h.pool.query(
      'SELECT order_number, created_at, request_info FROM orders WHERE id = $1',
      [id],
    );
    const measured = await h.services.areasRepository.prepareAois([
      { type: 'MultiPolygon', coordinates: [w.aoi.coordinates] },
    ]);
    expect(od).toMatchObject({
      id,
      number: rows[0].order_number,
      time: rows[0].created_at.toISOString(),
      status: 11,
      type: 1,
      aois: [
        {
          name: 'Lake',
          id: null,
          geometry: { cors: w.aoi.coordinates[0]!.map(([lng, lat]) => ({ lat, lng })) },
          area: Math.round(measured.aois[0]!.areaKm2 * 100) / 100,
        },
      ],
      satGroups: [w.category],
      isOrderBySceneId: false,
      sensor: {},
      tag: null,
      process: {
        level: 10,
        clipping: true,
        processMode: 'GEOTIFF',
        isQualityTesting: false,
        isManualRecheck: false,
      },
      priority: 1,
      // internal use: the orderer's own organisation, as stored
      requestInfo: { type: 2, requestInfo: rows[0].request_info },
      orderArea: sizing.figures.orderArea,
      overlapArea: sizing.figures.overlapArea,
      totalArea: sizing.figures.totalArea,
      overlapChargeableArea: sizing.figures.overlapChargeableArea,
      estimatedOrderAmount: sizing.estimates[0]!.estimatedOrderAmount,
      currencyType: sizing.estimates[0]!.currencyType,
    });
    expect(od.aois[0].area).toBeGreaterThan(1000);
    expect(od.sensor).toEqual({});
    expect(od.requestInfo.requestInfo.company).toMatch(/organisation$/u);
    expect([...od.satIds].sort()).toEqual([...w.satIds].sort());
    expect(od.condition).toMatchObject({ fdate: '2024-01-01', tdate: '2024-12-31', cc: 20 });
    expect(od.ippis).toHaveLength(2);
    for (const [i, t] of od.ippis.entries()) {
      expect(t).toMatchObject({
        priority: 1,
        state: -2,
        pkgUrl: null,
        pkgLng: null,
        expires: null,
        pass: null,
        notShotReasons: [],
      });
      expect(t.ips).toHaveLength(1);
      expect(t.ips[0]).toMatchObject({
        sceneId: w.sceneIds[i],
        satGroupName: w.category,
        imageGsd: 0.5,
        productQuality: 'A',
        inGeoServer: false,
        ossKey: null,
      });
      expect(w.satIds).toContain(t.ips[0].satId);
      expect(t.ips[0].sceneArea).toBeGreaterThan(0);
      expect(t.ips[0].boundaries[0].length).toBeGreaterThanOrEqual(4);
    }
    expect(od.ippis[1].ips[0]).toMatchObject({ cc: 12, time: '2024-06-20T10:30:00.000Z' });
  });

  it('shows whole-scene orders without AOIs and a tag once set', async () => {
    const user = await h.signedIn();
    const direct = archiveOrder(w, {}, [20]);
    direct.ipr.process.clipping = false;
    delete (direct.ipr as { aois?: unknown }).aois;
    const r = await send(h, 'POST', '/orders/archive/direct', user.token, direct);
    const id = r.body.data.list[0].orderId;
    expectCode(await send(h, 'PUT', `/api/v1/orders/${id}/tags`, user.token, { tag: 'whole' }), 2000);
    const od = (await send(h, 'POST', '/orders/detail', user.token, { id })).body.data.oi.od;
    expect(od).toMatchObject({ aois: [], isOrderBySceneId: true, tag: 'whole', condition: null });
    expect(od.process).toMatchObject({ level: 20, clipping: false });
    expect((await list(user)).body.data.list[0].aois).toEqual([]);
  });
});
