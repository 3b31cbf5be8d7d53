/**
 * Benchmark (not a test) of archive fulfilment (issue 14: "prints the time to fulfil an order of
 * 10 scenes and the package sizes"). Run with `npm run bench:fulfilment`. Prints figures; asserts
 * nothing.
 *
 * On an in-memory embedded PGlite (or, with DATABASE_URL, a fresh database on that PostgreSQL,
 * dropped afterwards): the default constellation, the Landsat 8 subset `LC80200392015216LGN00`
 * (real bands) and 9 simulated Landsat 8 scenes around it. A user orders the 10 scenes through
 * the HTTP API, once clipped to an AOI over them and once as whole scenes, at the levels of
 * BENCH_FULFILMENT_LEVELS (11,22: L1C pansharpened 16-bit and L3D natural colour; one order per
 * level). The real queue (pg-boss) and FulfilmentService run them with automatic audits after 0 s,
 * the deliverables in the raster worker threads, the local object store in a temporary folder.
 * Per order: the time from the order's answer to delivered (32) and to its mail; per package
 * (terms entry): the time to make it, to store it, its size and its COG's size.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPath, Paths } from '@satportal/contract';
import { composeFulfilment } from '../apps/server/src/compose-fulfilment';
import { composeServices } from '../apps/server/src/composition';
import { loadConfig } from '../apps/server/src/config';
import { createPool } from '../apps/server/src/db/database';
import { startEmbeddedDatabase } from '../apps/server/src/db/embedded';
import { migrate } from '../apps/server/src/db/migrate';
import { ensureLandsat8Scene, LANDSAT8_NAME } from '../apps/server/src/demo/demo-landsat8';
import { buildApp } from '../apps/server/src/http/app';
import { defaultConstellation } from '../apps/server/src/modules/catalogue/constellation';
import { deliverablesMaker, type PackageMaker } from '../apps/server/src/modules/fulfilment';
import type { DeliverablePackage } from '../apps/server/src/modules/fulfilment/deliverables';
import { boxPolygon } from '../apps/server/src/modules/orbits/footprint';
import type { SceneInput } from '../apps/server/src/modules/scenes/scenes.repository';
import { routeModules } from '../apps/server/src/routes';
import { stats } from './stats';

const levels = (process.env.BENCH_FULFILMENT_LEVELS ?? '11,22').split(',').map(Number);
const adminUrl = process.env.DATABASE_URL?.trim();
const MB = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// ---------------------------------------------------------------------------------------------
// The database, the services, fulfilment with timed steps

const dataDir = mkdtempSync(join(tmpdir(), 'satportal-bench-fulfilment-'));
let dropDatabase = async () => {};
let url: string;
let stopEmbedded = async () => {};
if (adminUrl) {
  const name = `satportal_bench_fulfilment_${Date.now()}`;
  const admin = createPool(adminUrl, 1);
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  url = u.toString();
  dropDatabase = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
} else {
  const embedded = await startEmbeddedDatabase(undefined);
  url = embedded.url;
  stopEmbedded = () => embedded.stop();
}
const pool = createPool(url, 8);
await migrate(pool);
const kind = adminUrl ? 'postgres' : 'pglite';
const config = loadConfig({ DATA_DIR: dataDir, DEMO: '0', LINK_SECRET: 'bench' });
const services = composeServices({ pool, kind }, { delivery: config });
await services.catalogue.seedConstellation(defaultConstellation);
await ensureLandsat8Scene(services);

/** Per terms entry: how long its package took to make and to store, and what it holds. */
const made = new Map<number, { makeMs: number; storeMs: number; pkg: DeliverablePackage }>();
const timedMaker: PackageMaker = async (term, workDir) => {
  const started = performance.now();
  const pkg = (await deliverablesMaker(term, workDir)) as DeliverablePackage;
  made.set(term.id, { makeMs: performance.now() - started, storeMs: 0, pkg });
  return pkg;
};
const put = services.objectStore.put.bind(services.objectStore);
services.objectStore.put = async (key, source, options) => {
  const started = performance.now();
  try {
    return await put(key, source, options);
  } finally {
    const termsId = Number(key.split('/')[2]);
    const entry = made.get(termsId);
    if (entry) entry.storeMs = performance.now() - started;
  }
};
const fulfilment = await composeFulfilment(
  pool,
  services,
  {
    dataDir,
    fulfilment: { ...config.fulfilment, autoAudit: true, auditDelaySeconds: 0, manualRecheckDelaySeconds: 0 },
  },
  { workers: true, makePackage: timedMaker, pollingIntervalSeconds: 0.5 },
);
await fulfilment.startWorkers();

const app = await buildApp({
  version: 'bench',
  auth: services.auth,
  routes: routeModules(services),
  rateLimits: false,
  logger: { level: 'warn' },
  disableRequestLogging: true,
});
async function call(path: string, body: unknown, token?: string) {
  const r = await app.inject({
    method: 'POST',
    url: path,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body as object,
  });
  const answer = r.json() as { code: number; data: Record<string, unknown> };
  if (answer.code !== 2000) throw new Error(`${path}: ${JSON.stringify(answer).slice(0, 400)}`);
  return answer.data;
}

// ---------------------------------------------------------------------------------------------
// The scenes: the real subset and 9 simulated Landsat 8 scenes around it

const { sats } = await services.catalogue.listSatellites({ taskable: false });
const landsat8 = sats.find((x) => x.name === LANDSAT8_NAME)!;
const SubsetId = 'LC80200392015216LGN00';
const simulated = Array.from({ length: 9 }, (_, i): SceneInput => {
  const west = -87.62 + (i % 3) * 0.14;
  const south = 30.58 + Math.floor(i / 3) * 0.1;
  return {
    id: `BENCH-L8-SIM-${i + 1}`,
    satelliteId: landsat8.id,
    acquiredAt: `2015-08-${String(4 + i).padStart(2, '0')}T16:19:00.000Z`,
    footprint: boxPolygon(west, south, west + 0.2, south + 0.16),
    cloudCover: 3 + i,
    offNadir: 0,
    sunZenith: 30,
    gsd: 30,
    orbitDirection: 2,
    sensorType: 1,
    bands: ['B', 'G', 'R'],
    stereoMode: 'MONO',
    productQuality: 'A',
    provenance: 'simulated',
    assets: { quicklook: null, files: [] },
    properties: null,
  };
});
await services.scenesRepository.upsertScenes(simulated);
const sceneIds = [SubsetId, ...simulated.map((x) => x.id)];

const user = { username: 'bench_fulfilment', password: 'bench-fulfilment-Password-1' };
await services.accounts.createUser({ ...user, orgType: 4, orderTypes: [1, 4], email: 'bench@example.test' });
const { token } = (await call(apiPath(Paths.login), { ...user, remember: false })) as { token: string };
const aoi = { ...boxPolygon(-87.55, 30.62, -87.25, 30.86), name: 'Pensacola' };
const search = await call(
  apiPath(Paths.archiveSearch),
  {
    page: { start: 0, length: 1000 },
    aois: [aoi],
    condition: {
      fdate: '2015-08-01',
      tdate: '2015-08-31',
      cc: 20,
      ac: 0,
      ona: 45,
      sza: 0,
      orbit: 0,
      productQualities: ['A', 'B'],
    },
    satIds: [landsat8.id],
    sensor: {},
  },
  token,
);

// ---------------------------------------------------------------------------------------------
// The orders, one at a time: clipped, then whole scenes

const watch = async (orderId: number, started: number) => {
  let deliveredMs = 0;
  for (;;) {
    const { rows } = await pool.query<{ status: number; mailed: number | null }>(
      'SELECT status, mailed_status AS mailed FROM orders WHERE id = $1',
      [orderId],
    );
    const o = rows[0]!;
    if (!deliveredMs && [22, 32, 34].includes(o.status)) deliveredMs = performance.now() - started;
    if (o.mailed === o.status && deliveredMs)
      return { status: o.status, deliveredMs, mailedMs: performance.now() - started };
    await new Promise((r) => setTimeout(r, 50));
  }
};

console.log(
  `fulfilment of an archive order of ${sceneIds.length} scenes (${kind}; levels ${levels.join(', ')})`,
);
console.log('  target: none given; the issue asks for the time to delivered and the package sizes');
for (const clipping of [true, false]) {
  const started = performance.now();
  const placed = (await call(
    apiPath(Paths.archiveOrders),
    {
      taskId: (search as { taskId: string }).taskId,
      isOrderBySceneId: false,
      ipr: {
        priority: 1,
        process: { level: levels, clipping, processMode: 'GEOTIFF', isQualityTesting: false },
        ips: sceneIds.map((sceneId) => ({ sceneId })),
        aois: [aoi],
      },
      orderRequestInfo: { type: 2 },
    },
    token,
  )) as { list: { orderId: number; orderNumber: string }[] };
  // One order per level; the queue runs them side by side as it would for a customer.
  const results = await Promise.all(placed.list.map((o) => watch(o.orderId, started)));
  for (const [i, o] of placed.list.entries()) {
    const { rows } = await pool.query<{ id: number; level: number; bytes: number; scene: string }>(
      `SELECT t.id, ord.level, t.package_bytes AS bytes, coalesce(t.scene_id, t.scenes->0->>'sceneId') AS scene
         FROM order_terms t JOIN orders ord ON ord.id = t.order_id WHERE t.order_id = $1 ORDER BY t.position`,
      [o.orderId],
    );
    const r = results[i]!;
    console.log(
      `\n  ${clipping ? 'clipped to a 0.3° × 0.24° AOI' : 'whole scenes'}, level ${rows[0]?.level}: order ${o.orderNumber} → ${r.status} in ${s(r.deliveredMs)} (mailed at ${s(r.mailedMs)})`,
    );
    const makes: number[] = [];
    let total = 0;
    for (const t of rows) {
      const m = made.get(Number(t.id));
      const cog = m?.pkg.files.filter((f) => f.name.endsWith('.tif')).reduce((n, f) => n + f.bytes, 0) ?? 0;
      if (m) makes.push(m.makeMs);
      total += Number(t.bytes ?? 0);
      console.log(
        `    ${String(t.scene).padEnd(24)} package ${MB(Number(t.bytes ?? 0)).padStart(9)}  COG ${MB(cog).padStart(9)}  made in ${s(m?.makeMs ?? Number.NaN)}, stored in ${(m?.storeMs ?? Number.NaN).toFixed(0)} ms`,
      );
    }
    const st = stats(makes);
    console.log(`    packages ${MB(total)} in all; making one: p50 ${s(st.p50)}, p95 ${s(st.p95)}`);
  }
}

await app.close();
await fulfilment.stop();
await pool.end();
await stopEmbedded();
await dropDatabase();
rmSync(dataDir, { recursive: true, force: true });
