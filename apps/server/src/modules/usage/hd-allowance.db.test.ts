import { TileStatus } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness';
import { HdAllowance, utcDayOf } from './hd-allowance';
import { UsageRepository } from './usage.repository';

// The HD allowance: full HD passes and counts, no allowance is 403, a spent day is 602, and the
// last tile of a day goes to one request only, however many ask at once.

let h: Harness;
let repository: UsageRepository;

beforeAll(async () => {
  h = await startHarness();
  repository = new UsageRepository(h.pool);
});

async function userWith(allowance: { hd_daily_tiles?: number | null; full_hd?: boolean }) {
  const { userId } = await h.signedIn();
  await repository.setAllowance(userId, allowance);
  return userId;
}

const hdTilesToday = async (userId: number) => {
  const days = await repository.days(userId, utcDayOf(new Date()), utcDayOf(new Date()));
  return days[0]?.hd_tiles ?? 0;
};

describe('HdAllowance.take', () => {
  it('passes a daily allowance tile by tile, then answers 602 and counts no more', async () => {
    const userId = await userWith({ hd_daily_tiles: 3 });
    const hd = new HdAllowance(repository, 500);
    expect([await hd.take(userId), await hd.take(userId), await hd.take(userId)]).toEqual([200, 200, 200]);
    expect(await hd.take(userId)).toBe(TileStatus.HdQuotaSpent);
    expect(await hdTilesToday(userId)).toBe(3);
  });

  it('starts again on the next UTC day', async () => {
    const userId = await userWith({ hd_daily_tiles: 1 });
    let now = new Date('2026-03-01T23:59:59Z');
    const hd = new HdAllowance(repository, 500, () => now);
    expect(await hd.take(userId)).toBe(200);
    expect(await hd.take(userId)).toBe(602);
    now = new Date('2026-03-02T00:00:00Z');
    expect(await hd.take(userId)).toBe(200);
  });

  it('uses the server default when the account has none of its own', async () => {
    const userId = await userWith({ hd_daily_tiles: null });
    const hd = new HdAllowance(repository, 2);
    expect([await hd.take(userId), await hd.take(userId), await hd.take(userId)]).toEqual([200, 200, 602]);
  });

  it('refuses every HD tile with 403 when the allowance is 0 and there is no full HD', async () => {
    const userId = await userWith({ hd_daily_tiles: 0 });
    expect(await new HdAllowance(repository, 500).take(userId)).toBe(TileStatus.HdNotSubscribed);
    expect(await hdTilesToday(userId)).toBe(0);
    // the default of 0 says the same for accounts without their own number
    const other = await userWith({ hd_daily_tiles: null });
    expect(await new HdAllowance(repository, 0).take(other)).toBe(403);
  });

  it('passes and counts every tile with full HD, whatever the daily allowance', async () => {
    const userId = await userWith({ hd_daily_tiles: 0, full_hd: true });
    const hd = new HdAllowance(repository, 0);
    for (let i = 0; i < 4; i++) expect(await hd.take(userId)).toBe(200);
    expect(await hdTilesToday(userId)).toBe(4);
  });

  it('passes and counts every tile with -1 (unlimited)', async () => {
    const userId = await userWith({ hd_daily_tiles: -1 });
    const hd = new HdAllowance(repository, 0);
    for (let i = 0; i < 5; i++) expect(await hd.take(userId)).toBe(200);
    expect(await hdTilesToday(userId)).toBe(5);
  });

  it('gives the last tile of the day to exactly one of many concurrent requests', async () => {
    const userId = await userWith({ hd_daily_tiles: 5 });
    const hd = new HdAllowance(repository, 500);
    expect(await hd.take(userId)).toBe(200);
    for (let i = 0; i < 3; i++) await hd.take(userId);
    // one tile left, eight requests at once (the pool has four connections: they overlap)
    const answers = await Promise.all(Array.from({ length: 8 }, () => hd.take(userId)));
    expect(answers.filter((s) => s === 200)).toHaveLength(1);
    expect(answers.filter((s) => s === 602)).toHaveLength(7);
    expect(await hdTilesToday(userId)).toBe(5);
  });

  it("counts one user's tiles apart from another's", async () => {
    const a = await userWith({ hd_daily_tiles: 1 });
    const b = await userWith({ hd_daily_tiles: 1 });
    const hd = new HdAllowance(repository, 500);
    expect(await hd.take(a)).toBe(200);
    expect(await hd.take(a)).toBe(602);
    expect(await hd.take(b)).toBe(200);
  });
});
