import { ResultCode } from '@satportal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/database';
import { JobQueue } from '../../jobs/queue';
import { startWebhookWorkers } from '../../jobs/webhooks.jobs';
import { type Harness, startHarness } from '../../test/harness';
import { box, createTestSatellites, scene } from '../../test/scenes';
import { defaultConstellation } from '../catalogue/constellation';
import { FulfilmentRepository } from '../fulfilment';
import { type ArchiveWorld, archiveOrder, archiveWorld, expectCode, send } from '../orders/test-helpers';
import { insertSubscriptions, utcDayFromNow } from '../subscriptions/matching/test/fixtures';
import { sendWebhook } from './sender';
import { type Receiver, startReceiver, until, verified } from './test-helpers';

/**
 * Where webhook events come from (issue 27 item 2): each is an outbox row written in the
 * transaction of the state change that causes it — an order's audit, a delivery, a cancel — so a
 * rolled-back change leaves no event and a committed one always has its event; a try cut by a
 * dead process (kill -9: its row claimed, never settled) is tried again once its lease is over,
 * under the same webhook-id. And the address guard at the moment of sending: without
 * WEBHOOK_ALLOW_PRIVATE a loopback receiver is never connected to, by IP or by name.
 */

let h: Harness;
let w: ArchiveWorld;
let receiver: Receiver;

beforeAll(async () => {
  h = await startHarness({ env: { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_ALLOW_HTTP: '1' } });
  await h.services.catalogue.seedConstellation(defaultConstellation);
  w = await archiveWorld(h);
  receiver = await startReceiver();
});

afterAll(async () => {
  await h.pool.query(`DELETE FROM webhook_endpoints WHERE url LIKE $1`, [
    `http://127.0.0.1:${receiver.port}/%`,
  ]);
});

type User = Awaited<ReturnType<Harness['signedIn']>>;

async function register(user: User, eventTypes: string[]) {
  const r = await send(h, 'POST', '/webhooks', user.token, { url: receiver.url, eventTypes });
  expectCode(r, ResultCode.Success);
  return { id: r.body.data.endpoint.id as number, secret: r.body.data.secret as string };
}

const events = async (endpointId: number) =>
  (
    await h.pool.query<{ type: string; body: string; state: string }>(
      `SELECT event_type AS type, body, state FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY id`,
      [endpointId],
    )
  ).rows.map((r) => ({ type: r.type, state: r.state, ...JSON.parse(r.body) }));

async function placeOrder(user: User): Promise<number> {
  const r = await send(h, 'POST', '/orders/archive', user.token, archiveOrder(w, {}, [10]));
  expectCode(r, ResultCode.Success);
  return r.body.data.list[0].orderId as number;
}

describe('webhook events from the order life cycle', () => {
  it('writes order.status_changed with the audit, delivery.completed with a delivery, and a cancel', async () => {
    const user = await h.signedIn();
    const e = await register(user, ['order.status_changed', 'delivery.completed']);
    const fulfilment = new FulfilmentRepository(h.pool, h.services.webhookOutbox);
    const orderId = await placeOrder(user);
    const { rows: head } = await h.pool.query('SELECT order_number FROM orders WHERE id = $1', [orderId]);
    const orderNumber = head[0].order_number as string;

    expect((await fulfilment.audit(orderId, 'approve', 'ops', () => new Date())).kind).not.toBe('skipped');
    // a repeated audit job moves nothing and records nothing
    await fulfilment.audit(orderId, 'approve', 'ops', () => new Date());
    const { rows: terms } = await h.pool.query<{ id: string }>(
      'UPDATE order_terms SET state = 1 WHERE order_id = $1 RETURNING id',
      [orderId],
    );
    expect(terms).toHaveLength(2);
    const dataOf = (termsId: number, sceneId: string) => ({
      orderId,
      orderNumber,
      termsId,
      sceneIds: [sceneId],
      package: { fileName: 'p.zip', bytes: 42, sha256: 'ab'.repeat(32), expiresAt: '', url: 'https://x/p' },
    });
    for (const [i, t] of terms.entries()) {
      const termsId = Number(t.id);
      const pkg = { key: `wh/${termsId}.zip`, bytes: 42, sha256: 'ab'.repeat(32), expiresAt: new Date() };
      const data = dataOf(termsId, w.sceneIds[i]!);
      expect((await fulfilment.deliver(termsId, pkg, data)).kind).toBe('settled');
      // a twin run's deliver of the same term is stale: no second event
      expect((await fulfilment.deliver(termsId, pkg, data)).kind).toBe('stale');
    }

    const got = await events(e.id);
    expect(got.map((g) => [g.type, g.data.previousStatus, g.data.status, g.data.final])).toEqual([
      ['order.status_changed', 11, 21, false],
      ['delivery.completed', undefined, undefined, undefined],
      ['order.status_changed', 21, 34, false],
      ['delivery.completed', undefined, undefined, undefined],
      ['order.status_changed', 34, 32, true],
    ]);
    expect(got[1]).toMatchObject({ data: { orderId, orderNumber, termsId: Number(terms[0]!.id) } });
    expect(got[3]).toMatchObject({ data: { termsId: Number(terms[1]!.id), package: { bytes: 42 } } });
    expect(got.every((g) => g.state === 'pending' && typeof g.timestamp === 'string')).toBe(true);

    // a cancel of another order: its event, written by the order centre's transaction
    const second = await placeOrder(user);
    expectCode(await send(h, 'POST', '/orders/cancel', user.token, { id: second }), ResultCode.Success);
    expect((await events(e.id)).at(-1)).toMatchObject({
      type: 'order.status_changed',
      data: { orderId: second, previousStatus: 11, status: 41, final: true },
    });
  });

  it('writes subscription.matched with the new scenes of a matching batch, in the batch transaction', async () => {
    const user = await h.signedIn();
    const e = await register(user, ['subscription.matched']);
    const sats = (await createTestSatellites(h, 1)).ids;
    // open sea, an area of its own in the shared test database
    const [sub] = await insertSubscriptions(h.pool, [
      {
        userId: user.userId,
        name: 'Reef watch',
        fdate: utcDayFromNow(-1),
        tdate: utcDayFromNow(30),
        satIds: sats,
        aoi: box(-120, -45, -119, -44),
        minCoverage: 10,
      },
    ]);
    const sceneIds = ['a', 'b'].map((x) => `wh-match-${x}-${process.pid}-${Date.now()}`);
    await h.services.scenesRepository.upsertScenes(
      sceneIds.map((id) =>
        scene({
          id,
          satelliteId: sats[0]!,
          acquiredAt: `${utcDayFromNow(0)}T10:00:00.000Z`,
          footprint: box(-120.2, -45.2, -118.8, -43.8),
        }),
      ),
    );
    await h.services.matching.matchPending();
    const got = await events(e.id);
    expect(got).toEqual([
      expect.objectContaining({
        type: 'subscription.matched',
        data: {
          subscriptionId: sub,
          name: 'Reef watch',
          count: 2,
          sceneIds: expect.arrayContaining(sceneIds),
        },
      }),
    ]);
    // matched again (nothing new): no second event
    await h.services.matching.matchPending();
    expect(await events(e.id)).toHaveLength(1);
  });

  it('writes nothing for a user without a matching endpoint, or one turned off', async () => {
    const user = await h.signedIn();
    const e = await register(user, ['subscription.matched']);
    const off = await register(user, ['order.status_changed']);
    await send(h, 'PUT', `/api/v1/webhooks/${off.id}`, user.token, {
      url: receiver.url,
      eventTypes: ['order.status_changed'],
      enabled: false,
    });
    const orderId = await placeOrder(user);
    expectCode(await send(h, 'POST', '/orders/cancel', user.token, { id: orderId }), ResultCode.Success);
    expect(await events(e.id)).toEqual([]);
    expect(await events(off.id)).toEqual([]);
  });

  it('an event belongs to its transaction: rolled back, no row; committed, one', async () => {
    const user = await h.signedIn();
    const e = await register(user, ['order.status_changed']);
    const event = {
      type: 'order.status_changed' as const,
      data: { orderId: 1, orderNumber: 'x', previousStatus: 11, status: 21, final: false },
    };
    await expect(
      inTransaction(h.pool, async (tx) => {
        await h.services.webhookOutbox.record(tx, user.userId, event);
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    expect(await events(e.id)).toEqual([]);
    await inTransaction(h.pool, (tx) => h.services.webhookOutbox.record(tx, user.userId, event));
    expect(await events(e.id)).toHaveLength(1);
  });

  it('a try cut by a dead process is sent again after its lease, under the same webhook-id', async () => {
    const user = await h.signedIn();
    const e = await register(user, ['order.status_changed']);
    const test = await send(h, 'POST', `/api/v1/webhooks/${e.id}/test`, user.token);
    const deliveryId = test.body.data.deliveryId as number;
    // The dead process's try: claimed (counted, leased), never settled, nothing received.
    const claim = await h.services.webhooksRepository.claim(deliveryId, 3600);
    expect(claim.kind).toBe('claimed');
    const before = receiver.requests.length;
    const queue = await JobQueue.open(h.pool, { supervise: false });
    const workers = await startWebhookWorkers(
      queue,
      { delivery: h.services.webhookDelivery, repository: h.services.webhooksRepository },
      { pollingIntervalSeconds: 0.5, sweepSeconds: 1 },
    );
    try {
      // leased: the sweep leaves it alone; the lease over (as after kill -9), it is tried again
      await new Promise((r) => setTimeout(r, 2500));
      const ours = () =>
        receiver.requests.slice(before).filter((r) => r.headers['webhook-id'] === test.body.data.eventId);
      expect(ours()).toEqual([]);
      await h.pool.query(
        `UPDATE webhook_deliveries SET next_attempt_at = now() - interval '1 second' WHERE id = $1`,
        [deliveryId],
      );
      const got = await until('the retried test event', () => ours()[0]);
      expect(verified(e.secret, got)).toMatchObject({ type: 'webhook.test' });
      const row = await until('the delivered row', async () => {
        const { rows } = await h.pool.query(
          `SELECT state, attempts FROM webhook_deliveries WHERE id = $1 AND state = 'delivered'`,
          [deliveryId],
        );
        return rows[0];
      });
      expect(row).toEqual({ state: 'delivered', attempts: 2 });
    } finally {
      workers.stop();
      await queue.stop();
    }
  });
});

describe('the address guard when sending', () => {
  const policy = {
    allowHttp: true,
    timeoutMs: 2000,
    maxResponseBytes: 4096,
    userAgent: 'test',
  };

  it('never connects to a loopback receiver unless private targets are allowed: by IP and by name', async () => {
    const before = receiver.requests.length;
    const byName = receiver.url.replace('127.0.0.1', 'localhost');
    for (const url of [receiver.url, byName, receiver.url.replace('127.0.0.1', '[::ffff:127.0.0.1]')]) {
      expect(await sendWebhook(url, {}, '{}', { ...policy, allowPrivate: false }), url).toEqual({
        status: null,
        error: 'refusedAddress',
        retryAfterSeconds: null,
      });
    }
    expect(receiver.requests.length).toBe(before);
    // the same receiver, allowed: it is reached (the refusal above is the guard's, not a dead port)
    expect(await sendWebhook(byName, {}, '{}', { ...policy, allowPrivate: true })).toMatchObject({
      status: 200,
    });
    expect(receiver.requests.length).toBe(before + 1);
  });
});
