import { ApiBase, type ApiKeyScope, ApiKeyScopes, ResultCode } from '@satportal/contract';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, routeKey } from '../test/fuzz-call';
import { fuzzFixtures } from '../test/fuzz-fixture';
import { toInject } from '../test/fuzz-inject';
import { type Harness, startHarness } from '../test/harness';
import type { RegisteredRoute } from './types';

/**
 * API keys on every route (issue 27), walked from the route table so that a new route is covered
 * at once: a key opens a route only with the scope the route names (4033 naming it otherwise), the
 * account's own routes and unmarked routes never (4034); and another user's key answers every
 * working request of a user's own things exactly as that other user's session does (the modules'
 * isolation tests prove the session's answers; `db-apikeys` runs them with keys too), leaving the
 * owner's things as they were.
 */

let h: Harness;
/** A: the owner of the fixture's things; B and C: other users, each with the same things of their own. */
let a: Fixture;
let b: Fixture;
let c: Fixture;
const bKeys = new Map<string, string>();
let cKey: string;

const concrete = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, '1').replace(/\*/g, 'x');
const guarded = () => h.app.routeTable.filter((r) => !r.public);

async function keyFor(token: string, scopes: ApiKeyScope[]): Promise<string> {
  const r = await h.app.inject({
    method: 'POST',
    url: `${ApiBase}/api-keys`,
    headers: { authorization: `Bearer ${token}` },
    payload: { name: `scopes ${scopes.join(' ')}`, scopes },
    remoteAddress: h.remoteAddress,
  });
  expect(r.json().code, r.body).toBe(ResultCode.Success);
  return r.json().data.key;
}

beforeAll(async () => {
  h = await startHarness({ credential: 'session' });
  const makeFixture = await fuzzFixtures(h);
  a = await makeFixture();
  b = await makeFixture();
  c = await makeFixture();
  cKey = await keyFor(c.token, [...ApiKeyScopes]);
  bKeys.set('all', await keyFor(b.token, [...ApiKeyScopes]));
  for (const scope of ApiKeyScopes) {
    bKeys.set(`only ${scope}`, await keyFor(b.token, [scope]));
    bKeys.set(
      `all but ${scope}`,
      await keyFor(
        b.token,
        ApiKeyScopes.filter((s) => s !== scope),
      ),
    );
  }
}, 600_000);

/** A route called with a credential and an empty body: what authentication made of it. */
async function callWith(route: RegisteredRoute, headers: Record<string, string>) {
  const r = await h.app.inject({
    method: route.method as 'GET',
    url: concrete(route.url),
    headers,
    remoteAddress: h.remoteAddress,
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
  });
  const json = r.headers['content-type']?.toString().includes('json') ? r.json() : undefined;
  if (json && typeof json.code !== 'string')
    return { status: r.statusCode, code: json.code as number | undefined, data: json.data };
  // The WMS and WMTS routes answer their clients' OGC exception report (tiles/ows-errors.ts), My data
  // as STAC its clients' `{code, description}` (stac/my): both name the missing scope in words.
  const scope = /lacks the (\w+) scope/.exec(json ? String(json.description) : r.body)?.[1];
  return {
    status: r.statusCode,
    code: scope ? ResultCode.ApiKeyScopeMissing : undefined,
    data: scope ? { params: { scope } } : undefined,
  };
}

describe('an API key on every guarded route', () => {
  it('opens a route only with the scope it names, and says which scope is missing', async () => {
    const wrong: string[] = [];
    for (const route of guarded()) {
      const scope = route.scope;
      if (scope === undefined || scope === 'account') continue;
      for (const headers of [
        { authorization: `Bearer ${bKeys.get(`all but ${scope}`)}` } as Record<string, string>,
        { 'x-api-key': bKeys.get(`all but ${scope}`)! },
      ]) {
        const r = await callWith(route, headers);
        if (r.status !== 403 || r.code !== ResultCode.ApiKeyScopeMissing || r.data?.params?.scope !== scope)
          wrong.push(`${routeKey(route)} without ${scope}: ${JSON.stringify(r)}`);
      }
      const opened = await callWith(route, { authorization: `Bearer ${bKeys.get(`only ${scope}`)}` });
      const refused =
        opened.status === 401 ||
        opened.code === ResultCode.ApiKeyScopeMissing ||
        opened.code === ResultCode.ApiKeyNotAllowed;
      if (refused) wrong.push(`${routeKey(route)} with only ${scope}: ${JSON.stringify(opened)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses the account’s own routes and routes naming no scope to a key holding every scope', async () => {
    const closed = guarded().filter((r) => r.scope === undefined || r.scope === 'account');
    // The account's own routes: a leaked key must not change the password, end sessions, mint
    // tile keys or API keys, or outlive its own revocation.
    expect(closed.map(routeKey)).toEqual(
      expect.arrayContaining([
        'POST /api/v1/auth/logout',
        'POST /api/v1/auth/logout/all',
        'POST /api/v1/auth/password',
        'PUT /api/v1/me/timezone',
        'POST /api/v1/tiles/key',
        'GET /api/v1/tiles/key',
        'DELETE /api/v1/tiles/key',
        'POST /api/v1/api-keys',
        'GET /api/v1/api-keys',
        'DELETE /api/v1/api-keys/:id',
      ]),
    );
    const wrong: string[] = [];
    for (const route of closed) {
      const r = await callWith(route, { authorization: `Bearer ${bKeys.get('all')}` });
      if (r.status !== 403 || r.code !== ResultCode.ApiKeyNotAllowed)
        wrong.push(`${routeKey(route)}: ${JSON.stringify(r)}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe("another user's things with an API key", () => {
  /** What A sees of their own things, to compare after B's attempts. */
  async function ownThings() {
    const get = async (url: string) => {
      const r = await h.app.inject({
        url: `${ApiBase}${url}`,
        headers: { authorization: `Bearer ${a.token}` },
        remoteAddress: h.remoteAddress,
      });
      return r.json();
    };
    return {
      aois: await get('/aois?type=1'),
      pois: await get('/aois?type=2'),
      aoi: await get(`/aois/${a.ownIds.aoi}`),
      orders: await get('/orders?length=100'),
      subscriptions: await get('/subscriptions?length=100'),
      tags: await get('/orders/tags'),
    };
  }

  // B's session and C's key make the same requests, each over the same things of their own (what a
  // request creates, such as a subscription, would make a second request by the same user differ).
  it("answers C's key as B's session on every working request of A's things, and A's stay as they were", async () => {
    const before = await ownThings();
    const differing: string[] = [];
    const opened: string[] = [];
    let compared = 0;
    for (const route of guarded()) {
      if (route.scope === undefined || route.scope === 'account') continue;
      for (const example of a.examples[routeKey(route)] ?? []) {
        const call = {
          ...(example.params ? { params: example.params } : {}),
          ...(example.query ? { query: example.query } : {}),
          ...(example.body !== undefined ? { body: { json: example.body } } : {}),
        };
        const answer = async (token: string) => {
          const r = await h.app.inject({
            ...toInject(route, call, 'user', token),
            remoteAddress: h.remoteAddress,
          } as InjectOptions);
          return `${r.statusCode} ${r.headers['content-type']?.toString().includes('json') ? r.json().code : '-'}`;
        };
        const bySession = await answer(b.token);
        const byKey = await answer(cKey);
        compared++;
        if (bySession !== byKey)
          differing.push(`${routeKey(route)} ${JSON.stringify(call)}: session ${bySession}, key ${byKey}`);
        // A path naming one of A's things (an AOI, an order, a subscription) is another's: 404.
        if (example.params?.id !== undefined && !byKey.startsWith('404 '))
          opened.push(`${routeKey(route)} ${JSON.stringify(call)}: ${byKey}`);
      }
    }
    expect(compared).toBeGreaterThan(30);
    expect(differing).toEqual([]);
    expect(opened).toEqual([]);
    expect(await ownThings()).toEqual(before);
  });
});
