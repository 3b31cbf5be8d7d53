import { Limits, ResultCode } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueName } from '../../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});

const hours = (iso: string) => (new Date(iso).getTime() - Date.now()) / 3600_000;

describe('login', () => {
  it('answers a token, its expiry and the user object of the spec', async () => {
    const { username, password } = await h.createUser({ orgType: 3, orderTypes: [1] });
    const r = await h.call('POST', '/auth/login', { body: { username, password } });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(ResultCode.Success);
    expect(r.body.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(hours(r.body.data.expiresAt)).toBeGreaterThan(Limits.sessionHours - 0.1);
    expect(hours(r.body.data.expiresAt)).toBeLessThan(Limits.sessionHours + 0.1);
    expect(r.body.data.user).toMatchObject({
      username,
      isTest: false,
      org: { type: 3, auth: { orderType: [1] }, orgContactPerson: { contactPerson: '' } },
    });
    expect(JSON.stringify(r.body)).not.toMatch(/argon2|password/i);
  });

  it('remember me gives the longer expiry', async () => {
    const { username, password } = await h.createUser();
    const session = await h.login(username, password, true);
    expect(hours(session.expiresAt) / 24).toBeGreaterThan(Limits.rememberedSessionDays - 0.1);
  });

  it('refuses a wrong password and an unknown user alike', async () => {
    const { username } = await h.createUser();
    for (const body of [
      { username, password: 'wrong-password' },
      { username: uniqueName('nobody'), password: 'whatever-1' },
    ]) {
      const r = await h.call('POST', '/auth/login', { body });
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ code: ResultCode.LoginFailed, message: 'login.failed' });
    }
  });

  it('names the missing field', async () => {
    const r = await h.call('POST', '/auth/login', { body: { username: 'someone' } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: ResultCode.ValidationFailed, data: { field: 'password' } });
  });

  it('stores an Argon2id hash, never the password', async () => {
    const { username, password } = await h.createUser();
    const { rows } = await h.pool.query('SELECT password_hash FROM users WHERE username = $1', [username]);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0].password_hash).not.toContain(password);
  });

  it('throttles a username after repeated failures, even with the right password', async () => {
    const { username, password } = await h.createUser();
    for (let i = 0; i < Limits.loginFailuresPerWindow; i++) {
      const r = await h.call('POST', '/auth/login', { body: { username, password: `wrong-${i}-pass` } });
      expect(r.body.code).toBe(ResultCode.LoginFailed);
    }
    const r = await h.call('POST', '/auth/login', { body: { username, password } });
    expect(r.status).toBe(429);
    expect(r.body.code).toBe(ResultCode.TooManyAttempts);
  });
});

describe('sessions', () => {
  it('answers 3001 without a token, with a forged one, and after logout', async () => {
    expect((await h.call('GET', '/me')).body.code).toBe(ResultCode.InvalidSession);
    const forged = await h.call('GET', '/me', { token: 'A'.repeat(43) });
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe(ResultCode.InvalidSession);

    const { username, password } = await h.createUser();
    const { token } = await h.login(username, password);
    const me = await h.call('GET', '/me', { token });
    expect(me.body).toMatchObject({ code: ResultCode.Success, data: { username } });

    expect((await h.call('POST', '/auth/logout', { token })).body.code).toBe(ResultCode.Success);
    const after = await h.call('GET', '/me', { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(ResultCode.InvalidSession);
  });

  it('answers 3001 once a session has expired', async () => {
    const { username, password } = await h.createUser();
    const { token } = await h.login(username, password);
    await h.pool.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second'
        WHERE user_id = (SELECT id FROM users WHERE username = $1)`,
      [username],
    );
    expect((await h.call('GET', '/me', { token })).body.code).toBe(ResultCode.InvalidSession);
  });
});

describe('password change', () => {
  it('refuses a wrong old password with 3003 and changes nothing', async () => {
    const { username, password } = await h.createUser();
    const { token } = await h.login(username, password);
    const r = await h.call('POST', '/auth/password', {
      token,
      body: {
        oldPassword: 'not-the-password',
        newPassword: 'brand-new-pass',
        confirmPassword: 'brand-new-pass',
      },
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: ResultCode.WrongOldPassword, message: 'login.oldPassError' });
    await h.login(username, password);
  });

  it('checks length 8–128 and the confirmation, naming the field', async () => {
    const { username, password } = await h.createUser();
    const { token } = await h.login(username, password);
    const short = await h.call('POST', '/auth/password', {
      token,
      body: { oldPassword: password, newPassword: 'short', confirmPassword: 'short' },
    });
    expect(short.body).toMatchObject({ code: ResultCode.ValidationFailed, data: { field: 'newPassword' } });
    const long = 'x'.repeat(Limits.passwordMax + 1);
    const tooLong = await h.call('POST', '/auth/password', {
      token,
      body: { oldPassword: password, newPassword: long, confirmPassword: long },
    });
    expect(tooLong.body).toMatchObject({ code: ResultCode.ValidationFailed, data: { field: 'newPassword' } });
    const mismatch = await h.call('POST', '/auth/password', {
      token,
      body: { oldPassword: password, newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pasS' },
    });
    expect(mismatch.body).toMatchObject({
      code: ResultCode.ValidationFailed,
      message: 'login.reNewPass3',
      data: { field: 'confirmPassword' },
    });
    await h.login(username, password);
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const { username, password } = await h.createUser();
    const current = await h.login(username, password);
    const other = await h.login(username, password);
    const r = await h.call('POST', '/auth/password', {
      token: current.token,
      body: { oldPassword: password, newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pass' },
    });
    expect(r.body.code).toBe(ResultCode.Success);
    expect((await h.call('GET', '/me', { token: current.token })).body.code).toBe(ResultCode.Success);
    expect((await h.call('GET', '/me', { token: other.token })).body.code).toBe(ResultCode.InvalidSession);
    expect((await h.call('POST', '/auth/login', { body: { username, password } })).body.code).toBe(
      ResultCode.LoginFailed,
    );
    await h.login(username, 'brand-new-pass');
  });
});

describe('system', () => {
  it('reports health with the database kind', async () => {
    const r = await h.call('GET', '/health');
    expect(r.body).toEqual({
      code: ResultCode.Success,
      message: 'ok',
      data: { db: h.kind, version: 'test' },
    });
  });

  it('answers unknown API paths with the 404 envelope, after the session check', async () => {
    const anonymous = await h.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(anonymous.statusCode).toBe(401);
    const { username, password } = await h.createUser();
    const { token } = await h.login(username, password);
    const r = await h.app.inject({
      method: 'GET',
      url: '/api/v1/no-such-thing',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ code: ResultCode.NotFound });
  });

  it('publishes OpenAPI generated from the contract schemas', async () => {
    const r = await h.app.inject({ method: 'GET', url: '/api/docs/json' });
    const spec = r.json();
    expect(spec.openapi).toMatch(/^3\./);
    const login = spec.paths['/api/v1/auth/login'].post;
    expect(Object.keys(login.requestBody.content['application/json'].schema.properties)).toEqual([
      'username',
      'password',
      'remember',
    ]);
    expect((await h.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});
