import { ResultCode } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCliWith } from './test/cli';
import { testDatabaseUrl } from './test/database';
import { type Harness, startHarness, uniqueName } from './test/harness';

/** The operator CLI, run in-process against the test database (DATABASE_URL points at it). */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});

const cli = (...args: string[]) => runCliWith({ DATABASE_URL: testDatabaseUrl() }, args);

describe('operator CLI', () => {
  it('creates an organisation, then a user in it, and lists them', async () => {
    const org = uniqueName('Org');
    const made = await cli(
      'org',
      'create',
      '--name',
      org,
      '--type',
      '3',
      '--order-type',
      '1',
      '--address',
      'Quay 1',
    );
    expect(made.lines.join('\n')).toMatch(
      new RegExp(`created organisation \\d+ "${org}" \\(type 3, orderType \\[1\\]\\)`),
    );

    const username = uniqueName('op');
    await cli(
      'user',
      'create',
      '--username',
      username,
      '--password',
      'operator-pass-1',
      '--org',
      org,
      '--language',
      'zh',
    );
    const session = await h.login(username, 'operator-pass-1');
    expect(session.user).toMatchObject({ language: 'zh', org: { name: org, type: 3, address: 'Quay 1' } });

    const listed = await cli('user', 'list');
    expect(listed.lines.some((l) => l.includes(username) && l.includes(org))).toBe(true);
  });

  it('resets a password and ends the sessions of that user', async () => {
    const { username, password } = await h.createUser();
    const { token } = await h.login(username, password);
    await cli('user', 'reset-password', '--username', username, '--password', 'reset-by-operator');
    expect((await h.call('GET', '/me', { token })).body.code).toBe(ResultCode.InvalidSession);
    await h.login(username, 'reset-by-operator');
  });

  it('refuses bad input and writes nothing', async () => {
    const username = uniqueName('bad');
    await expect(cli('user', 'create', '--username', username, '--password', 'short')).rejects.toMatchObject({
      messageKey: 'error.passwordLength',
    });
    await expect(cli('user', 'create', '--password', 'long-enough-pw')).rejects.toThrow(
      '--username is required',
    );
    await expect(
      cli('user', 'create', '--username', username, '--password', 'long-enough-pw', '--order-type', 'x'),
    ).rejects.toThrow('--order-type must be a whole number');
    const { rows } = await h.pool.query('SELECT 1 FROM users WHERE username = $1', [username]);
    expect(rows).toHaveLength(0);
  });
});
