/**
 * Benchmark (not a test) of huge archive searches (issue 29 "Huge AOIs"): the world box, continent
 * boxes and continent-sized polygons over the demo's three years, all satellites, over HTTP as the
 * browser sends them, on the embedded default. Run with `npm run bench:wide`.
 *   BENCH_WIDE_DATA  data folder, reused between runs (default .tmp/bench-wide-data; its first
 *                    start generates the full demo archive, ~210,000 scenes, which takes minutes)
 *   BENCH_RUNS       searches per AOI and filter (default 5; the first of each is also shown alone)
 * Prints per search the matches, the coverage, p50/p95/max and the first run beside the target
 * (p95 ≤ 2 s). Past 5,000 matches the coverage is an estimate (ARCHITECTURE "Footprints and coverage").
 */
import { join, resolve } from 'node:path';
import { benchSearchCondition } from './search-condition';
import { type BenchServer, startServer, stopServer } from './server';
import { stats } from './stats';

const root = resolve(import.meta.dirname, '..');
const dataDir = resolve(process.env.BENCH_WIDE_DATA ?? join(root, '.tmp/bench-wide-data'));
const runs = Number(process.env.BENCH_RUNS ?? 5);
const targetMs = 2000;

const box = (w: number, s: number, e: number, n: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ],
});
const polygon = (positions: number[][]) => ({
  type: 'Polygon',
  coordinates: [[...positions, positions[0]!]],
});

/** What a new user draws first: the world, a continent's box, a continent's rough outline. */
const areas: [string, object][] = [
  ['world box −180…180 × −85…85', box(-180, -85, 180, 85)],
  ['Asia box 60…150 E × 0…60 N', box(60, 0, 150, 60)],
  ['Africa box 20 W…55 E × 35 S…37 N', box(-20, -35, 55, 37)],
  [
    'Africa outline (12 positions)',
    polygon([
      [-17, 21],
      [-10, 35],
      [10, 37],
      [32, 31],
      [43, 12],
      [51, 11],
      [40, -15],
      [33, -27],
      [20, -35],
      [12, -17],
      [9, 4],
      [-8, 4],
    ]),
  ],
  [
    'Eurasia triangle',
    polygon([
      [-10, 36],
      [140, 30],
      [60, 72],
    ]),
  ],
];

async function call(server: BenchServer, path: string, body: unknown, token?: string) {
  const r = await fetch(`${server.url}/api/v1${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await r.json()) as { code: number; message: string; data: never };
  if (answer.code !== 2000) throw new Error(`${path}: ${answer.code} ${answer.message}`);
  return answer.data;
}

console.log(`starting the server on ${dataDir} (a first start generates the demo archive: minutes)`);
const server = await startServer(dataDir, {
  LIVING_ARCHIVE_SECONDS: '0',
  DEMO_ARCHIVE_BACKGROUND: '0',
  ORBITAL_ELEMENTS_URL: '',
});
try {
  const { token } = await call(server, '/auth/login', { username: 'demo', password: 'satportal-demo' });
  const { sats } = (await call(server, '/satellites', undefined, token)) as { sats: { id: number }[] };
  const satIds = sats.map((s) => s.id);
  const to = new Date().toISOString().slice(0, 10);
  const from = `${Number(to.slice(0, 4)) - 3}${to.slice(4)}`;
  console.log(`${satIds.length} satellites, ${from} … ${to}, ${runs} runs each, target p95 ≤ ${targetMs} ms`);
  for (const cc of [100, 20]) {
    for (const [name, aoi] of areas) {
      const times: number[] = [];
      let answer = { count: 0, ac: 0 };
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        answer = await call(
          server,
          '/archive/search',
          {
            page: { start: 0, length: 50 },
            aois: [aoi],
            condition: benchSearchCondition(from, to, cc),
            satIds,
            sensor: {},
          },
          token,
        );
        times.push(performance.now() - t);
      }
      const s = stats(times);
      const mark = s.p95 <= targetMs ? 'ok' : 'OVER';
      console.log(
        `${name}, cloud ≤ ${cc} %: ${answer.count.toLocaleString('en')} matches, coverage ${answer.ac} %${answer.count > 5000 ? ' (estimated)' : ''}; ` +
          `p50 ${s.p50.toFixed(0)} / p95 ${s.p95.toFixed(0)} / max ${s.max.toFixed(0)} ms, first ${times[0]!.toFixed(0)} ms   target p95 ≤ ${targetMs} ms ${mark}`,
      );
    }
  }
} finally {
  await stopServer(server.child);
}
