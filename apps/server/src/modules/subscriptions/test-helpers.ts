import { ApiBase } from '@satportal/contract';
import { afterAll } from 'vitest';
import { buildApp } from '../../http/app';
import type { Http } from '../../http/types';
import type { Harness } from '../../test/harness';
import { box } from '../../test/scenes';
import { overlayFor } from '../areas';
import { SubscriptionsRepository } from './subscriptions.repository';
import { subscriptionsRoutes } from './subscriptions.routes';
import { SubscriptionsService } from './subscriptions.service';

// The subscription routes served by an app of their own over the harness's database and sessions,
// so the tests run whether or not the composition root serves them yet.

// biome-ignore lint/suspicious/noExplicitAny: tests read many response shapes and check them by value
export type Answer = { status: number; body: { code: number; message: string; data: any } };
export type Call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  body?: unknown,
) => Promise<Answer>;

export async function subscriptionsApi(h: Harness): Promise<Call> {
  const service = new SubscriptionsService(
    new SubscriptionsRepository(h.pool, overlayFor(h.kind)),
    h.services.areasRepository,
  );
  const app: Http = await buildApp({
    version: 'test',
    auth: h.services.auth,
    credentialCache: h.services.credentialCache,
    apiKeys: h.services.apiKeys,
    routes: [{ prefix: ApiBase, register: (a) => subscriptionsRoutes(a, service) }],
    rateLimits: false,
  });
  await app.ready();
  afterAll(() => app.close());
  return async (method, url, token, body) => {
    const r = await app.inject({
      method,
      url: `${ApiBase}${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    return { status: r.statusCode, body: r.json() };
  };
}

const dayMs = 86_400_000;

/** The UTC day `offset` days from today, YYYY-MM-DD. */
export function utcDayFromToday(offset: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + offset * dayMs)
    .toISOString()
    .slice(0, 10);
}

/** A create request with the panel's defaults (spec 000 §5) over a box; `more` replaces parts. */
export function createRequest(
  satIds: number[],
  more: { condition?: Record<string, unknown> } & Record<string, unknown> = {},
) {
  const { condition, ...rest } = more;
  return {
    name: 'My subscription',
    aoiName: 'Test AOI',
    aoiId: null,
    boundaries: box(10, 10, 11, 11),
    satIds,
    condition: {
      fdate: utcDayFromToday(0),
      tdate: utcDayFromToday(90),
      cc: 20,
      ac: 10,
      ona: 45,
      sza: 0,
      orbit: 0,
      productQualities: ['A', 'B'],
      ...condition,
    },
    sensor: { type: 1, mode: '', band: [], resolutionIds: [] },
    ...rest,
  };
}

/** A saved AOI of the user (an `aoi_nodes` AOI under "My AOIs"); answers its id. */
export async function insertSavedAoi(h: Harness, userId: number, geometry: unknown): Promise<number> {
  await h.pool.query(
    `INSERT INTO aoi_nodes (user_id, tree, kind, name, readonly) VALUES ($1, 'aois', 'root', 'My AOIs', true)
     ON CONFLICT (user_id, tree) WHERE kind = 'root' DO NOTHING`,
    [userId],
  );
  const { rows } = await h.pool.query<{ id: number }>(
    `INSERT INTO aoi_nodes (user_id, parent_id, tree, kind, name, geom, area_km2)
     SELECT $1, r.id, 'aois', 'aoi', 'Saved', ST_GeomFromGeoJSON($2)::geography, 1
       FROM aoi_nodes r WHERE r.user_id = $1 AND r.tree = 'aois' AND r.kind = 'root'
     RETURNING id`,
    [userId, JSON.stringify(geometry)],
  );
  return rows[0]!.id;
}

export async function subscriptionCount(h: Harness, userId: number): Promise<number> {
  const { rows } = await h.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM subscriptions WHERE user_id = $1',
    [userId],
  );
  return rows[0]!.n;
}

/** A match recorded as matching records it (S2's matcher writes these rows), with the counters it keeps. */
export async function insertMatch(
  h: Harness,
  subscriptionId: number,
  sceneId: string,
  coverage: number,
  matchedAt = new Date(Date.now() - 60_000),
): Promise<void> {
  await h.pool.query(
    'INSERT INTO subscription_matches (subscription_id, scene_id, coverage, matched_at) VALUES ($1, $2, $3, $4)',
    [subscriptionId, sceneId, coverage, matchedAt],
  );
  await h.pool.query(
    `UPDATE subscriptions s SET nums = m.n, image_time = m.newest, matched_at = m.last
       FROM (SELECT count(*)::int AS n, max(sc.acquired_at) AS newest, max(sm.matched_at) AS last
               FROM subscription_matches sm JOIN scenes sc ON sc.id = sm.scene_id
              WHERE sm.subscription_id = $1) m
      WHERE s.id = $1`,
    [subscriptionId],
  );
}
