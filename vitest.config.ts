import { defineConfig } from 'vitest/config';

/** Test files that try another user's ids on the endpoints of their module (issue 27: with keys as well). */
const apiKeyIsolationSuites = [
  'aois/aois-edits',
  'aois/aois',
  'aois/upload-folder',
  'archive/archive',
  'archive/archive-checks',
  'downloads/downloads',
  'my-data/my-data',
  'orders/orders-archive',
  'orders/orders-centre',
  'orders/orders-idempotency',
  'orders/orders-tags',
  'orders/orders-tasking',
  'orders/sizing/sizing-areas',
  'subscriptions/subscriptions-items',
  'subscriptions/subscriptions-list',
  'subscriptions/subscriptions-overlap',
  'tiles/delivered-tiles',
].map((suite) => `apps/server/src/modules/${suite}.db.test.ts`);

/**
 * Projects: `unit` (pure code, no database), `db` (integration tests
 * against a real database: embedded PGlite + PostGIS by default, PostgreSQL
 * when DATABASE_URL is set) and `db-apikeys` (the isolation suites with API keys). End-to-end tests run under Playwright instead.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: ['**/*.db.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'db',
          include: ['apps/server/src/**/*.db.test.ts'],
          globalSetup: ['apps/server/src/test/global-db.ts'],
          environment: 'node',
          // One embedded database per test file is heavy: run files one after another.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        // The isolation suites (another user's ids on every endpoint) again, signed in with API
        // keys holding every scope instead of sessions (test/harness.ts `testCredential`), after `db`.
        test: {
          name: 'db-apikeys',
          include: apiKeyIsolationSuites,
          globalSetup: ['apps/server/src/test/global-db.ts'],
          environment: 'node',
          env: { TEST_CREDENTIAL: 'apiKey' },
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
