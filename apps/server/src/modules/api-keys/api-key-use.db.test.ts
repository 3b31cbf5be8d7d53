import {
  ApiKeyParam,
  type ApiKeyScope,
  apiPath,
  Paths,
  ResultCode,
  TileStatusHeader,
  WmtsCapabilitiesRestPath,
} from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCliWith } from '../../test/cli';
import { testDatabaseUrl } from '../../test/database';
import { type Harness, startHarness } from '../../test/harness';
import { bearer, type Headers, keyRequests } from './test-helpers';

// API keys (issue 27 item 1), their use: a key opens the routes whose scope it holds and no route
// of the account itself; on tile routes it may come in the URL only when it holds `tiles` alone;
// it dies with "sign out everywhere", a password change and an operator's reset.

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ credential: 'session' });
});

const { send, newKey: newKeyOf } = keyRequests(() => h);
const newKey = (session: string, scopes: ApiKeyScope[]) => newKeyOf(session, { scopes });

const allScopes: ApiKeyScope[] = ['read', 'write', 'order', 'tiles'];
const lives = async (headers: Headers) => (await send('GET', apiPath(Paths.me), headers)).status === 200;

describe('scopes', () => {
  it('open the routes naming them and refuse the others, naming the scope missing', async () => {
    const user = await h.signedIn();
    const read = await newKey(user.token, ['read']);
    const write = await newKey(user.token, ['write']);
    const aoi = {
      hasGeo: true,
      name: 'by a program',
      parentId: -1,
      geometry: { type: 1, geojson: { type: 'Point', coordinates: [1, 1] } },
    };

    expect((await send('GET', `${apiPath(Paths.aois)}?type=1`, bearer(read.key))).status).toBe(200);
    const refused = await send('POST', apiPath(Paths.aois), bearer(read.key), aoi);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: ResultCode.ApiKeyScopeMissing,
      message: 'apiKey.scopeMissing',
      data: { params: { scope: 'write' } },
    });
    const cancel = await send('POST', apiPath(Paths.orderCancel), bearer(read.key), { id: 1 });
    expect(cancel.body.data).toEqual({ params: { scope: 'order' } });
    expect((await send('POST', apiPath(Paths.aois), bearer(write.key), aoi)).status).toBe(200);
    const list = await send('GET', `${apiPath(Paths.aois)}?type=1`, bearer(write.key));
    expect(list.status).toBe(403);
    expect(list.body.data).toEqual({ params: { scope: 'read' } });
  });

  it('tiles: a key needs the scope on tile routes, and in the URL holds that scope alone', async () => {
    const user = await h.signedIn();
    const tiles = await newKey(user.token, ['tiles']);
    const readAndTiles = await newKey(user.token, ['read', 'tiles']);
    const read = await newKey(user.token, ['read']);
    const capabilities = (query: string, headers: Headers = {}) =>
      send('GET', `${WmtsCapabilitiesRestPath}${query}`, headers);

    expect((await capabilities('', bearer(tiles.key))).status).toBe(200);
    expect((await capabilities('', { 'x-api-key': readAndTiles.key })).status).toBe(200);
    const keyed = await h.app.inject({ url: `${WmtsCapabilitiesRestPath}?${ApiKeyParam}=${tiles.key}` });
    expect(keyed.statusCode).toBe(200);
    // The capabilities carry the key into their URLs, as clients (QGIS, GDAL) fetch tiles with them.
    expect(keyed.body).toContain(`/tiles/wmts?${ApiKeyParam}=${tiles.key}&amp;`);
    expect(keyed.body).not.toContain('?key=');

    const noScope = await capabilities('', bearer(read.key));
    expect(noScope.status).toBe(403);
    expect(noScope.headers[TileStatusHeader.toLowerCase()]).toBe('403');
    // WMTS clients read an OGC exception report (tiles/ows-errors.ts) that names the scope.
    expect(noScope.text).toContain('ExceptionReport');
    expect(noScope.text).toContain('This API key lacks the tiles scope');

    // A key in a URL ends up in logs: it must open nothing but tiles.
    const inUrl = await capabilities(`?${ApiKeyParam}=${readAndTiles.key}`);
    expect(inUrl.status).toBe(403);
    expect(inUrl.headers[TileStatusHeader.toLowerCase()]).toBe('403');
    expect(inUrl.text).toContain('must hold the tiles scope and nothing else');

    // Never in a query string on the API, nor as a tile key.
    for (const query of [
      `${ApiKeyParam}=${tiles.key}`,
      `${ApiKeyParam}=${readAndTiles.key}`,
      `key=${readAndTiles.key}`,
    ]) {
      const api = await send('GET', `${apiPath(Paths.me)}?${query}`, {});
      expect(api.status, query).toBe(401);
    }
    const asTileKey = await capabilities(`?key=${tiles.key}`);
    expect(asTileKey.status).toBe(401);
    // A revoked key in a URL: 401 with X-Status 401.
    await send('DELETE', apiPath(Paths.apiKey).replace(':id', String(tiles.id)), bearer(user.token));
    const dead = await capabilities(`?${ApiKeyParam}=${tiles.key}`);
    expect(dead.status).toBe(401);
    expect(dead.headers[TileStatusHeader.toLowerCase()]).toBe('401');
    expect(dead.text).toContain('The API key of this link is unknown, revoked or expired');
  });
});

describe("the account's own routes", () => {
  it('are refused to a key holding every scope, and change nothing', async () => {
    const user = await h.signedIn();
    const key = await newKey(user.token, allScopes);
    const routes: Array<[string, string, object?]> = [
      ['POST', apiPath(Paths.logout)],
      ['POST', apiPath(Paths.logoutEverywhere)],
      [
        'POST',
        apiPath(Paths.passwordChange),
        { oldPassword: user.password, newPassword: 'N3w-pass-word', confirmPassword: 'N3w-pass-word' },
      ],
      ['PUT', apiPath(Paths.meTimeZone), { timezone: 'Asia/Shanghai' }],
      ['POST', apiPath(Paths.tileKey), { deviceId: 'a-device-of-sixteen' }],
      ['GET', apiPath(Paths.tileKey)],
      ['DELETE', apiPath(Paths.tileKey)],
      ['POST', apiPath(Paths.apiKeys), { name: 'minted', scopes: ['read'] }],
      ['GET', apiPath(Paths.apiKeys)],
      ['DELETE', apiPath(Paths.apiKey).replace(':id', String(key.id))],
    ];
    for (const [method, url, body] of routes) {
      for (const headers of [bearer(key.key), { 'x-api-key': key.key }]) {
        const r = await send(method, url, headers, body);
        expect(r.status, `${method} ${url}`).toBe(403);
        expect(r.body, `${method} ${url}`).toEqual({
          code: ResultCode.ApiKeyNotAllowed,
          message: 'apiKey.notAllowed',
          data: null,
        });
      }
    }
    expect(await lives(bearer(key.key))).toBe(true);
    expect(await lives(bearer(user.token))).toBe(true);
    await h.login(user.username, user.password);
    const keys = await send('GET', apiPath(Paths.apiKeys), bearer(user.token));
    expect(keys.body.data.list.map((k: { id: number }) => k.id)).toEqual([key.id]);
    expect(
      (await h.pool.query('SELECT timezone FROM users WHERE id = $1', [user.userId])).rows[0].timezone,
    ).toBeNull();
  });
});

describe('a key dies with the account’s credentials', () => {
  const cli = (...args: string[]) =>
    runCliWith({ DATABASE_URL: testDatabaseUrl(), DATA_DIR: h.config.dataDir }, args);

  async function userWithKeys() {
    const user = await h.signedIn();
    const keys = [await newKey(user.token, ['read']), await newKey(user.token, allScopes)];
    return { user, keys };
  }

  it('sign out everywhere (API) revokes every key of the account, no one else’s', async () => {
    const { user, keys } = await userWithKeys();
    const other = await userWithKeys();
    const r = await send('POST', apiPath(Paths.logoutEverywhere), bearer(user.token));
    expect(r.body).toEqual({
      code: ResultCode.Success,
      message: 'login.signedOutEverywhere',
      data: { sessions: 1, apiKeys: 2 },
    });
    for (const k of keys) expect(await lives(bearer(k.key))).toBe(false);
    for (const k of other.keys) expect(await lives(bearer(k.key))).toBe(true);
    const session = await h.login(user.username, user.password);
    expect((await send('GET', apiPath(Paths.apiKeys), bearer(session.token))).body.data.list).toEqual([]);
  });

  it('sign out everywhere (CLI) and the operator’s password reset revoke them', async () => {
    const a = await userWithKeys();
    const run = await cli('user', 'sign-out-everywhere', '--username', a.user.username);
    expect(run.text).toMatch(/: 1 session ended, the tile key revoked, 2 API keys revoked$/);
    for (const k of a.keys) expect(await lives(bearer(k.key))).toBe(false);

    const b = await userWithKeys();
    const reset = await cli(
      'user',
      'reset-password',
      '--username',
      b.user.username,
      '--password',
      'Res3t-by-operator',
    );
    expect(reset.code).toBe(0);
    for (const k of b.keys) expect(await lives(bearer(k.key))).toBe(false);
  });

  it('a password change revokes them; the session that changed it stays', async () => {
    const { user, keys } = await userWithKeys();
    const other = await userWithKeys();
    const r = await send('POST', apiPath(Paths.passwordChange), bearer(user.token), {
      oldPassword: user.password,
      newPassword: 'An0ther-password',
      confirmPassword: 'An0ther-password',
    });
    expect(r.status).toBe(200);
    for (const k of keys) expect(await lives(bearer(k.key))).toBe(false);
    expect(await lives(bearer(user.token))).toBe(true);
    for (const k of other.keys) expect(await lives(bearer(k.key))).toBe(true);
    // Keys made after the change work.
    const fresh = await newKey(user.token, ['read']);
    expect(await lives(bearer(fresh.key))).toBe(true);
  });
});
