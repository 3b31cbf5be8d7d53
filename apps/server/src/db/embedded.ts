import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { postgis } from '@electric-sql/pglite-postgis';
import { EmbeddedSocketServer } from './socket-server';

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
  // The socket server gives the one session to one connection at a time, for a whole
  // unit of work or transaction, so several pool connections are safe; transactions must stay short.
  const server = new EmbeddedSocketServer(db);
  const port = await server.listen(host);
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
