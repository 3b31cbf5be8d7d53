import { beforeAll, describe, expect, it } from 'vitest';
import { AccountCommandError } from './cli-accounts';
import { utcDayOf } from './modules/usage';
import { runCliWith } from './test/cli';
import { testDatabaseUrl } from './test/database';
import { type Harness, startHarness } from './test/harness';

/**
 * The operator's allowance commands, run in-process against the test database: set and print an
 * account's HD allowance, full HD and flow limits; print today's usage. Bad values change nothing.
 */
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

const cli = (...args: string[]) =>
  runCliWith({ DATABASE_URL: testDatabaseUrl(), DATA_DIR: h.config.dataDir, HD_DAILY_TILES: '500' }, args);

const allowanceRow = async (userId: number) =>
  (
    await h.pool.query(
      'SELECT flow_quota_bytes::float8 AS flow, day_flow_limit_bytes::float8 AS day, hd_daily_tiles AS hd, full_hd FROM users WHERE id = $1',
      [userId],
    )
  ).rows[0];

describe('operator CLI: allowances and usage', () => {
  it('prints the defaults, sets what is given, keeps the rest, and goes back to the default', async () => {
    const u = await h.signedIn();
    let r = await cli('user', 'quota', u.username);
    expect(r.code).toBe(0);
    expect(r.text).toContain('full HD:          off');
    expect(r.text).toContain('HD tiles a day:   500 (server default)');
    expect(r.text).toContain('day flow limit:   unlimited');
    expect(r.text).toContain('flow quota:       unlimited');
    expect(await allowanceRow(u.userId)).toEqual({ flow: -1, day: -1, hd: null, full_hd: false });

    r = await cli('users', 'quota', u.username, '--hd-tiles', '40', '--day-flow-gb', '2', '--full-hd', 'on');
    expect(r.code).toBe(0);
    expect(r.text).toContain('allowances set');
    expect(r.text).toContain('full HD:          on');
    expect(r.text).toContain('HD tiles a day:   40\n');
    expect(r.text).toContain(`day flow limit:   2 GiB (${2 * 1024 ** 3} bytes)`);
    expect(await allowanceRow(u.userId)).toEqual({ flow: -1, day: 2 * 1024 ** 3, hd: 40, full_hd: true });

    r = await cli('user', 'quota', u.username, '--flow-gb', '0.5', '--hd-tiles=-1', '--full-hd', 'off');
    expect(await allowanceRow(u.userId)).toEqual({
      flow: 1024 ** 3 / 2,
      day: 2 * 1024 ** 3,
      hd: -1,
      full_hd: false,
    });
    expect(r.text).toContain('HD tiles a day:   unlimited');

    await cli('user', 'quota', u.username, '--hd-tiles', 'default', '--day-flow-gb=-1');
    expect(await allowanceRow(u.userId)).toEqual({ flow: 1024 ** 3 / 2, day: -1, hd: null, full_hd: false });
  });

  it('refuses bad values and unknown users, changing nothing', async () => {
    const u = await h.signedIn();
    await cli('user', 'quota', u.username, '--hd-tiles', '7');
    const before = await allowanceRow(u.userId);
    for (const args of [
      ['--hd-tiles', 'many'],
      ['--hd-tiles=-2'],
      ['--hd-tiles', '99999999999'],
      ['--full-hd', 'yes'],
      ['--day-flow-gb', 'two'],
      ['--flow-gb=-0.5'],
      ['--hd-tiles', '9', '--flow-gb', '1e400'],
    ]) {
      await expect(cli('user', 'quota', u.username, ...args), args.join(' ')).rejects.toThrow(
        AccountCommandError,
      );
    }
    expect(await allowanceRow(u.userId)).toEqual(before);
    await expect(cli('user', 'quota', 'nobody_of_that_name')).rejects.toThrow(
      'no user "nobody_of_that_name"',
    );
    await expect(cli('user', 'usage')).rejects.toThrow('needs one operand');
  });

  it("prints today's usage against the allowances, only the account's own", async () => {
    const u = await h.signedIn();
    const other = await h.signedIn();
    await cli('user', 'quota', u.username, '--day-flow-gb', '1', '--hd-tiles', '10');
    const today = utcDayOf(new Date());
    await h.pool.query(
      'INSERT INTO usage_days (user_id, day, bytes, tiles, downloads, hd_tiles) VALUES ($1, $3, $4, 12, 1, 3), ($2, $3, 999, 99, 9, 9)',
      [u.userId, other.userId, today, 1024 ** 3 / 4],
    );
    const r = await cli('user', 'usage', u.username);
    expect(r.code).toBe(0);
    expect(r.text).toContain(`today ${today} (UTC)`);
    expect(r.text).toContain(
      `served:           ${1024 ** 3 / 4} bytes in 12 tiles and 1 downloads — 25.0 % of the day flow limit`,
    );
    expect(r.text).toContain('HD tiles:         3 of 10');
  });
});
