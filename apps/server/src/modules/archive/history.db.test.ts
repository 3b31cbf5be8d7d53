import { AoiSearchHistoryResponse, ArchiveSearchHistoryResponse, ResultCode } from '@satportal/contract';
import { Value } from 'typebox/value';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness';
import { box, createTestSatellites, loginNewUser, postSearch, searchRequest } from '../../test/scenes';
import { defaultConstellation } from '../catalogue/constellation';

/** Search histories (spec 001 §2 Histories): the last 10, per user, recorded by each search. */

let h: Harness;
let sats: number[];
let category: string;

beforeAll(async () => {
  h = await startHarness();
  await h.services.catalogue.seedConstellation(defaultConstellation);
  ({ ids: sats, category } = await createTestSatellites(h, 2));
});

async function search(token: string, aoi: unknown, condition: Record<string, unknown> = {}) {
  const r = await postSearch(
    h,
    token,
    searchRequest([aoi], sats, condition, { sensor: { type: 1, band: ['NIR'] } }),
  );
  expect(r.body.code, JSON.stringify(r.body)).toBe(ResultCode.Success);
  return r.body.data;
}
const get = async (token: string, path: '/archive/search/history' | '/aois/search/history') =>
  (await h.call('GET', path, { token })).body;

describe('archive search history', () => {
  it('records each search with condition, sensor, satIds, satGroups and AOIs, newest first', async () => {
    const token = await loginNewUser(h);
    await search(token, box(100, 10, 101, 11), { cc: 30 });
    await search(token, box(100, 10, 101, 11), { cc: 40 });
    const body = await get(token, '/archive/search/history');
    expect(body.code).toBe(ResultCode.Success);
    expect(Value.Check(ArchiveSearchHistoryResponse, body.data)).toBe(true);
    expect(body.data.total).toBe(2);
    expect(body.data.list[0]).toMatchObject({
      condition: { cc: 40, fdate: '2024-01-01', tdate: '2024-12-31', productQualities: ['A', 'B'] },
      sensor: { type: 1, band: ['NIR'] },
      satIds: sats,
      satGroups: [{ category }],
      aois: [box(100, 10, 101, 11)],
    });
    expect(body.data.list[1].condition.cc).toBe(30);
  });

  it('keeps the last 10, and a repeated search moves to the top instead of filling the list', async () => {
    const token = await loginNewUser(h);
    for (let cc = 1; cc <= 12; cc++) await search(token, box(100, 10, 101, 11), { cc });
    let list = (await get(token, '/archive/search/history')).data.list;
    expect(list.map((e: { condition: { cc: number } }) => e.condition.cc)).toEqual([
      12, 11, 10, 9, 8, 7, 6, 5, 4, 3,
    ]);
    await search(token, box(100, 10, 101, 11), { cc: 5 });
    list = (await get(token, '/archive/search/history')).data.list;
    expect(list.map((e: { condition: { cc: number } }) => e.condition.cc)).toEqual([
      5, 12, 11, 10, 9, 8, 7, 6, 4, 3,
    ]);
    // "get more" is the same search: it adds nothing
    const first = await search(token, box(100, 10, 101, 11), { cc: 77 });
    await postSearch(h, token, {
      ...searchRequest([box(100, 10, 101, 11)], sats),
      taskId: first.taskId,
      page: { start: 1000, length: 1000 },
    });
    list = (await get(token, '/archive/search/history')).data.list;
    expect(list).toHaveLength(10);
    expect(list[0].condition.cc).toBe(77);
    expect(list[1].condition.cc).toBe(5);
  });

  it('keeps the names of the AOIs; the same search under another AOI name is the same entry', async () => {
    const token = await loginNewUser(h);
    await search(token, { ...box(100, 10, 101, 11), name: 'Fields north' }, { cc: 12 });
    await search(token, { ...box(100, 10, 101, 11), name: 'Fields, renamed' }, { cc: 12 });
    const list = (await get(token, '/archive/search/history')).data.list;
    expect(list).toHaveLength(1);
    expect(list[0].aois).toEqual([{ ...box(100, 10, 101, 11), name: 'Fields, renamed' }]);
  });

  it('is per user, and cleared by its owner only', async () => {
    const alice = await loginNewUser(h);
    const bob = await loginNewUser(h);
    await search(alice, box(100, 10, 101, 11));
    expect((await get(bob, '/archive/search/history')).data).toEqual({ list: [], total: 0, more: false });
    expect((await h.call('DELETE', '/archive/search/history', { token: bob })).body.code).toBe(
      ResultCode.Success,
    );
    expect((await get(alice, '/archive/search/history')).data.total).toBe(1);
    expect((await h.call('DELETE', '/archive/search/history', { token: alice })).body.code).toBe(
      ResultCode.Success,
    );
    expect((await get(alice, '/archive/search/history')).data.total).toBe(0);
  });
});

describe('AOI search history', () => {
  it('records each AOI with its name, area in whole km² and last query time', async () => {
    const token = await loginNewUser(h);
    const named = { ...box(100, 10, 101, 11), name: 'Mekong delta' };
    const before = Date.now();
    await search(token, named);
    const body = await get(token, '/aois/search/history');
    expect(Value.Check(AoiSearchHistoryResponse, body.data)).toBe(true);
    expect(body.data.list).toHaveLength(1);
    const entry = body.data.list[0];
    expect(entry.aoi).toMatchObject({
      name: 'Mekong delta',
      geometry: {
        type: 4,
        cors: [
          { lat: 10, lng: 100 },
          { lat: 10, lng: 101 },
          { lat: 11, lng: 101 },
          { lat: 11, lng: 100 },
          { lat: 10, lng: 100 },
        ],
      },
      geojson: box(100, 10, 101, 11),
    });
    // 1° × 1° at 10.5° N: about 110.6 km × 109.4 km
    expect(entry.area).toBeGreaterThan(12_050);
    expect(entry.area).toBeLessThan(12_150);
    expect(Number.isInteger(entry.area)).toBe(true);
    expect(Date.parse(entry.lastQueryTime)).toBeGreaterThanOrEqual(before - 5_000);
  });

  it('updates the time of an AOI searched again, keeps 10, and is per user', async () => {
    const token = await loginNewUser(h);
    for (let i = 0; i < 11; i++) await search(token, { ...box(100 + i, 10, 101 + i, 11), name: `AOI ${i}` });
    let list = (await get(token, '/aois/search/history')).data.list;
    expect(list.map((e: { aoi: { name: string } }) => e.aoi.name)).toEqual(
      [10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((i) => `AOI ${i}`),
    );
    await search(token, { ...box(103, 10, 104, 11), name: 'AOI 3 again' });
    list = (await get(token, '/aois/search/history')).data.list;
    expect(list).toHaveLength(10);
    expect(list[0].aoi.name).toBe('AOI 3 again');
    expect(list.filter((e: { aoi: { name: string } }) => e.aoi.name.startsWith('AOI 3'))).toHaveLength(1);

    const other = await loginNewUser(h);
    expect((await get(other, '/aois/search/history')).data.list).toEqual([]);
    await h.call('DELETE', '/aois/search/history', { token });
    expect((await get(token, '/aois/search/history')).data.list).toEqual([]);
  });
});
