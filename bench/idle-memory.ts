/**
 * Benchmark (not a test): the server's resident memory when idle, on the embedded default with the
 * demo data — what `npm start` leaves running on a user's machine. Run with `npm run bench:idle`.
 *   BENCH_IDLE_DATA   data folder, reused between runs (default .tmp/bench-idle-data; its first
 *                     start generates the demo archive of DEMO_SCENES scenes, which takes minutes)
 *   BENCH_IDLE_SECONDS how long to sample after "ready" (default 60)
 * Prints the server's RSS (median and peak of the samples), the main thread's V8 heap, and the RSS
 * of the embedded database opened alone on the same folder (the share the server cannot shed).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startServer, stopServer } from './server';

const root = resolve(import.meta.dirname, '..');
const dataDir = resolve(process.env.BENCH_IDLE_DATA ?? join(root, '.tmp/bench-idle-data'));
const seconds = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;
const target = 'reduced where cheap (issue 18; ~1.1 GB before)';

function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? 0) * 1024;
}

const { child, output } = await startServer(dataDir, {
  NODE_OPTIONS: `--expose-gc --require ${join(root, 'bench/idle-memory-probe.cjs')}`,
});
const samples: number[] = [];
for (let i = 0; i < seconds; i++) {
  await new Promise((r) => setTimeout(r, 1000));
  samples.push(rssOf(child.pid!));
}
child.kill('SIGUSR2');
await new Promise((r) => setTimeout(r, 1000));
const heap = /\[memory\] (\{.*\})/.exec(output());
await stopServer(child);
const databaseAlone = Number(
  execFileSync(process.execPath, [join(root, 'bench/idle-database.mjs'), join(dataDir, 'pgdata')], {
    cwd: root,
  })
    .toString()
    .trim(),
);

samples.sort((a, b) => a - b);
const usage = heap ? (JSON.parse(heap[1]!) as NodeJS.MemoryUsage) : undefined;
console.log(
  `idle RSS over ${seconds} s after ready: median ${mb(samples[samples.length >> 1]!)}, peak ${mb(samples.at(-1)!)}   target: ${target}`,
);
if (usage)
  console.log(
    `main thread after GC: V8 heap used ${mb(usage.heapUsed)} of ${mb(usage.heapTotal)}, external ${mb(usage.external)}`,
  );
console.log(`the embedded database alone on the same folder: ${mb(databaseAlone)}`);
