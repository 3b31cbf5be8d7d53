import { Paths, ResultCode } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueName } from '../../test/harness';
import { box, createTestSatellites, postSearch, scene, searchRequest } from '../../test/scenes';
import { boxAreaKm2, calculate, cartBody } from '../orders/sizing/test-helpers';
import { type Call, createRequest, insertMatch, subscriptionsApi } from './test-helpers';

let h: Harness;
let call: Call;
let satId: number;
beforeAll(async () => {
  h = await startHarness();
  call = await subscriptionsApi(h);
  satId = (await createTestSatellites(h, 1)).ids[0]!;
});

const hoursAgo = (n: number) => new Date(Date.now() - n * 3_600_000);
type Answer = Awaited<ReturnType<Call>>;
const idsOf = (r: Answer) => r.body.data.list.map((s: { sceneId: string }) => s.sceneId);

/**
 * A user's subscription over the 1° box 10–11° E, 10–11° N with three matched scenes: the west
 * half (5 Jan), a small square (7 Jan) and one covering the whole AOI (10 Jan, the cloudiest).
 */
async function subscribedUser() {
  const user = await h.signedIn();
  const created = await call(
    'POST',
    '/subscriptions',
    user.token,
    createRequest([satId], { aoiName: 'Bay' }),
  );
  expect(created.body.code, JSON.stringify(created.body)).toBe(2000);
  const id = created.body.data.id as number;
  const west = uniqueName('west');
  const small = uniqueName('small');
  const whole = uniqueName('whole');
  await h.services.scenesRepository.upsertScenes([
    scene({
      id: west,
      satelliteId: satId,
      footprint: box(10, 10, 10.5, 11),
      acquiredAt: '2026-01-05T10:00:00Z',
      cloudCover: 5,
    }),
    scene({
      id: small,
      satelliteId: satId,
      footprint: box(10.6, 10.6, 10.7, 10.7),
      acquiredAt: '2026-01-07T10:00:00Z',
      cloudCover: 1,
    }),
    scene({
      id: whole,
      satelliteId: satId,
      footprint: box(9, 9, 12, 12),
      acquiredAt: '2026-01-10T10:00:00Z',
      cloudCover: 15,
    }),
  ]);
  await insertMatch(h, id, west, 50.004, hoursAgo(2));
  await insertMatch(h, id, small, 0.9876, hoursAgo(2));
  await insertMatch(h, id, whole, 100, hoursAgo(2));
  return { ...user, id, west, small, whole };
}

const items = (token: string, id: number, query = '') =>
  call('GET', `/subscriptions/${id}/items${query}`, token);

describe('GET subscriptions/:id/items', () => {
  it('answers the matched scenes as the archive maps them, with the coverage they matched with', async () => {
    const { token, id, west, small, whole } = await subscribedUser();
    const r = await items(token, id);
    expect(r.body.code, JSON.stringify(r.body)).toBe(2000);
    expect(idsOf(r)).toEqual([whole, small, west]);
    expect(r.body.data).toMatchObject({ total: 3, more: false, ac: 100 });
    expect(r.body.data.list.map((s: { ac: number }) => s.ac)).toEqual([100, 0.99, 50]);
    // The same mapping as the archive's: what the scene-id search answers, but for `ac`.
    const byIds = await h.call('POST', Paths.archiveSearchByIds, {
      token,
      body: { sceneIds: [whole, small, west] },
    });
    const strip = ({ ac: _, ...rest }: { ac: unknown }) => rest;
    expect(r.body.data.list.map(strip)).toEqual(byIds.body.data.images.map(strip));
    const { rows } = await h.pool.query(
      'SELECT kind, request, match_count, user_id FROM archive_searches WHERE id = $1',
      [r.body.data.taskId],
    );
    expect(rows[0]).toMatchObject({ kind: 'subscription', match_count: 3, request: { subscriptionId: id } });
    expect(rows[0].request.aois).toEqual([{ ...box(10, 10, 11, 11), name: 'Bay' }]);
  });

  it('sorts as the archive search does', async () => {
    const { token, id, west, small, whole } = await subscribedUser();
    expect(idsOf(await items(token, id, '?sort=time,asc'))).toEqual([west, small, whole]);
    expect(idsOf(await items(token, id, '?sort=cc'))).toEqual([small, west, whole]);
    expect(idsOf(await items(token, id, '?sort=cc,desc'))).toEqual([whole, west, small]);
  });

  it('keeps the scenes acquired within fromDate … toDate (UTC days), ac of those only', async () => {
    const { token, id, west, small, whole } = await subscribedUser();
    const r = await items(token, id, '?fromDate=2026-01-05&toDate=2026-01-07');
    expect(idsOf(r)).toEqual([small, west]);
    expect(r.body.data.total).toBe(2);
    // The west half and a 0.1° square beside it: 51 % of the AOI.
    expect(r.body.data.ac).toBeGreaterThan(50.5);
    expect(r.body.data.ac).toBeLessThan(51.5);
    expect(idsOf(await items(token, id, '?fromDate=2026-01-07&toDate=2026-01-07'))).toEqual([small]);
    // The last day the wire can name: its end is in year 10000, which the database still holds.
    expect(idsOf(await items(token, id, '?fromDate=2026-01-06&toDate=9999-12-31'))).toEqual(
      [small, whole].reverse(),
    );
    for (const [query, key] of [
      ['?fromDate=2026-02-30', 'search.invalidDate'],
      ['?fromDate=2026-01-08&toDate=2026-01-07', 'search.exceedTime'],
    ]) {
      const bad = await items(token, id, query);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: ResultCode.ValidationFailed, message: key });
    }
  });

  it('pages with start and length; a taskId continues its own list, unmoved by later matches', async () => {
    const { token, id, west, small, whole } = await subscribedUser();
    const first = await items(token, id, '?length=1');
    expect(idsOf(first)).toEqual([whole]);
    expect(first.body.data).toMatchObject({ total: 3, more: true });
    const taskId = first.body.data.taskId as string;
    // A match recorded after the list began.
    await h.pool.query(`UPDATE archive_searches SET created_at = $2 WHERE id = $1`, [taskId, hoursAgo(1)]);
    const later = uniqueName('later');
    await h.services.scenesRepository.upsertScenes([
      scene({
        id: later,
        satelliteId: satId,
        footprint: box(10, 10, 11, 11),
        acquiredAt: '2026-01-20T10:00:00Z',
      }),
    ]);
    await insertMatch(h, id, later, 100, hoursAgo(0.5));
    // Continuing keeps the taskId's sort (time, newest first) even when another is asked.
    const second = await items(token, id, `?length=1&start=1&sort=cc&taskId=${taskId}`);
    expect(idsOf(second)).toEqual([small]);
    expect(second.body.data).toMatchObject({ total: 3, more: true, taskId });
    const third = await items(token, id, `?length=5&start=2&taskId=${taskId}`);
    expect(idsOf(third)).toEqual([west]);
    expect(third.body.data).toMatchObject({ total: 3, more: false, taskId });
    const fresh = await items(token, id);
    expect(idsOf(fresh)).toEqual([later, whole, small, west]);
    expect(fresh.body.data.taskId).not.toBe(taskId);
  });

  it("refuses another subscription's or an unknown taskId, and another user's subscription: 4004", async () => {
    const owner = await subscribedUser();
    const second = await call(
      'POST',
      '/subscriptions',
      owner.token,
      createRequest([satId], { boundaries: box(20, 20, 21, 21) }),
    );
    const taskId = (await items(owner.token, owner.id)).body.data.taskId as string;
    for (const query of [`?taskId=${taskId}`, '?taskId=00000000-0000-4000-8000-000000000000']) {
      const r = await items(owner.token, second.body.data.id, query);
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ code: ResultCode.NotFound, message: 'search.taskNotFound' });
    }
    const other = await subscribedUser();
    for (const query of ['', `?taskId=${taskId}`]) {
      const r = await items(other.token, owner.id, query);
      expect(r.status).toBe(404);
      expect(r.body.code).toBe(ResultCode.NotFound);
    }
    // the owner's taskId on the other user's own subscription
    expect((await items(other.token, other.id, `?taskId=${taskId}`)).status).toBe(404);
  });

  it('names its subscription to the stored search of its taskId (a link to the list, issue 28 #6)', async () => {
    const { token, id } = await subscribedUser();
    const taskId = (await items(token, id, '?sort=cc,asc')).body.data.taskId as string;
    const stored = await h.app.inject({
      method: 'GET',
      url: `/api/v1${Paths.archiveSearchById.replace(':taskId', taskId)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(stored.json()).toMatchObject({
      code: ResultCode.Success,
      data: { kind: 'subscription', taskId, subscriptionId: id, sort: 'cc,asc' },
    });
  });

  it("gives a taskId the cart's area calculation clips to; the archive's get more refuses it with 4004", async () => {
    const { token, id, west, whole } = await subscribedUser();
    const taskId = (await items(token, id)).body.data.taskId as string;
    // The scene over 9–12° clipped to the subscription's AOI, 10–11°.
    const r = await calculate(h, token, cartBody([whole], { taskId, clipping: true }));
    expect(r.body.code, JSON.stringify(r.body)).toBe(ResultCode.Success);
    expect(r.body.data.orderArea).toBeCloseTo(boxAreaKm2(10, 10, 11, 11), 1);
    const other = await h.signedIn();
    expect((await calculate(h, other.token, cartBody([west], { taskId, clipping: true }))).status).toBe(404);
    const more = await postSearch(h, token, searchRequest([box(10, 10, 11, 11)], [satId], {}, { taskId }));
    expect(more.status).toBe(404);
    expect(more.body).toMatchObject({ code: ResultCode.NotFound, message: 'search.taskNotFound' });
  });
});
