import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { fromArrayBuffer } from 'geotiff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fulfilment } from '../../compose-fulfilment';
import type { Harness } from '../../test/harness';
import {
  type ArchiveWorld,
  archiveOrder,
  expectCode,
  searchOf,
  send,
  startArchiveWorld,
} from '../orders/test-helpers';
import { startTestFulfilment, until } from './test-helpers';

// The order life cycle over the real queue (pg-boss), the real deliverables (gdal3.js), the
// test's object store and outbox: audits by the operator's call (automatic audits stay off, so
// the other test files' orders in this database are left alone).

let h: Harness;
let w: ArchiveWorld;
let fulfilment: Fulfilment;
let outbox: string;

async function orderState(orderId: number) {
  const { rows } = await h.pool.query<{ status: number; states: number[]; keys: (string | null)[] }>(
    `SELECT o.status, array_agg(t.state ORDER BY t.position) AS states,
            array_agg(t.package_key ORDER BY t.position) AS keys
       FROM orders o JOIN order_terms t ON t.order_id = o.id WHERE o.id = $1 GROUP BY o.status`,
    [orderId],
  );
  return rows[0]!;
}

async function placeOrder(token: string, more: Record<string, unknown> = {}, levels = [20]) {
  const taskId = await searchOf(h, token, w);
  const r = await send(h, 'POST', '/orders/archive', token, {
    ...archiveOrder(w, {}, levels),
    taskId,
    ...more,
  });
  expectCode(r, 2000);
  return r.body.data.list[0].orderId as number;
}

beforeAll(async () => {
  ({ h, w } = await startArchiveWorld());
  outbox = h.config.mail.outboxDir;
  fulfilment = await startTestFulfilment(h);
}, 120_000);

afterAll(async () => {
  await fulfilment?.stop();
});

describe('fulfilment of archive orders', () => {
  it('audits, delivers each scene as a package of a COG clipped to the AOI, finishes and mails once', async () => {
    const u = await h.signedIn();
    await h.pool.query(`UPDATE users SET email = 'buyer@example.test' WHERE id = $1`, [u.userId]);
    const orderId = await placeOrder(u.token);
    expect((await orderState(orderId)).status).toBe(11);

    const audited = await fulfilment.service.audit(orderId, 'approve', 'operator:test');
    expect(audited).toMatchObject({ kind: 'audited', status: 21 });
    // a second decision changes nothing
    expect(await fulfilment.service.audit(orderId, 'reject', 'operator:test')).toMatchObject({
      kind: 'skipped',
    });

    const done = await until('order 32', async () => {
      const s = await orderState(orderId);
      return s.status === 32 && s;
    });
    expect(done.states).toEqual([5, 5]);
    for (const key of done.keys) {
      const object = await h.services.objectStore.get(key!);
      expect(object, key!).not.toBeNull();
      const chunks: Buffer[] = [];
      for await (const c of object!.body) chunks.push(c as Buffer);
      const files = unzipSync(new Uint8Array(Buffer.concat(chunks)));
      const names = Object.keys(files);
      expect(names).toContain('SHA256SUMS');
      const tif = names.find((n) => n.endsWith('.tif'))!;
      const image = await (await fromArrayBuffer(files[tif]!.slice().buffer)).getImage();
      const [w0, s0, e0, n0] = image.getBoundingBox();
      // clipped to the AOI (30.1, 0.1)–(30.6, 0.4), within a pixel
      const px = Math.abs(image.getResolution()[0]!);
      expect(w0).toBeGreaterThanOrEqual(30.1 - 2 * px);
      expect(e0).toBeLessThanOrEqual(30.6 + 2 * px);
      expect(s0).toBeGreaterThanOrEqual(0.1 - 2 * px);
      expect(n0).toBeLessThanOrEqual(0.4 + 2 * px);
    }

    // the detail offers a signed link that downloads the package, for the owner only
    const detail = await send(h, 'POST', '/orders/detail', u.token, { id: orderId });
    const terms = detail.body.data.oi.od.ippis;
    expect(terms[0].pkgUrl).toMatch(/^\/api\/v1\/oss\/orders\/.+\?Expires=\d+&Signature=[0-9a-f]{64}$/);
    const download = await h.app.inject({
      method: 'GET',
      url: terms[0].pkgUrl,
      headers: { authorization: `Bearer ${u.token}` },
      remoteAddress: h.remoteAddress,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('.zip');

    // one mail about the finished order, even after the sweep has run again
    const mails = await until('the mail', async () => {
      const names = await readdir(outbox).catch(() => [] as string[]);
      const ours = [];
      for (const n of names.filter((f) => f.endsWith('.eml'))) {
        const text = await readFile(join(outbox, n), 'utf8');
        if (text.includes(done.keys[0]!.split('/')[1]!)) ours.push(text);
      }
      return ours.length ? ours : null;
    });
    await fulfilment.service.sweep();
    await new Promise((r) => setTimeout(r, 1500));
    expect(mails).toHaveLength(1);
  }, 180_000);

  it('a scene that cannot be made fails its term at once; the order ends in partial delivery (34)', async () => {
    const u = await h.signedIn();
    const orderId = await placeOrder(u.token);
    // the stored footprint of the first scene moved far from the AOI: the clip cannot meet it
    await h.pool.query(
      `UPDATE order_terms SET scenes = jsonb_set(scenes, '{0,boundaries}',
              '[[[100,50],[100.5,50],[100.5,50.5],[100,50.5],[100,50]]]'::jsonb)
        WHERE order_id = $1 AND position = 1`,
      [orderId],
    );
    await fulfilment.service.audit(orderId, 'approve', 'operator:test');
    const s = await until(
      'order settled',
      async () => {
        const r = await h.pool.query('SELECT settled_at IS NOT NULL AS settled FROM orders WHERE id = $1', [
          orderId,
        ]);
        return r.rows[0].settled && (await orderState(orderId));
      },
      120,
    );
    expect(s).toMatchObject({ status: 34, states: [-3, 5] });
    // no retry for an input that cannot work: the first try settled it
    const jobs = await h.pool.query<{ retry_count: number; state: string }>(
      `SELECT retry_count, state::text FROM pgboss.job
        WHERE name = 'terms-delivery' AND (data->>'id')::int =
              (SELECT id FROM order_terms WHERE order_id = $1 AND position = 1)`,
      [orderId],
    );
    expect(jobs.rows).toEqual([{ retry_count: 0, state: 'completed' }]);
    const failure = await h.pool.query(
      'SELECT failure FROM order_terms WHERE order_id = $1 AND position = 1',
      [orderId],
    );
    expect(failure.rows[0].failure).toMatch(/AOI|clip|footprint/i);
  }, 60_000);

  it('a rejected audit fails the order (12) and its terms (98), and delivers nothing', async () => {
    const u = await h.signedIn();
    const orderId = await placeOrder(u.token);
    await fulfilment.service.audit(orderId, 'reject', 'operator:test');
    const s = await orderState(orderId);
    expect(s).toMatchObject({ status: 12, states: [98, 98], keys: [null, null] });
  });

  it('a cancel during the manual recheck stops the deliveries (2000), nothing is stored', async () => {
    const u = await h.signedIn();
    const orderId = await placeOrder(u.token, {});
    await h.pool.query('UPDATE orders SET manual_recheck = true WHERE id = $1', [orderId]);
    await fulfilment.service.audit(orderId, 'approve', 'operator:test');
    const r = await send(h, 'POST', '/orders/cancel', u.token, { id: orderId });
    expectCode(r, 2000);
    // the recheck delay (3 s) passes and the delivery jobs run: they find the terms cancelled
    await new Promise((r2) => setTimeout(r2, 6000));
    await fulfilment.service.sweep();
    const s = await orderState(orderId);
    expect(s).toMatchObject({ status: 41, states: [99, 99], keys: [null, null] });
    const number = (await h.pool.query('SELECT order_number FROM orders WHERE id = $1', [orderId])).rows[0]
      .order_number;
    expect(await h.services.objectStore.list(`orders/${number}/`)).toEqual([]);
  }, 60_000);

  it('delivers a terms entry once when two runs race, under one key', async () => {
    const u = await h.signedIn();
    const orderId = await placeOrder(u.token);
    // approve without the queue's help: move the order by the repository and run the steps here
    await fulfilment.repository.audit(orderId, 'approve', 'operator:test', () => new Date());
    const { rows } = await h.pool.query<{ id: number }>(
      'SELECT id FROM order_terms WHERE order_id = $1 ORDER BY position',
      [orderId],
    );
    const id = Number(rows[0]!.id);
    const results = await Promise.all([
      fulfilment.service.deliverTerm(id, false),
      fulfilment.service.deliverTerm(id, false),
    ]);
    expect(results.filter((r) => r === 'done')).toHaveLength(1);
    const s = await orderState(orderId);
    expect(s.states[0]).toBe(5);
    const number = (await h.pool.query('SELECT order_number FROM orders WHERE id = $1', [orderId])).rows[0]
      .order_number;
    expect(await h.services.objectStore.list(`orders/${number}/${id}/`)).toEqual([s.keys[0]]);
  }, 120_000);
});
