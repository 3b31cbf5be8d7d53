import { ResultCode } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../../test/harness';
import {
  type ArchiveWorld,
  archiveOrder,
  endUser,
  expectCode,
  orderRows,
  searchOf,
  send,
  startArchiveWorld,
} from './test-helpers';

/** Archive orders (issue 13): one order per level, everything stored, /direct, permission, requester. */

let h: Harness;
let w: ArchiveWorld;

beforeAll(async () => {
  ({ h, w } = await startArchiveWorld());
});

describe('POST /orders/archive', () => {
  it('stores one order per level with its terms, figures, AOIs, search parameters and status 11', async () => {
    const user = await h.signedIn({ orgType: 4, orderTypes: [1] });
    const taskId = await searchOf(h, user.token, w);
    const body = archiveOrder(w, { taskId });
    body.ipr.process = { ...body.ipr.process, isManualRecheck: true } as typeof body.ipr.process;
    const r = await send(h, 'POST', '/orders/archive', user.token, body);
    expectCode(r, ResultCode.Success);
    const list = r.body.data.list as { orderNumber: string; orderId: number }[];
    expect(list).toHaveLength(2);
    for (const o of list) expect(o.orderNumber).toMatch(/^SP\d{8}\d{6,}$/u);
    expect(new Set(list.map((o) => o.orderNumber)).size).toBe(2);

    const { rows } = await h.pool.query(
      `SELECT o.*, ST_Area(o.aoi) / 1e6 AS aoi_km2 FROM orders o WHERE id = ANY($1) ORDER BY id`,
      [list.map((o) => o.orderId)],
    );
    expect(rows.map((o) => o.level)).toEqual([10, 20]);
    const sizing = await h.services.orderSizing.sizeArchiveOrder(user.userId, body as never);
    for (const [i, o] of rows.entries()) {
      expect(o.user_id).toBe(user.userId);
      expect(o.kind).toBe(1);
      expect(o.status).toBe(11);
      expect(o.priority).toBe(1);
      expect(o.clipping).toBe(true);
      expect(o.manual_recheck).toBe(true);
      expect(o.process_mode).toBe('GEOTIFF');
      expect(o.task_id).toBe(taskId);
      expect(o.is_order_by_scene_id).toBe(false);
      expect(o.aois).toEqual([w.aoi]);
      expect(o.aoi_km2).toBeGreaterThan(1000);
      expect(o.sat_groups).toEqual([w.category]);
      expect([...o.sat_ids].sort()).toEqual([...w.satIds].sort());
      expect(o.condition).toMatchObject({ fdate: '2024-01-01', tdate: '2024-12-31', cc: 20 });
      expect(o.sensor).toEqual({});
      expect(o.request_type).toBe(2);
      expect(o.order_area).toBe(sizing.figures.orderArea);
      expect(o.total_area).toBe(sizing.figures.totalArea);
      expect(o.overlap_area).toBe(sizing.figures.overlapArea);
      expect(o.overlap_chargeable_area).toBe(sizing.figures.overlapChargeableArea);
      expect(Number(o.amount)).toBe(sizing.estimates[i]!.estimatedOrderAmount);
      expect(o.currency).toBe(sizing.estimates[i]!.currencyType);
      expect(o.tag).toBeNull();
    }
    const terms = await h.pool.query(
      'SELECT order_id, position, priority, state, scene_id, scenes, pass FROM order_terms WHERE order_id = ANY($1) ORDER BY order_id, position',
      [list.map((o) => o.orderId)],
    );
    expect(terms.rows).toHaveLength(4);
    for (const t of terms.rows) {
      expect(t.state).toBe(-2);
      expect(t.priority).toBe(1);
      expect(t.pass).toBeNull();
      expect(t.scenes).toHaveLength(1);
      expect(t.scenes[0].sceneId).toBe(t.scene_id);
      expect(t.scenes[0]).toMatchObject({ satGroupName: w.category, imageGsd: 0.5, productQuality: 'A' });
      expect(t.scenes[0].sceneArea).toBeGreaterThan(0);
    }
    expect(terms.rows.map((t) => t.scene_id)).toEqual([...w.sceneIds, ...w.sceneIds]);
    expect(terms.rows[1].scenes[0]).toMatchObject({ cc: 12, time: '2024-06-20T10:30:00.000Z' });
  });

  it('gives every order a new number, also across submits', async () => {
    const user = await h.signedIn();
    const a = await send(h, 'POST', '/orders/archive', user.token, archiveOrder(w));
    const b = await send(h, 'POST', '/orders/archive', user.token, archiveOrder(w));
    const numbers = [...a.body.data.list, ...b.body.data.list].map((o) => o.orderNumber);
    expect(new Set(numbers).size).toBe(4);
  });

  it('orders whole scenes by id on /direct, and refuses an AOI or clipping there', async () => {
    const user = await h.signedIn();
    const direct = archiveOrder(w, {}, [10]);
    direct.ipr.process.clipping = false;
    delete (direct.ipr as { aois?: unknown }).aois;
    const r = await send(h, 'POST', '/orders/archive/direct', user.token, direct);
    expectCode(r, ResultCode.Success);
    const { rows } = await h.pool.query('SELECT * FROM orders WHERE id = $1', [r.body.data.list[0].orderId]);
    expect(rows[0]).toMatchObject({ is_order_by_scene_id: true, aois: null, aoi: null, clipping: false });
    expect(rows[0].total_area).toBeGreaterThan(rows[0].order_area);

    const before = await orderRows(h, user.userId);
    const withAoi = await send(h, 'POST', '/orders/archive/direct', user.token, archiveOrder(w, {}, [10]));
    expectCode(withAoi, ResultCode.ValidationFailed, 'order.directNoAoi');
    const clipping = {
      ...direct,
      ipr: { ...direct.ipr, process: { ...direct.ipr.process, clipping: true } },
    };
    const clipped = await send(h, 'POST', '/orders/archive/direct', user.token, clipping);
    expectCode(clipped, ResultCode.ValidationFailed, 'order.directNoAoi');
    expect(clipped.body.data.field).toBe('ipr.process.clipping');
    expect(await orderRows(h, user.userId)).toEqual(before);
  });

  it('refuses a user without archive permission (4003) before anything else, and stores nothing', async () => {
    const none = await h.signedIn({ orderTypes: [] });
    const taskingOnly = await h.signedIn({ orderTypes: [4] });
    for (const user of [none, taskingOnly]) {
      // Even with an empty cart and a bad key: the permission comes first.
      const empty = archiveOrder(w);
      empty.ipr.ips = [];
      for (const [path, body] of [
        ['/orders/archive', archiveOrder(w)],
        ['/orders/archive', empty],
        ['/orders/archive/direct', archiveOrder(w)],
      ] as const) {
        const r = await send(h, 'POST', path, user.token, body, 'x'.repeat(101));
        expect(r.status).toBe(403);
        expectCode(r, ResultCode.Forbidden, 'order.noPermission');
      }
      expect(await orderRows(h, user.userId)).toEqual({ orders: 0, terms: 0, submissions: 0 });
    }
  });

  it("refuses another user's search (taskId) and writes nothing", async () => {
    const owner = await h.signedIn();
    const taskId = await searchOf(h, owner.token, w);
    const other = await h.signedIn();
    const r = await send(h, 'POST', '/orders/archive', other.token, archiveOrder(w, { taskId }), 'k-foreign');
    expect(r.status).toBe(404);
    expect(await orderRows(h, other.userId)).toEqual({ orders: 0, terms: 0, submissions: 0 });
  });
});

describe('requester information (DESIGN §9)', () => {
  const forEndUser = (info: Record<string, unknown> | undefined) =>
    archiveOrder(w, { orderRequestInfo: { type: 1, requestInfo: info } });

  it('a reseller ordering for an end user fills every field, with a readable e-mail', async () => {
    const reseller = await h.signedIn({ orgType: 3, orderTypes: [1] });
    for (const field of ['company', 'email', 'address', 'application', 'contact'] as const) {
      const r = await send(
        h,
        'POST',
        '/orders/archive',
        reseller.token,
        forEndUser({ ...endUser, [field]: field === 'application' ? '' : ' ' }),
      );
      expectCode(r, ResultCode.ValidationFailed, 'order.requesterIncomplete');
      expect(r.body.data).toMatchObject({
        field: `orderRequestInfo.requestInfo.${field}`,
        params: { field: `order.${field}` },
      });
    }
    const none = await send(h, 'POST', '/orders/archive', reseller.token, forEndUser(undefined));
    expectCode(none, ResultCode.ValidationFailed, 'order.requesterIncomplete');
    const badMail = await send(
      h,
      'POST',
      '/orders/archive',
      reseller.token,
      forEndUser({ ...endUser, email: 'ada at harbour' }),
    );
    expectCode(badMail, ResultCode.ValidationFailed, 'order.requesterInvalidEmail');
    expect(await orderRows(h, reseller.userId)).toEqual({ orders: 0, terms: 0, submissions: 0 });

    const ok = await send(
      h,
      'POST',
      '/orders/archive',
      reseller.token,
      forEndUser({ ...endUser, company: ' Harbour Survey Ltd ' }),
    );
    expectCode(ok, ResultCode.Success);
    const { rows } = await h.pool.query('SELECT request_type, request_info FROM orders WHERE id = $1', [
      ok.body.data.list[0].orderId,
    ]);
    expect(rows[0]).toEqual({ request_type: 1, request_info: endUser });
  });

  it('a reseller ordering for internal use fills nothing', async () => {
    const reseller = await h.signedIn({ orgType: 3, orderTypes: [1] });
    const r = await send(
      h,
      'POST',
      '/orders/archive',
      reseller.token,
      archiveOrder(w, { orderRequestInfo: { type: 2 } }),
    );
    expectCode(r, ResultCode.Success);
    const { rows } = await h.pool.query('SELECT request_type, request_info FROM orders WHERE id = $1', [
      r.body.data.list[0].orderId,
    ]);
    expect(rows[0]).toEqual({ request_type: 2, request_info: null });
  });

  it('a customer (type 4) records its own organisation, whatever the body says', async () => {
    const customer = await h.signedIn({ orgType: 4, orderTypes: [1] });
    const r = await send(
      h,
      'POST',
      '/orders/archive',
      customer.token,
      forEndUser({ ...endUser, email: 'nonsense' }),
    );
    expectCode(r, ResultCode.Success);
    const { rows } = await h.pool.query(
      `SELECT o.request_type, o.request_info, g.name, g.address FROM orders o
         JOIN users u ON u.id = o.user_id JOIN organisations g ON g.id = u.org_id WHERE o.id = $1`,
      [r.body.data.list[0].orderId],
    );
    expect(rows[0].request_type).toBe(2);
    expect(rows[0].request_info).toMatchObject({ company: rows[0].name, address: rows[0].address });
    expect(rows[0].request_info.company).not.toBe(endUser.company);
  });

  it('other organisation types fill the same fields, for any request type', async () => {
    const other = await h.signedIn({ orgType: 2, orderTypes: [1] });
    const internal = archiveOrder(w, { orderRequestInfo: { type: 2 } });
    expectCode(
      await send(h, 'POST', '/orders/archive', other.token, internal),
      ResultCode.ValidationFailed,
      'order.requesterIncomplete',
    );
    expectCode(
      await send(h, 'POST', '/orders/archive', other.token, forEndUser(endUser)),
      ResultCode.Success,
    );
    const { rows } = await h.pool.query(
      'SELECT count(*)::int AS n FROM end_user_companies e JOIN users u ON u.org_id = e.org_id WHERE u.id = $1',
      [other.userId],
    );
    // Only a reseller's end users go to the company list.
    expect(rows[0].n).toBe(0);
  });
});
