import { createServer, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database (one PGlite, one backend session) served to many `pg` connections on a
 * loopback socket.
 *
 * Why not `@electric-sql/pglite-socket`'s server: it queues single wire messages from all
 * connections, so one connection's Parse can be followed by another connection's Parse before its
 * own Bind arrives (a large Bind comes in many TCP chunks). The unnamed statement is then the other
 * connection's: the Bind fails ("bind message supplies 2 parameters, but prepared statement ""
 * requires 1") or, with the same number of parameters, runs the OTHER connection's statement and
 * sends its rows to the wrong client. It was seen as uploads answered with no rows (CI, two big
 * shapefiles at once). Here a connection's messages are handed to PGlite in batches, everything up
 * to a Sync, a simple Query or a Flush in one call, and the connection owns the session until its
 * unit of work ends — a Sync (extended protocol) or a simple Query — and, while a transaction it
 * began is open (or failed: status 'E'), until the transaction ends.
 *
 * PGlite answers an error in the extended protocol with a ReadyForQuery at once and then a second
 * one for the Sync (its error recovery asks for one; PostgreSQL sends only the Sync's). A client
 * takes the first as the end of its query and the second as the end of its NEXT one; from then on
 * every answer lands on the query after the one it belongs to — with a pool, another request's
 * (seen as `pg`'s "Received unexpected commandComplete message from backend" and a session check
 * answered with no row). So `ReadyForQueryFilter` passes on only a batch's last ReadyForQuery, and
 * only when the batch ends a unit of work.
 */

const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const FLUSH = 0x48; // 'H'
const TERMINATE = 0x58; // 'X'
const READY_FOR_QUERY = 0x5a; // 'Z'
const PROTOCOL_3 = 196608;
const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;

export type WireMessage =
  | { kind: 'startup'; bytes: Buffer }
  /** SSL or GSS encryption asked for: answered 'N' (loopback only), nothing to forward. */
  | { kind: 'refuseEncryption' }
  /** PGlite has no backend process to signal: dropped, as PostgreSQL expects no answer. */
  | { kind: 'cancel' }
  | { kind: 'message'; type: number; bytes: Buffer };

/**
 * Splits what a connection sent into whole wire messages (pure). Before the startup message
 * messages have no type byte: int32 length, int32 code.
 */
export function splitMessages(
  buffer: Buffer,
  started: boolean,
): { messages: WireMessage[]; rest: Buffer<ArrayBufferLike>; started: boolean } {
  const messages: WireMessage[] = [];
  let offset = 0;
  for (;;) {
    const left = buffer.length - offset;
    if (!started) {
      if (left < 8) break;
      const length = buffer.readInt32BE(offset);
      if (left < length) break;
      const code = buffer.readInt32BE(offset + 4);
      const bytes = buffer.subarray(offset, offset + length);
      offset += length;
      if (code === SSL_REQUEST || code === GSSENC_REQUEST) messages.push({ kind: 'refuseEncryption' });
      else if (code === CANCEL_REQUEST) messages.push({ kind: 'cancel' });
      else {
        if (code !== PROTOCOL_3) throw new Error(`unsupported protocol ${code}`);
        messages.push({ kind: 'startup', bytes: Buffer.from(bytes) });
        started = true;
      }
      continue;
    }
    if (left < 5) break;
    const length = 1 + buffer.readInt32BE(offset + 1);
    if (left < length) break;
    messages.push({
      kind: 'message',
      type: buffer[offset] as number,
      bytes: Buffer.from(buffer.subarray(offset, offset + length)),
    });
    offset += length;
  }
  return { messages, rest: Buffer.from(buffer.subarray(offset)), started };
}

/** Does this message end a unit of work (after it, another connection may use the session)? */
export const endsUnit = (m: WireMessage) =>
  m.kind === 'startup' || (m.kind === 'message' && (m.type === SYNC || m.type === QUERY));

/** Does the client wait for answers after this message (so the batch so far must run now)? */
const endsBatch = (m: WireMessage) => endsUnit(m) || (m.kind === 'message' && m.type === FLUSH);

/**
 * Passes one batch's answer on, message by message as PGlite streams it, except ReadyForQuery:
 * each is held back until the next message shows it was not the batch's last (then it was one of
 * PGlite's extra ones, and is dropped); the last one is passed on by `end` when the batch ended a
 * unit of work, which asks for exactly one. Chunks may end anywhere inside a message.
 */
export class ReadyForQueryFilter {
  /** The start of a message's header (type and length) that the previous chunk cut. */
  private header: Buffer<ArrayBufferLike> = Buffer.alloc(0);
  /** Bytes of the current message's body still to come. */
  private left = 0;
  /** The current message is a ReadyForQuery: its bytes so far. */
  private ready: Buffer[] | null = null;
  /** A whole ReadyForQuery, not yet known to be the batch's last. */
  private held: Buffer | null = null;

  constructor(private readonly write: (bytes: Buffer) => void) {}

  push(data: Uint8Array) {
    // A copy: PGlite's chunks are views of its memory, which the next chunk reuses.
    const chunk = Buffer.concat([this.header, data]);
    this.header = Buffer.alloc(0);
    let i = 0;
    let from = 0; // the bytes from here to i are passed on
    const passTo = (to: number) => {
      if (to > from) this.write(chunk.subarray(from, to));
      from = to;
    };
    while (i < chunk.length) {
      if (this.left > 0) {
        const n = Math.min(this.left, chunk.length - i);
        if (this.ready) {
          this.ready.push(chunk.subarray(i, i + n));
          from = i + n;
        }
        i += n;
        this.left -= n;
        if (this.ready && this.left === 0) this.completeReady();
        continue;
      }
      if (chunk.length - i < 5) {
        // The header goes on in the next chunk.
        passTo(i);
        this.header = chunk.subarray(i);
        from = i = chunk.length;
        break;
      }
      // Another message follows a held ReadyForQuery: that one was not the batch's last.
      this.held = null;
      this.left = chunk.readInt32BE(i + 1) - 4;
      if (chunk[i] === READY_FOR_QUERY) {
        passTo(i);
        this.ready = [chunk.subarray(i, i + 5)];
        i += 5;
        from = i;
        if (this.left === 0) this.completeReady();
      } else {
        this.ready = null;
        i += 5;
      }
    }
    passTo(i);
  }

  private completeReady() {
    this.held = Buffer.concat(this.ready ?? []);
    this.ready = null;
  }

  /** The batch is done: pass on its last ReadyForQuery when it ended a unit of work. */
  end(endedUnit: boolean) {
    if (endedUnit && this.held) this.write(this.held);
    this.held = null;
    this.ready = null;
    this.header = Buffer.alloc(0);
    this.left = 0;
  }
}

const simpleQuery = (sql: string) => {
  const text = Buffer.from(`${sql}\0`, 'utf8');
  const head = Buffer.alloc(5);
  head[0] = QUERY;
  head.writeInt32BE(4 + text.length, 1);
  return Buffer.concat([head, text]);
};
const syncMessage = Buffer.from([SYNC, 0, 0, 0, 4]);

interface Connection {
  readonly socket: Socket;
  /** Messages received since the last batch was queued: they run when the batch is complete. */
  batch: Buffer[];
  /** Inside a unit of work: a batch ran that did not end it (it ended with a Flush). */
  midUnit: boolean;
  closed: boolean;
}

/** `ends`: the batch ends a unit of work (a Sync, a Query, the startup message). */
type Job = { connection: Connection; bytes: Buffer; ends: boolean } | { connection: Connection; close: true };

export class EmbeddedSocketServer {
  private readonly server: Server;
  private readonly connections = new Set<Connection>();
  private queue: Job[] = [];
  /** The connection that holds the session (mid-unit, or in its transaction); null: anyone. */
  private owner: Connection | null = null;
  /** The running drain, if any. */
  private draining: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly db: PGlite) {
    this.server = createServer((socket) => this.accept(socket));
    this.server.maxConnections = 64;
  }

  async listen(host: string): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, host, () => resolve());
    });
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    return address.port;
  }

  /** Closes every connection and waits for the batch that runs, if any: PGlite may close after it. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.queue = [];
    for (const c of this.connections) c.socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    await this.draining;
  }

  private accept(socket: Socket) {
    socket.setNoDelay(true);
    const connection: Connection = { socket, batch: [], midUnit: false, closed: false };
    this.connections.add(connection);
    let buffer: Buffer<ArrayBufferLike> = Buffer.alloc(0);
    let started = false;
    const close = () => {
      if (connection.closed) return;
      connection.closed = true;
      connection.batch = [];
      this.connections.delete(connection);
      // What it still had queued will never be read; its unit or transaction is ended in turn.
      this.queue = this.queue.filter((job) => job.connection !== connection);
      this.push({ connection, close: true });
    };
    socket.on('data', (data) => {
      let split: ReturnType<typeof splitMessages>;
      try {
        split = splitMessages(buffer.length ? Buffer.concat([buffer, data]) : data, started);
      } catch {
        socket.destroy();
        return;
      }
      ({ rest: buffer, started } = split);
      for (const m of split.messages) {
        if (m.kind === 'refuseEncryption') socket.write('N');
        else if (m.kind === 'message' && m.type === TERMINATE) socket.end();
        else if (m.kind !== 'cancel') {
          connection.batch.push(m.bytes);
          if (!endsBatch(m)) continue;
          const bytes = connection.batch.length === 1 ? m.bytes : Buffer.concat(connection.batch);
          connection.batch = [];
          this.push({ connection, bytes, ends: endsUnit(m) });
        }
      }
    });
    socket.on('close', close);
    socket.on('error', close);
  }

  private push(job: Job) {
    if (this.stopped) return;
    this.queue.push(job);
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
    });
  }

  /** Runs queued jobs one at a time; while a connection holds the session, only its jobs. */
  private async drain() {
    while (!this.stopped) {
      const owner = this.owner;
      const i = owner ? this.queue.findIndex((job) => job.connection === owner) : 0;
      if (i < 0 || i >= this.queue.length) break;
      const [job] = this.queue.splice(i, 1) as [Job];
      if ('close' in job) {
        if (this.owner === job.connection) await this.release(job.connection);
        continue;
      }
      const { connection } = job;
      const answer = new ReadyForQueryFilter((bytes) => {
        if (!connection.closed && connection.socket.writable) connection.socket.write(bytes);
      });
      try {
        await this.db.runExclusive(() =>
          this.db.execProtocolRawStream(job.bytes, { onRawData: (data) => answer.push(data) }),
        );
        answer.end(job.ends);
      } catch (error) {
        // PGlite itself failed (not an SQL error, which is an ordinary answer): drop the client.
        connection.socket.destroy(error as Error);
      }
      connection.midUnit = !job.ends;
      this.owner = connection.midUnit || this.db.isInTransaction() ? connection : null;
    }
  }

  /** A connection gone while holding the session: end its unit and roll back its transaction. */
  private async release(connection: Connection) {
    const discard = { onRawData: () => {} };
    try {
      await this.db.runExclusive(async () => {
        if (connection.midUnit) await this.db.execProtocolRawStream(syncMessage, discard);
        if (this.db.isInTransaction()) await this.db.execProtocolRawStream(simpleQuery('ROLLBACK'), discard);
      });
    } finally {
      this.owner = null;
    }
  }
}
