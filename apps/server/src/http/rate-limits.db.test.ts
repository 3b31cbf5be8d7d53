import { ResultCode, TileStatusHeader } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { upload } from '../modules/aois/test-helpers';
import { type Harness, startHarness } from '../test/harness';
import { isOgcRefusal } from '../test/ogc-report';
import { testWebDist } from '../test/web-dist';
import { defaultRateLimits } from './rate-limits';

/** Small limits, so that a test reaches each of them in a few requests. */
const small = {
  userPerMinute: 5,
  tilesPerMinute: 4,
  addressPerMinute: 3,
  loginPerMinute: 8,
  uploadPerMinute: 2,
  failedAuthPerMinute: 6,
  apiKeyPerMinute: 3,
  apiKeyTilesPerMinute: 2,
};

/** A built web application of two files: the page and one hashed asset. */
const webDist = testWebDist({ 'app-1a2b3c.js': 'console.log(1);' });

let h: Harness;
let product: Harness;
beforeAll(async () => {
  h = await startHarness({ rateLimits: small, webDist });
  product = await startHarness({ rateLimits: defaultRateLimits });
});

const get = (
  harness: Harness,
  url: string,
  options: { token?: string; remoteAddress?: string; cookie?: string } = {},
) =>
  harness.app.inject({
    url,
    remoteAddress: options.remoteAddress ?? harness.remoteAddress,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
  });

function expectLimited(r: Awaited<ReturnType<typeof get>>) {
  expect(r.statusCode, r.body).toBe(429);
  let seconds: number;
  if (isOgcRefusal(r)) {
    seconds = Number(/wait (\d+) seconds/.exec(r.body)?.[1]);
  } else {
    expect(r.json()).toMatchObject({ code: ResultCode.RateLimited, message: 'error.rateLimited' });
    seconds = r.json().data.params.seconds;
  }
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(60);
  expect(Number(r.headers['retry-after'])).toBe(seconds);
}

describe('rate limits', () => {
  it('count a signed-in caller per user: beyond the limit 429 with 4290 and Retry-After; another user goes on', async () => {
    const a = await h.signedIn();
    const b = await h.signedIn();
    for (let i = 0; i < small.userPerMinute; i++)
      expect((await get(h, '/api/v1/satellites', { token: a.token })).statusCode).toBe(200);
    expectLimited(await get(h, '/api/v1/satellites', { token: a.token }));
    // Another address does not help the same user …
    expectLimited(await get(h, '/api/v1/me', { token: a.token, remoteAddress: '203.0.113.50' }));
    // … and the same address does not hurt another user.
    expect((await get(h, '/api/v1/satellites', { token: b.token })).statusCode).toBe(200);
  });

  it('count tiles apart from API calls', async () => {
    const c = await h.signedIn();
    const wms = '/tiles/quicklooks/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap';
    for (let i = 0; i < small.tilesPerMinute; i++)
      expect((await get(h, wms, { token: c.token })).statusCode).toBe(400);
    expectLimited(await get(h, wms, { token: c.token }));
    expect((await get(h, '/api/v1/me', { token: c.token })).statusCode).toBe(200);
  });

  it('count each API key on its own, and its calls for its user too', async () => {
    // Signed in by the service: the small login limit of this harness's address is other tests'.
    const session = async () => {
      const { username, password } = await h.createUser();
      const { token, user } = await h.services.auth.login({ username, password }, '198.51.100.90');
      return { sessionToken: token, userId: user.id };
    };
    const u = await session();
    const key = async () =>
      (await h.services.apiKeys.create(u.userId, { name: 'loop', scopes: ['read', 'tiles'] })).key;
    const [k1, k2] = [await key(), await key()];
    for (let i = 0; i < small.apiKeyPerMinute; i++)
      expect((await get(h, '/api/v1/satellites', { token: k1 })).statusCode).toBe(200);
    expectLimited(await get(h, '/api/v1/satellites', { token: k1 }));
    // Another key of the same user goes on …
    expect((await get(h, '/api/v1/satellites', { token: k2 })).statusCode).toBe(200);
    // … within the user's own limit, which counts every call of the user's keys and sessions.
    expectLimited(await get(h, '/api/v1/satellites', { token: u.sessionToken }));

    const v = await session();
    const tiles = (await h.services.apiKeys.create(v.userId, { name: 'qgis', scopes: ['tiles'] })).key;
    const wms = `/tiles/quicklooks/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&api_key=${tiles}`;
    for (let i = 0; i < small.apiKeyTilesPerMinute; i++) expect((await get(h, wms)).statusCode).toBe(400);
    const limited = await get(h, wms);
    expectLimited(limited);
    expect(limited.headers['x-status']).toBe('429');
    expect((await get(h, wms, { token: v.sessionToken })).statusCode).toBe(400);
  });

  it('count callers without a session per address', async () => {
    const address = '198.51.100.61';
    for (let i = 0; i < small.addressPerMinute; i++)
      expect((await get(h, '/api/v1/health', { remoteAddress: address })).statusCode).toBe(200);
    expectLimited(await get(h, '/api/v1/health', { remoteAddress: address }));
    expect((await get(h, '/api/v1/health', { remoteAddress: '198.51.100.62' })).statusCode).toBe(200);
  });

  it("never count the web application's page, files and configuration against the address", async () => {
    // An office behind one address opens the portal at once (each visit asks ~40 files before a
    // login): a refusal costs the server what the file does, so the limit would only lock people out.
    const address = '198.51.100.64';
    const shell = ['/', '/orders?panel=search', '/assets/app-1a2b3c.js', '/config.js'];
    for (let i = 0; i < small.addressPerMinute * 3; i++)
      for (const url of shell)
        expect((await get(h, url, { remoteAddress: address })).statusCode, url).toBe(200);
    // The API's calls are still counted, from the first: the shell's requests took none of them.
    for (let i = 0; i < small.addressPerMinute; i++)
      expect((await get(h, '/api/v1/health', { remoteAddress: address })).statusCode).toBe(200);
    expectLimited(await get(h, '/api/v1/health', { remoteAddress: address }));
    // A path under the API that no route serves is no file of the shell: refused, never the page.
    expect((await get(h, '/api/v1/no-such-call', { remoteAddress: address })).statusCode).not.toBe(200);
  });

  it('answer the public STAC API in its own error shape', async () => {
    const address = '198.51.100.63';
    for (let i = 0; i < small.addressPerMinute; i++)
      expect((await get(h, '/stac/v1/conformance', { remoteAddress: address })).statusCode).toBe(200);
    const r = await get(h, '/stac/v1/conformance', { remoteAddress: address });
    expect(r.statusCode).toBe(429);
    expect(r.json()).toEqual({ code: 'TooManyRequests', description: expect.any(String) });
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('hold logins per address to their own, stricter limit', async () => {
    const { username, password } = await h.createUser();
    const login = (remoteAddress: string) =>
      h.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username, password },
        remoteAddress,
      });
    for (let i = 0; i < small.loginPerMinute; i++)
      expect((await login('198.51.100.70')).json().code).toBe(ResultCode.Success);
    expectLimited(await login('198.51.100.70'));
    expect((await login('198.51.100.71')).json().code).toBe(ResultCode.Success);
  });

  it('hold uploads per user to their own, stricter limit', async () => {
    const d = await h.signedIn();
    const e = await h.signedIn();
    const file = new TextEncoder().encode(
      JSON.stringify({
        type: 'Feature',
        properties: { name: 'p' },
        geometry: { type: 'Point', coordinates: [1, 2] },
      }),
    );
    for (let i = 0; i < small.uploadPerMinute; i++)
      expect((await upload(h, d.token, 'point.geojson', file)).status).toBe(200);
    const limited = await upload(h, d.token, 'point.geojson', file);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe(ResultCode.RateLimited);
    expect((await upload(h, e.token, 'point.geojson', file)).status).toBe(200);
  });

  it("the product's own login limit is reached by one address within a minute", async () => {
    const address = '198.51.100.80';
    const codes: number[] = [];
    for (let i = 0; i <= defaultRateLimits.loginPerMinute; i++) {
      const r = await product.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: `nobody-${i}`, password: 'not-a-password' },
        remoteAddress: address,
      });
      codes.push(r.json().code);
    }
    expect(codes.slice(0, defaultRateLimits.loginPerMinute).every((c) => c === ResultCode.LoginFailed)).toBe(
      true,
    );
    expect(codes.at(-1)).toBe(ResultCode.RateLimited);
  });
});

/** Refused credentials: none, forged (well-formed, so looked up), a bad tile key, a bad tile cookie. */
const forged = 'A'.repeat(43);
const wms = '/tiles/quicklooks/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap';
const refusedRequests: Array<[string, { url: string; token?: string; cookie?: string }]> = [
  ['no token', { url: '/api/v1/me' }],
  ['a forged token', { url: '/api/v1/satellites', token: forged }],
  ['a forged token on an unmatched API path', { url: '/api/v1/no-such-route', token: forged }],
  ['a bad tile key', { url: `${wms}&key=${'k'.repeat(40)}` }],
  ['a bad tile cookie', { url: wms, cookie: `satportal_tiles=${'B'.repeat(43)}` }],
];

function expectRefused(r: Awaited<ReturnType<typeof get>>, what: string) {
  expect(r.statusCode, `${what}: ${r.body}`).toBe(401);
  if (!isOgcRefusal(r)) expect(r.json().code).toBe(ResultCode.InvalidSession);
}

describe('failed authentication (issue 26)', () => {
  it('is counted per address on API and tile routes: past the limit 429 with 4290, Retry-After, X-Status on tiles', async () => {
    const address = '198.51.100.90';
    for (let i = 0; i < small.failedAuthPerMinute; i++) {
      const [what, request] = refusedRequests[i % refusedRequests.length]!;
      expectRefused(await get(h, request.url, { ...request, remoteAddress: address }), what);
    }
    for (const [what, request] of refusedRequests) {
      const r = await get(h, request.url, { ...request, remoteAddress: address });
      expectLimited(r);
      // Image clients read no body: a tile refusal says why in its header (auth-plugin.ts).
      expect(r.headers[TileStatusHeader.toLowerCase()], what).toBe(
        request.url.startsWith('/tiles/') ? '429' : undefined,
      );
    }
    // Another address is still told the truth about its credential.
    for (const [what, request] of refusedRequests)
      expectRefused(await get(h, request.url, { ...request, remoteAddress: '198.51.100.91' }), what);
  });

  it('never refuses a valid credential from the limited address, nor counts it', async () => {
    const address = '198.51.100.92';
    const { token } = await h.signedIn();
    for (let i = 0; i <= small.failedAuthPerMinute; i++)
      await get(h, '/api/v1/me', { remoteAddress: address });
    expectLimited(await get(h, '/api/v1/me', { remoteAddress: address }));
    // A colleague behind the same NAT address: the session is checked first and goes on, on the
    // API and on a tile route (400: past authentication, a GetMap without its parameters).
    expect((await get(h, '/api/v1/me', { token, remoteAddress: address })).statusCode).toBe(200);
    expect((await get(h, wms, { token, remoteAddress: address })).statusCode).toBe(400);
    // Successes from a fresh address are not counted as failures (two users: each has a small
    // limit of its own here).
    const fresh = '198.51.100.93';
    const users = [await h.signedIn(), await h.signedIn()];
    for (let i = 0; i < small.failedAuthPerMinute; i++) {
      const r = await get(h, '/api/v1/me', { token: users[i % 2]!.token, remoteAddress: fresh });
      expect(r.statusCode).toBe(200);
    }
    expectRefused(await get(h, '/api/v1/me', { remoteAddress: fresh }), 'no token');
  });

  it("the product's own limit: a browser whose session ended is refused 401, a guesser soon gets 429", async () => {
    const address = '198.51.100.94';
    const limit = defaultRateLimits.failedAuthPerMinute;
    // What a browser sees when its session ends on a full-screen map: a few API calls, then the
    // tiles of three layers (~40 each) refused before its login dialog stops the map.
    const browser = [
      ...Array.from({ length: 3 }, () => refusedRequests[1]![1]),
      ...Array.from({ length: 120 }, () => refusedRequests[4]![1]),
    ];
    expect(browser.length).toBeLessThan(limit);
    for (const request of browser)
      expectRefused(await get(product, request.url, { ...request, remoteAddress: address }), 'browser');
    // A guesser goes on.
    for (let i = browser.length; i < limit; i++)
      expectRefused(await get(product, '/api/v1/me', { token: forged, remoteAddress: address }), 'guess');
    expectLimited(await get(product, '/api/v1/me', { token: forged, remoteAddress: address }));
  });
});
