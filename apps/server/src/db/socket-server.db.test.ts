import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedSocketServer, endsUnit, splitMessages } from './socket-server';

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
