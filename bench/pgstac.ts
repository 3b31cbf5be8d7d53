/**
 * The pgstac side of the search benchmark (issue 17): the reference STAC catalogue on
 * PostgreSQL, pgstac 0.9.11 (bench/data/pgstac, MIT), loaded into the benchmark's database
 * beside our `scenes`, holding the same scenes as STAC Items, searched through `pgstac.search()`.
 *
 * pgstac keeps its defaults: context 'off' (it neither counts the matches nor estimates them),
 * no queryables beyond id/geometry/datetime (so `eo:cloud_cover` and `view:off_nadir` are read
 * from each item's JSON, as in a stock install), hydrated items in the answer.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Aoi } from '@satportal/contract';
import pg from 'pg';
import { itemExtensions, toStacCollection } from '../apps/server/src/modules/stac/stac.mapper';
import { slugOf } from '../apps/server/src/modules/stac/stac.params';
import { type Stats, stats } from './stats';

export const pgstacVersion = '0.9.11';
const sqlFile = fileURLToPath(new URL(`./data/pgstac/pgstac--${pgstacVersion}.sql`, import.meta.url));
const itemsKey = 'pgstac_items';

type Say = (m: string) => void;

/**
 * A pool for pgstac: its triggers and functions call each other unqualified and expect the
 * search_path its roles get (pgstac, public), as pypgstac and stac-fastapi-pgstac set it;
 * partitions are cut by date_trunc in the session's time zone: UTC.
 */
export const pgstacPool = (connectionString: string) =>
  new pg.Pool({ connectionString, max: 2, options: '-c search_path=pgstac,public -c timezone=UTC' });

/** Installs the extensions pgstac needs and its SQL, once: skipped when this version is there. */
export async function ensurePgstac(pool: pg.Pool, say: Say): Promise<void> {
  const present = await pool.query<{ v: string | null }>(
    "SELECT CASE WHEN to_regnamespace('pgstac') IS NULL THEN NULL ELSE '' END AS v",
  );
  if (present.rows[0]!.v !== null) {
    const v = (await pool.query<{ v: string }>('SELECT pgstac.get_version() AS v')).rows[0]!.v;
    if (v === pgstacVersion) return;
    throw new Error(`schema pgstac holds version ${v}, not ${pgstacVersion}: drop it by hand first`);
  }
  say(`installing pgstac ${pgstacVersion}`);
  const t0 = performance.now();
  const client = await pool.connect();
  let broken = true;
  try {
    for (const e of ['postgis', 'btree_gist', 'unaccent'])
      await client.query(`CREATE EXTENSION IF NOT EXISTS ${e}`);
    // One simple-protocol call runs the whole migration as one implicit transaction.
    await client.query(await readFile(sqlFile, 'utf8'));
    broken = false;
  } finally {
    // The migration leaves the session under SET ROLE pgstac_ingest with its search_path: such
    // a connection must not go back to the pool.
    client.release(true);
    if (broken) say('  pgstac install failed');
  }
  say(`  installed in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

interface GroupRow {
  category: string;
  satellites: string[];
  satellite_ids: number[];
}

/**
 * One collection per satellite group, as our STAC API makes them (same ids), partitioned by
 * year: the searches span 1 year and 90 days, so they touch two year partitions per collection
 * at most; 'month' would make 36 partitions of ~1,400 items per collection (720 in all) whose
 * planning and pgstac's per-partition chunking would cost more than the pruning saves, and no
 * partitioning would leave the 90-day search nothing to prune by time.
 */
async function ensureCollections(pool: pg.Pool, from: Date, to: Date) {
  const groups = await pool.query<GroupRow>(
    `SELECT g.category, array_agg(sat.name ORDER BY sat.id) AS satellites,
            array_agg(sat.id ORDER BY sat.id) AS satellite_ids
       FROM satellite_groups g JOIN satellites sat ON sat.group_id = g.id
      GROUP BY g.id, g.category ORDER BY g.id`,
  );
  const satellites: { id: number; collection: string; platform: string }[] = [];
  for (const g of groups.rows) {
    const collection = toStacCollection(
      {
        id: 0,
        category: g.category,
        satellites: g.satellites,
        satellite_ids: g.satellite_ids,
        launched: null,
        first: from.toISOString(),
        last: to.toISOString(),
      },
      '',
    );
    await pool.query('SELECT pgstac.upsert_collection($1::jsonb)', [JSON.stringify(collection)]);
    await pool.query(
      "UPDATE pgstac.collections SET partition_trunc = 'year' WHERE id = $1 AND partition_trunc IS DISTINCT FROM 'year'",
      [collection.id],
    );
    g.satellite_ids.forEach((id, i) => {
      satellites.push({ id, collection: collection.id, platform: slugOf(g.satellites[i]!) });
    });
  }
  return { collections: groups.rows.map((g) => slugOf(g.category)), satellites };
}

/**
 * Loads every scene as a STAC Item the way pypgstac's loader does (not through items_staging,
 * whose SQL dehydration costs ~1.8 ms per item here: an hour for a million): the items are
 * dehydrated on the way in (the content minus what the collection's base item restores, as
 * pgstac's content_slim makes it; checked below on a sample), check_partition makes each
 * collection-year partition with its constraints, the rows go into pgstac.items one month per
 * statement, then pgstac's partition stats and ANALYZE. Reused when an earlier complete load
 * left the same count.
 */
export async function ensurePgstacItems(
  pool: pg.Pool,
  say: Say,
): Promise<{ collections: string[]; items: number; rate: number | null; seconds: number | null }> {
  const range = (
    await pool.query<{ n: number; from: Date; to: Date }>(
      'SELECT count(*)::int AS n, min(acquired_at) AS from, max(acquired_at) AS to FROM scenes',
    )
  ).rows[0]!;
  const { collections, satellites } = await ensureCollections(pool, range.from, range.to);
  await pool.query('CREATE TABLE IF NOT EXISTS bench_meta (key text PRIMARY KEY, value text NOT NULL)');
  const done = (
    await pool.query<{ value: string }>('SELECT value FROM bench_meta WHERE key = $1', [itemsKey])
  ).rows[0]?.value;
  const existing = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM pgstac.items')).rows[0]!
    .n;
  if (done === String(range.n) && existing === range.n) {
    say(`pgstac: reusing ${existing.toLocaleString('en')} items`);
    return { collections, items: existing, rate: null, seconds: null };
  }
  if (existing > 0) {
    say(`pgstac: removing ${existing.toLocaleString('en')} items of an earlier load`);
    await pool.query('DELETE FROM bench_meta WHERE key = $1', [itemsKey]);
    await pool.query('TRUNCATE pgstac.items');
  }
  const sats = [
    satellites.map((s) => s.id),
    satellites.map((s) => s.collection),
    satellites.map((s) => s.platform),
    JSON.stringify(itemExtensions),
  ];
  const slimCheck = (
    await pool.query<{ n: number; same: number }>(
      `WITH i AS (${itemRows('s.id IN (SELECT id FROM scenes TABLESAMPLE SYSTEM (0.1) LIMIT 500)')})
       SELECT count(*)::int AS n,
              count(*) FILTER (WHERE pgstac.content_slim(content || jsonb_build_object(
                'type', 'Feature', 'stac_version', '1.0.0', 'id', id, 'collection', collection,
                'geometry', ST_AsGeoJSON(geometry)::jsonb)) = content)::int AS same
         FROM i`,
      sats,
    )
  ).rows[0]!;
  say(
    `pgstac: dehydrated items equal to pgstac's content_slim of the whole Item: ${slimCheck.same}/${slimCheck.n}`,
  );
  if (slimCheck.same !== slimCheck.n) throw new Error('the items would not hydrate back to the STAC Items');

  say(`pgstac: loading ${range.n.toLocaleString('en')} scenes as STAC Items, one month per statement`);
  const t0 = performance.now();
  const parts = await pool.query(
    `SELECT pgstac.check_partition(c.collection, tstzrange(min(s.acquired_at), max(s.acquired_at), '[]'),
                                   tstzrange(min(s.acquired_at), max(s.acquired_at), '[]'))
       FROM scenes s
       JOIN unnest($1::int[], $2::text[]) AS c(satellite_id, collection) USING (satellite_id)
      GROUP BY c.collection, date_trunc('year', s.acquired_at)`,
    sats.slice(0, 2),
  );
  say(`  ${parts.rowCount} collection-year partitions`);
  let written = 0;
  const start = new Date(Date.UTC(range.from.getUTCFullYear(), range.from.getUTCMonth(), 1));
  for (let m = start; m <= range.to; ) {
    const next = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1));
    const r = await pool.query(
      `INSERT INTO pgstac.items (id, geometry, collection, datetime, end_datetime, content)
       SELECT id, geometry, collection, datetime, datetime, content FROM (${itemRows('s.acquired_at >= $5 AND s.acquired_at < $6')}) i`,
      [...sats, m, next],
    );
    written += r.rowCount ?? 0;
    const s = (performance.now() - t0) / 1000;
    say(
      `  ${written.toLocaleString('en')} items (up to ${next.toISOString().slice(0, 7)}), ${(written / s).toFixed(0)} items/s`,
    );
    m = next;
  }
  await pool.query('SELECT pgstac.update_partition_stats_q(partition) FROM pgstac.partitions_view');
  const seconds = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  await pool.query('ANALYZE pgstac.items');
  say(
    `pgstac: loaded ${written.toLocaleString('en')} items in ${seconds.toFixed(0)} s (${(written / seconds).toFixed(0)} items/s, with partition stats); ANALYZE ${((performance.now() - t1) / 1000).toFixed(1)} s`,
  );
  await pool.query(
    'INSERT INTO bench_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = $2',
    [itemsKey, String(written)],
  );
  return { collections, items: written, rate: written / seconds, seconds };
}

/**
 * Scenes as dehydrated pgstac rows: the Item our STAC API serves (stac.mapper toStacItem, minus
 * the links), without id, geometry, collection, type and stac_version, which pgstac keeps in
 * columns or restores from the collection. $1–$3 map satellites to collection and platform,
 * $4 is the extensions.
 */
const itemRows = (where: string) => `
  SELECT s.id, f.g AS geometry, c.collection, s.acquired_at AS datetime,
         jsonb_build_object(
           'stac_extensions', $4::jsonb,
           'bbox', jsonb_build_array(ST_XMin(f.g), ST_YMin(f.g), ST_XMax(f.g), ST_YMax(f.g)),
           'properties', jsonb_strip_nulls(jsonb_build_object(
             'datetime', to_char(s.acquired_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'platform', c.platform,
             'constellation', c.collection,
             'gsd', s.gsd,
             'eo:cloud_cover', s.cloud_cover,
             'view:off_nadir', s.off_nadir,
             'view:sun_elevation', round((90 - s.sun_zenith)::numeric, 7),
             'sat:orbit_state', CASE s.orbit_direction WHEN 1 THEN 'ascending' ELSE 'descending' END)),
           'assets', jsonb_build_object('quicklook', jsonb_build_object(
             'href', '/tiles/quicklook/' || s.id, 'type', 'image/png', 'roles', jsonb_build_array('overview'))),
           'links', '[]'::jsonb) AS content
    FROM scenes s
    JOIN unnest($1::int[], $2::text[], $3::text[]) AS c(satellite_id, collection, platform) USING (satellite_id)
   CROSS JOIN LATERAL (SELECT s.footprint::geometry AS g) f
   WHERE ${where}`;

export interface PgstacQuery {
  aoi: Aoi;
  /** YYYY-MM-DD, the first and last day, both whole (UTC) */
  fdate: string;
  tdate: string;
  cc: number;
  ona: number;
  collections: string[];
}

/**
 * The body of the same search as ours. Ours keeps a scene whose cloud cover or off-nadir angle
 * is unknown (NULL); a CQL2 comparison drops an item without the property. The benchmark
 * prints how many scenes lack them (none among the simulated ones).
 */
export function pgstacBody(q: PgstacQuery) {
  return {
    collections: q.collections,
    intersects: q.aoi,
    // pgstac's interval is closed at both ends; ours is [fdate 00:00, tdate + 1 day).
    datetime: `${q.fdate}T00:00:00Z/${q.tdate}T23:59:59.999Z`,
    'filter-lang': 'cql2-json',
    filter: {
      op: 'and',
      args: [
        { op: '<=', args: [{ property: 'eo:cloud_cover' }, q.cc] },
        { op: '<=', args: [{ property: 'view:off_nadir' }, q.ona] },
      ],
    },
    limit: 1000,
  };
}

/** `pgstac.search()`: the FeatureCollection's item ids, newest first. */
export async function pgstacSearch(pool: pg.Pool, q: PgstacQuery): Promise<string[]> {
  const r = await pool.query<{ s: { features: { id: string }[] | null } }>(
    'SELECT pgstac.search($1::jsonb) AS s',
    [JSON.stringify(pgstacBody(q))],
  );
  return (r.rows[0]!.s.features ?? []).map((f) => f.id);
}

export interface PgstacPlan {
  label: string;
  /** the whole pgstac.search() call as auto_explain timed it */
  totalMs: number;
  excerpt: string[];
}

/**
 * The plans pgstac really runs: it builds its SQL inside PL/pgSQL (a chunk query per partition
 * time step), so auto_explain with nested statements, sent to this session as NOTICEs, shows
 * them. Kept: the statements over items and the whole call; partition scans are tallied.
 */
export async function pgstacPlans(pool: pg.Pool, q: PgstacQuery, label: string): Promise<PgstacPlan> {
  const client = await pool.connect();
  const notices: string[] = [];
  const onNotice = (n: { message?: string }) => {
    if (n.message?.startsWith('duration:')) notices.push(n.message);
  };
  client.on('notice', onNotice);
  try {
    await client.query("LOAD 'auto_explain'");
    await client.query(
      `SET auto_explain.log_min_duration = 0; SET auto_explain.log_analyze = on; SET auto_explain.log_buffers = on;
       SET auto_explain.log_nested_statements = on; SET auto_explain.log_level = notice`,
    );
    await client.query('SELECT pgstac.search($1::jsonb) AS s', [JSON.stringify(pgstacBody(q))]);
  } finally {
    client.off('notice', onNotice);
    // auto_explain stays loaded in that backend: not for the pool.
    client.release(true);
  }
  const excerpt: string[] = [];
  let totalMs = Number.NaN;
  const others: { ms: number; text: string }[] = [];
  for (const n of notices) {
    const lines = n.split('\n');
    const duration = Number(/duration: ([\d.]+) ms/.exec(lines[0]!)?.[1]);
    // The query text runs over several lines, up to the plan's first node.
    const textAt = lines.findIndex((l) => l.startsWith('Query Text:'));
    const planAt = lines.findIndex((l, i) => i > textAt && /\(cost=/.test(l));
    const text = oneLine(
      lines
        .slice(textAt, planAt)
        .join(' ')
        .replace(/^Query Text:/, ''),
    );
    const body = lines.slice(planAt);
    if (/pgstac\.search\(/.test(text)) {
      totalMs = duration;
      continue;
    }
    if (!/FROM items\b/i.test(text) || /^\s*EXPLAIN/i.test(text)) {
      others.push({ ms: duration, text });
      continue;
    }
    excerpt.push(`chunk query ${duration.toFixed(1)} ms: ${clip(text)}`);
    // The top nodes with their buffers, then one line per kind of partition scan.
    for (const l of body.slice(0, 4)) if (!/->.*Scan/.test(l)) excerpt.push(`  ${clip(l)}`);
    const scans = new Map<string, number>();
    for (const l of body) {
      const m = /->\s+(.*?Scan.*?)\s+\(cost/.exec(l);
      if (!m) continue;
      const kind = m[1]!.replace(/_items_\d+(_\d+)?/g, '_items_*').replace(/ items_\d+$/, '');
      scans.set(kind, (scans.get(kind) ?? 0) + 1);
    }
    for (const [kind, count] of scans) excerpt.push(`  ${count} × ${clip(kind)}`);
    const removed = body.filter((l) => /Rows Removed by (Filter|Index Recheck)/.test(l));
    const sum = removed.reduce((a, l) => a + Number(/: (\d+)/.exec(l)?.[1] ?? 0), 0);
    if (removed.length) excerpt.push(`  rows removed by filters/rechecks over the partitions: ${sum}`);
  }
  // Where the rest of the call goes (nested statements time themselves and their callees).
  others.sort((a, b) => b.ms - a.ms);
  for (const o of others.slice(0, 4))
    excerpt.push(`other nested statement ${o.ms.toFixed(1)} ms: ${clip(o.text)}`);
  return { label, totalMs, excerpt };
}

const oneLine = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/'[^']{60,}'/g, "'…'");
const clip = (l: string) => (l.length > 150 ? `${l.slice(0, 147)}...` : l);

/** Round-trip time of `pgstac.search()` (its JSON answer parsed) per query, after a warm-up. */
export async function pgstacTimes(
  pool: pg.Pool,
  queries: PgstacQuery[],
  warmup: number,
): Promise<{ total: Stats; returned: Stats }> {
  for (const q of queries.slice(0, warmup)) await pgstacSearch(pool, q);
  const total: number[] = [];
  const returned: number[] = [];
  for (const q of queries) {
    const t = performance.now();
    const ids = await pgstacSearch(pool, q);
    total.push(performance.now() - t);
    returned.push(ids.length);
  }
  return { total: stats(total), returned: stats(returned) };
}
