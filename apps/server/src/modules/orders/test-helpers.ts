import { resolve } from 'node:path';
import { apiPath, IdempotencyHeader, type Paths, ResultCode } from '@satportal/contract';
import { expect } from 'vitest';
import { type Harness, startHarness } from '../../test/harness';
import { box, createTestSatellites, scene, searchRequest } from '../../test/scenes';
import { defaultConstellation } from '../catalogue/constellation';

// The set-up of the order tests (orders-*.db.test.ts): satellites, scenes, a search, the calls.

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read many response shapes and check them by value
  body: { code: number; message: string; data: any };
}

/** A call with a session and, optionally, an idempotency key (or any raw header value). */
export async function send(
  h: Harness,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  token: string,
  body?: unknown,
  key?: string,
): Promise<Answer> {
  const r = await h.app.inject({
    method,
    url: path.startsWith('/api/') ? path : apiPath(path as (typeof Paths)[keyof typeof Paths]),
    remoteAddress: h.remoteAddress,
    headers: { authorization: `Bearer ${token}`, ...(key !== undefined ? { [IdempotencyHeader]: key } : {}) },
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  return { status: r.statusCode, body: r.json() };
}

export function expectCode(r: Answer, code: number, message?: string) {
  expect(r.body.code, JSON.stringify(r.body).slice(0, 600)).toBe(code);
  if (message) expect(r.body.message).toBe(message);
}

/** Two sub-metre scenes of one new satellite group, side by side and overlapping, near the equator. */
export async function archiveWorld(h: Harness) {
  const { ids, category } = await createTestSatellites(h, 2);
  const stamp = Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
  const sceneIds = [`ord-a-${stamp}`, `ord-b-${stamp}`];
  await h.services.scenesRepository.upsertScenes([
    scene({ id: sceneIds[0]!, satelliteId: ids[0]!, footprint: box(30, 0, 30.5, 0.5) }),
    scene({
      id: sceneIds[1]!,
      satelliteId: ids[1]!,
      footprint: box(30.3, 0, 30.8, 0.5),
      acquiredAt: '2024-06-20T10:30:00.000Z',
      cloudCover: 12,
    }),
  ]);
  return { satIds: ids, category, sceneIds, aoi: { ...box(30.1, 0.1, 30.6, 0.4), name: 'Lake' } };
}

export type ArchiveWorld = Awaited<ReturnType<typeof archiveWorld>>;

/** The order tests' server over the test database: the default constellation and the archive world. */
export async function startArchiveWorld(): Promise<{ h: Harness; w: ArchiveWorld }> {
  const h = await startHarness();
  await h.services.catalogue.seedConstellation(defaultConstellation);
  return { h, w: await archiveWorld(h) };
}

/** An archive search of the world's AOI by this user: its taskId. */
export async function searchOf(h: Harness, token: string, w: ArchiveWorld): Promise<string> {
  const r = await send(h, 'POST', '/archive/search', token, searchRequest([w.aoi], w.satIds));
  expectCode(r, 2000);
  return r.body.data.taskId as string;
}

export const endUser = {
  company: 'Harbour Survey Ltd',
  contact: 'Ada Moss',
  application: 'maritime' as const,
  email: 'ada@harbour.example',
  address: '2 Quay Road, Bristol',
};

/** An archive order of the world's scenes at the given levels, for internal use unless told. */
export function archiveOrder(w: ArchiveWorld, more: Record<string, unknown> = {}, levels = [10, 20]) {
  return {
    taskId: null,
    isOrderBySceneId: false,
    ipr: {
      priority: 1,
      process: { level: levels, clipping: true, processMode: 'GEOTIFF', isQualityTesting: false },
      ips: w.sceneIds.map((sceneId) => ({ sceneId })),
      aois: [w.aoi],
    },
    orderRequestInfo: { type: 2 },
    ...more,
  };
}

/** Rows of the order tables (a user's), to show that a refused submit wrote nothing. */
export async function orderRows(h: Harness, userId: number) {
  const { rows } = await h.pool.query<{ orders: number; terms: number; submissions: number }>(
    `SELECT (SELECT count(*) FROM orders WHERE user_id = $1)::int AS orders,
            (SELECT count(*) FROM order_terms t JOIN orders o ON o.id = t.order_id WHERE o.user_id = $1)::int AS terms,
            (SELECT count(*) FROM order_submissions WHERE user_id = $1)::int AS submissions`,
    [userId],
  );
  return rows[0]!;
}

/**
 * The tasking tests' server: the default constellation with the shipped orbital elements, a
 * customer who may order tasking, and the ids of the taskable optical satellites.
 */
export async function startTaskingWorld() {
  const h = await startHarness();
  await h.services.catalogue.seedConstellation(defaultConstellation);
  await h.services.orbitalElements.loadFolder(resolve(import.meta.dirname, '../../../../../data/tle'));
  const owner = await h.signedIn({ orgType: 4, orderTypes: [1, 4] });
  const sats = (await send(h, 'GET', '/satellites?taskable=true', owner.token)).body.data.sats as {
    id: number;
    taskable: boolean;
    cap: { caps: { type: number }[] };
  }[];
  const optical = sats.filter((s) => s.taskable && s.cap.caps.some((c) => c.type === 1)).map((s) => s.id);
  return { h, owner, optical };
}

type SignedIn = Awaited<ReturnType<Harness['signedIn']>>;

/** Places an archive order at these levels: the ids of its orders, in level order. */
export async function placeOrders(
  h: Harness,
  w: ArchiveWorld,
  user: SignedIn,
  levels: number[],
  more: Record<string, unknown> = {},
): Promise<number[]> {
  const r = await send(h, 'POST', '/orders/archive', user.token, archiveOrder(w, more, levels));
  expectCode(r, ResultCode.Success);
  return r.body.data.list.map((o: { orderId: number }) => o.orderId);
}

export async function setOrderStatus(h: Harness, orderId: number, status: number) {
  await h.pool.query('UPDATE orders SET status = $2 WHERE id = $1', [orderId, status]);
}

/** An order's status and its terms' states, in term order. */
export async function orderState(h: Harness, orderId: number) {
  const order = await h.pool.query<{ status: number }>('SELECT status FROM orders WHERE id = $1', [orderId]);
  const terms = await h.pool.query<{ state: number }>(
    'SELECT state FROM order_terms WHERE order_id = $1 ORDER BY position',
    [orderId],
  );
  return { status: order.rows[0]!.status, states: terms.rows.map((t) => t.state) };
}
