import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { ApiBase, type TaskingPrediction } from '@satportal/contract';
import { repoRoot } from '../config';
import { defaultConstellation } from '../modules/catalogue/constellation';
import { slugOf } from '../modules/stac/stac.params';
import type { Example, Fixture } from './fuzz-call';
import type { Harness } from './harness';
import { box, createTestSatellites, scene, searchRequest } from './scenes';

/**
 * The world of the fuzz test (http/fuzz.db.test.ts): satellites, scenes and collections shared by
 * every route, another user's AOI, and a maker of each route's own fixture (a fresh user with a
 * folder, an AOI in it, a POI, a stored search and working examples). Apart from the test so that
 * the test file reads as what it checks.
 */
export async function fuzzFixtures(h: Harness): Promise<() => Promise<Fixture>> {
  // Shared by every route's fixture: satellites of our own, scenes under them, the collections.
  await h.services.catalogue.seedConstellation(defaultConstellation);
  await h.services.orbitalElements.loadFolder(join(repoRoot, 'data/tle'));
  const { ids: satIds, category } = await createTestSatellites(h, 2);
  const sceneIds = ['a', 'b', 'c'].map((s) => `fuzz-${s}-${Date.now().toString(36)}`);
  await h.services.scenesRepository.upsertScenes([
    scene({ id: sceneIds[0]!, satelliteId: satIds[0]!, footprint: box(10, 10, 10.1, 10.1) }),
    scene({
      id: sceneIds[1]!,
      satelliteId: satIds[1]!,
      footprint: {
        type: 'Polygon',
        coordinates: [
          [
            [179.5, 0],
            [180.5, 0],
            [180.5, 1],
            [179.5, 1],
            [179.5, 0],
          ],
        ],
      },
    }),
    scene({ id: sceneIds[2]!, satelliteId: satIds[0]!, footprint: box(-10, -5, 20, 40), cloudCover: null }),
  ]);
  /** A few taskable satellites of the real constellation (tasking needs real orbits). */
  const taskable = (
    await h.pool.query<{ id: number }>('SELECT id FROM satellites WHERE taskable ORDER BY id LIMIT 4')
  ).rows.map((r) => r.id);
  const knownSatIds = [...satIds, ...taskable];
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const collections = [
    slugOf(category),
    ...(await h.services.stac.groups()).map((g) => slugOf(g.category)).slice(0, 3),
  ];

  /** Another user's AOI: its id must answer 404 to our users, never 500. */
  const foreignId = await (async () => {
    const other = await h.signedIn();
    const r = await h.app.inject({
      method: 'POST',
      url: `${ApiBase}/aois`,
      headers: { authorization: `Bearer ${other.token}` },
      payload: {
        hasGeo: true,
        name: 'foreign',
        parentId: -1,
        geometry: { type: 1, geojson: { type: 'Point', coordinates: [1, 1] } },
      },
    });
    return (r.json() as { data: { id: number } }).data.id;
  })();

  /** A stored prediction to order from: made once, copied to each fixture's user (predicting is slow). */
  const predicted = await (async () => {
    const other = await h.signedIn();
    const request = {
      aois: [box(116, 39, 117, 40)],
      condition: { fdate: day(1), tdate: day(4), cc: 100, ac: 0, ona: 30, sza: 0, orbit: 0 as const },
      satIds: taskable,
      sensor: {},
    };
    const r = await h.app.inject({
      method: 'POST',
      url: `${ApiBase}/tasking/predictions`,
      headers: { authorization: `Bearer ${other.token}` },
      payload: request,
    });
    return { request, prediction: (r.json() as { data: TaskingPrediction[] }).data[0]! };
  })();

  /** A fresh user with a folder, an AOI in it, a POI and a stored search. */
  return async function makeFixture(): Promise<Fixture> {
    const user = await h.signedIn();
    const send = async (method: 'GET' | 'POST', path: string, payload?: object) => {
      const r = await h.app.inject({
        method,
        url: `${ApiBase}${path}`,
        headers: { authorization: `Bearer ${user.token}` },
        ...(payload ? { payload } : {}),
      });
      const body = r.json() as { code: number; data: Record<string, unknown> };
      if (body.code !== 2000) throw new Error(`fixture ${method} ${path}: ${r.body}`);
      return body.data;
    };
    const rootOf = async (type: number) =>
      ((await send('GET', `/aois?type=${type}`)).aois as Array<{ id: number; kind: string }>).find(
        (n) => n.kind === 'root',
      )!.id;
    const rootAoi = await rootOf(1);
    const rootPoi = await rootOf(2);
    const folder = (await send('POST', '/aois', { hasGeo: false, name: 'folder', parentId: rootAoi }))
      .id as number;
    const aoi = (
      await send('POST', '/aois', {
        hasGeo: true,
        name: 'aoi',
        parentId: folder,
        geometry: { type: 4, geojson: box(9.9, 9.9, 10.2, 10.2) },
      })
    ).id as number;
    const poi = (
      await send('POST', '/aois', {
        hasGeo: true,
        name: 'poi',
        parentId: -1,
        geometry: { type: 1, geojson: { type: 'Point', coordinates: [10.05, 10.05] } },
      })
    ).id as number;
    const searched = searchRequest([box(9.9, 9.9, 10.2, 10.2)], satIds);
    const search = await send('POST', '/archive/search', searched);
    const ring = box(9.9, 9.9, 10.2, 10.2).coordinates[0]!;
    const orderProcess = { level: [10], clipping: false, isQualityTesting: false };
    const archiveOrder = {
      taskId: search.taskId,
      ipr: { priority: 1, process: orderProcess, ips: [{ sceneId: sceneIds[0] }] },
      orderRequestInfo: { type: 2 },
    };
    const orderId = ((await send('POST', '/orders/archive', archiveOrder)).list as { orderId: number }[])[0]!
      .orderId;
    const predictionId = randomUUID();
    await h.services.taskingRepository.savePrediction(user.userId, predicted.request, {
      ...predicted.prediction,
      taskId: predictionId,
    });
    const tasking = {
      taskId: predictionId,
      ppr: { priority: 2, process: orderProcess, aps: [] },
      tsr: predicted.request,
    };
    // A subscription with a matched scene, its items' taskId, and a second one to delete.
    const subscribe = (name: string, west: number) => ({
      name,
      aoiName: 'aoi',
      aoiId: aoi,
      boundaries: box(west, 9.9, west + 0.3, 10.2),
      satIds,
      condition: {
        fdate: day(0),
        tdate: day(30),
        cc: 20,
        ac: 10,
        ona: 45,
        sza: 0,
        orbit: 0,
        productQualities: ['A', 'B'],
      },
      sensor: { type: 1, mode: '', band: [], resolutionIds: [] },
    });
    const subscription = (await send('POST', '/subscriptions', subscribe('fuzz', 9.9))).id as number;
    const doomed = (await send('POST', '/subscriptions', { ...subscribe('doomed', 20), aoiId: null }))
      .id as number;
    await h.pool.query(
      'INSERT INTO subscription_matches (subscription_id, scene_id, coverage) VALUES ($1, $2, 100)',
      [subscription, sceneIds[0]],
    );
    const items = await send('GET', `/subscriptions/${subscription}/items`);
    // An API key to revoke (issue 27).
    const apiKey = (await h.services.apiKeys.create(user.userId, { name: 'fuzz', scopes: ['read'] })).id;
    // Two webhook endpoints (issue 27): one to change, test and read, one to delete.
    const hook = (path: string) => ({
      url: `https://hooks.example.com/${path}`,
      description: 'fuzz',
      eventTypes: ['order.status_changed', 'delivery.completed'],
    });
    const webhook = ((await send('POST', '/webhooks', hook('fuzz'))).endpoint as { id: number }).id;
    const doomedHook = ((await send('POST', '/webhooks', hook('doomed'))).endpoint as { id: number }).id;
    await send('POST', `/webhooks/${webhook}/test`);
    const examples: Record<string, Example[]> = {
      'POST /api/v1/subscriptions': [{ body: { ...subscribe('new', 30), aoiId: null } }],
      'GET /api/v1/subscriptions': [
        { query: {} },
        { query: { type: 20, start: 0, length: 10, sort: 'imageTime,asc', onlyNew: true } },
      ],
      'GET /api/v1/subscriptions/:id/items': [
        { params: { id: subscription } },
        { params: { id: subscription }, query: { sort: 'cc,asc', fromDate: day(-400), toDate: day(1) } },
        { params: { id: subscription }, query: { taskId: items.taskId, start: 0, length: 10 } },
      ],
      'DELETE /api/v1/subscriptions/:id': [{ params: { id: doomed } }],
      'POST /api/v1/api-keys': [
        { body: { name: 'fuzz 2', scopes: ['read', 'tiles'], expiresAt: `${day(30)}T00:00:00Z` } },
        { body: { name: 'fuzz 3', scopes: ['order'], expiresAt: null } },
      ],
      'DELETE /api/v1/api-keys/:id': [{ params: { id: apiKey } }],
      'GET /api/v1/webhooks': [{}],
      'POST /api/v1/webhooks': [
        { body: { ...hook('new'), eventTypes: ['subscription.matched'], enabled: false } },
      ],
      'PUT /api/v1/webhooks/:id': [{ params: { id: webhook }, body: { ...hook('changed'), enabled: true } }],
      'DELETE /api/v1/webhooks/:id': [{ params: { id: doomedHook } }],
      'POST /api/v1/webhooks/:id/secret': [{ params: { id: webhook } }],
      'POST /api/v1/webhooks/:id/test': [{ params: { id: webhook } }],
      'GET /api/v1/webhooks/:id/deliveries': [{ params: { id: webhook }, query: { limit: 5 } }],
      'POST /api/v1/auth/login': [
        { body: { username: user.username, password: user.password, remember: true } },
      ],
      'POST /api/v1/auth/password': [
        {
          body: {
            oldPassword: user.password,
            newPassword: 'Fuzz-pass-1234',
            confirmPassword: 'Fuzz-pass-1234',
          },
        },
      ],
      'GET /api/v1/satellites': [{ query: { taskable: true } }],
      'GET /api/v1/aois': [{ query: { type: 2 } }],
      'POST /api/v1/aois': [
        { body: { hasGeo: false, name: 'folder 2', parentId: folder } },
        {
          body: {
            hasGeo: true,
            name: 'aoi 2',
            parentId: folder,
            geometry: { type: 4, geojson: box(1, 1, 2, 2) },
          },
        },
        {
          body: {
            hasGeo: true,
            name: 'aoi 3',
            parentId: rootAoi,
            geometry: { type: 4, cors: ring.slice(0, 4).map(([lng, lat]) => ({ lat, lng })) },
          },
        },
        {
          body: {
            hasGeo: true,
            name: 'islands',
            parentId: rootAoi,
            geometry: {
              type: 4,
              geojson: {
                type: 'MultiPolygon',
                coordinates: [box(1, 1, 2, 2).coordinates, box(3, 3, 4, 4).coordinates],
              },
            },
          },
        },
        {
          body: {
            hasGeo: true,
            name: 'poi 2',
            parentId: -1,
            geometry: { type: 1, geojson: { type: 'Point', coordinates: [1, 1] } },
          },
        },
      ],
      'DELETE /api/v1/aois': [
        { query: { ids: String(poi) } },
        { query: { ids: `${aoi},${folder}`, deletedChild: true } },
      ],
      'GET /api/v1/aois/export': ['kml', 'geojson', 'shp'].map((format) => ({
        query: { ids: `${aoi},${poi}`, format },
      })),
      'GET /api/v1/aois/:id': [{ params: { id: aoi } }, { params: { id: poi } }],
      'GET /api/v1/aois/:id/time': [{ params: { id: aoi } }, { params: { id: poi } }],
      'PUT /api/v1/aois/:id': [{ params: { id: aoi }, body: { name: 'renamed' } }],
      'PUT /api/v1/aois/:id/move': [{ params: { id: aoi }, body: { parentId: rootAoi } }],
      'POST /api/v1/archive/search': [
        { body: searched },
        { query: { sort: 'cc,asc' }, body: searched },
        { body: { ...searched, taskId: search.taskId, page: { start: 0, length: 10 } } },
      ],
      'POST /api/v1/archive/search/by-ids': [{ body: { sceneIds } }],
      'POST /api/v1/orders/archive': [{ body: archiveOrder }, { body: { ...archiveOrder, taskId: null } }],
      'POST /api/v1/orders/archive/direct': [
        { body: { ...archiveOrder, taskId: null, isOrderBySceneId: true } },
      ],
      'POST /api/v1/tasking/price': [{ body: tasking }],
      'POST /api/v1/orders/tasking': [{ body: { ...tasking, orderRequestInfo: { type: 2 } } }],
      'GET /api/v1/orders/companies': [{ query: { company: 'a' } }],
      'PUT /api/v1/orders/tags': [{ body: { tag: 'fuzz', orderIds: [orderId] } }],
      'PUT /api/v1/orders/:id/tags': [{ params: { id: orderId }, body: { tag: 'fuzz' } }],
      'DELETE /api/v1/orders/:id/tags': [{ params: { id: orderId } }],
      'GET /api/v1/orders': [
        { query: {} },
        { query: { number: 'sp', start: 0, length: 10, status: 'processing', tag: 'fuzz' } },
      ],
      'POST /api/v1/orders/detail': [{ body: { id: orderId } }],
      'POST /api/v1/orders/cancel': [{ body: { id: orderId } }],
      'POST /api/v1/tasking/predictions': [
        {
          body: {
            taskId: null,
            aois: [box(116, 39, 117, 40)],
            condition: { fdate: day(1), tdate: day(3), cc: 15, ac: 100, ona: 25, sza: 0, orbit: 0 },
            satIds: taskable,
            sensor: {},
          },
        },
      ],
    };
    return {
      token: user.token,
      username: user.username,
      password: user.password,
      ownIds: { rootAoi, rootPoi, folder, aoi, poi },
      foreignId,
      taskId: search.taskId as string,
      satIds: knownSatIds,
      sceneIds,
      collections,
      examples,
    };
  };
}
