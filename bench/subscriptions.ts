/**
 * Benchmark (not a test): matching new scenes to subscriptions (issue 16 "Performance"). Run with
 * `npm run bench:subscriptions`. Prints figures; asserts nothing.
 *
 * Per engine, in a fresh database (PostgreSQL: `satportal_bench_subscriptions` on
 * BENCH_DATABASE_URL or DATABASE_URL; PGlite: .tmp/bench-subscriptions-pglite): the catalogue and
 * the TLEs, BENCH_SUBSCRIPTIONS (10,000) subscriptions in process with square AOIs of 1° to 10°
 * placed worldwide over land and sea (fixed seed), then BENCH_SCENES (10,000) new scenes from the
 * simulator along the real orbits over three days (the trigger notes each as an arrival). Then
 * `matchPending()` with one batch of all of them is timed, beside the target (≤ 5 s on
 * PostgreSQL), with the pairs it considered (footprint touching the AOI; after the column and
 * necessary-area tests), the matches and mails, and the EXPLAIN (ANALYZE, BUFFERS) of the matching
 * statement (run again over the same batch in a transaction rolled back).
 *
 * Env: BENCH_ENGINES (postgres,pglite), BENCH_SCENES, BENCH_SUBSCRIPTIONS, BENCH_DATABASE_URL.
 */
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { composeServices } from '../apps/server/src/composition';
import { loadConfig, repoRoot } from '../apps/server/src/config';
import { type Database, inTransaction, openDatabase } from '../apps/server/src/db/database';
import { type Overlay, overlayFor } from '../apps/server/src/modules/areas';
import { defaultConstellation } from '../apps/server/src/modules/catalogue/constellation';
import { generateArchive } from '../apps/server/src/modules/simulator/archive-generation';
import {
  boxBound,
  MatchingRepository,
  matchingStatement,
} from '../apps/server/src/modules/subscriptions/matching/matching.repository';
import { MatchingService } from '../apps/server/src/modules/subscriptions/matching/matching.service';
import { insertSubscriptions } from '../apps/server/src/modules/subscriptions/matching/test/fixtures';
import { rng } from './stats';

type Engine = 'postgres' | 'pglite';

const sceneCount = Number(process.env.BENCH_SCENES ?? 10_000);
const subscriptionCount = Number(process.env.BENCH_SUBSCRIPTIONS ?? 10_000);
const engines = (process.env.BENCH_ENGINES ?? 'postgres,pglite')
  .split(',')
  .map((e) => e.trim())
  .filter(Boolean) as Engine[];
const postgresUrl =
  process.env.BENCH_DATABASE_URL ||
  process.env.DATABASE_URL ||
  'postgres://postgres@127.0.0.1:55433/postgres';
const benchDbName = 'satportal_bench_subscriptions';
const pgliteDir = resolve(repoRoot, '.tmp/bench-subscriptions-pglite');
const targetSeconds = 5;

/** Fixed window (the TLEs' epochs are near it), and "today" inside it: every subscription is in process. */
const scenesFrom = new Date('2026-06-28T00:00:00Z');
const scenesTo = new Date('2026-07-01T00:00:00Z');
const today = new Date('2026-06-30T12:00:00Z');

const say = (m: string) => console.log(m);

async function openEngine(engine: Engine): Promise<Database> {
  if (engine === 'pglite') {
    rmSync(pgliteDir, { recursive: true, force: true });
    return openDatabase(loadConfig({ DATA_DIR: pgliteDir }), { mode: 'own' });
  }
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${benchDbName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${benchDbName}`);
  } finally {
    await admin.end();
  }
  const url = new URL(postgresUrl);
  url.pathname = `/${benchDbName}`;
  return openDatabase(loadConfig({ DATABASE_URL: url.toString() }), { mode: 'own' });
}

/** Square AOIs of 1° to 10° anywhere between 70° S and 70° N, not crossing ±180°. */
function worldAois(count: number, seed: number) {
  const random = rng(seed);
  return Array.from({ length: count }, () => {
    const size = 1 + random() * 9;
    const west = -180 + random() * (360 - size);
    const south = -70 + random() * (140 - size);
    const ring = [
      [west, south],
      [west + size, south],
      [west + size, south + size],
      [west, south + size],
      [west, south],
    ];
    return { type: 'Polygon' as const, coordinates: [ring] };
  });
}

/**
 * The conditions: mostly the panel's defaults (cloud 20 %, coverage 10 %), some looser or
 * stricter. Coverage 0 % (any touching scene) is the costly case — every touching pair is
 * measured — and is 1 in 20 (BENCH_ANY_COVERAGE, a share).
 */
const anyCoverageShare = Number(process.env.BENCH_ANY_COVERAGE ?? 0.05);
function conditionMix(random: () => number) {
  const cloud = [20, 20, 20, 50, 100][Math.floor(random() * 5)]!;
  const coverage = random() < anyCoverageShare ? 0 : [10, 10, 10, 20, 50][Math.floor(random() * 5)]!;
  return { maxCloudCover: cloud, minCoverage: coverage };
}

interface EngineResult {
  engine: Engine;
  seconds: number;
  outcome: { batches: number; scenes: number; matches: number; mails: number };
  touching: number;
  candidates: number;
}

async function pairCounts(db: Database, sceneIds: string[]) {
  const { rows } = await db.pool.query<{ touching: number; area: number; candidates: number }>(
    `WITH b AS MATERIALIZED (SELECT id, footprint::geometry AS f, area_km2 FROM scenes WHERE id = ANY($1::text[]))
     SELECT count(*)::int AS touching,
            count(*) FILTER (WHERE b.area_km2 >= sub.min_coverage / 100 * sub.aoi_area_km2)::int AS area,
            count(*) FILTER (WHERE b.area_km2 >= sub.min_coverage / 100 * sub.aoi_area_km2
                               AND ${boxBound('b.f', 'sub.aoi::geometry')} >= sub.min_coverage / 100 * sub.aoi_area_km2)::int
              AS candidates
       FROM b JOIN subscriptions sub ON ST_Intersects(b.f, sub.aoi::geometry)`,
    [sceneIds],
  );
  return rows[0]!;
}

/** The matching statement's plan over the same batch, its writes rolled back. */
async function explain(db: Database, sceneIds: string[], overlay: Overlay): Promise<string[]> {
  const q = matchingStatement(sceneIds, today.toISOString().slice(0, 10), overlay);
  const lines: string[] = [];
  await inTransaction(db.pool, async (tx) => {
    // As before the timed run: no match recorded yet.
    await tx.query('DELETE FROM subscription_mails');
    await tx.query('DELETE FROM subscription_matches');
    await tx.query('UPDATE subscriptions SET nums = 0, image_time = NULL, matched_at = NULL');
    const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${q.text}`,
      q.values,
    );
    // The batch's ids are spelled out in the plan: cut the long lines.
    lines.push(...rows.map((r) => r['QUERY PLAN']).map((l) => (l.length > 240 ? `${l.slice(0, 240)} …` : l)));
    throw new RollBack();
  }).catch((e) => {
    if (!(e instanceof RollBack)) throw e;
  });
  return lines;
}
class RollBack extends Error {}

async function benchEngine(engine: Engine): Promise<EngineResult> {
  say(`\n=== ${engine} ===`);
  const db = await openEngine(engine);
  try {
    const services = composeServices(db);
    await services.catalogue.seedConstellation(defaultConstellation);
    await services.orbitalElements.loadFolder(join(repoRoot, 'data/tle'));
    const satIds = (await db.pool.query<{ id: number }>('SELECT id FROM satellites ORDER BY id')).rows.map(
      (r) => r.id,
    );
    const user = await services.accounts.createUser({
      username: 'bench-subscriber',
      password: 'bench-subscriber-password',
      orgType: 4,
      email: 'bench@example.test',
    });
    const random = rng(7);
    const aois = worldAois(subscriptionCount, 16);
    let t = performance.now();
    for (let i = 0; i < aois.length; i += 1000) {
      await insertSubscriptions(
        db.pool,
        aois.slice(i, i + 1000).map((aoi) => ({
          userId: user.id,
          aoi,
          fdate: '2026-06-01',
          tdate: '2026-09-01',
          satIds,
          ...conditionMix(random),
        })),
      );
    }
    say(
      `${aois.length.toLocaleString('en')} subscriptions in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    t = performance.now();
    const report = await generateArchive(services.archiveGeneration, {
      from: scenesFrom,
      to: scenesTo,
      targetCount: sceneCount,
      seed: 1,
    });
    say(
      `${report.written.toLocaleString('en')} simulated scenes in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    await db.pool.query('ANALYZE scenes');
    await db.pool.query('ANALYZE subscriptions');
    await db.pool.query('ANALYZE scene_arrivals');
    const sceneIds = (
      await db.pool.query<{ scene_id: string }>('SELECT scene_id FROM scene_arrivals')
    ).rows.map((r) => r.scene_id);

    const overlay = overlayFor(db.kind);
    const matching = new MatchingService(db.pool, new MatchingRepository(overlay), {
      batchSize: Math.max(sceneIds.length, 1),
      now: () => today,
    });
    t = performance.now();
    const outcome = await matching.matchPending();
    const seconds = (performance.now() - t) / 1000;
    const pairs = await pairCounts(db, sceneIds);
    say(
      `matchPending: ${seconds.toFixed(2)} s — ${outcome.scenes.toLocaleString('en')} scenes in ${outcome.batches} batch(es), ` +
        `${pairs.touching.toLocaleString('en')} pairs touching, ${pairs.area.toLocaleString('en')} after the area test, ` +
        `${pairs.candidates.toLocaleString('en')} after the boxes' bound (measured exactly), ` +
        `${outcome.matches.toLocaleString('en')} matches, ${outcome.mails.toLocaleString('en')} mails`,
    );
    say('EXPLAIN (ANALYZE, BUFFERS) of the matching statement:');
    for (const line of await explain(db, sceneIds, overlay)) say(`  ${line}`);
    return { engine, seconds, outcome, touching: pairs.touching, candidates: pairs.candidates };
  } finally {
    await db.close();
  }
}

const results: EngineResult[] = [];
for (const engine of engines) results.push(await benchEngine(engine));
say('\n=== matching: 10,000 new scenes × 10,000 subscriptions (one batch) ===');
say('engine     seconds  target   scenes   touching  candidates  matches  mails');
for (const r of results) {
  const target = r.engine === 'postgres' ? `≤ ${targetSeconds} s` : '(beside)';
  say(
    `${r.engine.padEnd(10)} ${r.seconds.toFixed(2).padStart(7)}  ${target.padEnd(7)} ${String(r.outcome.scenes).padStart(7)} ` +
      `${String(r.touching).padStart(10)} ${String(r.candidates).padStart(11)} ${String(r.outcome.matches).padStart(8)} ${String(r.outcome.mails).padStart(6)}`,
  );
}
