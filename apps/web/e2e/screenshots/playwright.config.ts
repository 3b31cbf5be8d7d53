import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

/**
 * The documentation's screenshots (docs/screenshots): the same server and Chromium as the
 * end-to-end tests, but not a test — `*.shots.ts` is outside the suite's `*.spec.ts`. Run with
 * `npx playwright test -c apps/web/e2e/screenshots/playwright.config.ts` after building the app.
 */
const root = resolve(import.meta.dirname, '../../../..');

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '*.shots.ts',
  outputDir: join(root, '.tmp/screenshots-results'),
  reporter: [['list']],
  timeout: 180_000,
  workers: 1,
});
