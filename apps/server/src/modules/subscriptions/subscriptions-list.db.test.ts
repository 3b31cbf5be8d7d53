import { ResultCode } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness';
import { box, createTestSatellites, scene } from '../../test/scenes';
import {
  type Call,
  createRequest,
  insertMatch,
  subscriptionCount,
  subscriptionsApi,
  utcDayFromToday,
} from './test-helpers';

let h: Harness;
let call: Call;
let satIds: number[];
let category: string;
beforeAll(async () => {
  h = await startHarness();
  call = await subscriptionsApi(h);
  ({ ids: satIds, category } = await createTestSatellites(h, 2));
});

let sceneSerial = 0;
/** A scene acquired at `time` matched by the subscription. */
async function matchScene(subscriptionId: number, time: string) {
  const id = `SUBLIST-${process.pid}-${sceneSerial++}`;
  await h.services.scenesRepository.upsertScenes([
    scene({ id, satelliteId: satIds[0]!, footprint: box(10, 10, 11, 11), acquiredAt: time }),
  ]);
  await insertMatch(h, subscriptionId, id, 100);
}

/** A user with `n` subscriptions over separate boxes, created in order; answers token, user id, ids. */
async function userWith(n: number) {
  const user = await h.signedIn();
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = await call(
      'POST',
      '/subscriptions',
      user.token,
      createRequest(satIds, { name: `S${i}`, aoiName: `A${i}`, boundaries: box(i, 0, i + 0.5, 0.5) }),
    );
    expect(r.body.code, JSON.stringify(r.body)).toBe(2000);
    ids.push(r.body.data.id);
    // Distinct creation times, so the order by createTime is the creation order.
    await h.pool.query(
      `UPDATE subscriptions SET created_at = now() - make_interval(mins => $2) WHERE id = $1`,
      [r.body.data.id, 100 - i],
    );
  }
  return { ...user, ids };
}

const list = (token: string, query = '') => call('GET', `/subscriptions${query}`, token);
const idsOf = (r: Awaited<ReturnType<Call>>) => r.body.data.list.map((s: { id: number }) => s.id);

/** Moves a subscription's window into the past: it has ended. */
const end = (id: number) =>
  h.pool.query(`UPDATE subscriptions SET fdate = current_date - 20, tdate = $2::date WHERE id = $1`, [
    id,
    utcDayFromToday(-1),
  ]);

describe('GET subscriptions', () => {
  it('answers the items as the centre shows them', async () => {
    const { token, username, ids } = await userWith(1);
    await h.pool.query(`UPDATE users SET email = $2 WHERE username = $1`, [username, 'who@example.com']);
    await matchScene(ids[0]!, '2026-01-02T03:04:05.000Z');
    const r = await list(token);
    expect(r.body.code).toBe(2000);
    expect(r.body.data).toMatchObject({ total: 1, totals: { inProcess: 1, ended: 0 }, more: false });
    const [item] = r.body.data.list;
    expect(item).toMatchObject({
      id: ids[0],
      name: 'S0',
      aoiName: 'A0',
      aoiId: null,
      fdate: utcDayFromToday(0),
      tdate: utcDayFromToday(90),
      userEmail: 'who@example.com',
      status: 10,
      nums: 1,
      imageTime: '2026-01-02T03:04:05.000Z',
      satIds,
      satGroups: [{ category, satIds }],
      boundaries: { type: 'Polygon', name: 'A0' },
      condition: { cc: 20, ac: 10, ona: 45, sza: 0 },
      sensor: { type: 1 },
    });
    // A 0.5° box at the equator: about 3077 km².
    expect(item.aoiArea).toBeGreaterThan(3070);
    expect(item.aoiArea).toBeLessThan(3085);
    expect(item.aoiArea).toBe(Math.round(item.aoiArea * 100) / 100);
    expect(Date.parse(r.body.data.lastUpdateTime)).toBeLessThanOrEqual(Date.now());
  });

  it('splits in process and ended by the window (UTC today), with both counts', async () => {
    const { token, ids } = await userWith(3);
    await end(ids[1]!);
    const inProcess = await list(token, '?type=10');
    expect(idsOf(inProcess)).toEqual([ids[2], ids[0]]);
    expect(inProcess.body.data).toMatchObject({
      total: 2,
      totals: { inProcess: 2, ended: 1 },
      lastUpdateTime: null,
    });
    const ended = await list(token, '?type=20');
    expect(ended.body.code, JSON.stringify(ended.body)).toBe(2000);
    expect(idsOf(ended)).toEqual([ids[1]]);
    expect(ended.body.data.list[0].status).toBe(20);
    expect(ended.body.data).toMatchObject({ total: 1, totals: { inProcess: 2, ended: 1 } });
    // The default is the in-process tab.
    expect(idsOf(await list(token))).toEqual([ids[2], ids[0]]);
  });

  it('sorts by createTime and imageTime both ways, no image last, ties by id', async () => {
    const { token, ids } = await userWith(4);
    const [a, b, c, d] = ids as [number, number, number, number];
    await matchScene(b, '2026-03-01T00:00:00Z');
    await matchScene(c, '2026-05-01T00:00:00Z');
    await matchScene(a, '2026-03-01T00:00:00Z');
    expect(idsOf(await list(token, '?sort=createTime,asc'))).toEqual([a, b, c, d]);
    expect(idsOf(await list(token, '?sort=createTime,desc'))).toEqual([d, c, b, a]);
    expect(idsOf(await list(token, '?sort=createTime'))).toEqual([d, c, b, a]);
    // a and b have the same image time: by id, in the direction asked; d has none: last.
    expect(idsOf(await list(token, '?sort=imageTime,asc'))).toEqual([a, b, c, d]);
    expect(idsOf(await list(token, '?sort=imageTime,desc'))).toEqual([c, b, a, d]);
  });

  it('filters to subscriptions with new images (onlyNew), counts included', async () => {
    const { token, ids } = await userWith(3);
    await matchScene(ids[1]!, '2026-03-01T00:00:00Z');
    await matchScene(ids[2]!, '2026-03-01T00:00:00Z');
    await end(ids[2]!);
    const r = await list(token, '?onlyNew=true');
    expect(idsOf(r)).toEqual([ids[1]]);
    expect(r.body.data).toMatchObject({ total: 1, totals: { inProcess: 1, ended: 1 } });
    expect(idsOf(await list(token, '?onlyNew=true&type=20'))).toEqual([ids[2]]);
  });

  it('pages with start and length (10 by default) and says when there is more', async () => {
    const { token, ids } = await userWith(12);
    const newestFirst = [...ids].reverse();
    const first = await list(token);
    expect(idsOf(first)).toEqual(newestFirst.slice(0, 10));
    expect(first.body.data).toMatchObject({ total: 12, more: true });
    const second = await list(token, '?start=10');
    expect(idsOf(second)).toEqual(newestFirst.slice(10));
    expect(second.body.data.more).toBe(false);
    const middle = await list(token, '?start=4&length=3');
    expect(idsOf(middle)).toEqual(newestFirst.slice(4, 7));
    expect(middle.body.data.more).toBe(true);
  });

  it("lists only the caller's subscriptions", async () => {
    await userWith(2);
    const other = await h.signedIn();
    const r = await list(other.token);
    expect(r.body.data).toMatchObject({
      list: [],
      total: 0,
      totals: { inProcess: 0, ended: 0 },
      more: false,
    });
  });
});

describe('GET subscriptions/:id', () => {
  it("answers the caller's one as the list does; another user's or an unknown id is 4004", async () => {
    const owner = await userWith(2);
    const listed = (await list(owner.token)).body.data.list.find(
      (s: { id: number }) => s.id === owner.ids[1],
    );
    const r = await call('GET', `/subscriptions/${owner.ids[1]}`, owner.token);
    expect(r.body.code, JSON.stringify(r.body)).toBe(2000);
    expect(r.body.data).toEqual(listed);
    const other = await h.signedIn();
    for (const [id, token] of [
      [owner.ids[1]!, other.token],
      [2_000_000_000, owner.token],
    ] as const) {
      const refused = await call('GET', `/subscriptions/${id}`, token);
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe(ResultCode.NotFound);
    }
  });
});

describe('DELETE subscriptions/:id', () => {
  it("deletes the caller's own; another user's or an unknown id is 4004 and nothing changes", async () => {
    const owner = await userWith(2);
    const other = await h.signedIn();
    for (const id of [owner.ids[0]!, 2_000_000_000]) {
      const r = await call('DELETE', `/subscriptions/${id}`, other.token);
      expect(r.status).toBe(404);
      expect(r.body.code).toBe(ResultCode.NotFound);
    }
    expect(await subscriptionCount(h, owner.userId)).toBe(2);
    const r = await call('DELETE', `/subscriptions/${owner.ids[0]}`, owner.token);
    expect(r.body).toMatchObject({ code: 2000 });
    expect(idsOf(await list(owner.token))).toEqual([owner.ids[1]]);
    expect((await call('DELETE', `/subscriptions/${owner.ids[0]}`, owner.token)).status).toBe(404);
  });
});

describe('subscriptions/status', () => {
  it('answers the red dot of the caller and clears only theirs', async () => {
    const one = await h.signedIn();
    const two = await h.signedIn();
    await h.pool.query('UPDATE users SET subscriptions_unread = true WHERE id = ANY($1::int[])', [
      [one.userId, two.userId],
    ]);
    expect((await call('GET', '/subscriptions/status', one.token)).body).toMatchObject({
      code: 2000,
      data: { unread: true },
    });
    expect((await call('PUT', '/subscriptions/status', one.token)).body.code).toBe(2000);
    expect((await call('GET', '/subscriptions/status', one.token)).body.data).toEqual({ unread: false });
    expect((await call('GET', '/subscriptions/status', two.token)).body.data).toEqual({ unread: true });
  });
});
