import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueue } from '../../jobs/queue';
import { startWebhookWorkers, type WebhookWorkers } from '../../jobs/webhooks.jobs';
import { type Harness, startHarness } from '../../test/harness';
import { send } from '../orders/test-helpers';
import { answer, type Receiver, startReceiver, until, verified } from './test-helpers';

/**
 * Delivering webhooks to real HTTP receivers on the loopback interface (allowed here by
 * WEBHOOK_ALLOW_PRIVATE=1 and WEBHOOK_ALLOW_HTTP=1, as on-premise installs may): signed per the
 * Standard Webhooks specification (checked with its own library), retried with back-off on
 * failure under one webhook-id, cut by the timeout and the answer's size bound, never following a
 * redirect. Tries are run one by one here (`attempt`) so each recorded step can be read; the test
 * event goes through the real queue and its workers.
 */

let h: Harness;
let receiver: Receiver;

beforeAll(async () => {
  h = await startHarness({
    env: {
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_ALLOW_HTTP: '1',
      WEBHOOK_TIMEOUT_SECONDS: '1',
      WEBHOOK_RETRY_SECONDS: '10,40,160',
    },
  });
  receiver = await startReceiver();
});

// This file's endpoints go with it: no later file's workers try its waiting rows.
afterAll(async () => {
  await h.pool.query(`DELETE FROM webhook_endpoints WHERE url LIKE $1`, [
    `http://127.0.0.1:${receiver.port}/%`,
  ]);
});

/** The queue's workers, only while a test needs them (the others try rows one by one, undisturbed). */
async function withWorkers<T>(run: () => Promise<T>): Promise<T> {
  const queue = await JobQueue.open(h.pool, { supervise: false });
  const workers: WebhookWorkers = await startWebhookWorkers(
    queue,
    { delivery: h.services.webhookDelivery, repository: h.services.webhooksRepository },
    { pollingIntervalSeconds: 0.5, sweepSeconds: 2 },
  );
  h.services.webhookOutbox.nudge = () => workers.nudge();
  try {
    return await run();
  } finally {
    h.services.webhookOutbox.nudge = () => {};
    workers.stop();
    await queue.stop();
  }
}

async function register(token: string, url: string, eventTypes = ['order.status_changed']) {
  const r = await send(h, 'POST', '/webhooks', token, { url, eventTypes });
  expect(r.body.code, JSON.stringify(r.body)).toBe(2000);
  return { id: r.body.data.endpoint.id as number, secret: r.body.data.secret as string };
}

const row = async (id: number) =>
  (
    await h.pool.query(
      `SELECT state, attempts, response_status AS status, last_error AS error, event_id AS "eventId", body,
              extract(epoch FROM next_attempt_at - last_attempt_at) AS wait
         FROM webhook_deliveries WHERE id = $1`,
      [id],
    )
  ).rows[0];

/** A test event written, not yet tried: its delivery id (the workers would take it at once). */
async function pendingTest(endpoint: number): Promise<number> {
  const { rows } = await h.pool.query(
    `INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, body, next_attempt_at)
     VALUES ($1, 'msg_' || md5(random()::text), 'webhook.test', '{"type":"webhook.test","data":{}}', now() + interval '1 hour')
     RETURNING id`,
    [endpoint],
  );
  return Number(rows[0].id);
}
const makeDue = (id: number) =>
  h.pool.query('UPDATE webhook_deliveries SET next_attempt_at = now() WHERE id = $1', [id]);

describe('webhook delivery', () => {
  it('sends a test event through the queue, signed; the log shows it delivered', () =>
    withWorkers(async () => {
      const u = await h.signedIn();
      const e = await register(u.token, receiver.url);
      const before = receiver.requests.length;
      const test = await send(h, 'POST', `/api/v1/webhooks/${e.id}/test`, u.token);
      expect(test.body.data.eventId).toMatch(/^msg_/);
      const got = await until('the test event', () =>
        receiver.requests.slice(before).find((r) => r.headers['webhook-id'] === test.body.data.eventId),
      );
      const payload = verified(e.secret, got);
      expect(payload).toMatchObject({ type: 'webhook.test', data: { endpointId: e.id } });
      expect(got.headers['content-type']).toBe('application/json');
      expect(got.headers['user-agent']).toMatch(/^Satportal-Webhooks\//);
      const log = await until('the log entry', async () => {
        const r = await send(h, 'GET', `/api/v1/webhooks/${e.id}/deliveries`, u.token);
        return r.body.data.list[0]?.state === 'delivered' && r.body.data.list;
      });
      expect(log).toEqual([
        expect.objectContaining({
          eventId: test.body.data.eventId,
          eventType: 'webhook.test',
          state: 'delivered',
          attempts: 1,
          responseStatus: 200,
          error: null,
          nextAttemptAt: null,
        }),
      ]);
    }));

  it('retries a failing receiver with growing waits under one webhook-id, and delivers once it recovers', async () => {
    const u = await h.signedIn();
    const e = await register(u.token, receiver.url.replace('/hook', '/flaky'));
    const id = await pendingTest(e.id);
    const seen: string[] = [];
    receiver.handle = answer(500, 'down');
    for (const expected of [10, 40]) {
      await makeDue(id);
      const before = receiver.requests.length;
      expect(await h.services.webhookDelivery.attempt(id)).toMatchObject({ kind: 'retry', status: 500 });
      const r = await row(id);
      expect(r).toMatchObject({ state: 'pending', status: 500 });
      // the recorded wait is the schedule's, ±10 % jitter
      expect(Number(r.wait)).toBeGreaterThanOrEqual(expected * 0.9 - 0.01);
      expect(Number(r.wait)).toBeLessThanOrEqual(expected * 1.1 + 0.01);
      const got = receiver.requests[before]!;
      verified(e.secret, got);
      seen.push(got.headers['webhook-id']!);
    }
    // not due yet: nothing is sent, the job is put back for its time
    const early = await h.services.webhookDelivery.attempt(id);
    expect(early.kind).toBe('notDue');
    receiver.handle = answer(204);
    await makeDue(id);
    const before = receiver.requests.length;
    expect(await h.services.webhookDelivery.attempt(id)).toEqual({ kind: 'delivered', status: 204 });
    const last = receiver.requests[before]!;
    seen.push(last.headers['webhook-id']!);
    expect(new Set(seen)).toEqual(new Set([(await row(id)).eventId]));
    expect(last.body).toBe((await row(id)).body);
    expect(await row(id)).toMatchObject({ state: 'delivered', attempts: 3, status: 204, error: null });
    // settled: a repeated job sends nothing
    expect(await h.services.webhookDelivery.attempt(id)).toEqual({ kind: 'nothing' });
    receiver.handle = answer(200, 'ok');
  });

  it('gives up after the last try of the schedule', async () => {
    const u = await h.signedIn();
    const e = await register(u.token, receiver.url);
    const id = await pendingTest(e.id);
    receiver.handle = answer(503);
    const results = [];
    for (let i = 0; i < 4; i++) {
      await makeDue(id);
      results.push((await h.services.webhookDelivery.attempt(id)).kind);
    }
    expect(results).toEqual(['retry', 'retry', 'retry', 'failed']);
    expect(await row(id)).toMatchObject({ state: 'failed', attempts: 4, status: 503 });
    receiver.handle = answer(200, 'ok');
  });

  it('cuts a receiver that never answers at the timeout', async () => {
    const u = await h.signedIn();
    const e = await register(u.token, receiver.url.replace('/hook', '/hang'));
    const id = await pendingTest(e.id);
    const held: { end(): void }[] = [];
    receiver.handle = (_request, response) => void held.push(response); // never answered
    await makeDue(id);
    expect(await h.services.webhookDelivery.attempt(id)).toMatchObject({
      kind: 'retry',
      status: null,
      error: 'timeout',
    });
    expect(await row(id)).toMatchObject({ state: 'pending', attempts: 1, status: null, error: 'timeout' });
    for (const r of held) r.end();
    receiver.handle = answer(200, 'ok');
  });

  it('reads at most a few KB of an answer, then closes the connection', async () => {
    const u = await h.signedIn();
    const e = await register(u.token, receiver.url.replace('/hook', '/huge'));
    const id = await pendingTest(e.id);
    const total = 64 * 1024 * 1024;
    let written = 0;
    let closedEarly = false;
    receiver.handle = (_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': String(total),
      });
      const chunk = Buffer.alloc(64 * 1024, 120);
      const pump = () => {
        while (written < total) {
          written += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      response.on('close', () => {
        closedEarly = written < total || !response.writableFinished;
      });
      pump();
    };
    await makeDue(id);
    expect(await h.services.webhookDelivery.attempt(id)).toEqual({ kind: 'delivered', status: 200 });
    await until('the receiver to see the close', () => closedEarly, 10);
    expect(written).toBeLessThan(total);
    receiver.handle = answer(200, 'ok');
  });

  it('does not follow a redirect: a 3xx is a failed try', async () => {
    const u = await h.signedIn();
    const target = await startReceiver('/moved');
    const e = await register(u.token, receiver.url.replace('/hook', '/redirect'));
    const id = await pendingTest(e.id);
    receiver.handle = (_request, response) => {
      response.writeHead(307, { location: target.url });
      response.end();
    };
    await makeDue(id);
    expect(await h.services.webhookDelivery.attempt(id)).toMatchObject({ kind: 'retry', status: 307 });
    await sleep(300);
    expect(target.requests).toEqual([]);
    receiver.handle = answer(200, 'ok');
  });

  it('turns the endpoint off when the receiver answers 410 Gone', async () => {
    const u = await h.signedIn();
    const e = await register(u.token, receiver.url.replace('/hook', '/gone'));
    const id = await pendingTest(e.id);
    receiver.handle = answer(410);
    await makeDue(id);
    expect(await h.services.webhookDelivery.attempt(id)).toMatchObject({ kind: 'failed', status: 410 });
    const list = await send(h, 'GET', '/webhooks', u.token);
    expect(list.body.data.list[0]).toMatchObject({ enabled: false, disabledReason: 'gone' });
    receiver.handle = answer(200, 'ok');
  });

  it('signs with the old secret too for a day after a rotation', async () => {
    const u = await h.signedIn();
    const e = await register(u.token, receiver.url);
    const rotated = await send(h, 'POST', `/api/v1/webhooks/${e.id}/secret`, u.token);
    const fresh = rotated.body.data.secret as string;
    const id = await pendingTest(e.id);
    await makeDue(id);
    const before = receiver.requests.length;
    expect((await h.services.webhookDelivery.attempt(id)).kind).toBe('delivered');
    const got = receiver.requests[before]!;
    expect(got.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    verified(fresh, got);
    verified(e.secret, got);
  });
});
