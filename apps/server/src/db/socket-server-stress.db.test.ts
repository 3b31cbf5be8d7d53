import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../test/database';
import { inTransaction } from './database';

/**
 * The socket server under a pool's load on the shared test database (on the embedded default the
 * server's own path: PGlite in its worker thread, PostGIS): transactions that fail half way beside
 * other connections. Apart from `socket-server.db.test.ts`, which drives one PGlite by hand.
 */

/**
 * Clients of one pool: one runs transactions that fail half way (as the server's `inTransaction`
 * does: BEGIN, statements, ROLLBACK on error), the others run SELECTs whose answer names their
 * caller. No caller may get an answer that is not its own, and `pg` may report no protocol error
 * ("Received unexpected commandComplete message from backend").
 */
async function failingTransactionsBesideReaders(
  url: string,
  failure: { statement: string; values: unknown[]; error: RegExp },
  rounds: number,
) {
  const pool = new pg.Pool({
    connectionString: url,
    max: 4,
    // A client that lost track of its answers waits forever: a problem, not a hung test.
    query_timeout: 10_000,
  });
  const problems: string[] = [];
  pool.on('error', (error) => problems.push(`idle client: ${error.message}`));
  pool.on('connect', (client) => client.on('error', (error) => problems.push(`client: ${error.message}`)));
  const writer = async () => {
    for (let i = 0; i < rounds; i++) {
      try {
        await inTransaction(pool, async (client) => {
          const own = await client.query('SELECT $1::int AS n', [i]);
          if (own.rows[0]?.n !== i) problems.push(`writer ${i}: got ${JSON.stringify(own.rows)}`);
          await client.query(failure.statement, failure.values);
        });
        problems.push(`writer ${i}: the failing statement succeeded`);
      } catch (error) {
        if (!failure.error.test((error as Error).message))
          problems.push(`writer ${i}: ${(error as Error).message}`);
      }
    }
  };
  const reader = async (id: number) => {
    for (let i = 0; i < rounds * 2; i++) {
      const me = `reader ${id} call ${i}`;
      try {
        const r = await pool.query('SELECT $1::text AS me FROM generate_series(1, 2)', [me]);
        if (r.rows.length !== 2 || r.rows.some((row) => row.me !== me))
          problems.push(`${me}: got ${JSON.stringify(r.rows)}`);
      } catch (error) {
        problems.push(`${me}: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all([writer(), reader(1), reader(2), reader(3)]);
  await pool.end();
  return problems;
}

describe('a transaction failing half way beside other connections', () => {
  // On the shared database, which on the embedded default is the server's own path: PGlite +
  // PostGIS in the worker thread. Across threads the client could read PGlite's extra
  // ReadyForQuery before the Sync's one and send its ROLLBACK in between (in this thread both
  // went out in one write, and `pg` took them together, harmlessly).
  it('gives every caller its own answers (int4 out of range)', async () => {
    const problems = await failingTransactionsBesideReaders(
      testDatabaseUrl(),
      {
        statement: 'SELECT $1::int4 AS n',
        values: [99_999_999_999],
        error: /out of range for type integer/,
      },
      150,
    );
    expect(problems).toEqual([]);
  });

  it('gives every caller its own answers (a PostGIS error)', async () => {
    const problems = await failingTransactionsBesideReaders(
      testDatabaseUrl(),
      {
        statement: 'SELECT ST_GeomFromText($1, 4326)::geography AS g',
        values: ['POLYGON((0 0, 180 0, 0 10, 0 0))'],
        error: /Antipodal/,
      },
      150,
    );
    expect(problems).toEqual([]);
  });
});
