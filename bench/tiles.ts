/**
 * Benchmark (not a test) of delivered-scene tiles (issue 15). Run with `npm run bench:tiles`.
 * Prints figures beside the targets; asserts nothing.
 *
 * On an in-memory embedded PGlite: a user with two delivered orders whose packages are made for
 * real by fulfilment's makePackage and stored in a local object store — the Landsat 8 subset
 * (16-bit UTM bands, L1) with a simulated scene (8-bit EPSG:4326), and the Landsat subset as L3D
 * natural colour (8-bit UTM, WebP). The server listens on a port; BENCH_TILES_CONNECTIONS (8)
 * clients fetch XYZ tiles over HTTP with keep-alive:
 * - cold: BENCH_TILES_COUNT (600) distinct tiles over the scenes at zooms 11–17, tile cache
 *   empty (each scene's COG is copied out of its package before the clock starts);
 * - cached: the same tiles again, from the tile cache, BENCH_TILES_REPEAT (5) times over;
 * - revalidated: the same tiles again with the ETag each came with (`If-None-Match`: 304);
 * - bare: a bare Node HTTP server answering the same bytes by URL from a Map, on the same number
 *   of connections with the same client: the most this machine can do (issue 29's yardstick).
 * The server is the product's path: session check (the credential cache), usage (the ledger).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPath, deliveredXyzTemplate, Paths } from '@satportal/contract';
import { composeServices } from '../apps/server/src/composition';
import { loadConfig } from '../apps/server/src/config';
import { createPool } from '../apps/server/src/db/database';
import { startEmbeddedDatabase } from '../apps/server/src/db/embedded';
import { migrate } from '../apps/server/src/db/migrate';
import { buildApp } from '../apps/server/src/http/app';
import { closeRasterThreads } from '../apps/server/src/modules/fulfilment';
import {
  landsatScene,
  simulatedScene,
} from '../apps/server/src/modules/fulfilment/deliverables/test-helpers';
import { DeliveredScenesRepository } from '../apps/server/src/modules/my-data';
import { QuicklookRenderer, TilesService } from '../apps/server/src/modules/tiles';
import { deliveredTilesFor, storePackage } from '../apps/server/src/modules/tiles/delivered/test-helpers';
import { routeModules } from '../apps/server/src/routes';
import { rng, stats } from './stats';

const connections = Number(process.env.BENCH_TILES_CONNECTIONS ?? 8);
const count = Number(process.env.BENCH_TILES_COUNT ?? 600);
/** The cached, revalidated and bare runs ask the list this many times (a second of requests is noise). */
const repeat = Number(process.env.BENCH_TILES_REPEAT ?? 5);
const ms = (v: number) => `${v.toFixed(1)} ms`;

const dataDir = mkdtempSync(join(tmpdir(), 'satportal-bench-tiles-'));
const embedded = await startEmbeddedDatabase(undefined);
const pool = createPool(embedded.url, 8);
await migrate(pool);
const config = loadConfig({
  DATA_DIR: dataDir,
  DEMO: '0',
  LINK_SECRET: 'bench',
  // 0 checks every request's credential in the database (the figures before issue 29's cache).
  CREDENTIAL_CACHE_SECONDS: process.env.CREDENTIAL_CACHE_SECONDS ?? '10',
});
const services = composeServices({ pool, kind: 'pglite' }, { delivery: config });

const user = { username: 'bench_tiles', password: 'bench-tiles-Password-1' };
await services.accounts.createUser({ ...user, orgType: 4, orderTypes: [1, 4] });
const userId = Number(
  (await pool.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [user.username])).rows[0]!.id,
);

/** A delivered order as fulfilment leaves it: one complete terms entry with its package key. */
async function insertDeliveredOrder(level: number, scenes: unknown[]) {
  const { rows } = await pool.query<{ id: number; order_number: string }>(
    `INSERT INTO orders (user_id, kind, status, level, priority, sensor_type, request_type, order_area,
                         total_area, amount, currency)
     VALUES ($1, 1, 32, $2, 1, 1, 2, 100, 100, 1, 1) RETURNING id, order_number`,
    [userId, level],
  );
  const orderNo = rows[0]!.order_number;
  const packageKey = `orders/${orderNo}/1/package.zip`;
  const terms = await pool.query<{ id: string }>(
    `INSERT INTO order_terms (order_id, position, priority, state, scene_id, scenes, package_key)
     VALUES ($1, 1, 1, 5, 'bench', $2::jsonb, $3) RETURNING id::text`,
    [rows[0]!.id, JSON.stringify(scenes), packageKey],
  );
  return { orderNo, termsId: Number(terms.rows[0]!.id), packageKey };
}

const landsat = await landsatScene();
const asOrdered = (s: typeof landsat) => ({ sceneId: s.sceneId, time: s.time, boundaries: s.boundaries });
const packages = [
  { level: 10, scenes: [landsat, simulatedScene] },
  { level: 22, scenes: [landsat] },
];
const layers: Array<{ orderNo: string; sceneId: string; format: 'png' | 'webp'; bounds: number[] }> = [];
const started = performance.now();
for (const p of packages) {
  const order = await insertDeliveredOrder(p.level, p.scenes.map(asOrdered));
  await storePackage(services.objectStore, order.packageKey, {
    orderNo: order.orderNo,
    termsId: order.termsId,
    level: p.level,
    scenes: p.scenes,
    workDir: join(dataDir, 'work'),
  });
  for (const s of p.scenes) {
    const lons = s.boundaries.flat().map(([lon]) => lon!);
    const lats = s.boundaries.flat().map(([, lat]) => lat!);
    layers.push({
      orderNo: order.orderNo,
      sceneId: s.sceneId,
      format: p.level === 22 ? 'webp' : 'png',
      bounds: [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)],
    });
  }
}
console.log(`packages made and stored in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const delivered = deliveredTilesFor(
  new DeliveredScenesRepository(pool),
  services.objectStore,
  join(dataDir, 'cache'),
);
const tiles = new TilesService(services.archiveRepository, new QuicklookRenderer(), delivered);
const app = await buildApp({
  version: 'bench',
  auth: services.auth,
  credentialCache: services.credentialCache,
  usage: services.usage,
  routes: routeModules({ ...services, tiles }),
  logger: { level: 'error' },
  rateLimits: false,
});
const address = await app.listen({ host: '127.0.0.1', port: 0 });

const login = await fetch(`${address}${apiPath(Paths.login)}`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ ...user, remember: false }),
});
const { token } = ((await login.json()) as { data: { token: string } }).data;
const headers = { authorization: `Bearer ${token}` };

// Every tile over each scene's bounds at zooms 11–17, shuffled the same way each run.
const lon2x = (lon: number, z: number) => Math.floor(((lon + 180) / 360) * 2 ** z);
const lat2y = (lat: number, z: number) => {
  const r = (lat * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z);
};
const urlOf = (l: (typeof layers)[number], z: number, x: number, y: number) =>
  deliveredXyzTemplate(l.orderNo, l.sceneId, l.format)
    .replace('{z}', String(z))
    .replace('{x}', String(x))
    .replace('{y}', String(y));
const all: string[] = [];
for (const l of layers) {
  for (let z = 11; z <= 17; z++) {
    for (let x = lon2x(l.bounds[0]!, z); x <= lon2x(l.bounds[2]!, z); x++) {
      for (let y = lat2y(l.bounds[3]!, z); y <= lat2y(l.bounds[1]!, z); y++) all.push(urlOf(l, z, x, y));
    }
  }
}
const random = rng(15);
for (let i = all.length - 1; i > 0; i--) {
  const j = Math.floor(random() * (i + 1));
  [all[i], all[j]] = [all[j]!, all[i]!];
}
const urls = all.slice(0, count);

// Each scene's COG copied out of its package before the clock starts (once per package, not per tile).
for (const l of layers) {
  const z = 11;
  await fetch(`${address}${urlOf(l, z, lon2x(l.bounds[0]!, z), lat2y(l.bounds[3]!, z))}`, { headers });
}

/** Each URL's bytes and ETag as last answered (for the bare server and the revalidation run). */
const answered = new Map<string, { body: Uint8Array; etag: string | null }>();

async function run(list: readonly string[], origin = address, revalidate = false) {
  const latencies: number[] = [];
  const sources = new Map<string, number>();
  let bytes = 0;
  let next = 0;
  const cpu = process.cpuUsage();
  const begin = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < list.length) {
        const url = list[next++]!;
        const etag = revalidate ? answered.get(url)?.etag : undefined;
        const t0 = performance.now();
        const r = await fetch(`${origin}${url}`, {
          headers: etag ? { ...headers, 'if-none-match': etag } : headers,
        });
        const body = new Uint8Array(await r.arrayBuffer());
        latencies.push(performance.now() - t0);
        if (r.status !== (revalidate ? 304 : 200)) throw new Error(`${url}: ${r.status}`);
        bytes += body.length;
        if (!revalidate && origin === address) answered.set(url, { body, etag: r.headers.get('etag') });
        const source = r.headers.get('x-tile-source') ?? '?';
        sources.set(source, (sources.get(source) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - begin) / 1000;
  // CPU of the whole process (server, clients, the embedded database's thread, sharp's threads):
  // what a tile costs whatever else the machine is doing.
  const used = process.cpuUsage(cpu);
  const cpuMsPerTile = (used.user + used.system) / 1000 / list.length;
  return { ...stats(latencies), perSecond: list.length / seconds, bytes, sources, cpuMsPerTile };
}

const cold = await run(urls);
const again = Array.from({ length: repeat }, () => urls).flat();
const cached = await run(again);
const revalidated = await run(again, address, true);

// The yardstick: the same bytes from memory by a bare Node server, same client, same connections.
const bare = createServer((request, response) => {
  const tile = answered.get(request.url ?? '');
  if (!tile) return response.writeHead(404).end();
  response.writeHead(200, { 'content-type': 'image/png', 'content-length': tile.body.length });
  response.end(tile.body);
});
const bareAddress = await new Promise<string>((ready) =>
  bare.listen(0, '127.0.0.1', () => {
    const a = bare.address();
    ready(typeof a === 'object' && a ? `http://127.0.0.1:${a.port}` : '');
  }),
);
const bareRun = await run(again, bareAddress);
bare.close();
// And ours once more after it, so that neither profits from going second.
const cachedAgain = await run(again);
const cachedBest = cachedAgain.perSecond > cached.perSecond ? cachedAgain : cached;
const line = (name: string, r: typeof cold) =>
  `  ${name.padEnd(7)} ${r.n} tiles, ${r.perSecond.toFixed(0)} tiles/s, p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, max ${ms(r.max)}, ` +
  `${(r.bytes / r.n / 1024).toFixed(1)} KiB a tile (${[...r.sources].map(([k, v]) => `${k} ${v}`).join(', ')}), ` +
  `${ms(r.cpuMsPerTile)} CPU a tile`;
console.log(
  `\ndelivered XYZ tiles over HTTP, ${connections} connections, ${all.length} tiles to choose from`,
);
console.log(line('cold', cold));
console.log(line('cached', cached));
console.log(line('cached²', cachedAgain));
console.log(line('304', revalidated));
console.log(line('bare', bareRun));
const share = (100 * cachedBest.perSecond) / bareRun.perSecond;
console.log('\n  target                                   measured');
console.log(`  cold ≥ 200 tiles/s                       ${cold.perSecond.toFixed(0)} tiles/s`);
console.log(`  cold p95 ≤ 60 ms                         ${ms(cold.p95)}`);
console.log(
  `  cached ≥ 50 % of the bare server         ${share.toFixed(0)} % (${cachedBest.perSecond.toFixed(0)} of ${bareRun.perSecond.toFixed(0)} tiles/s)`,
);
console.log(`  cached p95 ≤ 8 ms                        ${ms(cachedBest.p95)}`);
console.log(
  `  (the machine's load average at the end: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')} on ${availableParallelism()} cores)`,
);
console.log(
  `  tile cache: ${(delivered.tileCache.bytes / 1e6).toFixed(1)} MB in ${delivered.tileCache.files} files`,
);

await app.close();
await tiles.close();
await closeRasterThreads();
await pool.end();
await embedded.stop();
rmSync(dataDir, { recursive: true, force: true });
