/**
 * Benchmark (not a test) of the server's answers while it takes a large upload (issue 11
 * "Hardening", denial of service). Run with `npm run bench:upload`. Prints figures next to their
 * target; asserts nothing.
 *
 * Starts the server in this process on an in-memory embedded database, signs in a user and
 * uploads a GeoJSON of one polygon with BENCH_UPLOAD_VERTICES positions (100,000; a circle, so a
 * valid one), BENCH_UPLOAD_RUNS times (3). Meanwhile a worker thread (its own event loop, so a
 * blocked server loop cannot delay the polls themselves) sends GET /api/v1/health every 20 ms
 * and times each answer. Per run: the upload's time and its phases (the file read in the upload
 * worker, PostGIS's check of the parts, the shaping, the insert: timed around their calls), the
 * server thread's event-loop delay, and the health latencies p50 / p95 / max against < 100 ms.
 * Rate limits are off: 50 polls a second would pass the per-address limit.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { apiPath, Paths } from '@satportal/contract';
import { composeServices } from '../apps/server/src/composition';
import { createPool } from '../apps/server/src/db/database';
import { startEmbeddedDatabase } from '../apps/server/src/db/embedded';
import { migrate } from '../apps/server/src/db/migrate';
import { buildApp } from '../apps/server/src/http/app';
import { AoisRepository } from '../apps/server/src/modules/aois/aois.repository';
import { uploadReader } from '../apps/server/src/modules/aois/files/upload-pool';
import { routeModules } from '../apps/server/src/routes';
import { startHealthPoller } from './health-poller';
import { stats } from './stats';

const vertices = Number(process.env.BENCH_UPLOAD_VERTICES ?? 100_000);
const runs = Number(process.env.BENCH_UPLOAD_RUNS ?? 3);
const target = 100;
const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : '—');

// ---------------------------------------------------------------------------------------------
// Phases of an upload, timed around the calls that make them (added up per run)

const phases = new Map<string, number>();
function timed<T extends object>(target: T, method: keyof T & string, phase: string) {
  const original = target[method] as unknown as (...args: unknown[]) => Promise<unknown>;
  (target as Record<string, unknown>)[method] = async function (this: unknown, ...args: unknown[]) {
    const started = performance.now();
    try {
      return await original.apply(this, args);
    } finally {
      phases.set(phase, (phases.get(phase) ?? 0) + performance.now() - started);
    }
  };
}
timed(uploadReader, 'read', 'read in the upload worker');
timed(AoisRepository.prototype, 'checkParts', 'PostGIS check of the parts');
timed(AoisRepository.prototype, 'shapes', 'shaping (aoi_shape, area)');
timed(AoisRepository.prototype, 'insert', 'insert');

// ---------------------------------------------------------------------------------------------
// The server

const embedded = await startEmbeddedDatabase(undefined);
const pool = createPool(embedded.url, 4);
await migrate(pool);
const services = composeServices({ pool, kind: 'pglite' });
// As the server does from its start: the health answer during a long statement is the last answer.
const stopProbing = services.health.startProbing();
const app = await buildApp({
  version: 'bench',
  auth: services.auth,
  routes: routeModules(services),
  rateLimits: false,
  logger: { level: 'warn' },
  disableRequestLogging: true,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const user = { username: 'bench_upload', password: 'bench-upload-Password-1' };
await services.accounts.createUser({ ...user, orgType: 4, orderTypes: [1, 4] });
const login = await fetch(`${base}${apiPath(Paths.login)}`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ ...user, remember: false }),
});
const { data } = (await login.json()) as { data: { token: string } };

/** One polygon of `n` positions: a circle of radius 1° around 10° E 10° N. */
function circle(n: number): string {
  const ring: number[][] = [];
  for (let i = 0; i < n - 1; i++) {
    const a = (2 * Math.PI * i) / (n - 1);
    ring.push([Number((10 + Math.cos(a)).toFixed(7)), Number((10 + Math.sin(a)).toFixed(7))]);
  }
  ring.push(ring[0]!);
  const feature = {
    type: 'Feature',
    properties: { name: 'circle' },
    geometry: { type: 'Polygon', coordinates: [ring] },
  };
  return JSON.stringify({ type: 'FeatureCollection', features: [feature] });
}
const file = circle(vertices);

const uploader = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const form = new FormData();
  form.append('poiParentId', '-1');
  form.append('file', new Blob([workerData.file]), 'circle.geojson');
  const started = performance.now();
  const r = await fetch(workerData.url, {
    method: 'POST',
    headers: { authorization: 'Bearer ' + workerData.token },
    body: form,
  });
  const answer = await r.json();
  parentPort.postMessage({ answer, took: performance.now() - started });
})();
`;

async function uploadOnce(run: number) {
  phases.clear();
  const health = startHealthPoller(`${base}${apiPath(Paths.health)}`);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  // The client sends the file and reads the answer from a thread of its own too: in one process with
  // the server, its own JSON parsing of the 2.3 MB answer would count as the server's stalls.
  const client = new Worker(uploader, {
    eval: true,
    workerData: { url: `${base}${apiPath(Paths.aoisUpload)}`, token: data.token, file },
  });
  const { answer, took } = await new Promise<{
    answer: { code: number; data: { aoiCount: number } };
    took: number;
  }>((resolve) => client.once('message', resolve));
  await client.terminate();
  delay.disable();
  const samples = await health.stop();
  const latencies = samples.filter(([, ms]) => ms >= 0).map(([, ms]) => ms);
  const failures = samples.length - latencies.length;
  const busy = samples.filter(([, , b]) => b === 1).length;
  const s = stats(latencies);
  const verdict = s.p95 < target && s.max < target ? 'meets' : 'misses';
  console.log(
    `run ${run}: upload of ${vertices.toLocaleString('en')} positions (${(file.length / 1e6).toFixed(1)} MB) ` +
      `${took.toFixed(0)} ms, code ${answer.code}, ${answer.data?.aoiCount ?? 0} AOI`,
  );
  for (const [phase, t] of phases) console.log(`         ${phase.padEnd(28)} ${t.toFixed(0)} ms`);
  console.log(
    `         server event-loop delay max ${ms(delay.max / 1e6)}, p99 ${ms(delay.percentile(99) / 1e6)}`,
  );
  console.log(
    `         GET /health meanwhile (${s.n} answers, ${busy} of them "database busy"${failures ? `, ${failures} failed` : ''}): ` +
      `p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, max ${ms(s.max)}; target < ${target} ms: ${verdict}`,
  );
}

console.log(`upload benchmark: ${runs} runs, health polled every 20 ms from a thread of its own`);
for (let run = 1; run <= runs; run++) await uploadOnce(run);

stopProbing();
await app.close();
await pool.end();
await uploadReader.close();
await embedded.stop();
