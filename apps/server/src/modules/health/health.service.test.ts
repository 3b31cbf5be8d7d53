import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/database';
import { HealthService } from './health.service';

/** A database whose next `SELECT 1` answers only when the test says so (a long statement ahead of it). */
function heldDatabase() {
  let release: (() => void) | undefined;
  let fail: ((e: Error) => void) | undefined;
  let hold = false;
  const db = {
    query: () =>
      hold
        ? new Promise((resolve, reject) => {
            release = () => resolve({ rows: [] });
            fail = reject;
          })
        : Promise.resolve({ rows: [] }),
  } as unknown as Queryable;
  return {
    db,
    hold: () => {
      hold = true;
    },
    release: () => release?.(),
    fail: (e: Error) => fail?.(e),
  };
}

describe('health', () => {
  it('answers from the last answer while the database is busy, and says so', async () => {
    let now = 1_000_000;
    const d = heldDatabase();
    const health = new HealthService(d.db, 'pglite', 'v', { waitMs: 1, now: () => now });
    expect(await health.check()).toMatchObject({ db: 'pglite', version: 'v', dbBusy: false });
    d.hold();
    now += 5_000;
    // The SELECT 1 is still waiting: the call answers without it, from the answer 5 s ago.
    const busy = await health.check();
    expect(busy).toEqual({
      db: 'pglite',
      version: 'v',
      dbCheckedAt: new Date(1_000_000).toISOString(),
      dbBusy: true,
    });
    d.release();
  });

  it('waits for the database when its last answer is too old, and reports a failure', async () => {
    let now = 0;
    const d = heldDatabase();
    const health = new HealthService(d.db, 'postgres', 'v', {
      waitMs: 1,
      staleAfterMs: 60_000,
      now: () => now,
    });
    await health.check();
    d.hold();
    now += 61_000;
    let settled = false;
    const pending = health.check().finally(() => {
      settled = true;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    d.fail(new Error('connection refused'));
    await expect(pending).rejects.toThrow();
  });

  it('never answered: waits for the first answer', async () => {
    const d = heldDatabase();
    d.hold();
    const health = new HealthService(d.db, 'pglite', 'v', { waitMs: 1 });
    let settled = false;
    const pending = health.check().then((r) => {
      settled = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    d.release();
    expect((await pending).dbBusy).toBe(false);
  });
});
