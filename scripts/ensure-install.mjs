// Installs the npm dependencies when they are missing or older than the lock file.
// Used by `npm start`, `npm test` and `npm run cli` so that each works on a fresh clone.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const marker = join(root, 'node_modules/.package-lock.json');
const lock = join(root, 'package-lock.json');

export function ensureInstall() {
  const stale = !existsSync(marker) || statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000;
  if (!stale) return;
  // `npm install` follows the lock file as `npm ci` would; `npm ci` itself refuses this lock
  // because the registry here lacks other platforms' optional binaries (e.g. Biome's).
  console.log('[satportal] installing dependencies …');
  execSync('npm install --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureInstall();
