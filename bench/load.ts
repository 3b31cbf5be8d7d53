/**
 * Benchmark (not a test): mixed load on the whole server (issue 11 "Fuzz and load tests in CI").
 * Run with `npm run bench:load`. Prints figures next to their targets; asserts nothing.
 *
 * Starts the server in this process on the embedded database in BENCH_LOAD_DATA_DIR (default
 * .tmp/bench-load-data, reused on rerun: the first run creates the demo accounts, loads the
 * orbital elements and simulates BENCH_LOAD_SCENES scenes), signs in BENCH_LOAD_USERS users (the
 * demo accounts, then bench users), and sends mixed traffic with autocannon for BENCH_LOAD_SECONDS:
 *   - archive searches: a 1° AOI over land, one year, all satellites, first 1000 results;
 *   - quicklook WMS GetMap (/tiles/quicklooks/wms, Bearer header): 256 × 256 over a simulated
 *     scene, its box moved and scaled per request as a panning map would ask;
 *   - AOI writes: create an AOI in the user's tree, then delete it.
 * Each kind has its own connections (BENCH_LOAD_CONNECTIONS, default search:4,wms:3,aoi:1) and
 * each connection cycles through the users. Per kind: requests/s, latency p50/p95/p99, answers by
 * status; 429s (rate limits) are counted apart from errors. Memory of this process (RSS, JS heap)
 * before the load, at its peak and BENCH_LOAD_SETTLE_SECONDS after it (after a GC when run with
 * --expose-gc, as `npm run bench:load` does). The load generator shares the process and its two
 * cores with the server, so the figures are a floor for the server alone.
 *
 * Rate limits are the product's defaults (`defaultRateLimits`), so 429s show how the limits meet
 * this traffic; BENCH_LOAD_RATE_LIMITS=off measures raw capacity.
 * Env: BENCH_LOAD_SECONDS (60), BENCH_LOAD_CONNECTIONS, BENCH_LOAD_USERS (8), BENCH_LOAD_SCENES
 *      (20000), BENCH_LOAD_DATA_DIR, BENCH_LOAD_RATE_LIMITS (default | off), BENCH_LOAD_SETTLE_SECONDS (10).
 */
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { type ArchiveSearchRequest, apiPath, Paths } from '@satportal/contract';
import autocannon from 'autocannon';
import { composeServices, type Services } from '../apps/server/src/composition';
import { loadConfig, repoRoot } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { demoAccounts, ensureDemoAccounts } from '../apps/server/src/demo/demo-accounts';
import { ensureDemoArchive } from '../apps/server/src/demo/demo-archive';
import { buildApp } from '../apps/server/src/http/app';
import { defaultRateLimits } from '../apps/server/src/http/rate-limits';
import { defaultConstellation } from '../apps/server/src/modules/catalogue/constellation';
import { landMask } from '../apps/server/src/modules/simulator/land-mask';
import { QuicklookRenderer, QuicklookWmsPath, TilesService } from '../apps/server/src/modules/tiles';
import { routeModules } from '../apps/server/src/routes';
import { benchSearchCondition } from './search-condition';
import { percentile, rng } from './stats';

const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const settleSeconds = Number(process.env.BENCH_LOAD_SETTLE_SECONDS ?? 10);
const userCount = Math.max(1, Number(process.env.BENCH_LOAD_USERS ?? 8));
const scenes = Number(process.env.BENCH_LOAD_SCENES ?? 20_000);
const dataDir = resolve(process.env.BENCH_LOAD_DATA_DIR ?? join(repoRoot, '.tmp/bench-load-data'));
const rateLimited = (process.env.BENCH_LOAD_RATE_LIMITS ?? 'default') !== 'off';
const kinds = ['search', 'wms', 'aoi'] as const;
type Kind = (typeof kinds)[number];
const connections = Object.fromEntries(
  (process.env.BENCH_LOAD_CONNECTIONS ?? 'search:4,wms:3,aoi:1').split(',').map((part) => {
    const [kind, n] = part.split(':');
    return [kind!.trim(), Number(n)];
  }),
) as Record<Kind, number>;

const targets = { errors: 0, heapAfterMiB: 16, rssAfterPercent: 10 };

const say = (m: string) => console.log(m);
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : '—');
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const gc = (globalThis as { gc?: () => void }).gc;

// ---------------------------------------------------------------------------------------------
// The server and its data

say(`load benchmark: ${seconds} s, connections ${JSON.stringify(connections)}, ${userCount} users`);
say(`data folder ${dataDir} (reused), rate limits ${rateLimited ? 'at their defaults' : 'off'}`);
const db = await openDatabase(loadConfig({ DATA_DIR: dataDir }), { mode: 'own', onProgress: say });
// Quicklooks render into a cache of their own, emptied per run (each run starts cold); the
// renderer is ours so that its counts can be read.
const cacheDir = join(dataDir, 'cache/bench-quicklooks');
rmSync(cacheDir, { recursive: true, force: true });
const renderer = new QuicklookRenderer({ cacheDir });
const composed = composeServices(db);
const services: Services = { ...composed, tiles: new TilesService(composed.archiveRepository, renderer) };
await services.catalogue.seedConstellation(defaultConstellation);
await ensureDemoAccounts(services.accounts);
await services.orbitalElements.loadFolder(join(repoRoot, 'data/tle'));
await ensureDemoArchive(services, scenes, say);

const benchUsers = Array.from({ length: Math.max(0, userCount - demoAccounts.length) }, (_, i) => ({
  username: `bench_load_${i + 1}`,
  password: `bench-load-Password-${i + 1}`,
}));
for (const u of benchUsers) {
  const { rows } = await db.pool.query('SELECT 1 FROM users WHERE username = $1', [u.username]);
  if (!rows.length) await services.accounts.createUser({ ...u, orgType: 4, orderTypes: [1, 4] });
}

const app = await buildApp({
  version: 'bench',
  auth: services.auth,
  routes: routeModules(services),
  rateLimits: rateLimited ? defaultRateLimits : false,
  logger: { level: 'warn' },
  disableRequestLogging: true,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

interface SignedIn {
  username: string;
  token: string;
  rootAoi: number;
}

async function signIn(username: string, password: string): Promise<SignedIn> {
  const login = await fetch(`${base}${apiPath(Paths.login)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await login.json()) as { data: { token: string } | null };
  if (!body.data) throw new Error(`login of ${username} failed: ${JSON.stringify(body)}`);
  const token = body.data.token;
  const tree = await fetch(`${base}${apiPath(Paths.aois)}?type=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const nodes = ((await tree.json()) as { data: { aois: Array<{ id: number; kind: string }> } }).data.aois;
  return { username, token, rootAoi: nodes.find((n) => n.kind === 'root')!.id };
}

const users: SignedIn[] = [];
for (const u of [...demoAccounts, ...benchUsers].slice(0, userCount))
  users.push(await signIn(u.username, u.password));

const satIds = (await db.pool.query<{ id: number }>('SELECT id FROM satellites ORDER BY id')).rows.map(
  (r) => r.id,
);
const quicklookScenes = (
  await db.pool.query<{ id: string; w: number; s: number; e: number; n: number }>(
    `SELECT id, ST_XMin(g) AS w, ST_YMin(g) AS s, ST_XMax(g) AS e, ST_YMax(g) AS n
       FROM (SELECT id, footprint::geometry AS g FROM scenes WHERE provenance = 'simulated' ORDER BY md5(id) LIMIT 300) x`,
  )
).rows;
if (!quicklookScenes.length) throw new Error('no simulated scenes: set BENCH_LOAD_SCENES above 0');
const sceneCount = (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM scenes')).rows[0]!.n;
say(
  `${sceneCount.toLocaleString('en')} scenes, ${satIds.length} satellites, ${users.length} users signed in`,
);

// ---------------------------------------------------------------------------------------------
// Requests (the same sequence every run: seeded)

const random = rng(11);
const mask = landMask();
/** 1° AOIs whose centre is on land, between 60° S and 75° N. */
const aois = Array.from({ length: 200 }, () => {
  for (;;) {
    const lon = -179 + random() * 358;
    const lat = -60 + random() * 135;
    if (!mask.isLand(lat, lon)) continue;
    const [w, s] = [lon - 0.5, lat - 0.5];
    return {
      type: 'Polygon' as const,
      coordinates: [
        [
          [w, s],
          [w + 1, s],
          [w + 1, s + 1],
          [w, s + 1],
          [w, s],
        ],
      ],
    };
  }
});
const today = Date.now();
const searchOf = (i: number): ArchiveSearchRequest => ({
  page: { start: 0, length: 1000 },
  aois: [aois[i % aois.length]!],
  condition: benchSearchCondition(isoDay(today - 365 * 86_400_000), isoDay(today - 86_400_000)),
  satIds,
});

/** A GetMap over a scene, its box moved and scaled (a map being panned and zoomed). */
function getMapOf(i: number): string {
  const scene = quicklookScenes[i % quicklookScenes.length]!;
  const width = Math.max(scene.e - scene.w, 0.01);
  const height = Math.max(scene.n - scene.s, 0.01);
  const scale = 0.5 + random() * 1.5;
  const cx = (scene.w + scene.e) / 2 + (random() - 0.5) * width;
  const cy = Math.max(-80, Math.min(80, (scene.s + scene.n) / 2 + (random() - 0.5) * height));
  // Within ±90° of latitude (CRS:84's range), as a map's view is.
  const half = Math.min((Math.max(width, height) * scale) / 2, 89.9 - Math.abs(cy));
  const bbox = [cx - half, cy - half, cx + half, cy + half].map((v) => v.toFixed(5)).join(',');
  return (
    `${QuicklookWmsPath}?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=${encodeURIComponent(scene.id)}` +
    `&STYLES=&CRS=CRS:84&BBOX=${bbox}&WIDTH=256&HEIGHT=256&FORMAT=image/png&TRANSPARENT=TRUE`
  );
}

let nextUser = 0;
let nextSearch = 0;
let nextMap = 0;
let nextAoi = 0;
/** Each sequence of a connection takes the next user (autocannon resets the context per sequence). */
const userOf = (context: Record<string, unknown>) => {
  context.user ??= users[nextUser++ % users.length];
  return context.user as SignedIn;
};
const bearer = (u: SignedIn) => ({ authorization: `Bearer ${u.token}` });

type Context = Record<string, unknown>;
/** A step of a connection's sequence; `setupRequest` answering null starts the sequence again. */
type Step = Omit<autocannon.Request, 'setupRequest' | 'onResponse'> & {
  setupRequest?: (req: autocannon.Request, context: Context) => autocannon.Request | null;
  onResponse?: (status: number, body: string, context: Context) => void;
};

const sequences: Record<Kind, Step[]> = {
  search: [
    {
      method: 'POST',
      path: apiPath(Paths.archiveSearch),
      setupRequest: (req, context) => ({
        ...req,
        headers: { ...bearer(userOf(context)), 'content-type': 'application/json' },
        body: JSON.stringify(searchOf(nextSearch++)),
      }),
      onResponse: (status, body) => noteRefusal('archive search')(status, body),
    },
  ],
  wms: [
    {
      method: 'GET',
      setupRequest: (req, context) => ({
        ...req,
        path: getMapOf(nextMap++),
        headers: bearer(userOf(context)),
      }),
    },
  ],
  aoi: [
    {
      method: 'POST',
      path: apiPath(Paths.aois),
      setupRequest: (req, context) => {
        const u = userOf(context);
        const n = nextAoi++;
        return {
          ...req,
          headers: { ...bearer(u), 'content-type': 'application/json' },
          body: JSON.stringify({
            hasGeo: true,
            name: `load ${n}`,
            parentId: u.rootAoi,
            geometry: { type: 4, geojson: aois[n % aois.length] },
          }),
        };
      },
      onResponse: (status, body, context) => {
        noteRefusal('AOI create')(status, body);
        if (status === 200) context.id = (JSON.parse(body) as { data: { id: number } }).data.id;
      },
    },
    {
      method: 'DELETE',
      // No AOI was created (refused, rate limited): start the sequence again.
      setupRequest: (req, context) =>
        context.id === undefined
          ? null
          : { ...req, path: `${apiPath(Paths.aois)}?ids=${context.id}`, headers: bearer(userOf(context)) },
      onResponse: (status, body) => noteRefusal('AOI delete')(status, body),
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// Measurement

interface Tally {
  latencies: number[];
  statuses: Map<number, number>;
  errors: number;
  timeouts: number;
}
const tallies = new Map<string, Tally>();
/** The first answer of each kind and status other than 2xx: what went wrong, in the server's words. */
const firstRefusals = new Map<string, string>();
const noteRefusal = (label: string) => (status: number, body: string) => {
  const key = `${label} ${status}`;
  if ((status < 200 || status >= 300) && !firstRefusals.has(key)) firstRefusals.set(key, body.slice(0, 200));
};
const tallyOf = (label: string) => {
  let t = tallies.get(label);
  if (!t) {
    t = { latencies: [], statuses: new Map(), errors: 0, timeouts: 0 };
    tallies.set(label, t);
  }
  return t;
};

const memory = () => {
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed };
};
async function settled() {
  gc?.();
  await sleep(500);
  gc?.();
  return memory();
}

function run(kind: Kind): Promise<autocannon.Result> {
  return new Promise((resolveRun, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: connections[kind],
        duration: seconds,
        requests: sequences[kind] as autocannon.Request[],
        timeout: 30,
      },
      (error, result) => {
        if (error) return reject(error);
        tallyOf(kindLabel[kind]).timeouts += result.timeouts;
        resolveRun(result);
      },
    );
    instance.on('response', (client: unknown, status: number, _bytes: number, latency: number) => {
      // The AOI sequence has two steps: the client's current request says which answered.
      const method = (client as { requestIterator?: { currentRequest?: { method?: string } } })
        .requestIterator?.currentRequest?.method;
      const label = kind === 'aoi' ? (method === 'DELETE' ? 'AOI delete' : 'AOI create') : kindLabel[kind];
      const t = tallyOf(label);
      t.latencies.push(latency);
      t.statuses.set(status, (t.statuses.get(status) ?? 0) + 1);
    });
    // Socket errors and timeouts (how many of them were timeouts: the result says, at the end).
    instance.on('reqError', () => {
      tallyOf(kindLabel[kind]).errors++;
    });
  });
}
const kindLabel: Record<Kind, string> = { search: 'archive search', wms: 'WMS GetMap', aoi: 'AOI write' };

// A short warm-up (code paths, caches, the pool), then the baseline.
say('warming up');
for (let i = 0; i < 5; i++) {
  const u = users[i % users.length]!;
  await fetch(`${base}${apiPath(Paths.archiveSearch)}`, {
    method: 'POST',
    headers: { ...bearer(u), 'content-type': 'application/json' },
    body: JSON.stringify(searchOf(1000 + i)),
  });
  await fetch(`${base}${getMapOf(1000 + i)}`, { headers: bearer(u) });
}
const before = await settled();
say(
  `baseline: RSS ${mib(before.rss)}, heap ${mib(before.heap)}; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

let peak = memory();
const sampler = setInterval(() => {
  const m = memory();
  peak = { rss: Math.max(peak.rss, m.rss), heap: Math.max(peak.heap, m.heap) };
}, 250);
say(`running ${seconds} s of mixed traffic`);
const started = performance.now();
const results = await Promise.all(
  kinds.filter((k) => connections[k] > 0).map(async (k) => [k, await run(k)] as const),
);
const elapsed = (performance.now() - started) / 1000;
clearInterval(sampler);
say(`settling ${settleSeconds} s`);
await sleep(settleSeconds * 1000);
const after = await settled();

// ---------------------------------------------------------------------------------------------
// Report

const rows: string[][] = [];
let errors = 0;
let limited = 0;
const byStatus = new Map<number, number>();
for (const [label, t] of tallies) {
  if (!t.latencies.length && !t.errors) continue;
  const sorted = [...t.latencies].sort((a, b) => a - b);
  const ok = [...t.statuses].filter(([s]) => s >= 200 && s < 300).reduce((n, [, c]) => n + c, 0);
  const tooMany = t.statuses.get(429) ?? 0;
  const bad = [...t.statuses].filter(([s]) => (s < 200 || s >= 300) && s !== 429);
  for (const [s, c] of t.statuses) if (s < 200 || s >= 300) byStatus.set(s, (byStatus.get(s) ?? 0) + c);
  errors += bad.reduce((n, [, c]) => n + c, 0) + t.errors;
  limited += tooMany;
  rows.push([
    label,
    String(t.latencies.length),
    (t.latencies.length / elapsed).toFixed(1),
    ms(percentile(sorted, 50)),
    ms(percentile(sorted, 95)),
    ms(percentile(sorted, 99)),
    String(ok),
    String(tooMany),
    bad.length || t.errors
      ? [
          ...bad.map(([s, c]) => `${s}×${c}`),
          ...(t.errors > t.timeouts ? [`socket×${t.errors - t.timeouts}`] : []),
          ...(t.timeouts ? [`timeout×${t.timeouts}`] : []),
        ].join(' ')
      : '0',
  ]);
}
const all = [...tallies.values()].flatMap((t) => t.latencies).sort((a, b) => a - b);
rows.push([
  'all',
  String(all.length),
  (all.length / elapsed).toFixed(1),
  ms(percentile(all, 50)),
  ms(percentile(all, 95)),
  ms(percentile(all, 99)),
  '',
  String(limited),
  String(errors),
]);
const header = ['kind', 'requests', 'req/s', 'p50', 'p95', 'p99', '2xx', '429', 'errors (non-2xx, not 429)'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
say(
  `\n=== mixed load: ${elapsed.toFixed(1)} s, ${Object.values(connections).reduce((a, b) => a + b, 0)} connections ===`,
);
say(line(header));
say(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of rows) say(line(r));
say(
  `non-2xx by status: ${
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([s, c]) => `${s}×${c}`)
      .join(', ') || 'none'
  }` +
    ` — errors ${errors} (target ${targets.errors}), 429s ${limited} (rate limits ${rateLimited ? 'at defaults' : 'off'})`,
);
for (const [key, body] of firstRefusals) say(`  first ${key}: ${body}`);
say(`quicklooks: ${renderer.stats.renders} rendered, ${renderer.stats.cacheHits} from the cache`);
for (const [k, r] of results)
  if (r.errors || r.timeouts) say(`autocannon ${k}: ${r.errors} errors, ${r.timeouts} timeouts`);

const rssGrowth = ((after.rss - before.rss) / before.rss) * 100;
say('\n=== memory of this process (server, embedded database and load generator) ===');
say(`              RSS        heap`);
say(`before       ${mib(before.rss).padStart(8)}  ${mib(before.heap).padStart(8)}`);
say(`peak         ${mib(peak.rss).padStart(8)}  ${mib(peak.heap).padStart(8)}`);
say(
  `after ${String(settleSeconds).padStart(2)} s   ${mib(after.rss).padStart(8)}  ${mib(after.heap).padStart(8)}`,
);
say(
  `after − before: RSS ${rssGrowth >= 0 ? '+' : ''}${rssGrowth.toFixed(1)} % (target ≤ +${targets.rssAfterPercent} %: back to baseline), ` +
    `heap ${after.heap >= before.heap ? '+' : '−'}${mib(Math.abs(after.heap - before.heap))} (target ≤ +${targets.heapAfterMiB} MiB)` +
    (gc ? '' : ' — run with --expose-gc for a GC before each reading'),
);
say(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

await app.close();
await db.close();
