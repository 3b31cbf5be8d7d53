/**
 * Benchmark (not a test): cold and warm start of the embedded default, and login
 * latency. Run with `npm run bench:start`. Prints figures; asserts nothing.
 *   cold start: a new data folder (PGlite initialised, PostGIS created, migrations, demo accounts,
 *     the newest days of the simulated archive) until it serves, and until the archive is whole
 *   warm start: the same folder again
 *   login: N sequential logins of a demo account over HTTP (Argon2id verification included)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer as start, stopServer as stop } from './server';

// Below the server's 30 logins a minute per address (http/rate-limits.ts): more is refused 4290.
const logins = Math.min(25, Number(process.env.BENCH_LOGINS ?? 25));

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const dataDir = mkdtempSync(join(tmpdir(), 'satportal-bench-'));
try {
  const cold = await start(dataDir);
  // Issue 28 #9: ready for use while the simulated archive fills back in the background.
  const whole = await new Promise<number>((done, fail) => {
    const t0 = performance.now() - cold.ms;
    const check = () => {
      if (/simulated archive: (whole|[\d,]+ scenes in)/.test(cold.output())) done(performance.now() - t0);
      else if (cold.child.exitCode !== null) fail(new Error(`server exited\n${cold.output()}`));
      else setTimeout(check, 250);
    };
    check();
  });
  await stop(cold.child);
  console.log(
    `cold start (new data folder):  ready ${(cold.ms / 1000).toFixed(2)} s (target < 60 s), archive whole ${(whole / 1000).toFixed(1)} s`,
  );
  const warm = await start(dataDir);
  console.log(`warm start (existing folder):  ${(warm.ms / 1000).toFixed(2)} s`);
  const times: number[] = [];
  for (let i = 0; i < logins; i++) {
    const t0 = performance.now();
    const r = await fetch(`${warm.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'satportal-demo' }),
    });
    const body = (await r.json()) as { code: number };
    if (body.code !== 2000) throw new Error(`login failed: ${JSON.stringify(body)}`);
    times.push(performance.now() - t0);
  }
  await stop(warm.child);
  times.sort((a, b) => a - b);
  console.log(
    `login latency over ${logins}:      p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
