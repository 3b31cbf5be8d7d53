/**
 * Benchmark (not a test) of the STAC API's searches (issue 27 item 3): what numberMatched costs,
 * what a sort on eo:cloud_cover costs with and without its index, and a page of 1000 items. Run
 * with `npm run bench:stac`. Prints figures; asserts nothing.
 *
 * Per engine, in a fresh database (PostgreSQL: `satportal_bench_stac` on BENCH_DATABASE_URL or
 * DATABASE_URL; PGlite: .tmp/bench-stac-pglite): the catalogue, then BENCH_SCENES synthetic
 * scenes (PostgreSQL 1,000,000; PGlite 210,000, the demo archive's size) written by one SQL
 * statement per 100,000: 0.3° boxes anywhere between 60° S and 70° N over three years, the
 * catalogue's satellites in turn, a cloud cover for nine in ten. Each case runs BENCH_RUNS times
 * (median and max of the server-side time of StacService.search, which reads the page and the
 * capped count together, and of the count alone).
 *
 * Env: BENCH_ENGINES (postgres,pglite), BENCH_SCENES, BENCH_RUNS (5), BENCH_DATABASE_URL, BENCH_REUSE=1
 * (PostgreSQL: keep the bench database when it holds BENCH_SCENES scenes).
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { composeServices } from '../apps/server/src/composition';
import { loadConfig, repoRoot } from '../apps/server/src/config';
import { type Database, openDatabase } from '../apps/server/src/db/database';
import { defaultConstellation } from '../apps/server/src/modules/catalogue/constellation';
import { toStacItem } from '../apps/server/src/modules/stac/stac.mapper';
import { parseSearch, type RawSearch, slugOf } from '../apps/server/src/modules/stac/stac.params';
import { StacRepository } from '../apps/server/src/modules/stac/stac.repository';
import { STAC_COUNT_CAP, StacService } from '../apps/server/src/modules/stac/stac.service';

type Engine = 'postgres' | 'pglite';
const engines = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',').filter(Boolean) as Engine[];
const runs = Number(process.env.BENCH_RUNS ?? 5);
const postgresUrl =
  process.env.BENCH_DATABASE_URL ||
  process.env.DATABASE_URL ||
  'postgres://postgres@127.0.0.1:55432/postgres';
const benchDbName = 'satportal_bench_stac';
const pgliteDir = resolve(repoRoot, '.tmp/bench-stac-pglite');
const say = (m: string) => console.log(m);
/** BENCH_REUSE=1: keep a PostgreSQL bench database that already holds the scenes. */
const reuse = process.env.BENCH_REUSE === '1';

async function openEngine(engine: Engine): Promise<Database> {
  if (engine === 'pglite') {
    rmSync(pgliteDir, { recursive: true, force: true });
    return openDatabase(loadConfig({ DATA_DIR: pgliteDir }), { mode: 'own' });
  }
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [benchDbName]))
      .rowCount;
    if (!(reuse && exists)) {
      await admin.query(`DROP DATABASE IF EXISTS ${benchDbName} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${benchDbName}`);
    }
  } finally {
    await admin.end();
  }
  const url = new URL(postgresUrl);
  url.pathname = `/${benchDbName}`;
  return openDatabase(loadConfig({ DATABASE_URL: url.toString() }), { mode: 'own' });
}

async function load(db: Database, count: number) {
  const batch = 100_000;
  const t0 = performance.now();
  // The insert triggers (subscriptions' arrivals, HD cells) are not what is measured here.
  await db.pool.query('ALTER TABLE scenes DISABLE TRIGGER USER');
  for (let from = 0; from < count; from += batch) {
    await db.pool.query(
      `INSERT INTO scenes (id, satellite_id, acquired_at, footprint, orbit_direction, sensor_type,
                           product_quality, cloud_cover, off_nadir, sun_zenith, gsd, resolution_id,
                           area_km2, provenance)
       SELECT 'BENCH' || lpad(n::text, 8, '0'), sat.ids[(1 + n % array_length(sat.ids, 1))::int],
              timestamptz '2026-01-01' - (n * 7919 % 1095) * interval '1 day' - (n % 86400) * interval '1 second',
              ST_Multi(ST_MakeEnvelope(x, y, x + 0.3, y + 0.3, 4326))::geography,
              1 + n % 2, 1, 'A',
              CASE WHEN n % 10 = 0 THEN NULL ELSE (n * 37 % 10000) / 100.0 END,
              n % 30, 20 + n % 60, 0.5 + n % 10, 1, 900, 'simulated'
         FROM generate_series($1::bigint, $2::bigint) n
        CROSS JOIN LATERAL (SELECT -170 + (n * 7727 % 33950) / 100.0 AS x, -60 + (n * 3571 % 13000) / 100.0 AS y) p
        CROSS JOIN (SELECT array_agg(id ORDER BY id) AS ids FROM satellites) sat`,
      [from + 1, Math.min(count, from + batch)],
    );
    process.stdout.write(`\r  loaded ${Math.min(count, from + batch)} scenes`);
  }
  await db.pool.query('ALTER TABLE scenes ENABLE TRIGGER USER');
  await db.pool.query('ANALYZE scenes');
  say(` in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

async function time(f: () => Promise<unknown>): Promise<{ median: number; max: number }> {
  const ms: number[] = [];
  await f(); // warm
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await f();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)]!, max: ms.at(-1)! };
}
const fmt = (t: { median: number; max: number }) =>
  `${t.median.toFixed(0).padStart(6)} ms (max ${t.max.toFixed(0)})`;

async function bench(engine: Engine) {
  const count = Number(process.env.BENCH_SCENES ?? (engine === 'postgres' ? 1_000_000 : 210_000));
  say(`\n== ${engine}: ${count.toLocaleString('en')} scenes`);
  const db = await openEngine(engine);
  try {
    const services = composeServices(db, { delivery: loadConfig({ DATA_DIR: pgliteDir }) });
    await services.catalogue.seedConstellation(defaultConstellation);
    const held = (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM scenes')).rows[0]!.n;
    if (held !== count) {
      await db.pool.query('TRUNCATE scenes CASCADE');
      await load(db, count);
    } else say(`  reusing the ${count.toLocaleString('en')} scenes of ${benchDbName}`);
    await db.pool.query(
      'CREATE INDEX IF NOT EXISTS scenes_cloud_sort_idx ON scenes ((coalesce(cloud_cover, 101)), id)',
    );
    const repo = new StacRepository(db.pool, services.areasRepository);
    const stac = new StacService(repo);
    const groups = await stac.groups();
    const sizes = await db.pool.query<{ group_id: number; n: number }>(
      'SELECT sat.group_id, count(*)::int AS n FROM scenes s JOIN satellites sat ON sat.id = s.satellite_id GROUP BY 1 ORDER BY 2 DESC',
    );
    const big = groups.find((g) => g.id === sizes.rows[0]!.group_id)!;
    const bigId = slugOf(big.category);
    say(`  largest collection ${bigId}: ${sizes.rows[0]!.n.toLocaleString('en')} scenes`);
    const cases: [string, RawSearch, string?][] = [
      ['whole archive', {}],
      ['largest collection', {}, bigId],
      ['10° box', { bbox: '10,40,20,50' }],
      ['1° box', { bbox: '10,45,11,46' }],
      ['a month', { datetime: '2025-06-01T00:00:00Z/2025-06-30T23:59:59Z' }],
      ['cloud < 10 (filter)', { filter: 'eo:cloud_cover < 10' }],
      ['10° box, cloud < 10', { bbox: '10,40,20,50', filter: 'eo:cloud_cover < 10' }],
    ];
    say(
      `  numberMatched: exact while at most ${STAC_COUNT_CAP.byIndex.toLocaleString('en')} match by index, ${STAC_COUNT_CAP.byRows.toLocaleString('en')} with an area or a filter (first page of 10)`,
    );
    for (const [name, raw, collection] of cases) {
      const page = await stac.search(raw, collection === undefined ? {} : { collection });
      const search = parseSearch(raw);
      const where = {
        area: null,
        from: search.from,
        to: search.to,
        ids: null,
        satelliteIds: collection ? big.satellite_ids : null,
        filter: null,
      };
      const uncapped = raw.bbox || raw.filter ? null : await time(() => repo.count(where, 10_000_000, false));
      say(
        `  ${name.padEnd(22)} page+count ${fmt(await time(() => stac.search(raw, collection === undefined ? {} : { collection })))}` +
          `  numberMatched ${String(page.matched ?? '(absent)').padStart(8)}` +
          (uncapped ? `  uncapped count ${fmt(uncapped)}` : ''),
      );
    }
    for (const cap of [10_000, 100_000, 1_000_000]) {
      const capped = new StacService(repo, { byIndex: cap, byRows: cap });
      say(
        `  cap ${cap.toLocaleString('en').padStart(9)}: whole archive (index) ${fmt(await time(() => capped.search({})))}` +
          `; 60°×40° box (rows) ${fmt(await time(() => capped.search({ bbox: '0,0,60,40' })))}`,
      );
    }
    say('  sortby=-eo:cloud_cover over the whole archive (limit 10): the first page, and 20 pages');
    const pages = async () => {
      let page = await stac.search({ sortby: '-eo:cloud_cover' });
      for (let i = 0; i < 19 && page.next; i++)
        page = await stac.search({ sortby: '-eo:cloud_cover', token: page.next });
    };
    say(
      `    with scenes_cloud_sort_idx ${fmt(await time(() => stac.search({ sortby: '-eo:cloud_cover' })))}; 20 pages ${fmt(await time(pages))}`,
    );
    await db.pool.query('DROP INDEX scenes_cloud_sort_idx');
    const t0 = performance.now();
    await stac.search({ sortby: '-eo:cloud_cover' });
    say(`    without it                 ${(performance.now() - t0).toFixed(0).padStart(6)} ms (one run)`);
    const bigPage = await time(async () => {
      const p = await stac.search({ limit: 1000, bbox: '-180,-60,180,70' });
      return JSON.stringify(p.rows.map((r) => toStacItem(r, 'http://x')));
    });
    const bytes = JSON.stringify(
      (await stac.search({ limit: 1000 })).rows.map((r) => toStacItem(r, 'http://x')),
    ).length;
    say(
      `  a page of 1000 items (world box), mapped to JSON: ${fmt(bigPage)}, ${(bytes / 1e6).toFixed(1)} MB`,
    );
  } finally {
    await db.close();
  }
}

for (const engine of engines) await bench(engine);
