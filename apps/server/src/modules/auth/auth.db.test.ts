import { Limits, ResultCode } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, letCredentialCacheExpire, startHarness, uniqueName } from '../../test/harness';
import { tileCookieOf } from '../../test/scenes';
import { appVersion } from '../../version';
import { loginWaitSeconds } from './auth.service';

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

  it('answers login with Cache-Control: no-store and the tile cookie, scoped to /tiles/, HttpOnly, SameSite=Strict', async () => {
    const { username, password } = await h.createUser();
    const r = await h.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username, password },
      remoteAddress: h.remoteAddress,
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    const cookie = [r.headers['set-cookie']].flat().find((c) => c?.startsWith('satportal_tiles='));
    expect(cookie).toMatch(
      /^satportal_tiles=[A-Za-z0-9_-]{40,}; Path=\/tiles\/; Expires=.+; HttpOnly; SameSite=Strict$/,
    );
    // The tile credential is not the session token, and is never in the body.
    expect(cookie).not.toContain(r.json().data.token);
    expect(r.body).not.toContain(cookie!.split(';')[0]!.split('=')[1]!);
  });
});

describe('soft lockout', () => {
  const attempt = (username: string, password: string, remoteAddress: string) =>
    h.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username, password },
      remoteAddress,
    });

  it('20 wrong passwords slow that address down; the right password still works from another address', async () => {
    const { username, password } = await h.createUser();
    const codes: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 20; i++) {
      const r = await attempt(username, `wrong-${i}-pass`, '198.51.100.7');
      codes.push(r.json().code);
      if (r.json().code === ResultCode.TooManyAttempts) {
        expect(r.statusCode).toBe(429);
        expect(r.json().data.params.seconds).toBeGreaterThan(0);
        retryAfter = r.headers['retry-after'] as string | undefined;
      }
    }
    // The first failures are free (3002); then the address waits (3004) and its attempts are not even checked.
    expect(codes.slice(0, Limits.loginFreeFailures)).toEqual(
      Array(Limits.loginFreeFailures).fill(ResultCode.LoginFailed),
    );
    expect(codes.slice(-5)).toEqual(Array(5).fill(ResultCode.TooManyAttempts));
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // The same address waits even with the right password …
    expect((await attempt(username, password, '198.51.100.7')).json().code).toBe(ResultCode.TooManyAttempts);
    // … while the owner, elsewhere, is not locked out.
    const owner = await attempt(username, password, '203.0.113.9');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().code).toBe(ResultCode.Success);
  });

  it('the wait doubles after the free failures, up to the cap, and counts from the last failure', () => {
    expect(loginWaitSeconds(Limits.loginFreeFailures - 1, 0)).toBe(0);
    expect(loginWaitSeconds(Limits.loginFreeFailures, 0)).toBe(1);
    expect(loginWaitSeconds(Limits.loginFreeFailures + 3, 0)).toBe(8);
    expect(loginWaitSeconds(Limits.loginFreeFailures + 3, 5.5)).toBe(3);
    expect(loginWaitSeconds(Limits.loginFreeFailures + 3, 9)).toBe(0);
    expect(loginWaitSeconds(Limits.loginFreeFailures + 40, 0)).toBe(Limits.loginMaxDelaySeconds);
  });

  it('one address failing for many usernames waits out the window (credential stuffing)', async () => {
    const address = `192.0.2.${(Date.now() % 200) + 20}`;
    await h.pool.query(
      `INSERT INTO login_failures (username, client_ip) SELECT 'stuffed-' || i, $1 FROM generate_series(1, $2) i`,
      [address, Limits.loginFailuresPerAddress],
    );
    const { username, password } = await h.createUser();
    const r = await attempt(username, password, address);
    expect(r.json().code).toBe(ResultCode.TooManyAttempts);
    expect((await attempt(username, password, '203.0.113.10')).json().code).toBe(ResultCode.Success);
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

  it('ends a session idle for longer than its idle timeout, keeps one in use, and a remembered one longer', async () => {
    const { username, password } = await h.createUser();
    const normal = await h.login(username, password);
    const remembered = await h.login(username, password, true);
    const idleFor = async (token: string, minutes: number) => {
      await h.pool.query(
        `UPDATE sessions SET last_seen_at = now() - make_interval(mins => $2)
          WHERE user_id = (SELECT id FROM users WHERE username = $1) AND remember = $3`,
        [username, minutes, token === remembered.token],
      );
      await letCredentialCacheExpire(h.pool);
    };
    // Used a minute before the idle timeout: still live, and the use counts as activity.
    await idleFor(normal.token, Limits.sessionIdleMinutes - 1);
    expect((await h.call('GET', '/me', { token: normal.token })).body.code).toBe(ResultCode.Success);
    const { rows } = await h.pool.query(
      `SELECT now() - last_seen_at < interval '1 minute' AS fresh FROM sessions
        WHERE user_id = (SELECT id FROM users WHERE username = $1) AND NOT remember`,
      [username],
    );
    expect(rows[0].fresh).toBe(true);
    // Idle for longer than the timeout: ended, although its absolute lifetime has not passed.
    await idleFor(normal.token, Limits.sessionIdleMinutes + 1);
    expect((await h.call('GET', '/me', { token: normal.token })).body.code).toBe(ResultCode.InvalidSession);
    // "Remember me" survives that idle time, not its own.
    await idleFor(remembered.token, Limits.sessionIdleMinutes + 1);
    expect((await h.call('GET', '/me', { token: remembered.token })).body.code).toBe(ResultCode.Success);
    await idleFor(remembered.token, Limits.rememberedSessionIdleDays * 24 * 60 + 1);
    expect((await h.call('GET', '/me', { token: remembered.token })).body.code).toBe(
      ResultCode.InvalidSession,
    );
  });

  it('answers every authenticated call with Cache-Control: no-store', async () => {
    const { token } = await h.signedIn();
    for (const url of ['/api/v1/me', '/api/v1/satellites', '/api/v1/aois']) {
      const r = await h.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('/me sets the tile cookie of the session; after logout it opens nothing', async () => {
    const { token } = await h.signedIn();
    const me = await h.app.inject({ url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });
    const cookie = tileCookieOf(me.headers['set-cookie']);
    const wms = '/tiles/quicklooks/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap';
    // A signed-in caller reaches the WMS (which then complains about its parameters, not the session).
    expect((await h.app.inject({ url: wms, headers: { cookie } })).statusCode).toBe(400);
    const out = await h.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.headers['set-cookie']).toMatch(/^satportal_tiles=; Path=\/tiles\/; Expires=Thu, 01 Jan 1970/);
    expect((await h.app.inject({ url: wms, headers: { cookie } })).statusCode).toBe(401);
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
      data: { db: h.kind, version: appVersion, dbCheckedAt: expect.any(String), dbBusy: false },
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
