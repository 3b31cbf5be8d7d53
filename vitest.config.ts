import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (pure code, no database) and `db` (integration tests
 * against a real database: embedded PGlite + PostGIS by default, PostgreSQL
 * when DATABASE_URL is set). End-to-end tests run under Playwright instead.
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
        },
      },
    ],
  },
});
