import { apiPath, Paths } from '@satportal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fulfilment } from '../../compose-fulfilment';
import type { Http } from '../../http/types';
import type { Harness } from '../../test/harness';
import { startTestFulfilment, until } from '../fulfilment/test-helpers';
import {
  type ArchiveWorld,
  archiveOrder,
  expectCode,
  searchOf,
  send,
  startArchiveWorld,
} from '../orders/test-helpers';
import { DeliveredScenesRepository } from './index';
import { myDataApp } from './test-helpers';

// My data over an order that went the real way: ordered through the API, audited, its packages
// made and stored by fulfilment. What the order and fulfilment store is what my data reads.

let h: Harness;
let w: ArchiveWorld;
let fulfilment: Fulfilment;
let app: Http;

beforeAll(async () => {
  ({ h, w } = await startArchiveWorld());
  fulfilment = await startTestFulfilment(h);
  app = await myDataApp(h);
}, 120_000);

afterAll(async () => {
  await fulfilment?.stop();
});

describe('my data of a fulfilled order', () => {
  it('lists the delivered scenes clipped to the AOI, and the tile look-up finds their packages', async () => {
    const u = await h.signedIn();
    const taskId = await searchOf(h, u.token, w);
    const ordered = await send(h, 'POST', '/orders/archive', u.token, {
      ...archiveOrder(w, {}, [22]),
      taskId,
    });
    expectCode(ordered, 2000);
    const { orderId, orderNumber } = ordered.body.data.list[0] as { orderId: number; orderNumber: string };
    const before = await app.inject({
      method: 'POST',
      url: apiPath(Paths.myDataScenes),
      headers: { authorization: `Bearer ${u.token}` },
      payload: {},
    });
    expect(before.json().data).toEqual({ list: [], total: 0, more: false });

    await fulfilment.service.audit(orderId, 'approve', 'operator:test');
    await until('order 32', async () => {
      const { rows } = await h.pool.query('SELECT status FROM orders WHERE id = $1', [orderId]);
      return rows[0]?.status === 32;
    });

    const r = await app.inject({
      method: 'POST',
      url: apiPath(Paths.myDataScenes),
      headers: { authorization: `Bearer ${u.token}` },
      payload: { aoi: 'lake' },
    });
    const { list, total } = r.json().data;
    expect(total).toBe(2);
    // the second scene is the newer image (2024-06-20)
    expect(list.map((s: { sceneId: string }) => s.sceneId)).toEqual([w.sceneIds[1], w.sceneIds[0]]);
    for (const s of list) {
      expect(s).toMatchObject({
        orderNo: orderNumber,
        batchName: orderNumber,
        level: 22,
        formatType: 'WEBP',
      });
      const points = s.boundaries.flat() as { lng: number; lat: number }[];
      // inside the AOI (30.1–30.6° E, 0.1–0.4° N), not the whole footprint
      for (const p of points) {
        expect(p.lng).toBeGreaterThanOrEqual(30.1 - 1e-9);
        expect(p.lng).toBeLessThanOrEqual(30.6 + 1e-9);
        expect(p.lat).toBeGreaterThanOrEqual(0.1 - 1e-9);
        expect(p.lat).toBeLessThanOrEqual(0.4 + 1e-9);
      }
      expect(s.sceneAoi.cors.length).toBeGreaterThanOrEqual(4);
    }
    const delivered = await new DeliveredScenesRepository(h.pool).find(u.userId, orderNumber, w.sceneIds[0]!);
    expect(delivered?.packageKey).toMatch(new RegExp(`^orders/${orderNumber}/`));
    expect(await h.services.objectStore.get(delivered!.packageKey)).not.toBeNull();
  }, 180_000);
});
