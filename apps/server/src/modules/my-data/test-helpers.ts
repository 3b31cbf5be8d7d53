import { randomBytes } from 'node:crypto';
import { ApiBase, TermStates } from '@satportal/contract';
import { afterAll } from 'vitest';
import { buildApp } from '../../http/app';
import type { Http } from '../../http/types';
import type { Harness } from '../../test/harness';
import { MyDataRepository } from './my-data.repository';
import { myDataRoutes } from './my-data.routes';
import { MyDataService } from './my-data.service';

// Delivered orders written straight into the tables fulfilment fills (my-data and tile tests):
// the state a delivered order ends in, without running the queue.

export interface DeliveredSceneInput {
  sceneId: string;
  time: string;
  /** outer rings of the footprint parts, [lon, lat] */
  boundaries: number[][][];
  satName?: string;
  satGroupName?: string;
  imageGsd?: number;
  cc?: number | null;
}

export interface DeliveredOrderInput {
  level?: number;
  processMode?: 'GEOTIFF' | 'STREAMING_GEOTIFF';
  /** clip AOIs (each a named Polygon); absent: whole scenes */
  aois?: { type: 'Polygon'; coordinates: number[][][]; name: string }[];
  /** one terms entry per inner array; its state (default complete) */
  terms: { scenes: DeliveredSceneInput[]; state?: number }[];
}

/** An order of `userId` with its terms entries, complete with a package unless told otherwise. */
export async function insertDeliveredOrder(
  h: Harness,
  userId: number,
  order: DeliveredOrderInput,
): Promise<{ orderNo: string; orderId: number; termsIds: string[]; packageKeys: (string | null)[] }> {
  const aoi = order.aois?.length
    ? JSON.stringify({ type: 'MultiPolygon', coordinates: order.aois.map((a) => a.coordinates) })
    : null;
  const { rows } = await h.pool.query<{ id: number; order_number: string }>(
    `INSERT INTO orders (user_id, kind, status, level, priority, process_mode, clipping, aois, aoi,
                         sensor_type, request_type, order_area, total_area, amount, currency)
     VALUES ($1, 1, 32, $2, 1, $3, $4, $5::jsonb,
             ST_Multi(ST_SetSRID(ST_GeomFromGeoJSON($6::text), 4326))::geography, 1, 2, 100, 100, 1, 1)
     RETURNING id, order_number`,
    [
      userId,
      order.level ?? 20,
      order.processMode ?? 'GEOTIFF',
      Boolean(order.aois?.length),
      order.aois ? JSON.stringify(order.aois) : null,
      aoi,
    ],
  );
  const { id: orderId, order_number: orderNo } = rows[0]!;
  const termsIds: string[] = [];
  // Each terms entry's package key (null unless complete), as stored.
  const packageKeys: (string | null)[] = [];
  for (const [i, term] of order.terms.entries()) {
    const state = term.state ?? TermStates.Complete;
    const scenes = term.scenes.map((s) => ({
      satName: 'TestSat-1',
      satGroupName: 'TestGroup',
      imageGsd: 0.5,
      cc: 5,
      ...s,
    }));
    const packageKey =
      state === TermStates.Complete
        ? `orders/${orderNo}/t${i}-${randomBytes(4).toString('hex')}/p.zip`
        : null;
    packageKeys.push(packageKey);
    const r = await h.pool.query<{ id: string }>(
      `INSERT INTO order_terms (order_id, position, priority, state, scene_id, scenes, package_key)
       VALUES ($1, $2, 1, $3, $4, $5::jsonb, $6) RETURNING id::text`,
      [orderId, i + 1, state, scenes[0]?.sceneId ?? 'none', JSON.stringify(scenes), packageKey],
    );
    termsIds.push(r.rows[0]!.id);
  }
  return { orderNo, orderId, termsIds, packageKeys };
}

/** The outer ring of a lon/lat box. */
export const ringOf = (w: number, s: number, e: number, n: number): number[][] => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
];

/**
 * An app serving my-data's routes over the harness's database and sessions: the tests need not
 * wait for the composition root to register them (and stay valid once it does).
 */
export async function myDataApp(h: Harness): Promise<Http> {
  const myData = new MyDataService(new MyDataRepository(h.pool));
  const app = await buildApp({
    version: 'test',
    auth: h.services.auth,
    credentialCache: h.services.credentialCache,
    apiKeys: h.services.apiKeys,
    routes: [{ prefix: ApiBase, register: (a) => myDataRoutes(a, myData) }],
    rateLimits: false,
  });
  await app.ready();
  afterAll(() => app.close());
  return app;
}
