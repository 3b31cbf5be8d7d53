// Builds the browser application when its build is missing or older than its sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runQuietly } from './quiet-run.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contract/src',
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

export function ensureBuild({ force = false } = {}) {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const changedAt = Math.max(
    ...sources.map((s) => newest(join(root, s))),
    statSync(join(root, 'package-lock.json')).mtimeMs,
  );
  if (!force && builtAt > changedAt) return;
  console.log('[satportal] building the web application …');
  const log = join(root, '.tmp/web-build.log');
  // Always the production build: a caller's NODE_ENV (vitest sets `test` for the tests that run
  // `npm start`) would make Vite build React's development code, slower and with strict mode's
  // double effects, which the end-to-end tests then ran against (seen in CI).
  const seconds = runQuietly('npm run build -w apps/web', {
    cwd: root,
    log,
    doing: 'building',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  // Vite's asset listing and its chunk-size notes stay in the log; `npm run bench:web` measures the first load.
  console.log(`[satportal] web application built in ${seconds} s (Vite's output: .tmp/web-build.log)`);
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  ensureBuild({ force: process.argv.includes('--force') });
