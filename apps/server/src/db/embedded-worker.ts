import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { postgis } from '@electric-sql/pglite-postgis';
import { EmbeddedSocketServer } from './socket-server';

/**
 * The embedded database's worker thread (started by `startEmbeddedDatabase`, through
 * embedded-worker-entry.mjs): PGlite + PostGIS and the socket server run here, so that PGlite's
 * statements, which run synchronously in WebAssembly, block this thread and not the server's
 * event loop.
 *
 * Messages: the worker posts `listening` with its port once it serves; on `stop` it closes the
 * socket server and PGlite (the data folder stays durable), posts `stopped` and ends. Failures
 * are not caught here: an error thrown while opening or stopping ends the worker, and its parent
 * gets it as the Worker's `error` event.
 */
export interface WorkerInput {
  dataDir: string | undefined;
  host: string;
}
export type ToWorker = { type: 'stop' };
export type FromWorker = { type: 'listening'; port: number } | { type: 'stopped' };

const parent = parentPort;
if (!parent) throw new Error('embedded-worker.ts runs in a worker thread: use startEmbeddedDatabase');
const { dataDir, host } = workerData as WorkerInput;

const db = await PGlite.create({
  ...(dataDir ? { dataDir: join(dataDir, 'pgdata') } : {}),
  // btree_gist: the scenes' index on footprint and time (migration 005).
  extensions: { postgis, btree_gist },
});
// The socket server gives the one session to one connection at a time, for a whole
// unit of work or transaction, so several pool connections are safe; transactions must stay short.
const server = new EmbeddedSocketServer(db);
const port = await server.listen(host);

parent.on('message', (message: ToWorker) => {
  if (message.type !== 'stop') return;
  // A rejection here is unhandled on purpose: it ends the worker with the error (see above).
  void (async () => {
    await server.stop();
    await db.close();
    parent.postMessage({ type: 'stopped' } satisfies FromWorker);
    parent.close();
  })();
});
parent.postMessage({ type: 'listening', port } satisfies FromWorker);
