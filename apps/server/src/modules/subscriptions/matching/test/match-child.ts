/**
 * The process the kill -9 test kills: opens the database of DATA_DIR / DATABASE_URL (the embedded
 * one in this process, as the server holds it) and matches every waiting arrival in batches of
 * MATCH_BATCH_SIZE. It prints `begin` when a batch's transaction has begun and `commit` when it
 * committed, so the test can kill it inside a transaction; `done` at the end.
 */
import type pg from 'pg';
import { loadConfig } from '../../../../config';
import { openDatabase } from '../../../../db/database';
import { overlayFor } from '../../../areas';
import { MatchingRepository } from '../matching.repository';
import { MatchingService } from '../matching.service';

const config = loadConfig(process.env);
const db = await openDatabase(config, { mode: 'own' });

/** The pool with its transactions announced on stdout. */
function announcing(pool: pg.Pool): pg.Pool {
  const connect = pool.connect.bind(pool);
  const wrapped = async () => {
    const client = await connect();
    const query = client.query.bind(client) as (text: string, values?: unknown[]) => Promise<unknown>;
    (client as { query: unknown }).query = async (text: string, values?: unknown[]) => {
      const result = await query(text, values);
      if (text === 'BEGIN') process.stdout.write('begin\n');
      if (text === 'COMMIT') process.stdout.write('commit\n');
      return result;
    };
    return client;
  };
  return Object.assign(Object.create(pool), { connect: wrapped }) as pg.Pool;
}

const matching = new MatchingService(announcing(db.pool), new MatchingRepository(overlayFor(db.kind)), {
  batchSize: config.subscriptions.matchBatchSize,
});
const outcome = await matching.matchPending();
process.stdout.write(`done ${JSON.stringify(outcome)}\n`);
await db.close();
