import type { TestProject } from 'vitest/node';
import { createPool } from '../db/database';
import { startEmbeddedDatabase } from '../db/embedded';
import { migrate } from '../db/migrate';

/**
 * One database for the whole `db` project: an in-memory embedded PGlite + PostGIS,
 * or, with DATABASE_URL, a fresh database created on that PostgreSQL server and
 * dropped afterwards. Test files share it and keep apart by their own data.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `satportal_test_${process.pid}_${Date.now()}`;
    const admin = createPool(adminUrl, 1);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const pool = createPool(url.toString(), 2);
    await migrate(pool);
    await pool.end();
    project.provide('databaseUrl', url.toString());
    project.provide('databaseKind', 'postgres');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const embedded = await startEmbeddedDatabase(undefined);
  const pool = createPool(embedded.url, 2);
  await migrate(pool);
  await pool.end();
  project.provide('databaseUrl', embedded.url);
  project.provide('databaseKind', 'pglite');
  return () => embedded.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    databaseKind: 'pglite' | 'postgres';
  }
}
