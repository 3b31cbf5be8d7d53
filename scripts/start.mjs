// `npm start`: installs and builds what is missing, then serves the product
// (embedded PGlite + PostGIS in ./var unless DATABASE_URL is set).
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuild } from './ensure-build.mjs';
import { ensureInstall } from './ensure-install.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
ensureInstall();
ensureBuild();
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
