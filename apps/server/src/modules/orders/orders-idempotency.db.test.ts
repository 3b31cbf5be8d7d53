import { ResultCode } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../../test/harness';
import {
  type ArchiveWorld,
  archiveOrder,
  expectCode,
  orderRows,
  send,
  startArchiveWorld,
} from './test-helpers';

/** A repeated order submit (issue 13): one order set per idempotency key, also when concurrent. */

let h: Harness;
let w: ArchiveWorld;

beforeAll(async () => {
  ({ h, w } = await startArchiveWorld());
});

describe('Idempotency-Key', () => {
  it('answers a repeat with the first result and creates nothing', async () => {
    const user = await h.signedIn();
    const first = await send(h, 'POST', '/orders/archive', user.token, archiveOrder(w), 'dialog-1');
    expectCode(first, ResultCode.Success);
    const again = await send(h, 'POST', '/orders/archive', user.token, archiveOrder(w), 'dialog-1');
    expectCode(again, ResultCode.Success);
    expect(again.body.data).toEqual(first.body.data);
    expect(await orderRows(h, user.userId)).toEqual({ orders: 2, terms: 4, submissions: 1 });
  });

  it('two concurrent identical submits make exactly one order set', async () => {
    const user = await h.signedIn();
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        send(h, 'POST', '/orders/archive', user.token, archiveOrder(w), 'dialog-concurrent'),
      ),
    );
    for (const a of answers) expectCode(a, ResultCode.Success);
    expect(answers[1]!.body.data).toEqual(answers[0]!.body.data);
    expect(answers[2]!.body.data).toEqual(answers[0]!.body.data);
    expect(await orderRows(h, user.userId)).toEqual({ orders: 2, terms: 4, submissions: 1 });
  });

  it('keeps keys apart per user, and orders anew without a key', async () => {
    const a = await h.signedIn();
    const b = await h.signedIn();
    const ra = await send(h, 'POST', '/orders/archive', a.token, archiveOrder(w, {}, [10]), 'shared-key');
    const rb = await send(h, 'POST', '/orders/archive', b.token, archiveOrder(w, {}, [10]), 'shared-key');
    expectCode(ra, ResultCode.Success);
    expectCode(rb, ResultCode.Success);
    expect(rb.body.data.list[0].orderId).not.toBe(ra.body.data.list[0].orderId);
    await send(h, 'POST', '/orders/archive', a.token, archiveOrder(w, {}, [10]));
    await send(h, 'POST', '/orders/archive', a.token, archiveOrder(w, {}, [10]));
    expect(await orderRows(h, a.userId)).toEqual({ orders: 3, terms: 6, submissions: 1 });
  });

  it('a refused submit writes nothing, so the same key works once the request is right', async () => {
    const user = await h.signedIn({ orgType: 3, orderTypes: [1] });
    const incomplete = archiveOrder(w, { orderRequestInfo: { type: 1, requestInfo: undefined } });
    const refused = await send(h, 'POST', '/orders/archive', user.token, incomplete, 'dialog-retry');
    expectCode(refused, ResultCode.ValidationFailed, 'order.requesterIncomplete');
    const noLevel = await send(
      h,
      'POST',
      '/orders/archive',
      user.token,
      archiveOrder(w, {}, []),
      'dialog-retry',
    );
    expectCode(noLevel, ResultCode.ValidationFailed, 'order.levelneeded');
    const unknown = archiveOrder(w);
    unknown.ipr.ips = [...unknown.ipr.ips, { sceneId: 'no-such-scene' }];
    const missing = await send(h, 'POST', '/orders/archive', user.token, unknown, 'dialog-retry');
    expect(missing.body.code).not.toBe(ResultCode.Success);
    expect(missing.status).toBeLessThan(500);
    expect(await orderRows(h, user.userId)).toEqual({ orders: 0, terms: 0, submissions: 0 });
    const right = await send(h, 'POST', '/orders/archive', user.token, archiveOrder(w), 'dialog-retry');
    expectCode(right, ResultCode.Success);
    expect(await orderRows(h, user.userId)).toEqual({ orders: 2, terms: 4, submissions: 1 });
  });

  it('refuses a key used for another kind of order (4009)', async () => {
    const user = await h.signedIn();
    expectCode(
      await send(h, 'POST', '/orders/archive', user.token, archiveOrder(w, {}, [10]), 'k-kind'),
      2000,
    );
    const tasking = {
      taskId: '00000000-0000-4000-8000-000000000000',
      ppr: { priority: 1, process: { level: [10], clipping: false, isQualityTesting: false }, aps: [] },
      tsr: {
        aois: [w.aoi],
        condition: { fdate: '2030-01-01', tdate: '2030-01-02', cc: 15, ac: 100, ona: 25, sza: 0 },
        satIds: [1],
      },
      orderRequestInfo: { type: 2 },
    };
    const r = await send(h, 'POST', '/orders/tasking', user.token, tasking, 'k-kind');
    expect(r.status).toBe(409);
    expectCode(r, ResultCode.Conflict, 'order.idempotencyKeyReused');
  });

  it('refuses a key that is empty, too long or has control characters (400 error.invalidIdempotencyKey)', async () => {
    const user = await h.signedIn();
    for (const key of ['', 'k'.repeat(101), 'a\tb']) {
      const r = await send(h, 'POST', '/orders/archive', user.token, archiveOrder(w), key);
      expect(r.status, JSON.stringify(key)).toBe(400);
      expectCode(r, ResultCode.ValidationFailed, 'error.invalidIdempotencyKey');
      expect(r.body.data.field).toBe('Idempotency-Key');
    }
    expectCode(await send(h, 'POST', '/orders/archive', user.token, archiveOrder(w), 'k'.repeat(100)), 2000);
    expect(await orderRows(h, user.userId)).toEqual({ orders: 2, terms: 4, submissions: 1 });
  });
});
