import { randomUUID } from 'node:crypto';
import { ResultCode } from '@satportal/contract';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Harness } from '../../test/harness';
import { claimLeaseSeconds } from './idempotency';
import { OrdersRepository } from './orders.repository';
import {
  type Answer,
  type ArchiveWorld,
  archiveOrder,
  expectCode,
  orderRows,
  send,
  startArchiveWorld,
} from './test-helpers';

/**
 * A repeated order submit (issues 13, 26): one order set per idempotency key, also when concurrent;
 * the key names one request (IETF draft-ietf-httpapi-idempotency-key-header): another body or route
 * is 422, a repeat while the first is in flight 409.
 */

let h: Harness;
let w: ArchiveWorld;

beforeAll(async () => {
  ({ h, w } = await startArchiveWorld());
});

/** A tasking order body (its prediction need not exist: the key is refused before it is looked up). */
const taskingOrder = () => ({
  taskId: '00000000-0000-4000-8000-000000000000',
  ppr: { priority: 1, process: { level: [10], clipping: false, isQualityTesting: false }, aps: [] },
  tsr: {
    aois: [w.aoi],
    condition: { fdate: '2030-01-01', tdate: '2030-01-02', cc: 15, ac: 100, ona: 25, sza: 0 },
    satIds: [1],
  },
  orderRequestInfo: { type: 2 },
});

/** The fingerprint the server stored with a key of this user. */
async function fingerprintOfKey(userId: number, key: string): Promise<string> {
  const { rows } = await h.pool.query<{ fingerprint: string }>(
    'SELECT fingerprint FROM order_submissions WHERE user_id = $1 AND idempotency_key = $2',
    [userId, key],
  );
  expect(rows[0]?.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  return rows[0]!.fingerprint;
}

/** Resolves once this many sessions of the test database wait on a lock (PostgreSQL). */
async function waitingOnLocks(count: number): Promise<void> {
  for (;;) {
    const { rows } = await h.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (rows[0]!.n >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

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

  it('concurrent identical submits make exactly one order set; the others answer it or 409', async () => {
    const user = await h.signedIn();
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        send(h, 'POST', '/orders/archive', user.token, archiveOrder(w), 'dialog-concurrent'),
      ),
    );
    const placed = answers.filter((a) => a.body.code === ResultCode.Success);
    expect(placed.length).toBeGreaterThan(0);
    for (const a of answers) {
      if (a.body.code === ResultCode.Success) expect(a.body.data).toEqual(placed[0]!.body.data);
      else expectCode(a, ResultCode.Conflict, 'order.idempotencyKeyInFlight');
    }
    const again = await send(h, 'POST', '/orders/archive', user.token, archiveOrder(w), 'dialog-concurrent');
    expect(again.body.data).toEqual(placed[0]!.body.data);
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

  it('refuses a key reused with another scene or another level (422), creating nothing', async () => {
    const user = await h.signedIn();
    expectCode(await send(h, 'POST', '/orders/archive', user.token, archiveOrder(w), 'k-body'), 2000);
    const oneScene = archiveOrder(w);
    oneScene.ipr.ips = oneScene.ipr.ips.slice(0, 1);
    const otherLevel = archiveOrder(w, {}, [10, 22]);
    for (const body of [oneScene, otherLevel]) {
      const r = await send(h, 'POST', '/orders/archive', user.token, body, 'k-body');
      expect(r.status, JSON.stringify(r.body)).toBe(422);
      expectCode(r, ResultCode.IdempotencyKeyReused, 'order.idempotencyKeyReused');
    }
    expect(await orderRows(h, user.userId)).toEqual({ orders: 2, terms: 4, submissions: 1 });
    // The first request itself still answers its own orders.
    expectCode(await send(h, 'POST', '/orders/archive', user.token, archiveOrder(w), 'k-body'), 2000);
  });

  it('refuses a key reused on another route: archive vs archive/direct, archive vs tasking (422)', async () => {
    const user = await h.signedIn();
    // A body both archive routes accept: whole scenes by id, no AOI, no clipping.
    const byIds = archiveOrder(w, { isOrderBySceneId: true }, [10]);
    byIds.ipr.process.clipping = false;
    delete (byIds.ipr as { aois?: unknown }).aois;
    expectCode(await send(h, 'POST', '/orders/archive', user.token, byIds, 'k-route'), 2000);
    const direct = await send(h, 'POST', '/orders/archive/direct', user.token, byIds, 'k-route');
    expect(direct.status, JSON.stringify(direct.body)).toBe(422);
    expectCode(direct, ResultCode.IdempotencyKeyReused, 'order.idempotencyKeyReused');
    expectCode(await send(h, 'POST', '/orders/archive/direct', user.token, byIds, 'k-direct'), 2000);
    const archive = await send(h, 'POST', '/orders/archive', user.token, byIds, 'k-direct');
    expect(archive.status, JSON.stringify(archive.body)).toBe(422);
    const r = await send(h, 'POST', '/orders/tasking', user.token, taskingOrder(), 'k-route');
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expectCode(r, ResultCode.IdempotencyKeyReused, 'order.idempotencyKeyReused');
    expect(await orderRows(h, user.userId)).toEqual({ orders: 2, terms: 4, submissions: 2 });
  });

  it("another user's same key with another body is theirs alone", async () => {
    const a = await h.signedIn();
    const b = await h.signedIn();
    expectCode(await send(h, 'POST', '/orders/archive', a.token, archiveOrder(w, {}, [10]), 'k-user'), 2000);
    const rb = await send(h, 'POST', '/orders/archive', b.token, archiveOrder(w, {}, [20, 22]), 'k-user');
    expectCode(rb, ResultCode.Success);
    expect(rb.body.data.list).toHaveLength(2);
    expect(await orderRows(h, b.userId)).toEqual({ orders: 2, terms: 4, submissions: 1 });
  });

  it('answers 409 while the first submit with the key is in flight, 422 for another body', async () => {
    const user = await h.signedIn();
    const repo = new OrdersRepository(h.pool);
    // The server's own fingerprint of this body, from a placed submit.
    expectCode(await send(h, 'POST', '/orders/archive', user.token, archiveOrder(w), 'k-placed'), 2000);
    const fingerprint = await fingerprintOfKey(user.userId, 'k-placed');
    // The state of a first submit between its claim and its commit.
    const token = randomUUID();
    const id = await repo.claimKey(user.userId, 'k-flight', { kind: 1, fingerprint }, token);
    expect(id).not.toBeNull();
    const r = await send(h, 'POST', '/orders/archive', user.token, archiveOrder(w), 'k-flight');
    expect(r.status, JSON.stringify(r.body)).toBe(409);
    expectCode(r, ResultCode.Conflict, 'order.idempotencyKeyInFlight');
    const other = await send(h, 'POST', '/orders/archive', user.token, archiveOrder(w, {}, [10]), 'k-flight');
    expect(other.status, JSON.stringify(other.body)).toBe(422);
    expect(await orderRows(h, user.userId)).toEqual({ orders: 2, terms: 4, submissions: 2 });
    // The first submit completes: the repeat now answers its result.
    const first = await repo.place(user.userId, { id: id!, token }, [], [], null);
    expect(first).toEqual({ list: [] });
    const done = await send(h, 'POST', '/orders/archive', user.token, archiveOrder(w), 'k-flight');
    expectCode(done, ResultCode.Success);
    expect(done.body.data).toEqual({ list: [] });
  });

  it('a claim left by a dead submit ends with its lease; the dead submit can then store nothing', async () => {
    const user = await h.signedIn();
    const repo = new OrdersRepository(h.pool);
    expectCode(await send(h, 'POST', '/orders/archive', user.token, archiveOrder(w), 'k-placed'), 2000);
    const fingerprint = await fingerprintOfKey(user.userId, 'k-placed');
    const token = randomUUID();
    const id = (await repo.claimKey(user.userId, 'k-dead', { kind: 1, fingerprint }, token))!;
    expectCode(await send(h, 'POST', '/orders/archive', user.token, archiveOrder(w), 'k-dead'), 4009);
    // The lease passes (the database's clock decides).
    await h.pool.query(
      `UPDATE order_submissions SET claimed_at = now() - make_interval(secs => $2) WHERE id = $1`,
      [id, claimLeaseSeconds + 1],
    );
    const taken = await send(h, 'POST', '/orders/archive', user.token, archiveOrder(w), 'k-dead');
    expectCode(taken, ResultCode.Success);
    expect(await orderRows(h, user.userId)).toEqual({ orders: 4, terms: 8, submissions: 2 });
    // Had the first submit only overrun, its commit now finds the key taken: nothing is stored.
    const late = await repo.place(user.userId, { id, token }, [], [], null);
    expect(late).toBeNull();
    const again = await send(h, 'POST', '/orders/archive', user.token, archiveOrder(w), 'k-dead');
    expect(again.body.data).toEqual(taken.body.data);
    expect(await orderRows(h, user.userId)).toEqual({ orders: 4, terms: 8, submissions: 2 });
  });

  it('a row stored before fingerprints (kind only) still answers its repeat, and refuses another kind', async () => {
    const user = await h.signedIn();
    const stored = { list: [{ orderNumber: 'SP-LEGACY-1', orderId: 1 }] };
    await h.pool.query(
      `INSERT INTO order_submissions (user_id, idempotency_key, kind, response) VALUES ($1, 'k-old', 1, $2)`,
      [user.userId, JSON.stringify(stored)],
    );
    const again = await send(h, 'POST', '/orders/archive', user.token, archiveOrder(w), 'k-old');
    expectCode(again, ResultCode.Success);
    expect(again.body.data).toEqual(stored);
    const tasking = await send(h, 'POST', '/orders/tasking', user.token, taskingOrder(), 'k-old');
    expect(tasking.status, JSON.stringify(tasking.body)).toBe(422);
    expectCode(tasking, ResultCode.IdempotencyKeyReused, 'order.idempotencyKeyReused');
    expect(await orderRows(h, user.userId)).toEqual({ orders: 0, terms: 0, submissions: 1 });
  });

  it.runIf(inject('databaseKind') === 'postgres')(
    'a repeat sent while the first submit is held in its transaction answers 409 at once (PostgreSQL: real concurrent sessions)',
    async () => {
      const user = await h.signedIn();
      // Hold the orders table as a long write would: the first submit stops at its INSERT.
      const holder = await h.pool.connect();
      let first: Promise<Answer> | undefined;
      try {
        await holder.query('BEGIN');
        await holder.query('LOCK TABLE orders IN EXCLUSIVE MODE');
        first = send(h, 'POST', '/orders/archive', user.token, archiveOrder(w), 'k-held');
        await waitingOnLocks(1);
        const second = send(h, 'POST', '/orders/archive', user.token, archiveOrder(w), 'k-held');
        // The old code made the repeat wait for the first (a second session waiting on a lock).
        const outcome = await Promise.race([second, waitingOnLocks(2).then(() => 'waited' as const)]);
        expect(outcome, 'the repeat waited for the first submit instead of answering').not.toBe('waited');
        const r = outcome as Answer;
        expect(r.status, JSON.stringify(r.body)).toBe(409);
        expectCode(r, ResultCode.Conflict, 'order.idempotencyKeyInFlight');
      } finally {
        await holder.query('ROLLBACK');
        holder.release();
      }
      const done = await first!;
      expectCode(done, ResultCode.Success);
      const again = await send(h, 'POST', '/orders/archive', user.token, archiveOrder(w), 'k-held');
      expect(again.body.data).toEqual(done.body.data);
      expect(await orderRows(h, user.userId)).toEqual({ orders: 2, terms: 4, submissions: 1 });
    },
  );

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
