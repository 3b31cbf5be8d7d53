import { randomBytes } from 'node:crypto';
import { apiPath, Paths, TileKeyParam, TileStatusHeader } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { principalOf } from '../../http/auth-plugin';
import type { RouteModule } from '../../http/types';
import { type Harness, startHarness } from '../../test/harness';
import { tileKeyOf } from './test-helpers';
import { TileKeyText } from './tile-key-text';

// Tile keys: one device at a time, the same key for the same device while it lives, 601 once it
// idled out, was replaced or revoked, 401 for anything not ours — and never accepted off tile routes.

/** A tile route of the test's own: answers whose caller it was. */
const probe: RouteModule = {
  prefix: '',
  register: (app) => {
    app.get('/tiles/probe', { config: { tiles: true } }, async (request, reply) =>
      reply.type('image/png').send(Buffer.from(`user ${principalOf(request).user.id}`)),
    );
  },
};

let h: Harness;
const device = () => randomBytes(18).toString('base64url');

beforeAll(async () => {
  h = await startHarness({ routes: [probe] });
});

const keyFor = (harness: Harness, token: string, deviceId: string) => tileKeyOf(harness, { token }, deviceId);

async function tile(
  harness: Harness,
  query: Record<string, string | string[]>,
  headers: Record<string, string> = {},
) {
  const r = await harness.app.inject({
    method: 'GET',
    url: '/tiles/probe',
    query,
    headers,
    remoteAddress: harness.remoteAddress,
  });
  return { status: r.statusCode, xStatus: r.headers[TileStatusHeader.toLowerCase()], body: r.body };
}

async function status(harness: Harness, token: string, deviceId?: string) {
  const r = await harness.app.inject({
    method: 'GET',
    url: apiPath(Paths.tileKey),
    query: deviceId ? { deviceId } : {},
    headers: { authorization: `Bearer ${token}` },
    remoteAddress: harness.remoteAddress,
  });
  expect(r.json().code).toBe(2000);
  return r.json().data;
}

const expectExpired = (r: Awaited<ReturnType<typeof tile>>) => {
  expect(r.status).toBe(401);
  expect(r.xStatus).toBe('601');
  expect(JSON.parse(r.body)).toMatchObject({ code: 3001, message: 'error.tileKeyExpired' });
};
const expectRefused = (r: Awaited<ReturnType<typeof tile>>) => {
  expect(r.status).toBe(401);
  expect(r.xStatus).toBe('401');
  expect(JSON.parse(r.body)).toMatchObject({ code: 3001, message: 'error.invalidSession' });
};

describe('tile keys', () => {
  it('gives the same device the same key while it lives, and the key opens tile routes as its user', async () => {
    const owner = await h.signedIn();
    const a = device();
    const first = await keyFor(h, owner.token, a);
    const again = await keyFor(h, owner.token, a);
    expect(again.key).toBe(first.key);
    expect(first).toMatchObject({ deviceId: a, idleSeconds: 600 });
    const r = await tile(h, { [TileKeyParam]: first.key });
    expect(r.status).toBe(200);
    expect(r.body).toBe(`user ${owner.userId}`);
    expect(await status(h, owner.token, a)).toMatchObject({
      deviceId: a,
      thisDevice: true,
      idleSeconds: 600,
    });
  });

  it("replaces a key asked for by a second device: the first device's links answer 601", async () => {
    const owner = await h.signedIn();
    const [a, b] = [device(), device()];
    const first = await keyFor(h, owner.token, a);
    const second = await keyFor(h, owner.token, b);
    expect(second.key).not.toBe(first.key);
    expectExpired(await tile(h, { key: first.key }));
    expect((await tile(h, { key: second.key })).status).toBe(200);
    expect(await status(h, owner.token, a)).toMatchObject({ deviceId: b, thisDevice: false });
    // The first device asking again takes the key back: the second's links stop.
    const back = await keyFor(h, owner.token, a);
    expect(back.key).not.toBe(first.key);
    expectExpired(await tile(h, { key: second.key }));
    expect((await tile(h, { key: back.key })).status).toBe(200);
  });

  it('revokes the key: its links answer 601, the status is null, and the device gets a new key', async () => {
    const owner = await h.signedIn();
    const a = device();
    const before = await keyFor(h, owner.token, a);
    const r = await h.call('DELETE', Paths.tileKey, { token: owner.token });
    expect(r.body).toEqual({ code: 2000, message: 'ok', data: null });
    expectExpired(await tile(h, { key: before.key }));
    expect(await status(h, owner.token, a)).toBeNull();
    const after = await keyFor(h, owner.token, a);
    expect(after.key).not.toBe(before.key);
    expect((await tile(h, { key: after.key })).status).toBe(200);
  });

  it('refuses with X-Status 401 what is no key of ours, and a tile route without any credential', async () => {
    const owner = await h.signedIn();
    const { key } = await keyFor(h, owner.token, device());
    const [userId, keyId, signature] = key.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const forged = new TileKeyText('another secret').sign(owner.userId, keyId);
    const otherUser = key.replace(`${userId}.`, `${Number(userId) + 1}.`);
    for (const bad of [
      '',
      'x',
      `${userId}.${keyId}.${flipped}`,
      forged,
      otherUser,
      `${key}x`,
      key.toUpperCase(),
    ])
      expectRefused(await tile(h, { key: bad }));
    expectRefused(await tile(h, { key: [key, key] }));
    expectRefused(await tile(h, {}));
    // the key itself still works: none of these changed anything
    expect((await tile(h, { key })).status).toBe(200);
  });

  it('is never accepted outside tile routes, not even to ask for a new key', async () => {
    const owner = await h.signedIn();
    const a = device();
    const { key } = await keyFor(h, owner.token, a);
    for (const [method, path] of [
      ['GET', Paths.me],
      ['GET', Paths.tileKey],
      ['POST', Paths.tileKey],
      ['DELETE', Paths.tileKey],
      ['POST', Paths.usage],
    ] as const) {
      const r = await h.app.inject({
        method,
        url: `${apiPath(path)}?${TileKeyParam}=${encodeURIComponent(key)}`,
        payload: method === 'POST' ? { deviceId: device() } : undefined,
        remoteAddress: h.remoteAddress,
      });
      expect(r.statusCode, `${method} ${path}`).toBe(401);
      expect(r.json().code).toBe(3001);
    }
    // and nothing above replaced or revoked it
    expect((await tile(h, { key })).status).toBe(200);
    expect(await status(h, owner.token, a)).toMatchObject({ thisDevice: true });
  });

  it("keeps users apart: another user's key opens only their own, and their new key leaves mine alive", async () => {
    const me = await h.signedIn();
    const other = await h.signedIn();
    const mine = await keyFor(h, me.token, device());
    const theirs = await keyFor(h, other.token, device());
    expect((await tile(h, { key: theirs.key })).body).toBe(`user ${other.userId}`);
    expect((await tile(h, { key: mine.key })).body).toBe(`user ${me.userId}`);
    await h.call('DELETE', Paths.tileKey, { token: other.token });
    expect((await tile(h, { key: mine.key })).status).toBe(200);
    expect(await status(h, other.token)).toBeNull();
  });

  it('still takes the session on tile routes, before any key in the query', async () => {
    const owner = await h.signedIn();
    const r = await tile(h, { key: 'not-a-key' }, { authorization: `Bearer ${owner.token}` });
    expect(r.status).toBe(200);
    expect(r.body).toBe(`user ${owner.userId}`);
  });
});

describe('tile keys that idle out', () => {
  let short: Harness;
  beforeAll(async () => {
    short = await startHarness({ routes: [probe], env: { TILE_KEY_IDLE_SECONDS: '2' } });
  });
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('records use, expires after the idle time unused (601), and a new request gives a new key', async () => {
    const owner = await short.signedIn();
    const a = device();
    const issued = await keyFor(short, owner.token, a);
    expect(issued.idleSeconds).toBe(2);
    await sleep(600);
    expect((await tile(short, { key: issued.key })).status).toBe(200);
    const used = await status(short, owner.token, a);
    expect(Date.parse(used.lastUsedAt)).toBeGreaterThan(Date.parse(issued.lastUsedAt));
    await sleep(2500);
    expectExpired(await tile(short, { key: issued.key }));
    expect(await status(short, owner.token, a)).toBeNull();
    const renewed = await keyFor(short, owner.token, a);
    expect(renewed.key).not.toBe(issued.key);
    expect((await tile(short, { key: renewed.key })).status).toBe(200);
  });
});
