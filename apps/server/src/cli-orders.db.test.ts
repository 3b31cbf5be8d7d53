import { beforeAll, describe, expect, it } from 'vitest';
import { OrderCommandError } from './cli-orders';
import {
  type ArchiveWorld,
  archiveOrder,
  expectCode,
  searchOf,
  send,
  startArchiveWorld,
} from './modules/orders/test-helpers';
import { runCliWith } from './test/cli';
import { testDatabaseUrl } from './test/database';
import type { Harness } from './test/harness';

/**
 * The operator's fulfilment commands, run in-process against the test database and the harness's
 * data folder (its object store): audit by hand, release a rechecked scene, look at jobs — and
 * the cancel of a partly delivered order that follows (2001: what was delivered stays).
 */
let h: Harness;
let w: ArchiveWorld;

beforeAll(async () => {
  ({ h, w } = await startArchiveWorld());
}, 120_000);

const cli = (...args: string[]) =>
  runCliWith({ DATABASE_URL: testDatabaseUrl(), DATA_DIR: h.config.dataDir, AUTO_AUDIT: '0' }, args);

const terms = async (orderId: number) =>
  (
    await h.pool.query<{ state: number; key: string | null; scene: string }>(
      'SELECT state, package_key AS key, scene_id AS scene FROM order_terms WHERE order_id = $1 ORDER BY position',
      [orderId],
    )
  ).rows;

describe('operator CLI: orders and jobs', () => {
  it('lists, approves once, releases one rechecked scene; the cancel then keeps it (2001)', async () => {
    const u = await h.signedIn();
    const taskId = await searchOf(h, u.token, w);
    const body = archiveOrder(w, {}, [20]);
    body.ipr.process = { ...body.ipr.process, isManualRecheck: true } as typeof body.ipr.process;
    const placed = await send(h, 'POST', '/orders/archive', u.token, { ...body, taskId });
    expectCode(placed, 2000);
    const { orderId, orderNumber } = placed.body.data.list[0];

    const listed = await cli('orders', 'list', '--username', u.username);
    expect(listed.text).toContain(`${orderNumber}`);
    expect(listed.text).toMatch(/archive\s+status 11\s+level 20/);
    expect(listed.text).toContain('terms [-2,-2]');

    expect(await cli('orders', 'approve', orderNumber)).toMatchObject({
      code: 0,
      text: expect.stringContaining('status 21'),
    });
    expect(await cli('orders', 'reject', orderNumber)).toMatchObject({
      code: 1,
      text: expect.stringContaining('not auditing'),
    });
    expect((await terms(orderId)).map((t) => t.state)).toEqual([-1, -1]);

    // the delivery jobs wait for the recheck; the operator looks at one
    const { rows } = await h.pool.query<{ id: string }>(
      `SELECT id FROM pgboss.job WHERE name = 'terms-delivery' AND (data->>'id')::int IN
         (SELECT id FROM order_terms WHERE order_id = $1) LIMIT 1`,
      [orderId],
    );
    const shown = await cli('jobs', 'show', rows[0]!.id);
    expect(JSON.parse(shown.text)).toMatchObject({ queue: 'terms-delivery', state: 'created' });
    expect((await cli('jobs', 'counts')).text).toMatch(/terms-delivery\s+.*created \d+/);

    const released = await cli('orders', 'release', orderNumber, '--scene', w.sceneIds[0]!);
    expect(released).toMatchObject({ code: 0, text: expect.stringMatching(/terms \d+: done/) });
    const after = await terms(orderId);
    expect(after.map((t) => t.state)).toEqual([5, -1]);
    expect(await h.services.objectStore.exists(after[0]!.key!)).toBe(true);
    const detail = await send(h, 'POST', '/orders/detail', u.token, { id: orderId });
    expect(detail.body.data.oi.od.status).toBe(34);

    const cancelled = await send(h, 'POST', '/orders/cancel', u.token, { id: orderId });
    expectCode(cancelled, 2001);
    expect(cancelled.body.data).toMatchObject({ status: 41, cancelled: 1, kept: 1 });
    const final = await terms(orderId);
    expect(final.map((t) => t.state)).toEqual([5, 99]);
    // what was delivered stays downloadable
    expect(await h.services.objectStore.exists(final[0]!.key!)).toBe(true);
    const again = await send(h, 'POST', '/orders/detail', u.token, { id: orderId });
    expect(again.body.data.oi.od.ippis[0].pkgUrl).toMatch(/^\/api\/v1\/oss\//);
  }, 120_000);

  it('refuses an unknown order and a missing operand', async () => {
    await expect(cli('orders', 'approve', 'SP00000000000000')).rejects.toThrow(OrderCommandError);
    await expect(cli('orders', 'release')).rejects.toThrow(/needs one operand/);
    await expect(cli('jobs', 'show', '00000000-0000-0000-0000-000000000000')).rejects.toThrow(/no job/);
  });
});
