import { inject } from 'vitest';

/**
 * The database of this test worker (test/global-db.ts makes one per worker). Vitest numbers its
 * workers from 1 (VITEST_POOL_ID), and two files running at once are on two workers.
 */
export function testDatabaseUrl(): string {
  const urls = inject('databaseUrls');
  const worker = Math.max(1, Number(process.env.VITEST_POOL_ID ?? '1'));
  return urls[(worker - 1) % urls.length] as string;
}
