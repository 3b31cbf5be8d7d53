/**
 * Benchmark (not a test): archive search on PostgreSQL + PostGIS and on the embedded PGlite
 * (issues 3 and 17 "Performance"), and the same searches in pgstac beside ours on PostgreSQL.
 * Run with `npm run bench:search`. Prints figures; asserts nothing.
 *
 * Per engine: migrate, seed the catalogue and the TLEs, and generate BENCH_SCENES simulated
 * scenes over the three years up to a fixed date (skipped when the database already holds
 * them, so a rerun is fast). Then:
 *   (a) a 1° AOI over land, one year, cc ≤ 20, first 1000 results with coverage — server time
 *       of the service call (in-process), BENCH_RUNS runs, random AOIs from a fixed seed;
 *   (b) a 10° AOI over land, 90 days, otherwise the same — likewise;
 *       with a breakdown of (a) and (b) into the service's statements (AOI check, the search
 *       statement: count, coverage union and first page with each scene's coverage; the rest);
 *   pgstac (PostgreSQL only, bench/pgstac.ts): pgstac 0.9.11 installed in the same database,
 *       the same scenes loaded once as STAC Items (reused on rerun), (a)'s and (b)'s AOIs
 *       searched through pgstac.search() (intersects, datetime, eo:cloud_cover ≤ cc,
 *       view:off_nadir ≤ ona, all collections, limit 1000; no count, no coverage), the overlap
 *       of both engines' first page on a sample, and its plans through auto_explain;
 *   (c) HTTP throughput: the Fastify app on a random port, searches alternating (a)'s 1° one-year
 *       and (b)'s 10° 90-day ones over 8 keep-alive connections for BENCH_SECONDS, accepting
 *       compressed answers as a browser does (BENCH_ACCEPT_ENCODING, `identity` for none);
 *   (d) EXPLAIN (ANALYZE, BUFFERS) of a typical (a) and (b) search: the use of scenes_footprint_time_idx.
 * Then a table PostgreSQL vs PGlite with the ratio and the issue's targets, and ours vs pgstac.
 *
 * Env: BENCH_SCENES (1000000), BENCH_RUNS (200), BENCH_ENGINES (postgres,pglite),
 *      BENCH_SECONDS (10), BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:55433/postgres),
 *      BENCH_PGSTAC (1; 0 skips pgstac), BENCH_ACCEPT_ENCODING (gzip, deflate, br).
 */

import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { type Aoi, type ArchiveSearchRequest, apiPath } from '@satportal/contract';
import pg from 'pg';
import { composeServices, type Services } from '../apps/server/src/composition';
import { loadConfig, repoRoot } from '../apps/server/src/config';
import { type Database, openDatabase } from '../apps/server/src/db/database';
import { buildApp } from '../apps/server/src/http/app';
import { firstPageQuery, pageQuery } from '../apps/server/src/modules/archive/archive.queries';
import { ArchiveRepository } from '../apps/server/src/modules/archive/archive.repository';
import { filterOf, parseSort } from '../apps/server/src/modules/archive/archive.service';
import {
  coverageArea,
  rectanglesOf,
  searchCoverage,
  withCoverage,
} from '../apps/server/src/modules/archive/coverage/search-coverage';
import { AreasRepository, type Overlay, overlayFor } from '../apps/server/src/modules/areas';
import { defaultConstellation } from '../apps/server/src/modules/catalogue/constellation';
import { normaliseLonLat } from '../apps/server/src/modules/scenes/lonlat';
import { generateArchive } from '../apps/server/src/modules/simulator/archive-generation';
import { landMask } from '../apps/server/src/modules/simulator/land-mask';
import { routeModules } from '../apps/server/src/routes';
import {
  ensurePgstac,
  ensurePgstacItems,
  type PgstacPlan,
  type PgstacQuery,
  pgstacPlans,
  pgstacPool,
  pgstacSearch,
  pgstacTimes,
  pgstacVersion,
} from './pgstac';
import { benchSearchCondition } from './search-condition';
import { rng, type Stats, stats } from './stats';

type Engine = 'postgres' | 'pglite';

const scenesTarget = Number(process.env.BENCH_SCENES ?? 1_000_000);
const runs = Number(process.env.BENCH_RUNS ?? 200);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
/** What the HTTP load's client accepts: a browser's encodings, or `identity` for answers as is. */
const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br';
const engines = (process.env.BENCH_ENGINES ?? 'postgres,pglite')
  .split(',')
  .map((e) => e.trim())
  .filter(Boolean) as Engine[];
const postgresUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:55433/postgres';
const benchDbName = 'satportal_bench';
const withPgstac = process.env.BENCH_PGSTAC !== '0';
const pgliteDir = resolve(repoRoot, '.tmp/bench-pglite');
const connections = 8;
const warmup = 10;

/** Fixed window, so that runs are comparable: three years up to the TLEs' epochs. */
const windowTo = new Date('2026-07-01T00:00:00Z');
const windowFrom = new Date('2023-07-01T00:00:00Z');
const dayMs = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Issue 17's targets; `pgstac`: pgstac's time over ours, at least. */
const targets = {
  aP50: 8,
  aP95: 15,
  bP95: 40,
  rps: 200,
  ratio: 3,
  pgstac: 3,
};

const say = (m: string) => console.log(m);

// ---------------------------------------------------------------------------------------------
// Figures

const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : '—');
const fmtStats = (s: Stats) =>
  `p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, max ${ms(s.max)} (mean ${ms(s.mean)}, n=${s.n})`;

/** `count` square AOIs of `size` degrees whose centre is on land, between 60° S and 75° N. */
function landAois(count: number, size: number, seed: number): Aoi[] {
  const random = rng(seed);
  const mask = landMask();
  const aois: Aoi[] = [];
  while (aois.length < count) {
    const lon = -180 + random() * 360;
    const lat = -60 + random() * 135;
    if (!mask.isLand(lat, lon)) continue;
    const half = size / 2;
    const west = Math.max(-180, lon - half);
    const east = Math.min(180, west + size);
    const south = Math.max(-85, Math.min(85 - size, lat - half));
    const north = south + size;
    aois.push({
      type: 'Polygon',
      coordinates: [
        [
          [west, south],
          [east, south],
          [east, north],
          [west, north],
          [west, south],
        ],
      ],
    });
  }
  return aois;
}

function searchRequest(aoi: Aoi, days: number, satIds: number[]): ArchiveSearchRequest {
  return {
    page: { start: 0, length: 1000 },
    aois: [aoi],
    condition: benchSearchCondition(
      isoDay(windowTo.getTime() - days * dayMs),
      isoDay(windowTo.getTime() - dayMs),
    ),
    satIds,
  };
}

// ---------------------------------------------------------------------------------------------
// Databases

async function openEngine(engine: Engine): Promise<Database> {
  if (engine === 'pglite') {
    return openDatabase(loadConfig({ DATA_DIR: pgliteDir }), { mode: 'own', onProgress: say });
  }
  // A database of its own on the server: created once, reused by later runs.
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [benchDbName]);
    if (!exists.rowCount) {
      say(`creating database ${benchDbName}`);
      await admin.query(`CREATE DATABASE ${benchDbName}`);
    }
  } finally {
    await admin.end();
  }
  const url = new URL(postgresUrl);
  url.pathname = `/${benchDbName}`;
  return openDatabase(loadConfig({ DATABASE_URL: url.toString() }), { mode: 'own', onProgress: say });
}

/** Loads the archive unless a completed earlier run of the same size left it there. */
async function ensureArchive(
  db: Database,
  services: Services,
): Promise<{ count: number; rate: number | null }> {
  await services.catalogue.seedConstellation(defaultConstellation);
  await services.orbitalElements.loadFolder(join(repoRoot, 'data/tle'));
  await db.pool.query('CREATE TABLE IF NOT EXISTS bench_meta (key text PRIMARY KEY, value text NOT NULL)');
  const done = await db.pool.query<{ value: string }>(
    "SELECT value FROM bench_meta WHERE key = 'scenes_target'",
  );
  const count = async () =>
    (
      await db.pool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM scenes WHERE provenance = 'simulated'",
      )
    ).rows[0]!.n;
  const existing = await count();
  if (done.rows[0]?.value === String(scenesTarget) && existing > 0) {
    say(
      `reusing ${existing.toLocaleString('en')} simulated scenes (target ${scenesTarget.toLocaleString('en')})`,
    );
    return { count: existing, rate: null };
  }
  if (existing > 0) {
    say(`removing ${existing.toLocaleString('en')} simulated scenes of another size`);
    await db.pool.query("DELETE FROM bench_meta WHERE key = 'scenes_target'");
    await db.pool.query("DELETE FROM scenes WHERE provenance = 'simulated'");
  }
  say(
    `generating about ${scenesTarget.toLocaleString('en')} scenes, ${isoDay(windowFrom.getTime())} to ${isoDay(windowTo.getTime())}`,
  );
  const t0 = performance.now();
  let last = 0;
  const report = await generateArchive(services.archiveGeneration, {
    from: windowFrom,
    to: windowTo,
    targetCount: scenesTarget,
    seed: 1,
    onProgress: (p) => {
      const now = performance.now();
      if (now - last < 5000) return;
      last = now;
      const rate = p.written / ((now - t0) / 1000);
      say(
        `  ${p.written.toLocaleString('en')} scenes written (up to ${p.upTo.toISOString().slice(0, 10)}), ${rate.toFixed(0)} scenes/s`,
      );
    },
  });
  const rate = report.written / report.seconds;
  say(
    `generated ${report.written.toLocaleString('en')} scenes in ${report.seconds.toFixed(0)} s: ${rate.toFixed(0)} scenes/s (density ${report.density.toFixed(4)})`,
  );
  const t1 = performance.now();
  await db.pool.query('VACUUM ANALYZE scenes');
  say(`VACUUM ANALYZE scenes: ${((performance.now() - t1) / 1000).toFixed(1)} s`);
  await db.pool.query(
    "INSERT INTO bench_meta (key, value) VALUES ('scenes_target', $1) ON CONFLICT (key) DO UPDATE SET value = $1",
    [String(scenesTarget)],
  );
  return { count: await count(), rate };
}

// ---------------------------------------------------------------------------------------------
// Measurements

interface ServerTimes {
  total: Stats;
  prepare: Stats;
  search: Stats;
  /** Each scene's coverage and the union's, in Node. */
  inNode: Stats;
  /** The search's own writes: the stored search and both histories, one statement. */
  writes: Stats;
  /** The service call minus the parts above: checks, densifying, mapping. */
  rest: Stats;
  matches: Stats;
  coverage: Stats;
}

/** Server time of the service call, then the same searches statement by statement. */
async function serverTimes(
  services: Services,
  repo: ArchiveRepository,
  userId: number,
  aois: Aoi[],
  days: number,
  satIds: number[],
): Promise<ServerTimes> {
  for (const aoi of aois.slice(0, warmup))
    await services.archive.search(userId, searchRequest(aoi, days, satIds));
  const total: number[] = [];
  const matches: number[] = [];
  const coverage: number[] = [];
  // The parts, right after each service call on the same AOI: AOI check and union, count and
  // coverage union, the page with each scene's coverage; the rest is the run's total minus them.
  const prepare: number[] = [];
  const search: number[] = [];
  const inNode: number[] = [];
  const writes: number[] = [];
  const rest: number[] = [];
  // The service's own statement that stores the search and the histories, timed where it runs.
  const records = services.archiveRepository;
  const insertSearch = records.insertSearch;
  let lastWrite = 0;
  records.insertSearch = async (...args) => {
    const t = performance.now();
    try {
      return await insertSearch.apply(records, args);
    } finally {
      lastWrite = performance.now() - t;
    }
  };
  for (const aoi of aois) {
    const request = searchRequest(aoi, days, satIds);
    let t = performance.now();
    const r = await services.archive.search(userId, request);
    const whole = performance.now() - t;
    total.push(whole);
    matches.push(r.count);
    coverage.push(r.ac);
    const filter = filterOf({ aois: request.aois, condition: request.condition, satIds, sensor: {} });
    t = performance.now();
    const prepared = await services.areasRepository.prepareAois([normaliseLonLat(aoi)]);
    prepare.push(performance.now() - t);
    t = performance.now();
    const searched = coverageArea(prepared.unionGeometry!);
    const area = {
      aoi: prepared.union!,
      areaKm2: prepared.areaKm2,
      snapshot: prepared.snapshot,
      ...rectanglesOf(searched),
    };
    const found = await repo.firstPage(area, filter, parseSort(undefined), 1000, 0);
    search.push(performance.now() - t);
    t = performance.now();
    withCoverage(searched, found.rows);
    await searchCoverage(searched, found, (sample) => repo.coveredKm2(area, filter, sample));
    inNode.push(performance.now() - t);
    writes.push(lastWrite);
    rest.push(whole - prepare.at(-1)! - search.at(-1)! - inNode.at(-1)! - lastWrite);
  }
  records.insertSearch = insertSearch;
  return {
    total: stats(total),
    prepare: stats(prepare),
    search: stats(search),
    inNode: stats(inNode),
    writes: stats(writes),
    rest: stats(rest),
    matches: stats(matches),
    coverage: stats(coverage),
  };
}

interface Throughput {
  searches: number;
  errors: number;
  perSecond: number;
  latency: Stats;
  bytes: number;
}

/**
 * Mixed searches over HTTP, alternating (a)'s 1° one-year and (b)'s 10° 90-day ones:
 * `connections` keep-alive connections, each sending one after another.
 */
async function httpThroughput(
  services: Services,
  oneDegree: Aoi[],
  tenDegree: Aoi[],
  satIds: number[],
): Promise<Throughput> {
  const app = await buildApp({
    version: 'bench',
    auth: services.auth,
    routes: routeModules(services),
    // Raw capacity: the product's per-user limits would stop one benchmark user.
    rateLimits: false,
    logger: { level: 'warn' },
    disableRequestLogging: true,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  try {
    const login = await app.inject({
      method: 'POST',
      url: apiPath('/auth/login'),
      payload: { username: benchUser, password: benchPassword },
    });
    const token = (login.json() as { data: { token: string } | null }).data?.token;
    if (!token) throw new Error(`login failed: ${login.body}`);
    // Alternating (a)'s and (b)'s searches, sent by a thread of its own.
    const bodies = Array.from({ length: 2 * Math.max(oneDegree.length, tenDegree.length) }, (_, i) =>
      JSON.stringify(
        i % 2 === 0
          ? searchRequest(oneDegree[(i / 2) % oneDegree.length]!, 365, satIds)
          : searchRequest(tenDegree[((i - 1) / 2) % tenDegree.length]!, 90, satIds),
      ),
    );
    const worker = new Worker(new URL('./search-load-worker.mjs', import.meta.url), {
      workerData: {
        port,
        path: apiPath('/archive/search'),
        token,
        bodies,
        connections,
        seconds,
        acceptEncoding,
      },
    });
    const result = await new Promise<{
      latencies: number[];
      errors: number;
      bytes: number;
      elapsed: number;
      firstError: string | null;
    }>((res, rej) => {
      worker.once('message', res);
      worker.once('error', rej);
    });
    if (result.firstError) say(`  first failed search: ${result.firstError}`);
    return {
      searches: result.latencies.length,
      errors: result.errors,
      perSecond: result.latencies.length / result.elapsed,
      latency: stats(result.latencies),
      bytes: result.bytes / Math.max(1, result.latencies.length),
    };
  } finally {
    await app.close();
  }
}

interface PlanReport {
  label: string;
  usesIndex: boolean;
  executionMs: number;
  excerpt: string[];
}

/** EXPLAIN (ANALYZE, BUFFERS) of the first-page and the get-more statements of one search. */
async function plans(
  pool: pg.Pool,
  overlay: Overlay,
  aoi: Aoi,
  days: number,
  satIds: number[],
  label: string,
) {
  const request = searchRequest(aoi, days, satIds);
  const filter = filterOf({ aois: request.aois, condition: request.condition, satIds, sensor: {} });
  const prepared = await new AreasRepository(pool, overlay).prepareAois([normaliseLonLat(aoi)]);
  const area = { aoi: prepared.union!, areaKm2: prepared.areaKm2, snapshot: prepared.snapshot };
  const statements = {
    'first page': firstPageQuery(area, filter, parseSort(undefined), 1000, 0, overlay),
    'get more': pageQuery(area, filter, parseSort(undefined), 1000, { offset: 1000 }, overlay),
  };
  const reports: PlanReport[] = [];
  for (const [name, q] of Object.entries(statements)) {
    const lines = (await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${q.text}`, q.values)).rows.map((r) =>
      (r['QUERY PLAN'] as string).replace(/'[0-9A-Fa-f]{40,}'::geometry/g, 'AOI'),
    );
    const plan = lines.join('\n');
    // The top node with its buffers, the scans of scenes with their details, and the times.
    const scan =
      /scenes_footprint_time_idx|Seq Scan on scenes|Bitmap Heap Scan on scenes|BitmapAnd|Bitmap Index Scan/;
    const keep = new Set<number>([0]);
    lines.forEach((l, i) => {
      if (i <= 3 && /Buffers:/.test(l)) keep.add(i);
      if (/Execution Time|Planning Time/.test(l)) keep.add(i);
      if (!scan.test(l)) return;
      keep.add(i);
      for (let j = i + 1; j < lines.length && !lines[j]!.includes('->'); j++) {
        if (/Index Cond|Recheck Cond|Rows Removed|Buffers:|Heap Blocks/.test(lines[j]!)) keep.add(j);
      }
    });
    const excerpt = [...keep]
      .sort((a, b) => a - b)
      .map((i) => lines[i]!)
      .map((l) => (l.length > 150 ? `${l.slice(0, 147)}...` : l));
    reports.push({
      label: `${label} ${name}`,
      usesIndex: /scenes_footprint_time_idx/.test(plan),
      executionMs: Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1] ?? Number.NaN),
      excerpt,
    });
  }
  return reports;
}

// ---------------------------------------------------------------------------------------------

interface PgstacResult {
  items: number;
  loadSeconds: number | null;
  a: Stats;
  b: Stats;
  plans: PgstacPlan[];
}

interface EngineResult {
  engine: Engine;
  scenes: number;
  loadRate: number | null;
  a: ServerTimes;
  b: ServerTimes;
  pgstac: PgstacResult | null;
  http: Throughput;
  plans: PlanReport[];
}

/** The pgstac form of searchRequest(aoi, days): the same window, cloud and angle limits. */
function pgstacQuery(aoi: Aoi, days: number, collections: string[]): PgstacQuery {
  const { condition } = searchRequest(aoi, days, []);
  return {
    aoi,
    fdate: condition.fdate,
    tdate: condition.tdate,
    cc: condition.cc,
    ona: condition.ona,
    collections,
  };
}

/** pgstac beside ours on (a)'s and (b)'s AOIs, in the benchmark's database (bench/pgstac.ts). */
async function benchPgstac(
  services: Services,
  userId: number,
  satIds: number[],
  oneDegree: Aoi[],
  tenDegree: Aoi[],
): Promise<PgstacResult> {
  const url = new URL(postgresUrl);
  url.pathname = `/${benchDbName}`;
  const pool = pgstacPool(url.toString());
  try {
    await ensurePgstac(pool, say);
    const loaded = await ensurePgstacItems(pool, say);
    const nulls = (
      await pool.query<{ cc: number; ona: number }>(
        'SELECT count(*) FILTER (WHERE cloud_cover IS NULL)::int AS cc, count(*) FILTER (WHERE off_nadir IS NULL)::int AS ona FROM public.scenes',
      )
    ).rows[0]!;
    say(
      `    scenes without cloud cover: ${nulls.cc}, without off-nadir: ${nulls.ona} (ours keeps them, a CQL2 comparison drops them)`,
    );
    for (const [label, aoi, days] of [
      ['(a)', oneDegree[0]!, 365],
      ['(b)', tenDegree[0]!, 90],
    ] as const) {
      const ours = (await services.archive.search(userId, searchRequest(aoi, days, satIds))).images.map(
        (i) => i.sceneId,
      );
      const theirs = await pgstacSearch(pool, pgstacQuery(aoi, days, loaded.collections));
      const shared = new Set(theirs);
      const both = ours.filter((id) => shared.has(id)).length;
      const sameOrder = ours.length === theirs.length && ours.every((id, i) => id === theirs[i]);
      say(
        `    first page agreement ${label}: ours ${ours.length}, pgstac ${theirs.length}, in both ${both}${sameOrder ? ', same order' : ''}`,
      );
    }
    const timesOf = async (label: string, aois: Aoi[], days: number) => {
      say(`pgstac ${label}, same searches — ${runs} runs`);
      const t = await pgstacTimes(
        pool,
        aois.map((aoi) => pgstacQuery(aoi, days, loaded.collections)),
        warmup,
      );
      say(
        `    pgstac.search(): ${fmtStats(t.total)}; items returned p50 ${t.returned.p50}, max ${t.returned.max}`,
      );
      return t;
    };
    const a = await timesOf('(a) 1° AOI, one year', oneDegree, 365);
    const b = await timesOf('(b) 10° AOI, 90 days', tenDegree, 90);
    const plansOf = [
      await pgstacPlans(pool, pgstacQuery(oneDegree[0]!, 365, loaded.collections), '(a) 1° AOI'),
      await pgstacPlans(pool, pgstacQuery(tenDegree[0]!, 90, loaded.collections), '(b) 10° AOI'),
    ];
    return { items: loaded.items, loadSeconds: loaded.seconds, a: a.total, b: b.total, plans: plansOf };
  } finally {
    await pool.end();
  }
}

const benchUser = 'bench_search';
const benchPassword = 'bench-search-Password-1';

async function benchEngine(engine: Engine): Promise<EngineResult> {
  say(`\n=== ${engine} ===`);
  const db = await openEngine(engine);
  try {
    const services = composeServices(db);
    const loaded = await ensureArchive(db, services);
    const satIds = (await db.pool.query<{ id: number }>('SELECT id FROM satellites ORDER BY id')).rows.map(
      (r) => r.id,
    );
    const user =
      (await db.pool.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [benchUser]))
        .rows[0] ??
      (await services.accounts.createUser({
        username: benchUser,
        password: benchPassword,
        orgType: 4,
        orderTypes: [1, 4],
      }));
    const overlay = overlayFor(db.kind);
    const repo = new ArchiveRepository(db.pool, overlay);

    const oneDegree = landAois(runs, 1, 42);
    const tenDegree = landAois(runs, 10, 4242);

    say(`(a) 1° AOI, one year, cc ≤ 20, first 1000 with coverage — ${runs} runs`);
    const a = await serverTimes(services, repo, user.id, oneDegree, 365, satIds);
    say(`    service call: ${fmtStats(a.total)}`);
    say(
      `    matches per search: p50 ${a.matches.p50}, max ${a.matches.max}; coverage p50 ${a.coverage.p50} %`,
    );
    say(`    parts: AOI ${fmtStats(a.prepare)}`);
    say(`           search statement (count, the page, the other footprints) ${fmtStats(a.search)}`);
    say(`           coverage in Node (each scene's, the union's) ${fmtStats(a.inNode)}`);
    say(`           writes (stored search + histories, one statement) ${fmtStats(a.writes)}`);
    say(`           rest (checks, densifying, mapping) ${fmtStats(a.rest)}`);

    say(`(b) 10° AOI, 90 days, cc ≤ 20, first 1000 with coverage — ${runs} runs`);
    const b = await serverTimes(services, repo, user.id, tenDegree, 90, satIds);
    say(`    service call: ${fmtStats(b.total)}`);
    say(
      `    matches per search: p50 ${b.matches.p50}, max ${b.matches.max}; coverage p50 ${b.coverage.p50} %`,
    );
    say(`    parts: AOI ${fmtStats(b.prepare)}`);
    say(`           search statement (count, the page, the other footprints) ${fmtStats(b.search)}`);
    say(`           coverage in Node (each scene's, the union's) ${fmtStats(b.inNode)}`);
    say(`           writes (stored search + histories, one statement) ${fmtStats(b.writes)}`);
    say(`           rest (checks, densifying, mapping) ${fmtStats(b.rest)}`);

    const pgstac =
      engine === 'postgres' && withPgstac
        ? await benchPgstac(services, user.id, satIds, oneDegree, tenDegree)
        : null;

    say(`(c) HTTP: (a)'s and (b)'s searches alternating, ${connections} connections, ${seconds} s`);
    const h = await httpThroughput(services, oneDegree, tenDegree, satIds);
    say(
      `    ${h.searches} searches, ${h.errors} errors: ${h.perSecond.toFixed(1)} searches/s; latency p50 ${ms(h.latency.p50)}, p95 ${ms(h.latency.p95)}, max ${ms(h.latency.max)}; ${(h.bytes / 1024).toFixed(0)} KiB per response on the wire (Accept-Encoding: ${acceptEncoding})`,
    );

    say('(d) EXPLAIN (ANALYZE, BUFFERS) of typical searches');
    const reports = [
      ...(await plans(db.pool, overlay, oneDegree[0]!, 365, satIds, '(a) 1° AOI')),
      ...(await plans(db.pool, overlay, tenDegree[0]!, 90, satIds, '(b) 10° AOI')),
    ];
    for (const r of reports) {
      say(
        `  -- ${r.label}: scenes_footprint_time_idx ${r.usesIndex ? 'USED' : 'NOT USED'}, execution ${ms(r.executionMs)}`,
      );
      for (const l of r.excerpt) say(`     ${l}`);
    }
    for (const p of pgstac?.plans ?? []) {
      say(`  -- pgstac ${p.label}: pgstac.search() ${ms(p.totalMs)} under auto_explain`);
      for (const l of p.excerpt) say(`     ${l}`);
    }
    return { engine, scenes: loaded.count, loadRate: loaded.rate, a, b, pgstac, http: h, plans: reports };
  } finally {
    await db.close();
  }
}

function summaryTable(results: EngineResult[]) {
  const pgr = results.find((r) => r.engine === 'postgres');
  const lite = results.find((r) => r.engine === 'pglite');
  type Row = [string, (r: EngineResult) => number, string, 'ms' | 'rate' | 'count'];
  const rows: Row[] = [
    ['scenes', (r) => r.scenes, '1,000,000', 'count'],
    ['load rate, scenes/s', (r) => r.loadRate ?? Number.NaN, '', 'rate'],
    ['(a) 1° AOI p50', (r) => r.a.total.p50, `≤ ${targets.aP50} ms`, 'ms'],
    ['(a) 1° AOI p95', (r) => r.a.total.p95, `≤ ${targets.aP95} ms`, 'ms'],
    ['(a) 1° AOI max', (r) => r.a.total.max, '', 'ms'],
    ['(a)   search p50', (r) => r.a.search.p50, '', 'ms'],
    ['(a)   coverage in Node p50', (r) => r.a.inNode.p50, '', 'ms'],
    ['(a)   writes p50', (r) => r.a.writes.p50, '', 'ms'],
    ['(a)   rest p50', (r) => r.a.rest.p50, '', 'ms'],
    ['(b) 10° AOI p50', (r) => r.b.total.p50, '', 'ms'],
    ['(b) 10° AOI p95', (r) => r.b.total.p95, `≤ ${targets.bP95} ms`, 'ms'],
    ['(b) 10° AOI max', (r) => r.b.total.max, '', 'ms'],
    ['(b)   search p50', (r) => r.b.search.p50, '', 'ms'],
    ['(b)   coverage in Node p50', (r) => r.b.inNode.p50, '', 'ms'],
    ['(b)   writes p50', (r) => r.b.writes.p50, '', 'ms'],
    ['(b)   rest p50', (r) => r.b.rest.p50, '', 'ms'],
    ['pgstac (a) 1° p50', (r) => r.pgstac?.a.p50 ?? Number.NaN, '', 'ms'],
    ['pgstac (a) 1° p95', (r) => r.pgstac?.a.p95 ?? Number.NaN, '', 'ms'],
    ['pgstac (b) 10° p50', (r) => r.pgstac?.b.p50 ?? Number.NaN, '', 'ms'],
    ['pgstac (b) 10° p95', (r) => r.pgstac?.b.p95 ?? Number.NaN, '', 'ms'],
    ['(c) HTTP searches/s', (r) => r.http.perSecond, `≥ ${targets.rps}`, 'rate'],
    ['(c) HTTP latency p50', (r) => r.http.latency.p50, '', 'ms'],
    ['(c) HTTP latency p95', (r) => r.http.latency.p95, '', 'ms'],
  ];
  const fmt = (v: number | undefined, kind: Row[3]) =>
    v === undefined || !Number.isFinite(v)
      ? '—'
      : kind === 'ms'
        ? `${v.toFixed(1)} ms`
        : kind === 'rate'
          ? v.toFixed(1)
          : v.toLocaleString('en');
  const header = [
    '',
    'PostgreSQL',
    'PGlite',
    'PGlite/PG',
    'target (PG)',
    `target PGlite (≤ ${targets.ratio}× PG)`,
  ];
  const lines = rows.map(([label, get, target, kind]) => {
    const p = pgr ? get(pgr) : undefined;
    const l = lite ? get(lite) : undefined;
    // For rates, PGlite's "within 3×" means at least a third of PostgreSQL's rate.
    const ratio =
      p !== undefined && l !== undefined && Number.isFinite(p) && Number.isFinite(l) && p > 0
        ? kind === 'rate'
          ? `${(p / l).toFixed(2)}× slower`
          : kind === 'ms'
            ? `${(l / p).toFixed(2)}×`
            : ''
        : '—';
    const liteTarget =
      p === undefined ||
      !Number.isFinite(p) ||
      kind === 'count' ||
      label.startsWith('load') ||
      label.startsWith('pgstac')
        ? ''
        : kind === 'ms'
          ? `≤ ${(p * targets.ratio).toFixed(1)} ms`
          : `≥ ${(p / targets.ratio).toFixed(1)}`;
    return [label, fmt(p, kind), fmt(l, kind), ratio, target, liteTarget];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  say('\n=== PostgreSQL vs PGlite (server time of the service call unless said) ===');
  say(row(header));
  say(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) say(row(l));
  const indexUse = results.map(
    (r) =>
      `${r.engine}: ${r.plans.filter((p) => p.usesIndex).length}/${r.plans.length} plans use scenes_footprint_time_idx`,
  );
  say(`spatial index: ${indexUse.join('; ')}`);
  if (pgr?.pgstac) pgstacTable(pgr, pgr.pgstac);
}

/** Ours against pgstac on PostgreSQL: pgstac's time over ours, whole service call and statement. */
function pgstacTable(ours: EngineResult, pgstac: PgstacResult) {
  const rows: [string, number, number, number][] = [
    ['(a) 1° AOI p50', ours.a.total.p50, ours.a.search.p50, pgstac.a.p50],
    ['(a) 1° AOI p95', ours.a.total.p95, ours.a.search.p95, pgstac.a.p95],
    ['(b) 10° AOI p50', ours.b.total.p50, ours.b.search.p50, pgstac.b.p50],
    ['(b) 10° AOI p95', ours.b.total.p95, ours.b.search.p95, pgstac.b.p95],
  ];
  const header = [
    '',
    'ours: service call',
    'ours: search statement',
    'pgstac.search()',
    'pgstac/service',
    'pgstac/statement',
    'target',
  ];
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
  const lines = rows.map(([label, call, statement, theirs]) => [
    label,
    ms(call),
    ms(statement),
    ms(theirs),
    ratio(theirs, call),
    ratio(theirs, statement),
    `≥ ${targets.pgstac}× (service)`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  say(
    `\n=== ours vs pgstac ${pgstacVersion} on PostgreSQL, same scenes, same searches (${pgstac.items.toLocaleString('en')} items${pgstac.loadSeconds === null ? ', reused' : `, loaded in ${pgstac.loadSeconds.toFixed(0)} s`}) ===`,
  );
  say(row(header));
  say(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) say(row(l));
  say('ours also counts all matches and computes the union and per-image coverage; pgstac does neither');
}

const results: EngineResult[] = [];
say(
  `search benchmark: ${scenesTarget.toLocaleString('en')} scenes, ${runs} runs, ${seconds} s HTTP, engines ${engines.join(', ')}`,
);
for (const engine of engines) results.push(await benchEngine(engine));
summaryTable(results);
