import pg from 'pg';
import type { Config } from '../config';
import { type EmbeddedDatabase, embeddedUrl, endProcessOnCrash, startEmbeddedDatabase } from './embedded';
import { acquireLock, isProcessAlive, publishSocket, readLock, releaseLock } from './lock';
import { migrate } from './migrate';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  pool: pg.Pool;
  kind: DatabaseKind;
  /** The embedded database's socket URL, for processes that want to connect through it. */
  url: string;
  close(): Promise<void>;
}

// Times come back as Date (timestamptz) and bigint counts as numbers: our ids stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export function createPool(url: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  return pool;
}

export interface OpenOptions {
  /**
   * `own`: this process must hold the embedded folder (the server).
   * `share`: connect through the holder's socket when another process holds it (the CLI).
   */
  mode: 'own' | 'share';
  onProgress?: (message: string) => void;
}

/** Opens the configured database and applies the migrations. */
export async function openDatabase(config: Config, options: OpenOptions): Promise<Database> {
  const progress = options.onProgress ?? (() => {});
  if (config.databaseUrl) {
    const pool = createPool(config.databaseUrl);
    await migrate(pool);
    return { pool, kind: 'postgres', url: config.databaseUrl, close: () => pool.end() };
  }

  const lock = acquireLock(config.dataDir);
  if (!lock.acquired) {
    const { holder } = lock;
    if (options.mode === 'own') {
      throw new Error(
        `the data folder ${config.dataDir} is in use by process ${holder.pid}; stop it first or set DATA_DIR`,
      );
    }
    const port = await waitForSocket(config.dataDir, holder.pid);
    const url = embeddedUrl(holder.host ?? '127.0.0.1', port);
    const pool = createPool(url, 2);
    return { pool, kind: 'pglite', url, close: () => pool.end() };
  }

  let embedded: EmbeddedDatabase | undefined;
  try {
    progress(`opening the embedded database in ${config.dataDir}`);
    embedded = await startEmbeddedDatabase(config.dataDir, {
      // The database's worker died: nothing can be served; free the folder for the next start.
      onCrash: (error) => {
        releaseLock(config.dataDir);
        endProcessOnCrash(error);
      },
    });
    publishSocket(config.dataDir, embedded.host, embedded.port);
    const pool = createPool(embedded.url);
    const applied = await migrate(pool);
    if (applied.length) progress(`applied migrations: ${applied.join(', ')}`);
    const running = embedded;
    return {
      pool,
      kind: 'pglite',
      url: running.url,
      async close() {
        await pool.end();
        await running.stop();
        releaseLock(config.dataDir);
      },
    };
  } catch (e) {
    await embedded?.stop().catch(() => {});
    releaseLock(config.dataDir);
    throw e;
  }
}

/** The holder writes its port once its socket listens (first start takes a while). */
async function waitForSocket(dataDir: string, pid: number): Promise<number> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const info = readLock(dataDir);
    if (info?.pid === pid && info.port) return info.port;
    if (!isProcessAlive(pid)) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`process ${pid} holds ${dataDir} but does not serve its database`);
}

/** Runs `fn` in one transaction on one connection. */
export async function inTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

export type Queryable = Pick<pg.Pool, 'query'>;
