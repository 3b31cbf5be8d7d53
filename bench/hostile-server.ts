/**
 * The server of `npm run bench:hostile` (bench/hostile-uploads.ts), in a process of its own so that
 * its resident memory is the server's alone: the embedded database on a data folder (as `npm start`
 * opens it: PGlite in its worker thread, file-backed), the product's services and routes, the
 * upload worker pool, health probing. Rate limits are off: the benchmark polls health 50 times a
 * second from one address and sends more uploads than a user may in a minute. Creates the user
 * named by BENCH_USER / BENCH_PASSWORD and prints `ready <url>` once it listens; answers `delay` on
 * its IPC channel with its event-loop delay since the last ask.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { composeServices } from '../apps/server/src/composition';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { buildApp } from '../apps/server/src/http/app';
import { uploadReader } from '../apps/server/src/modules/aois/files/upload-pool';
import { routeModules } from '../apps/server/src/routes';

// The main thread's event-loop delay since the last ask, answered over the IPC channel: whether a
// slow health answer was this thread held up or the machine busy.
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
process.on('message', (message) => {
  if (message !== 'delay') return;
  process.send?.({ p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 });
  delay.reset();
});

const config = loadConfig({ ...process.env, DEMO: '0' });
const db = await openDatabase(config, { mode: 'own' });
const services = composeServices(db, { delivery: config });
const stopProbing = services.health.startProbing();
const app = await buildApp({
  version: 'bench',
  auth: services.auth,
  credentialCache: services.credentialCache,
  tileKeys: services.tileKeys,
  usage: services.usage,
  routes: routeModules(services),
  rateLimits: false,
  logger: { level: 'warn' },
  disableRequestLogging: true,
});
await services.accounts.createUser({
  username: process.env.BENCH_USER ?? 'bench_hostile',
  password: process.env.BENCH_PASSWORD ?? 'bench-hostile-Password-1',
  orgType: 4,
  orderTypes: [1, 4],
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`ready http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);

process.on('SIGTERM', async () => {
  stopProbing();
  await app.close();
  await uploadReader.close();
  await db.close();
  process.exit(0);
});
