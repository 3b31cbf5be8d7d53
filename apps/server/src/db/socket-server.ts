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
 * shapefiles at once). Here a connection owns the session from its first message until its unit
 * of work ends — a Sync (extended protocol) or a simple Query — and, while a transaction it began
 * is open, until the transaction ends.
 */

const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'
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
  /** Inside a unit of work: messages sent since the last Sync / Query. */
  midUnit: boolean;
  closed: boolean;
}

type Job = { connection: Connection; bytes: Buffer; ends: boolean } | { connection: Connection; close: true };

export class EmbeddedSocketServer {
  private readonly server: Server;
  private readonly connections = new Set<Connection>();
  private queue: Job[] = [];
  /** The connection that holds the session (mid-unit, or in its transaction); null: anyone. */
  private owner: Connection | null = null;
  private draining = false;

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

  async stop(): Promise<void> {
    for (const c of this.connections) c.socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: Socket) {
    socket.setNoDelay(true);
    const connection: Connection = { socket, midUnit: false, closed: false };
    this.connections.add(connection);
    let buffer: Buffer<ArrayBufferLike> = Buffer.alloc(0);
    let started = false;
    const close = () => {
      if (connection.closed) return;
      connection.closed = true;
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
        else if (m.kind !== 'cancel') this.push({ connection, bytes: m.bytes, ends: endsUnit(m) });
      }
    });
    socket.on('close', close);
    socket.on('error', close);
  }

  private push(job: Job) {
    this.queue.push(job);
    void this.drain();
  }

  /** Runs queued jobs one at a time; while a connection holds the session, only its jobs. */
  private async drain() {
    if (this.draining) return;
    this.draining = true;
    try {
      for (;;) {
        const owner = this.owner;
        const i = owner ? this.queue.findIndex((job) => job.connection === owner) : 0;
        if (i < 0 || i >= this.queue.length) break;
        const [job] = this.queue.splice(i, 1) as [Job];
        if ('close' in job) {
          if (this.owner === job.connection) await this.release(job.connection);
          continue;
        }
        const { connection } = job;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(job.bytes, {
              onRawData: (data) => {
                if (!connection.closed && connection.socket.writable)
                  connection.socket.write(Buffer.from(data));
              },
            }),
          );
        } catch (error) {
          // PGlite itself failed (not an SQL error, which is an ordinary answer): drop the client.
          connection.socket.destroy(error as Error);
        }
        connection.midUnit = !job.ends;
        this.owner = connection.midUnit || this.db.isInTransaction() ? connection : null;
      }
    } finally {
      this.draining = false;
    }
  }

  /** A connection gone while holding the session: end its unit and roll back its transaction. */
  private async release(connection: Connection) {
    const discard = { onRawData: () => {} };
    await this.db.runExclusive(async () => {
      if (connection.midUnit) await this.db.execProtocolRawStream(syncMessage, discard);
      if (this.db.isInTransaction()) await this.db.execProtocolRawStream(simpleQuery('ROLLBACK'), discard);
    });
    this.owner = null;
  }
}
