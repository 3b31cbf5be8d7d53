import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { postgis } from '@electric-sql/pglite-postgis';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/**
 * The embedded default (DESIGN §1): PGlite with PostGIS, served on a loopback
 * socket so that every caller uses the ordinary `pg` driver and the same SQL as
 * on PostgreSQL. `dataDir` undefined keeps the database in memory (tests).
 */
export interface EmbeddedDatabase {
  host: string;
  port: number;
  url: string;
  stop(): Promise<void>;
}

export async function startEmbeddedDatabase(dataDir: string | undefined): Promise<EmbeddedDatabase> {
  const db = await PGlite.create({
    ...(dataDir ? { dataDir: join(dataDir, 'pgdata') } : {}),
    // btree_gist: the scenes' index on footprint and time (migration 005).
    extensions: { postgis, btree_gist },
  });
  const host = '127.0.0.1';
  // The socket server queues statements and keeps a transaction on its own connection
  // until it ends, so several pool connections are safe; transactions must stay short.
  const server = new PGLiteSocketServer({ db, host, port: 0, maxConnections: 32 });
  await server.start();
  const port = Number(server.getServerConn().split(':').pop());
  return {
    host,
    port,
    url: embeddedUrl(host, port),
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}

export const embeddedUrl = (host: string, port: number) => `postgres://postgres@${host}:${port}/postgres`;
