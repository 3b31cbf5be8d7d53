/**
 * Benchmark (not a test) of the main thread's event loop while the embedded database works
 * (issue 11 "Hardening", denial of service). Run with `node --import tsx bench/embedded-event-loop.ts`.
 * Prints figures; asserts nothing.
 *
 * An in-memory embedded PGlite (as the server starts it) runs BENCH_STATEMENTS (3) times
 * `SELECT count(*) FROM generate_series(1, BENCH_ROWS)` (default 5e6) through `pg`, while
 * perf_hooks.monitorEventLoopDelay samples the main thread's loop (10 ms resolution) and a 10 ms
 * interval counts its ticks (during the statement). Before the worker thread, PGlite ran in the main thread and the loop
 * was blocked for the whole statement.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { startEmbeddedDatabase } from '../apps/server/src/db/embedded';

const rows = Number(process.env.BENCH_ROWS ?? 5e6);
const statements = Number(process.env.BENCH_STATEMENTS ?? 3);
const ms = (ns: number) => (ns / 1e6).toFixed(1);

const embedded = await startEmbeddedDatabase(undefined);
const client = new pg.Client({ connectionString: embedded.url });
await client.connect();
await client.query('SELECT 1');

for (let i = 0; i < statements; i++) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  let ticks = 0;
  let counting = true;
  const interval = setInterval(() => counting && ticks++, 10);
  delay.enable();
  // Its first tick only sets the start: sample a few before the statement.
  await new Promise((resolve) => setTimeout(resolve, 50));
  ticks = 0;
  const started = performance.now();
  await client.query(`SELECT count(*) FROM generate_series(1, ${rows})`);
  const took = performance.now() - started;
  counting = false;
  // The histogram records a delay when its timer fires: give it turns after a blocked loop.
  await new Promise((resolve) => setTimeout(resolve, 50));
  delay.disable();
  clearInterval(interval);
  console.log(
    `statement ${i + 1}: ${took.toFixed(0)} ms; event-loop delay max ${ms(delay.max)} ms, ` +
      `mean ${ms(delay.mean)} ms, p99 ${ms(delay.percentile(99))} ms; 10 ms ticks ${ticks} ` +
      `(${Math.floor(took / 10)} expected)`,
  );
}

await client.end();
await embedded.stop();
