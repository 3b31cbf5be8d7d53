import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { embeddedPassDone } from '../test/passes';
import { type EmbeddedDatabase, startEmbeddedDatabase } from './embedded';

/**
 * The embedded database runs in a worker thread, so its statements do not block the server's
 * event loop (issue 11, denial of service). Runs whatever DATABASE_URL says, because it tests the
 * embedded path itself (once in CI: test/passes.ts).
 */
const workers = vi.hoisted(() => [] as Worker[]);
vi.mock('node:worker_threads', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:worker_threads')>();
  // The same Worker, remembered so that a test can make one die.
  class TrackedWorker extends actual.Worker {
    constructor(...args: ConstructorParameters<typeof actual.Worker>) {
      super(...args);
      workers.push(this);
    }
  }
  return { ...actual, Worker: TrackedWorker };
});

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'satportal-embedded-worker-'));
  folders.push(dir);
  return dir;
};
const running = new Set<EmbeddedDatabase>();
async function start(dataDir: string | undefined, onCrash?: (error: Error) => void) {
  const embedded = await startEmbeddedDatabase(dataDir, onCrash ? { onCrash } : undefined);
  running.add(embedded);
  return embedded;
}
async function stop(embedded: EmbeddedDatabase) {
  running.delete(embedded);
  await embedded.stop();
}
afterAll(async () => {
  for (const embedded of running) await embedded.stop().catch(() => {});
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(embeddedPassDone)('embedded database in a worker thread', () => {
  it('leaves the event loop free while a statement runs', async () => {
    const embedded = await start(undefined);
    const client = new pg.Client({ connectionString: embedded.url });
    await client.connect();
    try {
      const order: string[] = [];
      // The notice is sent when the statement begins; the main thread then gets a turn before
      // the statement ends. With PGlite in the main thread, the notice and the result were read
      // together after the statement, and the turn came only after it.
      client.on('notice', () => setImmediate(() => order.push('main thread turn')));
      await client.query(`DO $$ BEGIN RAISE NOTICE 'started'; PERFORM pg_sleep(2); END $$`);
      order.push('statement done');
      expect(order).toEqual(['main thread turn', 'statement done']);
    } finally {
      await client.end();
      await stop(embedded);
    }
  });

  it('keeps the data folder across a stop and a new start', async () => {
    const dataDir = folder();
    const first = await start(dataDir);
    const pool = new pg.Pool({ connectionString: first.url, max: 2 });
    await pool.query('CREATE TABLE kept (n int)');
    await pool.query('INSERT INTO kept VALUES (1), (2), (3)');
    await pool.end();
    await stop(first);

    const second = await start(dataDir);
    const again = new pg.Pool({ connectionString: second.url, max: 1 });
    const { rows } = await again.query<{ n: number }>('SELECT sum(n)::int AS n FROM kept');
    await again.end();
    await stop(second);
    expect(rows[0]?.n).toBe(6);
  });

  it('rejects the start when the database cannot open', async () => {
    // The data folder is a file: PGlite fails in the worker, before it serves.
    const notAFolder = join(folder(), 'file');
    writeFileSync(notAFolder, 'not a folder');
    await expect(startEmbeddedDatabase(notAFolder)).rejects.toThrow(/the embedded database did not start/);
  });

  it('reports a worker that dies while it serves', async () => {
    let report: (error: Error) => void = () => {};
    const crashed = new Promise<Error>((resolve) => {
      report = resolve;
    });
    const embedded = await start(undefined, (error) => report(error));
    expect(workers.length).toBeGreaterThan(0);
    await workers.at(-1)?.terminate();
    expect((await crashed).message).toMatch(/the embedded database stopped unexpectedly/);
    // Stopping what is already gone does not hang.
    await stop(embedded);
  });
});
