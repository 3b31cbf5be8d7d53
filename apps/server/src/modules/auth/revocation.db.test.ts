import { randomBytes } from 'node:crypto';
import { apiPath, Paths, ResultCode, TileStatusHeader, WmtsCapabilitiesRestPath } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCliWith } from '../../test/cli';
import { testDatabaseUrl } from '../../test/database';
import { type Harness, startHarness } from '../../test/harness';
import { tileCookieOf } from '../../test/scenes';
import { tileKeyOf } from '../tile-access/test-helpers';

// Credential revocation (issue 26 item 5): a session's credentials are its bearer token, its tile
// cookie and the tile key it asked for. Logout ends that session's three; a password change, an
// operator reset and "sign out everywhere" end every one of the account's — at once, on every
// tile route (WMTS, XYZ, HD, the quicklook WMS), and nothing of another user's.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});

/** Real tile routes, each answering something other than 401 to a live credential. */
const tileRoutes = {
  wmtsCapabilities: WmtsCapabilitiesRestPath,
  wmtsTile: '/tiles/wmts/1.0.0/NO-ORDER:no-scene/default/GoogleMapsCompatible/1/0/0.png',
  xyz: '/tiles/xyz/NO-ORDER/no-scene/1/0/0.png',
  hd: '/tiles/hd/2024/1/0/0',
  wms: '/tiles/quicklooks/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap',
};
type Credential = { key: string } | { cookie: string };

/** Each tile route's answer to a credential: HTTP status and X-Status. */
async function tiles(credential: Credential) {
  const answers: Record<string, string> = {};
  for (const [name, path] of Object.entries(tileRoutes)) {
    const url =
      'key' in credential
        ? `${path}${path.includes('?') ? '&' : '?'}key=${encodeURIComponent(credential.key)}`
        : path;
    const r = await h.app.inject({
      url,
      headers: 'cookie' in credential ? { cookie: credential.cookie } : {},
      remoteAddress: h.remoteAddress,
    });
    answers[name] = `${r.statusCode} ${r.headers[TileStatusHeader.toLowerCase()] ?? '-'}`;
  }
  return answers;
}

/** A live credential gets past authentication on every tile route. */
async function expectOpens(credential: Credential) {
  const answers = await tiles(credential);
  for (const [name, answer] of Object.entries(answers))
    expect(answer.startsWith('401'), `${name}: ${answer}`).toBe(false);
  expect(answers.wmtsCapabilities).toMatch(/^200 /);
}
/** A dead key: 401 with X-Status 601 (revoked) everywhere. A dead cookie: 401 everywhere. */
async function expectDead(credential: Credential) {
  const refused = 'key' in credential ? '401 601' : '401 401';
  expect(await tiles(credential)).toEqual(
    Object.fromEntries(Object.keys(tileRoutes).map((n) => [n, refused])),
  );
}

/** A login as a browser makes it: the token and the tile cookie. */
async function logIn(username: string, password: string) {
  const r = await h.app.inject({
    method: 'POST',
    url: apiPath(Paths.login),
    payload: { username, password },
    remoteAddress: h.remoteAddress,
  });
  expect(r.json().code, r.body).toBe(ResultCode.Success);
  return { token: r.json().data.token as string, cookie: tileCookieOf(r.headers['set-cookie']) };
}
type Session = Awaited<ReturnType<typeof logIn>>;

const keyOf = async (session: Session): Promise<string> => (await tileKeyOf(h, session)).key;

const tokenLives = async (session: Session) =>
  (await h.call('GET', Paths.me, { token: session.token })).body.code === ResultCode.Success;

/** A user with two sessions (two browsers); the first has made a tile key and used it. */
async function twoSessions() {
  const { username, password } = await h.createUser();
  const a = await logIn(username, password);
  const b = await logIn(username, password);
  const key = await keyOf(a);
  // Used just now: its use is written (the 30 s throttle of that write must not keep it alive).
  await expectOpens({ key });
  await expectOpens({ cookie: a.cookie });
  await expectOpens({ cookie: b.cookie });
  return { username, password, a, b, key };
}

/** Another user's session, key and cookie, which nothing here may touch. */
async function bystander() {
  const { username, password } = await h.createUser();
  const session = await logIn(username, password);
  return { session, key: await keyOf(session) };
}
async function expectUntouched(other: Awaited<ReturnType<typeof bystander>>) {
  expect(await tokenLives(other.session)).toBe(true);
  await expectOpens({ key: other.key });
  await expectOpens({ cookie: other.session.cookie });
}

describe('logout', () => {
  it("ends that session's tile key and its cookie on WMTS, XYZ, HD and the quicklook WMS", async () => {
    const { a, b, key } = await twoSessions();
    const other = await bystander();
    const out = await h.call('POST', Paths.logout, { token: a.token });
    expect(out.body.code).toBe(ResultCode.Success);
    expect(await tokenLives(a)).toBe(false);
    await expectDead({ key });
    await expectDead({ cookie: a.cookie });
    // The user's other session goes on, and can make a new key.
    expect(await tokenLives(b)).toBe(true);
    await expectOpens({ cookie: b.cookie });
    await expectOpens({ key: await keyOf(b) });
    await expectUntouched(other);
  });

  it("of another session leaves this session's key and cookie alive", async () => {
    const { a, b, key } = await twoSessions();
    expect((await h.call('POST', Paths.logout, { token: b.token })).body.code).toBe(ResultCode.Success);
    await expectDead({ cookie: b.cookie });
    expect(await tokenLives(a)).toBe(true);
    await expectOpens({ key });
    await expectOpens({ cookie: a.cookie });
  });
});

describe('password change', () => {
  const change = (session: Session, oldPassword: string) =>
    h.call('POST', Paths.passwordChange, {
      token: session.token,
      body: { oldPassword, newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pass' },
    });

  it('by the user ends every tile key and every other session with its cookie; this session stays', async () => {
    const { password, a, b, key } = await twoSessions();
    const other = await bystander();
    // Changed from the other session: the key the first session made dies with the first session.
    expect((await change(b, password)).body.code).toBe(ResultCode.Success);
    await expectDead({ key });
    expect(await tokenLives(a)).toBe(false);
    await expectDead({ cookie: a.cookie });
    expect(await tokenLives(b)).toBe(true);
    await expectOpens({ cookie: b.cookie });
    await expectUntouched(other);
  });

  it('by the user ends the tile key of the very session that changed it', async () => {
    const { password, a, key } = await twoSessions();
    expect((await change(a, password)).body.code).toBe(ResultCode.Success);
    await expectDead({ key });
    // The session stays (its cookie too) and asks for a new key.
    expect(await tokenLives(a)).toBe(true);
    await expectOpens({ cookie: a.cookie });
    await expectOpens({ key: await keyOf(a) });
  });

  it('by the operator (user reset-password) ends every session, key and cookie', async () => {
    const { username, a, b, key } = await twoSessions();
    const other = await bystander();
    const run = await runCliWith({ DATABASE_URL: testDatabaseUrl() }, [
      'user',
      'reset-password',
      '--username',
      username,
      '--password',
      'reset-by-operator',
    ]);
    expect(run.code).toBe(0);
    for (const session of [a, b]) {
      expect(await tokenLives(session)).toBe(false);
      await expectDead({ cookie: session.cookie });
    }
    await expectDead({ key });
    await expectUntouched(other);
  });
});

describe('sign out everywhere', () => {
  it('(API) ends every session of the account, this one too, every cookie and the tile key', async () => {
    const { a, b, key } = await twoSessions();
    const other = await bystander();
    const r = await h.app.inject({
      method: 'POST',
      url: apiPath(Paths.logoutEverywhere),
      headers: { authorization: `Bearer ${b.token}` },
      remoteAddress: h.remoteAddress,
    });
    expect(r.json()).toEqual({
      code: ResultCode.Success,
      message: 'login.signedOutEverywhere',
      data: { sessions: 2, apiKeys: 0 },
    });
    // This browser's cookie is cleared as well as refused.
    expect(r.headers['set-cookie']).toMatch(/^satportal_tiles=; Path=\/tiles\/; Expires=Thu, 01 Jan 1970/);
    for (const session of [a, b]) {
      expect(await tokenLives(session)).toBe(false);
      await expectDead({ cookie: session.cookie });
    }
    await expectDead({ key });
    await expectUntouched(other);
    // A dead session cannot ask again.
    expect((await h.call('POST', Paths.logoutEverywhere, { token: b.token })).status).toBe(401);
  });

  it('(CLI user sign-out-everywhere) ends every session, cookie and key of that user only', async () => {
    const { username, password, a, b, key } = await twoSessions();
    const other = await bystander();
    const run = await runCliWith({ DATABASE_URL: testDatabaseUrl() }, [
      'user',
      'sign-out-everywhere',
      '--username',
      username,
    ]);
    expect(run.code).toBe(0);
    expect(run.text).toMatch(/: 2 sessions ended, the tile key revoked, 0 API keys revoked$/);
    for (const session of [a, b]) {
      expect(await tokenLives(session)).toBe(false);
      await expectDead({ cookie: session.cookie });
    }
    await expectDead({ key });
    await expectUntouched(other);
    // The password is unchanged: the user signs in again.
    expect(await tokenLives(await logIn(username, password))).toBe(true);
  });
});

describe('a tile key belongs to one session', () => {
  it('is not handed on to another session on the same device: that one gets a key of its own', async () => {
    const { username, password } = await h.createUser();
    const a = await logIn(username, password);
    const b = await logIn(username, password);
    const deviceId = randomBytes(18).toString('base64url');
    const ask = async (s: Session) =>
      (await h.call('POST', Paths.tileKey, { token: s.token, body: { deviceId } })).body.data.key as string;
    const first = await ask(a);
    expect(await ask(a)).toBe(first);
    const second = await ask(b);
    expect(second).not.toBe(first);
    // The first session's logout leaves the second's key alive.
    await h.call('POST', Paths.logout, { token: a.token });
    await expectOpens({ key: second });
    await h.call('POST', Paths.logout, { token: b.token });
    await expectDead({ key: second });
  });

  it('ends when its session expires, although used within its idle time', async () => {
    const { username, password } = await h.createUser();
    const a = await logIn(username, password);
    const key = await keyOf(a);
    await expectOpens({ key });
    await h.pool.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second'
        WHERE user_id = (SELECT id FROM users WHERE username = $1)`,
      [username],
    );
    await expectDead({ key });
  });
});
