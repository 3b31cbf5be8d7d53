import { describe, expect, it } from 'vitest';
import { type ServedSum, UsageLedger } from './usage-ledger';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('UsageLedger', () => {
  it('adds up per user and day and writes them in one call, in user and day order', async () => {
    const writes: ServedSum[][] = [];
    const ledger = new UsageLedger(async (sums) => void writes.push(sums), 60_000);
    ledger.add(7, '2026-11-28', 'tile', 100, 1);
    ledger.add(3, '2026-11-28', 'download', 5000, 1);
    ledger.add(7, '2026-11-28', 'tile', 50, 1);
    ledger.add(7, '2026-11-27', 'download', 20, 0);
    ledger.add(3, '2026-11-28', 'tile', 10, 1);
    expect(ledger.pendingCount).toBe(3);
    await ledger.flush();
    expect(writes).toEqual([
      [
        { userId: 3, day: '2026-11-28', bytes: 5010, tiles: 1, downloads: 1 },
        { userId: 7, day: '2026-11-27', bytes: 20, tiles: 0, downloads: 0 },
        { userId: 7, day: '2026-11-28', bytes: 150, tiles: 2, downloads: 0 },
      ],
    ]);
    expect(ledger.pendingCount).toBe(0);
    await ledger.flush();
    expect(writes).toHaveLength(1);
  });

  it('writes by itself once the interval has passed after the first answer, and not before', async () => {
    const writes: ServedSum[][] = [];
    const ledger = new UsageLedger(async (sums) => void writes.push(sums), 80);
    ledger.add(1, '2026-11-28', 'tile', 10, 1);
    ledger.add(1, '2026-11-28', 'tile', 10, 1);
    expect(writes).toHaveLength(0);
    await expect.poll(() => writes.length, { timeout: 5000 }).toBe(1);
    expect(writes[0]).toEqual([{ userId: 1, day: '2026-11-28', bytes: 20, tiles: 2, downloads: 0 }]);
    ledger.add(1, '2026-11-28', 'tile', 5, 1);
    await expect.poll(() => writes.length, { timeout: 5000 }).toBe(2);
    expect(writes[1]).toEqual([{ userId: 1, day: '2026-11-28', bytes: 5, tiles: 1, downloads: 0 }]);
  });

  it('keeps a failed write and writes it with what came since, once: nothing lost, nothing twice', async () => {
    const writes: ServedSum[][] = [];
    let fail = true;
    const errors: string[] = [];
    const ledger = new UsageLedger(
      async (sums) => {
        if (fail) throw new Error('database away');
        writes.push(sums);
      },
      60_000,
      (e) => errors.push(e.message),
    );
    ledger.add(1, '2026-11-28', 'tile', 10, 1);
    await expect(ledger.flush()).rejects.toThrow('database away');
    ledger.add(1, '2026-11-28', 'tile', 7, 1);
    fail = false;
    await ledger.flush();
    expect(writes).toEqual([[{ userId: 1, day: '2026-11-28', bytes: 17, tiles: 2, downloads: 0 }]]);
  });

  it('a flush asked while another writes waits for it and then writes what came meanwhile', async () => {
    const writes: ServedSum[][] = [];
    const ledger = new UsageLedger(async (sums) => {
      await pause(30);
      writes.push(sums);
    }, 60_000);
    ledger.add(1, '2026-11-28', 'tile', 1, 1);
    const first = ledger.flush();
    await pause(5);
    // The first write is under way: this answer waits for the next.
    ledger.add(2, '2026-11-28', 'tile', 2, 1);
    await ledger.flush();
    // Once the second flush has answered, both writes are done: a report that flushes first reads all.
    expect(writes).toEqual([
      [{ userId: 1, day: '2026-11-28', bytes: 1, tiles: 1, downloads: 0 }],
      [{ userId: 2, day: '2026-11-28', bytes: 2, tiles: 1, downloads: 0 }],
    ]);
    await first;
  });
});
