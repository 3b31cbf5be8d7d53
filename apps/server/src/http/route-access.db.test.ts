import { ApiKeyParam, ApiKeyScopes, ResultCode } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../test/harness';
import { isOgcRefusal } from '../test/ogc-report';
import { testWebDist } from '../test/web-dist';
import { underProtectedPrefix } from './auth-plugin';

/**
 * Deny by default (issue 11): every route the application registers needs a session unless it is
 * one of the public ones listed here. A new route that forgets nothing is guarded; a new public
 * route must be added to this list on purpose.
 */
const publicRoutes = [
  /^GET \/api\/v1\/health$/,
  /^POST \/api\/v1\/auth\/login$/,
  /^GET \/config\.js$/,
  /^(GET|POST) \/stac(\/.*)?$/,
  /^GET \/api\/docs(\/.*)?$/,
];

let h: Harness;
/** The same server with a browser application to serve, as in production. */
let served: Harness;
const webDist = testWebDist();
beforeAll(async () => {
  h = await startHarness();
  served = await startHarness({ webDist });
});

/** "My data as STAC" refuses as its clients read it: STAC's `{code: 'Unauthorized', description}`. */
const isStacRefusal = (r: { headers: Record<string, unknown>; json: () => { code?: unknown } }) =>
  String(r.headers['content-type']).startsWith('application/json') && r.json().code === 'Unauthorized';

/** A concrete path of a route pattern: parameters and wildcards get plausible values. */
const concrete = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, '1').replace(/\*/g, 'x');

/** Every spelling of a path that a router or proxy may read as the same path. */
function variants(path: string): Array<[string, string]> {
  const segments = path.split('/').filter(Boolean);
  const hex = (c: string) => c.charCodeAt(0).toString(16);
  const encodeFirst = (s: string) => `%${hex(s)}${s.slice(1)}`;
  return [
    ['as registered', path],
    ['percent-encoded first letter', `/${encodeFirst(segments[0]!)}/${segments.slice(1).join('/')}`],
    [
      'percent-encoded upper-case hex',
      `/${segments.map((s) => `%${hex(s).toUpperCase()}${s.slice(1)}`).join('/')}`,
    ],
    [
      'every character encoded',
      `/${segments.map((s) => [...s].map((c) => `%${hex(c)}`).join('')).join('/')}`,
    ],
    ['double slashes', `//${segments.join('//')}`],
    ['dot segment', `/${segments[0]}/./${segments.slice(1).join('/')}`],
    ['parent segment', `/${segments[0]}/x/../${segments.slice(1).join('/')}`],
    ['encoded dot segments', `/${segments[0]}/x/%2e%2e/${segments.slice(1).join('/')}`],
    ['mixed case', `/${segments.map((s) => s.toUpperCase()).join('/')}`],
    ['trailing slash', `${path}/`],
    ['query string', `${path}?access_token=x&public=true`],
  ];
}

describe('the route table', () => {
  it('lists every route, and exactly the public ones as public', () => {
    const routes = h.app.routeTable;
    expect(routes.length).toBeGreaterThan(20);
    const isListed = (name: string) => publicRoutes.some((r) => r.test(name));
    const wronglyPublic = routes
      .filter((r) => r.public && !isListed(`${r.method} ${r.url}`))
      .map((r) => `${r.method} ${r.url}`);
    expect(wronglyPublic).toEqual([]);
    const guardedButListed = routes
      .filter((r) => !r.public && isListed(`${r.method} ${r.url}`))
      .map((r) => `${r.method} ${r.url}`);
    expect(guardedButListed).toEqual([]);
  });

  it('answers 401 (code 3001) without a token on every non-public route, in every spelling of its path', async () => {
    const guarded = h.app.routeTable.filter((r) => !r.public);
    expect(guarded.length).toBeGreaterThan(15);
    const served: string[] = [];
    for (const route of guarded) {
      for (const [how, url] of variants(concrete(route.url))) {
        const r = await h.app.inject({
          method: route.method as 'GET',
          url,
          remoteAddress: h.remoteAddress,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const refused =
          r.statusCode === 401 &&
          (isOgcRefusal(r) || isStacRefusal(r) || r.json().code === ResultCode.InvalidSession);
        if (!refused) served.push(`${route.method} ${url} (${how}): ${r.statusCode} ${r.body.slice(0, 80)}`);
      }
    }
    expect(served).toEqual([]);
  });

  it('refuses a forged or tile-only credential on every non-public API route', async () => {
    for (const route of h.app.routeTable.filter((r) => !r.public && r.url.startsWith('/api/'))) {
      const r = await h.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: { authorization: `Bearer ${'A'.repeat(43)}`, cookie: `satportal_tiles=${'B'.repeat(43)}` },
        remoteAddress: h.remoteAddress,
      });
      expect(r.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('refuses a forged API key, in a header or (tile routes) the URL, on every non-public route', async () => {
    const forged = `spk_0123abcd_${'C'.repeat(43)}`;
    for (const route of h.app.routeTable.filter((r) => !r.public)) {
      for (const [how, headers, query] of [
        ['bearer', { authorization: `Bearer ${forged}` }, ''],
        ['X-API-Key', { 'x-api-key': forged }, ''],
        ['query', {}, `?${ApiKeyParam}=${forged}`],
      ] as const) {
        const r = await h.app.inject({
          method: route.method as 'GET',
          url: `${concrete(route.url)}${query}`,
          headers,
          remoteAddress: h.remoteAddress,
        });
        expect(r.statusCode, `${route.method} ${route.url} (${how})`).toBe(401);
      }
    }
  });

  it('never takes a live API key from the query string of an API route', async () => {
    const { token } = await h.signedIn();
    const r = await h.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'in a URL', scopes: [...ApiKeyScopes] },
    });
    const key = r.json().data.key as string;
    for (const route of h.app.routeTable.filter((r) => !r.public && r.url.startsWith('/api/'))) {
      for (const name of [ApiKeyParam, 'key', 'access_token', 'token']) {
        const refused = await h.app.inject({
          method: route.method as 'GET',
          url: `${concrete(route.url)}?${name}=${key}`,
          remoteAddress: h.remoteAddress,
        });
        expect(refused.statusCode, `${route.method} ${route.url} ?${name}=`).toBe(401);
      }
    }
  });

  it("refuses a key holding every scope on the account's routes in every spelling of their paths", async () => {
    const { token } = await h.signedIn();
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'every scope', scopes: [...ApiKeyScopes] },
    });
    const key = created.json().data.key as string;
    const account = h.app.routeTable.filter(
      (r) => !r.public && (r.scope === 'account' || r.scope === undefined),
    );
    expect(account.length).toBeGreaterThanOrEqual(10);
    const served: string[] = [];
    for (const route of account) {
      for (const [how, url] of variants(concrete(route.url))) {
        const r = await h.app.inject({
          method: route.method as 'GET',
          url,
          headers: { 'x-api-key': key },
          remoteAddress: h.remoteAddress,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        // Refused as the account's, or matching no route at all: never reached.
        const refused = r.statusCode === 403 && r.json().code === ResultCode.ApiKeyNotAllowed;
        if (!refused && r.statusCode !== 404)
          served.push(`${route.method} ${url} (${how}): ${r.statusCode} ${r.body.slice(0, 80)}`);
      }
    }
    expect(served).toEqual([]);
  });

  it('still serves the public routes without a token', async () => {
    expect((await h.app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
    expect((await h.app.inject({ url: '/stac/v1' })).statusCode).toBe(200);
    expect((await h.app.inject({ url: '/config.js' })).statusCode).toBe(200);
  });
});

describe('paths that match no route', () => {
  it('are 401 under /api/ and /tiles/ without a session, however spelled, and 404 with one', async () => {
    const { token } = await h.signedIn();
    for (const url of [
      '/api/v1/no-such-thing',
      '/%61pi/v1/nothing',
      '/API/V1/none',
      '//tiles//x',
      '/x/../tiles/y',
    ]) {
      const anonymous = await h.app.inject({ url });
      expect(anonymous.statusCode, url).toBe(401);
    }
    const known = await h.app.inject({
      url: '/api/v1/no-such-thing',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(known.statusCode).toBe(404);
  });

  it('are 401 and 404 the same with the browser application served (its catch-all is no route there)', async () => {
    // Issue 26: a served build's `GET /*` matched first, so these answered 404 (or the page) anonymously.
    const { token } = await served.signedIn();
    for (const url of [
      '/api/v1/no-such-thing',
      '/%61pi/v1/nothing',
      '/API/V1/none',
      '/tiles/x',
      '/x/../tiles/y',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const anonymous = await served.app.inject({ method, url, remoteAddress: served.remoteAddress });
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
        const known = await served.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${token}` },
          remoteAddress: served.remoteAddress,
        });
        expect(known.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    expect((await served.app.inject({ url: '/map' })).statusCode).toBe(200);
  });

  it('reads a path under a protected prefix as leniently as any router would', () => {
    for (const path of [
      '/api/v1/x',
      '/%61pi/v1',
      '/%2561pi/v1',
      '/API',
      '//api//v1',
      '/a/../api/v1',
      '/%2e%2e/tiles/q',
      '/tiles',
    ]) {
      expect(underProtectedPrefix(path), path).toBe(true);
    }
    for (const path of ['/', '/map', '/assets/index.js', '/apiary', '/stac/v1', '/tilesets']) {
      expect(underProtectedPrefix(path), path).toBe(false);
    }
  });
});
