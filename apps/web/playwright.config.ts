import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium (never `playwright install`) against the
 * built application served by the real server on a fresh embedded database.
 */
const root = resolve(import.meta.dirname, '../..');
export const e2ePort = Number(process.env.E2E_PORT ?? 8181);
export const e2eDataDir = process.env.E2E_DATA_DIR ?? join(root, '.tmp/e2e-data');

export default defineConfig({
  testDir: './e2e',
  // Apart per run when told (E2E_OUTPUT_DIR): a run empties its output folder when it starts.
  outputDir: process.env.E2E_OUTPUT_DIR ?? join(root, 'test-results'),
  // Two minutes a test: a test that logs a new user in spends 3–11 s in the operator CLI alone on
  // a 2-core machine running two workers and the server (CI's e2e ran 2.2× slower than before in
  // stop 32, and tests near a minute timed out there); a wait is never a measurement here.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? join(root, '.tmp/playwright.json') }],
  ],
  use: {
    baseURL: `http://127.0.0.1:${e2ePort}`,
    // A trace records every action's DOM and a screencast: a large share of a 2-core machine's CPU.
    // CI keeps no files of a run, so .ci/run turns it off (E2E_TRACE=off); elsewhere a failure keeps one.
    trace: (process.env.E2E_TRACE ?? 'retain-on-failure') as 'off' | 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // A fresh data folder each run: demo accounts plus the users the tests create through the CLI.
    command: `rm -rf "${e2eDataDir}" && node --import tsx apps/server/src/main.ts`,
    cwd: root,
    url: `http://127.0.0.1:${e2ePort}/api/v1/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      DATABASE_URL: '',
      DATA_DIR: e2eDataDir,
      PORT: String(e2ePort),
      HOST: '127.0.0.1',
      DEMO: '1',
      // A small simulated archive keeps the server's first start short; the full demo size is measured in bench/.
      DEMO_SCENES: '3000',
      // …all of it before the server answers: the tests search the three years from their start.
      DEMO_ARCHIVE_BACKGROUND: '0',
      // Fulfilment on a test clock: audits after a few seconds (long enough to see "auditing"), a
      // manual recheck that outlasts every test (orders placed with it stay under way until the
      // operator releases them), tasking passes of the next days captured within seconds.
      AUDIT_DELAY_SECONDS: '6',
      MANUAL_RECHECK_DELAY_SECONDS: '3600',
      TASKING_CLOCK_FACTOR: '200000',
      // Tile keys idle out after 8 s, so my-data's test sees a copied link expire (601).
      TILE_KEY_IDLE_SECONDS: '8',
      // Only the operator's hook (`archive advance`) adds scenes, so a test knows what arrives.
      LIVING_ARCHIVE_SECONDS: '0',
      // Webhooks may go to the tests' receivers on the loopback interface, over plain http.
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_ALLOW_HTTP: '1',
      // No source of orbital elements: the tests never reach the internet, and the panel shows the
      // offline demo's ages (issue 28).
      ORBITAL_ELEMENTS_URL: '',
      LOG_LEVEL: 'warn',
      // "Contact sales" must write to sales, not to technical support (issue 28 #8).
      SALES_EMAIL: 'e2e-sales@satportal.example',
      SUPPORT_EMAIL: 'e2e-support@satportal.example',
    },
  },
});
