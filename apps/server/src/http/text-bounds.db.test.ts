import { ResultCode } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../test/harness';

/**
 * Issue 11: the account calls' text (a username meets the users table, a new password is
 * stored) refuses control characters with 400 `error.controlCharacters` naming the field.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});

function expectRefused(
  r: { status: number; body: { code: number; message: string; data: unknown } },
  field: string,
) {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body).toMatchObject({
    code: ResultCode.ValidationFailed,
    message: 'error.controlCharacters',
    data: { field },
  });
}

describe('account text with control characters', () => {
  it('a login with a NUL in the username', async () => {
    for (const username of ['admin\u0000', '\u0000', 'a\u001bb']) {
      expectRefused(
        await h.call('POST', '/auth/login', { body: { username, password: 'whatever1' } }),
        'username',
      );
    }
  });

  it('a new password with a control character; the old one still works', async () => {
    const { username, password, token } = await h.signedIn();
    const next = 'new\u0000password';
    expectRefused(
      await h.call('POST', '/auth/password', {
        token,
        body: { oldPassword: password, newPassword: next, confirmPassword: next },
      }),
      'newPassword',
    );
    expect((await h.login(username, password)).token).toBeTruthy();
  });
});
