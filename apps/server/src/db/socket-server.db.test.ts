import { connect as netConnect, type Socket } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { EmbeddedSocketServer, endsUnit, ReadyForQueryFilter, splitMessages } from './socket-server';

/**
 * The embedded database's socket server: many `pg` connections share one PGlite session.
 * Runs on every pass (also with DATABASE_URL set) because it tests the embedded path itself.
 */
let db: PGlite;
let server: EmbeddedSocketServer;
let port: number;
const connect = (max: number) =>
  new pg.Pool({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres', max });

beforeAll(async () => {
  db = await PGlite.create();
  server = new EmbeddedSocketServer(db);
  port = await server.listen('127.0.0.1');
});
afterAll(async () => {
  await server.stop();
  await db.close();
});

describe('splitMessages', () => {
  const typed = (type: string, body: string) => {
    const b = Buffer.from(body);
    const head = Buffer.alloc(5);
    head.write(type, 0);
    head.writeInt32BE(4 + b.length, 1);
    return Buffer.concat([head, b]);
  };
  const untyped = (code: number, extra = Buffer.alloc(0)) => {
    const head = Buffer.alloc(8);
    head.writeInt32BE(8 + extra.length, 0);
    head.writeInt32BE(code, 4);
    return Buffer.concat([head, extra]);
  };

  it('answers an SSL request, then reads the startup message and typed messages', () => {
    const startup = untyped(196608, Buffer.from('user\0postgres\0\0'));
    const parse = typed('P', '\0SELECT 1\0\0\0');
    const all = Buffer.concat([untyped(80877103), startup, parse, typed('S', '')]);
    const r = splitMessages(all, false);
    expect(r.messages.map((m) => m.kind)).toEqual(['refuseEncryption', 'startup', 'message', 'message']);
    expect(r.started).toBe(true);
    expect(r.rest.length).toBe(0);
    expect(r.messages.map(endsUnit)).toEqual([false, true, false, true]);
  });

  it('keeps an incomplete message until the rest arrives, byte by byte', () => {
    const bind = typed('B', 'x'.repeat(1000));
    let rest: Buffer<ArrayBufferLike> = Buffer.alloc(0);
    const seen: number[] = [];
    for (const byte of Buffer.concat([bind, typed('Q', 'SELECT 1\0')])) {
      const r = splitMessages(Buffer.concat([rest, Buffer.from([byte])]), true);
      rest = r.rest;
      for (const m of r.messages) if (m.kind === 'message') seen.push(m.type, m.bytes.length);
    }
    expect(seen).toEqual(['B'.charCodeAt(0), bind.length, 'Q'.charCodeAt(0), 14]);
    expect(rest.length).toBe(0);
  });
});

describe('ReadyForQueryFilter', () => {
  const msg = (type: string, body = '') => {
    const b = Buffer.from(body);
    const head = Buffer.alloc(5);
    head.write(type, 0);
    head.writeInt32BE(4 + b.length, 1);
    return Buffer.concat([head, b]);
  };
  const ready = (status: string) => msg('Z', status);
  const names = (bytes: Buffer) => {
    const out: string[] = [];
    for (let o = 0; o < bytes.length; o += 1 + bytes.readInt32BE(o + 1))
      out.push(
        bytes[o] === 0x5a
          ? `Z:${String.fromCharCode(bytes[o + 5] as number)}`
          : String.fromCharCode(bytes[o] as number),
      );
    return out;
  };
  /** Feeds the answer in pieces cut at `cuts` and returns what was passed on. */
  const filtered = (answer: Buffer, endedUnit: boolean, cuts: number[] = []) => {
    const out: Buffer[] = [];
    const filter = new ReadyForQueryFilter((b) => out.push(Buffer.from(b)));
    let from = 0;
    for (const to of [...cuts, answer.length]) {
      filter.push(answer.subarray(from, to));
      from = to;
    }
    filter.end(endedUnit);
    return Buffer.concat(out);
  };

  // What PGlite sends for Parse, Bind (failing), Describe, Execute, Sync in a transaction.
  const failed = Buffer.concat([msg('1'), msg('E', 'SERROR\0'), ready('E'), ready('E')]);
  const rows = Buffer.concat([
    msg('1'),
    msg('2'),
    msg('T', 'x'.repeat(40)),
    msg('D', 'y'.repeat(300)),
    msg('C', 'SELECT 1\0'),
    ready('I'),
  ]);

  it('passes on only the last ReadyForQuery of a batch that ends a unit of work', () => {
    expect(names(filtered(failed, true))).toEqual(['1', 'E', 'Z:E']);
    expect(filtered(rows, true)).toEqual(rows);
    // A batch that ended with a Flush: the client gets its ReadyForQuery with the Sync's batch.
    expect(names(filtered(failed, false))).toEqual(['1', 'E']);
    expect(names(filtered(Buffer.concat([msg('E', 'x'), ready('I')]), true))).toEqual(['E', 'Z:I']);
  });

  it('gives the same bytes wherever PGlite cuts its answer into chunks', () => {
    for (const [answer, expected] of [
      [failed, Buffer.concat([msg('1'), msg('E', 'SERROR\0'), ready('E')])],
      [rows, rows],
    ] as const) {
      const wrong: number[][] = [];
      const check = (cuts: number[]) => {
        if (!filtered(answer, true, cuts).equals(expected)) wrong.push(cuts);
      };
      // Anywhere once, and twice close together (a header cut in three).
      for (let a = 0; a <= answer.length; a++) {
        check([a]);
        for (let b = a + 1; b <= Math.min(a + 6, answer.length); b++) check([a, b]);
      }
      check(Array.from({ length: answer.length }, (_, i) => i)); // one byte at a time
      expect(wrong).toEqual([]);
    }
  });
});

describe('many connections on one PGlite session', () => {
  it('answers each connection with its own statement while large parameters arrive in pieces', async () => {
    // A Bind of 2 MB arrives in many TCP chunks; other connections' statements must not run in
    // between its Parse and its Bind (the unnamed statement would be theirs).
    const pool = connect(8);
    const big = 'x'.repeat(2_000_000);
    const answers = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        try {
          const r =
            i % 5 === 0
              ? await pool.query('SELECT $1::int AS n, length($2::text) AS l FROM generate_series(1, 3)', [
                  i,
                  big,
                ])
              : await pool.query('SELECT $1::int AS n, 0 AS l FROM generate_series(1, 3)', [i]);
          return r.rows.every((row) => row.n === i && row.l === (i % 5 === 0 ? big.length : 0)) &&
            r.rows.length === 3
            ? 'own'
            : 'other';
        } catch (error) {
          return (error as Error).message;
        }
      }),
    );
    await pool.end();
    expect(answers.filter((a) => a !== 'own')).toEqual([]);
  });

  it('keeps other connections out of an open transaction until it ends', async () => {
    const pool = connect(4);
    await pool.query('CREATE TABLE IF NOT EXISTS t_tx (n int)');
    const a = await pool.connect();
    await a.query('BEGIN');
    await a.query('INSERT INTO t_tx VALUES (1)');
    const order: string[] = [];
    // Issued while A's transaction is open: must wait, and must not see A's uncommitted row.
    const other = pool.query('SELECT count(*)::int AS n FROM t_tx').then((r) => {
      order.push('other');
      return r.rows[0].n as number;
    });
    await new Promise((r) => setTimeout(r, 100));
    order.push('rollback');
    await a.query('ROLLBACK');
    a.release();
    expect(await other).toBe(0);
    expect(order).toEqual(['rollback', 'other']);
    await pool.end();
  });

  it('rolls back and frees the session when a connection leaves inside its transaction', async () => {
    const lone = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
    lone.on('error', () => {}); // the test ends it by force
    await lone.connect();
    await lone.query('CREATE TABLE IF NOT EXISTS t_gone (n int)');
    await lone.query('BEGIN');
    await lone.query('INSERT INTO t_gone VALUES (1)');
    const pool = connect(2);
    const waiting = pool.query('SELECT count(*)::int AS n FROM t_gone');
    // The client's socket goes away without COMMIT or ROLLBACK.
    (lone as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    expect((await waiting).rows[0].n).toBe(0);
    expect((await pool.query('SELECT 1 AS one')).rows[0].one).toBe(1);
    await pool.end();
    await lone.end().catch(() => {});
  });
});

/** Frontend messages written by hand, so that a test decides exactly what goes in each write. */
const wire = {
  typed(type: string, ...parts: Buffer[]) {
    const body = Buffer.concat(parts);
    const head = Buffer.alloc(5);
    head.write(type, 0);
    head.writeInt32BE(4 + body.length, 1);
    return Buffer.concat([head, body]);
  },
  cstr: (s: string) => Buffer.from(`${s}\0`),
  int16(n: number) {
    const b = Buffer.alloc(2);
    b.writeInt16BE(n);
    return b;
  },
  int32(n: number) {
    const b = Buffer.alloc(4);
    b.writeInt32BE(n);
    return b;
  },
  startup() {
    const body = Buffer.concat([wire.int32(196608), Buffer.from('user\0postgres\0database\0postgres\0\0')]);
    return Buffer.concat([wire.int32(4 + body.length), body]);
  },
  query: (sql: string) => wire.typed('Q', wire.cstr(sql)),
  parse: (sql: string) => wire.typed('P', wire.cstr(''), wire.cstr(sql), wire.int16(0)),
  /** Text parameters, text results. */
  bind: (values: string[]) =>
    wire.typed(
      'B',
      wire.cstr(''),
      wire.cstr(''),
      wire.int16(0),
      wire.int16(values.length),
      ...values.flatMap((v) => [wire.int32(Buffer.byteLength(v)), Buffer.from(v)]),
      wire.int16(0),
    ),
  describe: () => wire.typed('D', Buffer.from('P\0')),
  execute: () => wire.typed('E', wire.cstr(''), wire.int32(0)),
  flush: () => wire.typed('H'),
  sync: () => wire.typed('S'),
  /** Parse, Bind, Describe, Execute, Sync: what `pg` sends for a query with parameters. */
  extended: (sql: string, values: string[]) =>
    Buffer.concat([wire.parse(sql), wire.bind(values), wire.describe(), wire.execute(), wire.sync()]),
};

/**
 * A connection that speaks the wire protocol itself and lists what the backend sends: message
 * types, with the transaction status after Z ('Z:T'), the text of DataRows ('D:mine') and the
 * tag of CommandCompletes ('C:ROLLBACK').
 */
async function rawConnection() {
  const socket: Socket = netConnect(port, '127.0.0.1');
  const received: string[] = [];
  let pending = Buffer.alloc(0);
  let waiter: (() => void) | null = null;
  socket.on('data', (data) => {
    pending = Buffer.concat([pending, data]);
    while (pending.length >= 5) {
      const length = 1 + pending.readInt32BE(1);
      if (pending.length < length) break;
      const type = String.fromCharCode(pending[0] as number);
      const body = pending.subarray(5, length);
      if (type === 'Z') received.push(`Z:${String.fromCharCode(body[0] as number)}`);
      else if (type === 'C') received.push(`C:${body.toString('utf8', 0, body.length - 1)}`);
      else if (type === 'D') {
        const len = body.readInt32BE(2);
        received.push(len < 0 ? 'D:null' : `D:${body.toString('utf8', 6, 6 + len)}`);
      } else received.push(type);
      pending = pending.subarray(length);
    }
    waiter?.();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  /** Waits until `done` holds for what has arrived (5 s at most), then a little longer for extras. */
  const until = async (done: (r: string[]) => boolean) => {
    const deadline = Date.now() + 5000;
    while (!done(received) && Date.now() < deadline)
      await new Promise<void>((resolve) => {
        waiter = resolve;
        setTimeout(resolve, 50);
      });
    await new Promise((r) => setTimeout(r, 50));
    return received.splice(0);
  };
  onTestFinished(() => {
    socket.destroy();
  });
  socket.write(wire.startup());
  await until((r) => r.some((m) => m.startsWith('Z')));
  return { socket, until, send: (...parts: Buffer[]) => socket.write(Buffer.concat(parts)) };
}

describe('errors in the extended protocol', () => {
  // The int4 parameter is out of range: the Bind fails, the backend skips Describe and Execute
  // and answers the Sync with one ReadyForQuery. PGlite itself sends a second one right after
  // the ErrorResponse; a client then takes it as the end of its NEXT query, and every answer
  // after it lands on the query after the one it belongs to (another request's rows).
  const failing = () => wire.extended('INSERT INTO t_ext (n) VALUES ($1)', ['99999999999']);

  it('answers each Sync with exactly one ReadyForQuery, also after an error in a transaction', async () => {
    const c = await rawConnection();
    c.send(wire.query('CREATE TABLE IF NOT EXISTS t_ext (n int4)'));
    await c.until((r) => r.includes('Z:I'));
    c.send(
      wire.query('BEGIN'),
      failing(),
      wire.extended('SELECT $1::text', ['in aborted transaction']),
      wire.query('ROLLBACK'),
      wire.extended('SELECT $1::text', ['mine']),
    );
    const got = await c.until((r) => r.includes('D:mine') && r.at(-1)?.startsWith('Z') === true);
    expect(got).toEqual([
      'C:BEGIN',
      'Z:T',
      '1', // ParseComplete; the Bind fails
      'E',
      'Z:E',
      'E', // the Parse of a statement in an aborted transaction fails
      'Z:E',
      'C:ROLLBACK',
      'Z:I',
      '1',
      '2',
      'T',
      'D:mine',
      'C:SELECT 1',
      'Z:I',
    ]);
  });

  it('answers each Sync with exactly one ReadyForQuery, outside a transaction and unit by unit', async () => {
    const c = await rawConnection();
    for (const [i, unit] of [failing(), wire.extended('SELECT $1::text', ['mine'])].entries()) {
      // Each message in its own write: PGlite answered the Bind's error with a ReadyForQuery.
      for (const m of splitMessages(unit, true).messages) if (m.kind === 'message') c.send(m.bytes);
      const got = await c.until((r) => r.includes('Z:I'));
      expect(got).toEqual(i === 0 ? ['1', 'E', 'Z:I'] : ['1', '2', 'T', 'D:mine', 'C:SELECT 1', 'Z:I']);
    }
  });

  it('sends no ReadyForQuery before the Sync when the client flushes after an error', async () => {
    const c = await rawConnection();
    const unit = splitMessages(failing(), true).messages.flatMap((m) =>
      m.kind === 'message' ? [m.bytes] : [],
    );
    c.send(...unit.slice(0, -1), wire.flush()); // Parse, Bind, Describe, Execute, Flush
    expect(await c.until((r) => r.includes('E'))).toEqual(['1', 'E']);
    c.send(wire.sync());
    expect(await c.until((r) => r.includes('Z:I'))).toEqual(['Z:I']);
  });

  it('answers a simple Query whose second statement fails with one ReadyForQuery', async () => {
    const c = await rawConnection();
    c.send(wire.query("SELECT 'a'; SELECT 1/0; SELECT 'b'"), wire.extended('SELECT $1::text', ['mine']));
    expect(await c.until((r) => r.includes('D:mine') && r.at(-1) === 'Z:I')).toEqual([
      'T',
      'D:a',
      'C:SELECT 1',
      'E',
      'Z:I',
      '1',
      '2',
      'T',
      'D:mine',
      'C:SELECT 1',
      'Z:I',
    ]);
  });
});
