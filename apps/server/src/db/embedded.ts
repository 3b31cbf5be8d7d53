import { Worker } from 'node:worker_threads';
import type { FromWorker, ToWorker, WorkerInput } from './embedded-worker';

/**
 * The embedded default (DESIGN §1): PGlite with PostGIS, served on a loopback
 * socket so that every caller uses the ordinary `pg` driver and the same SQL as
 * on PostgreSQL. `dataDir` undefined keeps the database in memory (tests).
 *
 * PGlite and its socket server run in a worker thread (embedded-worker.ts): PGlite runs each
 * statement synchronously, and in the server's own thread a heavy one (an upload's shaping, a
 * large archive search) held up every request meanwhile (issue 11, denial of service).
 */
export interface EmbeddedDatabase {
  host: string;
  port: number;
  url: string;
  /** Closes the socket server and PGlite in the worker (the data folder stays durable) and ends it. */
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /**
   * The worker ended while it served (an uncaught error in it, its memory exhausted …): the
   * database is gone. Default: `endProcessOnCrash`.
   */
  onCrash?: (error: Error) => void;
}

/**
 * A server without its database can answer nothing: say why on stderr and end the process with
 * code 1, so that `npm start` stops visibly and a supervisor restarts it.
 */
export function endProcessOnCrash(error: Error): never {
  console.error(`[satportal] ${error.message}; exiting`);
  process.exit(1);
}

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const workerEntry = new URL('./embedded-worker-entry.mjs', import.meta.url);

/** Starts the worker; rejects when it fails before it serves (its error as `cause`). */
export async function startEmbeddedDatabase(
  dataDir: string | undefined,
  options: EmbeddedOptions = {},
): Promise<EmbeddedDatabase> {
  const onCrash = options.onCrash ?? endProcessOnCrash;
  const host = '127.0.0.1';
  const worker = new Worker(workerEntry, { workerData: { dataDir, host } satisfies WorkerInput });
  let phase: 'starting' | 'serving' | 'stopping' | 'ended' = 'starting';
  let failure: Error | undefined;
  const listening = deferred<number>();
  const stopped = deferred<void>();
  const reason = (code: number) => failure?.message ?? `exit code ${code}`;

  worker.on('error', (error) => {
    failure ??= error;
  });
  worker.on('message', (message: FromWorker) => {
    if (message.type === 'listening') {
      phase = 'serving';
      listening.resolve(message.port);
    } else if (message.type === 'stopped') stopped.resolve();
  });
  worker.on('exit', (code) => {
    const was = phase;
    phase = 'ended';
    if (was === 'starting')
      listening.reject(new Error(`the embedded database did not start: ${reason(code)}`, { cause: failure }));
    else if (was === 'serving') {
      stopped.resolve(); // nothing left to stop
      onCrash(new Error(`the embedded database stopped unexpectedly: ${reason(code)}`, { cause: failure }));
    } else if (was === 'stopping') {
      if (code === 0 && !failure) stopped.resolve();
      else
        stopped.reject(
          new Error(`the embedded database did not stop cleanly: ${reason(code)}`, { cause: failure }),
        );
    }
  });

  const port = await listening.promise;
  return {
    host,
    port,
    url: embeddedUrl(host, port),
    async stop() {
      if (phase === 'serving') {
        phase = 'stopping';
        worker.postMessage({ type: 'stop' } satisfies ToWorker);
      }
      await stopped.promise;
      // PGlite is closed: end the thread even if something in it would keep it alive.
      await worker.terminate();
    },
  };
}

export const embeddedUrl = (host: string, port: number) => `postgres://postgres@${host}:${port}/postgres`;
