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
// The IPC channel ties the server to this process: if this one dies (even by SIGKILL), the server
// sees the channel close and shuts down gracefully instead of running on as an orphan.
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
});
let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  server.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
// `npm start` runs this script through `sh -c`: a SIGTERM to npm ends npm and the shell but is not
// passed on to us. We notice being orphaned (our parent changes) and stop the server as if signalled.
const parent = process.ppid;
const orphanWatch = setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM');
}, 250);
server.on('exit', (code, signal) => {
  clearInterval(orphanWatch);
  process.exit(code ?? (signal ? 0 : 1));
});
