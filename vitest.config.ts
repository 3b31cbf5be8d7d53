import { defineConfig } from 'vitest/config';

/** Test workers of the db projects, each with its own database (apps/server/src/test/global-db.ts). */
const dbWorkers = Math.max(1, Number(process.env.TEST_DB_WORKERS ?? 2));

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
 * db test files that start servers or programs of their own and kill them, with time limits of
 * minutes: they run after the others, two at a time like them (each on its own data folder or
 * database): one at a time, the embedded fulfilment kill test alone (~5 min) held up the rest.
 * Each keeps a module graph of its own (`isolate`), as do the files that replace a module
 * (`vi.mock`: db/embedded, whose worker threads are counted), which must load it after the mock.
 */
const aloneSuites = [
  'db/embedded',
  'db/embedded-process',
  'http/credential-cache-processes',
  'http/connections',
  'modules/catalogue/elements-refresh',
  'modules/fulfilment/fulfilment-kill',
  'modules/subscriptions/matching/matching-kill',
  'modules/usage/usage-ledger-kill',
  'order-by-api-key',
  'start-stop',
].map((suite) => `apps/server/src/${suite}.db.test.ts`);

/**
 * The files of a worker run in one module graph (`isolate: false`): imported once, the server's
 * modules no longer cost each file ~2.5 s (CI's import time was 530 s a run, of ~1450). What a
 * file changes outside itself is put back after each test: spies, stubbed globals and variables.
 * A file's harness closes what it opened; `process.env` is set only through `runCliWith`.
 */
const shared = { isolate: false, restoreMocks: true, unstubGlobals: true, unstubEnvs: true } as const;

/**
 * What the db projects share: their databases (test/global-db.ts), and two files at a time, each
 * worker on its own database: a db file waits on its database much of the time, and CI's time
 * budget is tight.
 */
const dbProject = {
  globalSetup: ['apps/server/src/test/global-db.ts'],
  environment: 'node',
  ...shared,
  fileParallelism: dbWorkers > 1,
  maxWorkers: dbWorkers,
  testTimeout: 60_000,
  hookTimeout: 120_000,
} as const;

/**
 * Projects: `unit` (pure code, no database), `db` (integration tests
 * against a real database: embedded PGlite + PostGIS by default, PostgreSQL
 * when DATABASE_URL is set; two files at a time, each worker on its own database), `db-apikeys`
 * (the isolation suites with API keys) and `db-alone` (the files that start and kill processes of
 * their own, last). End-to-end tests run under Playwright instead.
 */
export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker; the db files run two at a time.
    maxWorkers: Math.max(2, dbWorkers),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: ['**/*.db.test.ts', '**/node_modules/**'],
          environment: 'node',
          ...shared,
          // They share two cores with a db file now: a heavy one (a 40 MiB inflation) took 5.4 s.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'db',
          include: ['apps/server/src/**/*.db.test.ts'],
          exclude: [...aloneSuites, '**/node_modules/**'],
          ...dbProject,
          sequence: { groupOrder: 0 },
        },
      },
      {
        // The isolation suites (another user's ids on every endpoint) again, signed in with API
        // keys holding every scope instead of sessions (test/harness.ts `testCredential`), after `db`.
        test: {
          name: 'db-apikeys',
          include: apiKeyIsolationSuites,
          ...dbProject,
          env: { TEST_CREDENTIAL: 'apiKey' },
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'db-alone',
          include: aloneSuites,
          ...dbProject,
          isolate: true,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
