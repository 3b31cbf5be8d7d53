/**
 * Benchmark (not a test): cold and warm start of the embedded default, and login
 * latency. Run with `npm run bench:start`. Prints figures; asserts nothing.
 *   cold start: a new data folder (PGlite initialised, PostGIS created, migrations, demo accounts)
 *   warm start: the same folder again
 *   login: N sequential logins of a demo account over HTTP (Argon2id verification included)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const logins = Number(process.env.BENCH_LOGINS ?? 100);

function start(dataDir: string): Promise<{ child: ChildProcess; url: string; ms: number }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DEMO: '1' },
  });
  return new Promise((res, rej) => {
    let out = '';
    const onData = (b: Buffer) => {
      out += b.toString();
      const m = /open (http:\/\/localhost:\d+)/.exec(out);
      if (m) res({ child, url: m[1]!, ms: performance.now() - t0 });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => rej(new Error(`server exited ${code}\n${out}`)));
  });
}

async function stop(child: ChildProcess) {
  const exited = new Promise((r) => child.on('exit', r));
  child.kill('SIGTERM');
  await exited;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const dataDir = mkdtempSync(join(tmpdir(), 'satportal-bench-'));
try {
  const cold = await start(dataDir);
  await stop(cold.child);
  const warm = await start(dataDir);
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
  console.log(`cold start (new data folder):  ${(cold.ms / 1000).toFixed(2)} s`);
  console.log(`warm start (existing folder):  ${(warm.ms / 1000).toFixed(2)} s`);
  console.log(
    `login latency over ${logins}:      p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
