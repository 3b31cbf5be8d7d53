import type { TestProject } from 'vitest/node';
import { createPool } from '../db/database';
import { startEmbeddedDatabase } from '../db/embedded';
import { migrate } from '../db/migrate';

/**
 * The db projects' databases: one per test worker (`TEST_DB_WORKERS`, default 2: the files run
 * two at a time), each an in-memory embedded PGlite + PostGIS or, with DATABASE_URL, a fresh
 * database on that PostgreSQL server (a migrated template copied), dropped afterwards. A worker
 * runs its files one after another on its own database, so files keep apart as they did when all
 * ran in one line: by their own data within a database, and by database between workers — the
 * queue's workers of one file never take another's jobs. `test/database.ts` picks the worker's.
 */
export const dbWorkers = Math.max(1, Number(process.env.TEST_DB_WORKERS ?? 2));

interface TestDatabases {
  urls: string[];
  kind: 'pglite' | 'postgres';
  stop(): Promise<void>;
}

/**
 * The databases are made once for all the db projects (`db`, `db-apikeys`, `db-alone` run one
 * after another: sharing them is what one project did before), kept on globalThis since each
 * project may load this module anew, and closed when the last project's teardown runs.
 */
const shared = globalThis as typeof globalThis & {
  satportalTestDatabases?: { made: Promise<TestDatabases>; users: number };
};

async function makeDatabases(): Promise<TestDatabases> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `satportal_test_${process.pid}_${Date.now()}`;
    const admin = createPool(adminUrl, 1);
    const urlOf = (database: string) => {
      const url = new URL(adminUrl);
      url.pathname = `/${database}`;
      return url.toString();
    };
    await admin.query(`CREATE DATABASE ${name}`);
    const pool = createPool(urlOf(name), 2);
    await migrate(pool);
    await pool.end();
    const names = Array.from({ length: dbWorkers }, (_, i) => `${name}_w${i + 1}`);
    for (const copy of names) await admin.query(`CREATE DATABASE ${copy} TEMPLATE ${name}`);
    return {
      urls: names.map(urlOf),
      kind: 'postgres',
      stop: async () => {
        for (const database of [...names, name])
          await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const embedded = await Promise.all(
    Array.from({ length: dbWorkers }, async () => {
      const database = await startEmbeddedDatabase(undefined);
      const pool = createPool(database.url, 2);
      await migrate(pool);
      await pool.end();
      return database;
    }),
  );
  return {
    urls: embedded.map((d) => d.url),
    kind: 'pglite',
    stop: () => Promise.all(embedded.map((d) => d.stop())).then(() => undefined),
  };
}

export default async function setup(project: TestProject) {
  shared.satportalTestDatabases ??= { made: makeDatabases(), users: 0 };
  const entry = shared.satportalTestDatabases;
  entry.users++;
  const databases = await entry.made;
  project.provide('databaseUrls', databases.urls);
  project.provide('databaseKind', databases.kind);
  return async () => {
    entry.users--;
    if (entry.users > 0) return;
    shared.satportalTestDatabases = undefined;
    await databases.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrls: string[];
    databaseKind: 'pglite' | 'postgres';
  }
}
