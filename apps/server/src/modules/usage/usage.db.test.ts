import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { apiPath, Paths, TileKeyParam } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { principalOf } from '../../http/auth-plugin';
import type { RouteModule } from '../../http/types';
import { type Harness, startHarness } from '../../test/harness';
import { defaultConstellation } from '../catalogue/constellation';
import { archiveOrder, archiveWorld, expectCode, searchOf, send } from '../orders/test-helpers';
import { utcDayOf } from './hd-allowance';
import { UsageRepository } from './usage.repository';

// Usage accounting: every tile and download served with 200 is counted in bytes for its caller and
// UTC day, nothing else is; the report adds it up per period and today, -1 meaning unlimited.

const tileBytes = randomBytes(1234);
const streamBytes = randomBytes(4321);

/** Tile routes of the test's own, counted as tiles: a buffer, a stream, and a refusal. */
const probes: RouteModule = {
  prefix: '',
  register: (app) => {
    const counted = { tiles: true, usage: 'tile' } as const;
    app.get('/tiles/probe/buffer', { config: counted }, async (_request, reply) =>
      reply.type('image/png').send(tileBytes),
    );
    app.get('/tiles/probe/stream', { config: counted }, async (_request, reply) =>
      reply
        .type('image/png')
        .header('content-length', streamBytes.length)
        .send(Readable.from([streamBytes])),
    );
    app.get('/tiles/probe/missing', { config: counted }, async (request, reply) => {
      principalOf(request);
      return reply.status(404).type('image/png').send(tileBytes);
    });
    app.get('/tiles/probe/uncounted', { config: { tiles: true } }, async (_request, reply) =>
      reply.type('image/png').send(tileBytes),
    );
  },
};

let h: Harness;
let repository: UsageRepository;

beforeAll(async () => {
  h = await startHarness({ routes: [probes] });
  repository = new UsageRepository(h.pool);
});

const today = () => utcDayOf(new Date());

/** What the figures hold once the usage ledger has written what it counted. */
async function usageToday(userId: number) {
  await h.services.usage.flush();
  return (
    (await repository.days(userId, today(), today()))[0] ?? { bytes: 0, tiles: 0, downloads: 0, hd_tiles: 0 }
  );
}

async function get(url: string, token: string) {
  const r = await h.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}` },
    remoteAddress: h.remoteAddress,
  });
  return r.statusCode;
}

describe('usage accounting', () => {
  it('counts tiles served with 200 in bytes for the caller: buffers by length, streams by content-length', async () => {
    const me = await h.signedIn();
    expect(await get('/tiles/probe/buffer', me.token)).toBe(200);
    expect(await get('/tiles/probe/buffer', me.token)).toBe(200);
    expect(await get('/tiles/probe/stream', me.token)).toBe(200);
    expect(await usageToday(me.userId)).toMatchObject({
      bytes: 2 * tileBytes.length + streamBytes.length,
      tiles: 3,
      downloads: 0,
    });
  });

  it('counts neither refusals nor routes not marked for counting, nor anyone but the caller', async () => {
    const me = await h.signedIn();
    const other = await h.signedIn();
    expect(await get('/tiles/probe/missing', me.token)).toBe(404);
    expect(await get('/tiles/probe/uncounted', me.token)).toBe(200);
    expect(await get('/tiles/probe/buffer', 'not-a-session-token-at-all')).toBe(401);
    expect(await usageToday(me.userId)).toMatchObject({ bytes: 0, tiles: 0 });
    expect(await get('/tiles/probe/buffer', other.token)).toBe(200);
    expect(await usageToday(me.userId)).toMatchObject({ bytes: 0, tiles: 0 });
    expect(await usageToday(other.userId)).toMatchObject({ bytes: tileBytes.length, tiles: 1 });
  });

  it('counts quicklooks drawn by the WMS, opened with a tile key as with the session', async () => {
    await h.services.catalogue.seedConstellation(defaultConstellation);
    const w = await archiveWorld(h);
    const me = await h.signedIn();
    const issued = await h.call('POST', Paths.tileKey, {
      token: me.token,
      body: { deviceId: randomBytes(18).toString('base64url') },
    });
    const url =
      `/tiles/quicklooks/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=${encodeURIComponent(w.sceneIds[0]!)}` +
      '&STYLES=&CRS=CRS:84&BBOX=29.9,-0.1,30.6,0.6&WIDTH=64&HEIGHT=64&FORMAT=image/png&TRANSPARENT=TRUE';
    const keyed = await h.app.inject({
      url: `${url}&${TileKeyParam}=${encodeURIComponent(issued.body.data.key)}`,
      remoteAddress: h.remoteAddress,
    });
    expect(keyed.statusCode, keyed.body.slice(0, 200)).toBe(200);
    const withSession = await h.app.inject({
      url,
      headers: { authorization: `Bearer ${me.token}` },
      remoteAddress: h.remoteAddress,
    });
    expect(withSession.statusCode).toBe(200);
    // The capabilities document is no tile: not counted (it was, as a tile, before).
    const capabilities = await h.app.inject({
      url: '/tiles/quicklooks/wms?SERVICE=WMS&REQUEST=GetCapabilities',
      headers: { authorization: `Bearer ${me.token}` },
      remoteAddress: h.remoteAddress,
    });
    expect(capabilities.statusCode).toBe(200);
    // Nor is an exception drawn as an image (EXCEPTIONS=BLANK, INIMAGE): an unknown layer.
    for (const exceptions of ['BLANK', 'INIMAGE']) {
      const blank = await h.app.inject({
        url: `${url.replace(encodeURIComponent(w.sceneIds[0]!), 'NO-SUCH-SCENE')}&EXCEPTIONS=${exceptions}`,
        headers: { authorization: `Bearer ${me.token}` },
        remoteAddress: h.remoteAddress,
      });
      expect(blank.statusCode).toBe(200);
      expect(blank.headers['content-type']).toBe('image/png');
    }
    expect(await usageToday(me.userId)).toMatchObject({
      bytes: keyed.rawPayload.length + withSession.rawPayload.length,
      tiles: 2,
    });
  });

  it('counts a delivered package downloaded, and not a refused download', async () => {
    await h.services.catalogue.seedConstellation(defaultConstellation);
    const w = await archiveWorld(h);
    const owner = await h.signedIn();
    const stranger = await h.signedIn();
    const placed = await send(
      h,
      'POST',
      '/orders/archive',
      owner.token,
      archiveOrder(w, { taskId: await searchOf(h, owner.token, w) }, [10]),
    );
    expectCode(placed, 2000);
    const { orderNumber, orderId } = placed.body.data.list[0];
    const { rows } = await h.pool.query<{ id: string }>(
      'SELECT id FROM order_terms WHERE order_id = $1 ORDER BY position',
      [orderId],
    );
    const termsId = rows[0]!.id;
    const key = `orders/${orderNumber}/${termsId}/${orderNumber}_${termsId}_L1C.zip`;
    const pkg = randomBytes(70_000);
    await h.services.objectStore.put(key, pkg, { contentType: 'application/zip' });
    const expiresAt = new Date(Date.now() + 86_400_000);
    await h.pool.query(
      'UPDATE order_terms SET state = 5, package_key = $2, package_bytes = $3, package_expires_at = $4 WHERE id = $1',
      [termsId, key, pkg.length, expiresAt],
    );
    const link = h.services.downloadLinks.link(key, expiresAt);
    expect(await get(link, stranger.token)).toBe(404);
    expect(await get(link, owner.token)).toBe(200);
    expect(await usageToday(owner.userId)).toMatchObject({ bytes: pkg.length, downloads: 1, tiles: 0 });
    expect(await usageToday(stranger.userId)).toMatchObject({ bytes: 0, downloads: 0 });
  });
});

describe('POST usage/flow', () => {
  const day = (offset: number) => utcDayOf(new Date(Date.now() + offset * 86_400_000));

  async function served(userId: number, date: string, bytes: number, hdTiles = 0) {
    await h.pool.query(
      'INSERT INTO usage_days (user_id, day, bytes, tiles, hd_tiles) VALUES ($1, $2, $3, 1, $4)',
      [userId, date, bytes, hdTiles],
    );
  }

  it('adds up the period and today against the allowances, with the days and years of use', async () => {
    const me = await h.signedIn();
    await repository.setAllowance(me.userId, {
      flow_quota_bytes: 10_000_000_000,
      day_flow_limit_bytes: 2 * 1024 ** 3,
      hd_daily_tiles: 40,
    });
    await served(me.userId, day(-400), 999); // outside the period asked
    await served(me.userId, day(-3), 3_000_000_000);
    await served(me.userId, day(-1), 5);
    await served(me.userId, day(0), 1_000_000, 7);
    const r = await h.call('POST', Paths.usage, {
      token: me.token,
      body: { cycle: 1, beginTime: `${day(-30)}T00:00:00Z`, endTime: new Date().toISOString() },
    });
    expect(r.body.code).toBe(2000);
    const midnight = Date.parse(`${day(0)}T00:00:00Z`);
    expect(r.body.data).toEqual({
      statistic: { total: 10_000_000_000, usage: 3_001_000_005, surplus: 10_000_000_000 - 3_001_000_005 },
      timeBillStat: {
        beginDate: new Date(midnight).toISOString(),
        endDate: new Date(midnight + 86_399_999).toISOString(),
        dayFlowLimit: 2 * 1024 ** 3,
        surplus: 2 * 1024 ** 3 - 1_000_000,
        usageToday: 1_000_000,
        nextUpdateTime: new Date(midnight + 86_400_000).toISOString(),
      },
      detail: [
        { date: day(-3), value: 3_000_000_000 },
        { date: day(-1), value: 5 },
        { date: day(0), value: 1_000_000 },
      ],
      years: [...new Set([day(0), day(-1), day(-3), day(-400)].map((d) => Number(d.slice(0, 4))))].sort(
        (a, b) => b - a,
      ),
      hd: { fullHd: false, dailyTiles: 40, usedToday: 7 },
    });
  });

  it('says -1 for what is unlimited, 0 left when the quota is spent, and the default HD allowance', async () => {
    const me = await h.signedIn();
    await served(me.userId, day(0), 500);
    const body = { beginTime: `${day(-1)}T00:00:00Z`, endTime: `${day(0)}T23:59:59Z` };
    let r = await h.call('POST', Paths.usage, { token: me.token, body });
    expect(r.body.data.statistic).toEqual({ total: -1, usage: 500, surplus: -1 });
    expect(r.body.data.timeBillStat).toMatchObject({ dayFlowLimit: -1, surplus: -1, usageToday: 500 });
    expect(r.body.data.hd).toEqual({
      fullHd: false,
      dailyTiles: h.config.tiles.defaultHdDailyTiles,
      usedToday: 0,
    });
    expect(r.body.data.years).toEqual([new Date().getUTCFullYear()]);
    await repository.setAllowance(me.userId, {
      flow_quota_bytes: 100,
      day_flow_limit_bytes: 200,
      full_hd: true,
    });
    r = await h.call('POST', Paths.usage, { token: me.token, body });
    expect(r.body.data.statistic).toEqual({ total: 100, usage: 500, surplus: 0 });
    expect(r.body.data.timeBillStat).toMatchObject({ dayFlowLimit: 200, surplus: 0 });
    expect(r.body.data.hd.fullHd).toBe(true);
  });

  it("reports only the caller's own usage", async () => {
    const me = await h.signedIn();
    const other = await h.signedIn();
    await served(other.userId, day(0), 12345);
    const r = await h.call('POST', Paths.usage, {
      token: me.token,
      body: { beginTime: `${day(-2)}T00:00:00Z`, endTime: new Date().toISOString() },
    });
    expect(r.body.data.statistic.usage).toBe(0);
    expect(r.body.data.detail).toEqual([]);
  });

  it('refuses a bad period with 4000 naming the field', async () => {
    const me = await h.signedIn();
    const cases: [Record<string, unknown>, string][] = [
      [{ beginTime: '2026-01-02T00:00:00Z', endTime: '2026-01-01T00:00:00Z' }, 'endTime'],
      [{ beginTime: '2024-01-01T00:00:00Z', endTime: '2025-02-05T00:00:01Z' }, 'endTime'],
      [{ beginTime: 'yesterday', endTime: '2026-01-01T00:00:00Z' }, 'beginTime'],
      [{ beginTime: '2026-01-01T00:00:00Z' }, 'endTime'],
      [{ cycle: 2, beginTime: '2026-01-01T00:00:00Z', endTime: '2026-01-02T00:00:00Z' }, 'cycle'],
    ];
    for (const [body, field] of cases) {
      const r = await h.call('POST', Paths.usage, { token: me.token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe(4000);
      expect(r.body.data.field).toBe(field);
    }
    // 400 days exactly is a period the report covers
    const r = await h.call('POST', Paths.usage, {
      token: me.token,
      body: { beginTime: '2024-01-01T00:00:00Z', endTime: '2025-02-04T00:00:00Z' },
    });
    expect(r.body.code).toBe(2000);
  });

  it('needs a session', async () => {
    const r = await h.app.inject({ method: 'POST', url: apiPath(Paths.usage), payload: {} });
    expect(r.statusCode).toBe(401);
  });
});
