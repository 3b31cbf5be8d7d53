// `npm run check:first-load`: the map route's first load within its JavaScript budget (issue 29;
// apps/web/e2e/firstLoad.ts). A size, measured where it is decided — in Chromium, on the built app,
// signed in — by the one e2e test that holds it, on a port and data folder of its own so that it
// can run beside `npm test`. CI holds the same test in its e2e run.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuild } from './ensure-build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
ensureBuild();
const r = spawnSync('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', 'first-load'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    E2E_PORT: process.env.E2E_PORT ?? '8186',
    E2E_DATA_DIR: join(root, '.tmp/e2e-first-load'),
    E2E_OUTPUT_DIR: join(root, '.tmp/e2e-first-load-results'),
    PLAYWRIGHT_JSON_OUTPUT_NAME: join(root, '.tmp/first-load.json'),
    E2E_TRACE: 'off',
  },
});
process.exit(r.status ?? 1);
