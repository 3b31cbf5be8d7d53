// Installs the npm dependencies when they are missing or older than the lock file.
// Used by `npm start`, `npm test` and `npm run cli` so that each works on a fresh clone.
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runQuietly } from './quiet-run.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const marker = join(root, 'node_modules/.package-lock.json');
const lock = join(root, 'package-lock.json');

export function ensureInstall() {
  const stale = !existsSync(marker) || statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000;
  if (!stale) return;
  // `npm install` follows the lock file as `npm ci` would; `npm ci` itself refuses this lock
  // because the registry here lacks other platforms' optional binaries (e.g. Biome's).
  const log = join(root, '.tmp/npm-install.log');
  console.log('[satportal] installing dependencies (a minute or two the first time) …');
  const seconds = runQuietly('npm install --no-audit --no-fund', { cwd: root, log, doing: 'installing' });
  console.log(`[satportal] dependencies installed in ${seconds} s (npm's output: .tmp/npm-install.log)`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureInstall();
