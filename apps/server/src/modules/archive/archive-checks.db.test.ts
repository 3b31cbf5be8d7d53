import { type ArchiveSearchResponse, ResultCode, SceneIdSearchResponse } from '@satportal/contract';
import { Value } from 'typebox/value';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, uniqueName } from '../../test/harness';
import { box, createTestSatellites, postSearch, scene, searchRequest } from '../../test/scenes';
import { searchData, startArchiveHarness } from './test-setup';

// The archive search's request checks (spec 000 §5), sessions and other users, and the scene-id
// search; the filters and "get more" are in archive.db.test.ts.

let h: Harness;
let token: string;
const prefix = uniqueName('arc');

beforeAll(async () => {
  ({ h, token } = await startArchiveHarness());
});

type Data = ArchiveSearchResponse;

const ok = (body: unknown, sort?: string, as = token): Promise<Data> => searchData(h, as, body, sort);

describe('validation (spec 000 §5)', () => {
  const aoi = box(80, 10, 81, 11);
  let sats: number[];
  beforeAll(async () => {
    sats = (await createTestSatellites(h, 1)).ids;
  });

  async function refused(body: unknown) {
    const r = await postSearch(h, token, body);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.code).toBe(ResultCode.ValidationFailed);
    return { message: r.body.message, field: r.body.data?.field, params: r.body.data?.params };
  }
  const today = new Date();
  const dayAfterTomorrow = new Date(today.getTime() + 2 * 86_400_000).toISOString().slice(0, 10);

  it('names the field and the message key of each rule', async () => {
    expect(await refused(searchRequest([aoi], sats, { productQualities: [] }))).toMatchObject({
      message: 'search.chooseQuality',
      field: 'condition.productQualities',
    });
    expect(await refused(searchRequest([aoi], []))).toMatchObject({
      message: 'placeholder.selectSatellite',
      field: 'satIds',
    });
    expect(
      await refused(searchRequest([aoi], sats, { fdate: '2024-05-02', tdate: '2024-05-01' })),
    ).toMatchObject({
      message: 'search.exceedTime',
      field: 'condition.fdate',
    });
    expect(await refused(searchRequest([aoi], sats, { fdate: '2009-12-31' }))).toMatchObject({
      message: 'search.dateOutOfRange',
      field: 'condition.fdate',
      params: { min: '2010-01-01' },
    });
    expect(await refused(searchRequest([aoi], sats, { tdate: dayAfterTomorrow }))).toMatchObject({
      message: 'search.dateOutOfRange',
      field: 'condition.tdate',
    });
    expect(await refused(searchRequest([aoi], sats, { fdate: '2024-02-30' }))).toMatchObject({
      message: 'search.invalidDate',
      field: 'condition.fdate',
    });
    expect(await refused(searchRequest([], sats))).toMatchObject({ message: 'search.noAoi', field: 'aois' });
    expect(await refused({ ...searchRequest([aoi], sats), page: { start: 0, length: 1001 } })).toMatchObject({
      field: 'page.length',
    });
    expect(await refused(searchRequest([aoi], sats, { cc: 101 }))).toMatchObject({ field: 'condition.cc' });
    expect(await refused(searchRequest([aoi], sats, { orbit: 3 }))).toMatchObject({
      field: 'condition.orbit',
    });
    expect(await refused(searchRequest([aoi], sats, { fdate: '2024/01/01' }))).toMatchObject({
      field: 'condition.fdate',
    });
    expect(await refused({ ...searchRequest([aoi], sats), taskId: 'not-a-task' })).toMatchObject({
      field: 'taskId',
    });
    const badSort = await postSearch(h, token, searchRequest([aoi], sats), 'area,desc');
    expect(badSort.status).toBe(400);
    expect(badSort.body.data.field).toBe('sort');
  });

  it('refuses self-intersecting, degenerate, open and malformed AOIs, naming `aois`', async () => {
    const polygon = (ring: number[][]) => ({ type: 'Polygon', coordinates: [ring] });
    const bowtie = polygon([
      [80, 10],
      [81, 11],
      [81, 10],
      [80, 11],
      [80, 10],
    ]);
    const flat = polygon([
      [80, 10],
      [80.5, 10],
      [81, 10],
      [80, 10],
    ]);
    const open = polygon([
      [80, 10],
      [81, 10],
      [81, 11],
      [80, 11],
    ]);
    const overPole = polygon([
      [0, 80],
      [120, 80],
      [-120, 80],
      [0, 80],
    ]);
    for (const [name, bad] of Object.entries({ bowtie, flat, open, overPole })) {
      const r = await refused(searchRequest([aoi, bad], sats));
      expect(r, name).toMatchObject({ message: 'search.invalidAoi', field: 'aois', params: { index: 1 } });
      expect(typeof r.params.reason, name).toBe('string');
    }
    expect(await refused(searchRequest([{ type: 'Point', coordinates: [80, 10] }], sats))).toMatchObject({
      field: expect.stringMatching(/^aois/),
    });
    expect(
      await refused(
        searchRequest(
          [
            polygon([
              [80, 10],
              [81, 10],
              [81, 95],
              [80, 10],
            ]),
          ],
          sats,
        ),
      ),
    ).toMatchObject({
      message: 'search.invalidAoi',
      field: 'aois',
    });
  });

  it('writes nothing for a refused search', async () => {
    const user = await h.createUser();
    const own = (await h.login(user.username, user.password)).token;
    const r = await postSearch(h, own, searchRequest([aoi], sats, { productQualities: [] }));
    expect(r.status).toBe(400);
    const { rows } = await h.pool.query(
      `SELECT (SELECT count(*) FROM archive_searches s JOIN users u ON u.id = s.user_id WHERE u.username = $1)::int AS searches,
              (SELECT count(*) FROM archive_search_history s JOIN users u ON u.id = s.user_id WHERE u.username = $1)::int AS history`,
      [user.username],
    );
    expect(rows[0]).toEqual({ searches: 0, history: 0 });
  });

  it('takes a MultiPolygon AOI and several AOIs, united', async () => {
    await h.services.scenesRepository.upsertScenes([
      scene({ id: `${prefix}-v-1`, satelliteId: sats[0]!, footprint: box(80, 10, 81, 11) }),
    ]);
    const multi = {
      type: 'MultiPolygon',
      coordinates: [box(80, 10, 80.5, 11).coordinates, box(82, 10, 82.5, 11).coordinates],
    };
    const data = await ok(searchRequest([multi], sats));
    expect(data).toMatchObject({ count: 1, ac: 50 });
    const two = await ok(
      searchRequest([box(80, 10, 80.5, 11), box(82, 10, 82.5, 11), box(80, 10, 80.5, 11)], sats),
    );
    expect(two).toMatchObject({ count: 1, ac: 50 });
  });
});

describe('sessions and other users', () => {
  it('answers 3001 without a session on every archive endpoint', async () => {
    const calls = [
      () => postSearch(h, undefined, searchRequest([box(0, 0, 1, 1)], [1])),
      () => h.call('POST', '/archive/search/by-ids', { body: { sceneIds: ['x'] } }),
      () => h.call('GET', '/archive/search/history'),
      () => h.call('DELETE', '/archive/search/history'),
      () => h.call('GET', '/aois/search/history'),
      () => h.call('DELETE', '/aois/search/history'),
    ];
    for (const call of calls) {
      const r = await call();
      expect(r.status).toBe(401);
      expect(r.body.code).toBe(ResultCode.InvalidSession);
    }
  });
});

describe('scene-id search', () => {
  it('answers the known scenes in the order asked and names the unknown ones', async () => {
    const sats = (await createTestSatellites(h, 1)).ids;
    const known = [`${prefix}-id-b`, `${prefix}-id-a`];
    await h.services.scenesRepository.upsertScenes(
      known.map((id) => scene({ id, satelliteId: sats[0]!, footprint: box(90, 0, 91, 1) })),
    );
    const unknown = `${prefix}-id-none`;
    const r = await h.call('POST', '/archive/search/by-ids', {
      token,
      body: { sceneIds: [known[0], unknown, ` ${known[1]} `, known[0]] },
    });
    expect(r.body.code).toBe(ResultCode.Success);
    expect(Value.Check(SceneIdSearchResponse, r.body.data)).toBe(true);
    expect(r.body.data).toMatchObject({ count: 2, more: false, unknownIds: [unknown] });
    expect(r.body.data.images.map((i: { sceneId: string }) => i.sceneId)).toEqual(known);
    expect(r.body.data.images[0].ac).toBeNull();
    expect(r.body.data.taskId).toMatch(/^[0-9a-f-]{36}$/);

    const none = await h.call('POST', '/archive/search/by-ids', { token, body: { sceneIds: [unknown] } });
    expect(none.body.data).toMatchObject({ images: [], unknownIds: [unknown], count: 0 });
    const empty = await h.call('POST', '/archive/search/by-ids', { token, body: { sceneIds: [' '] } });
    expect(empty.body).toMatchObject({
      code: ResultCode.ValidationFailed,
      message: 'search.noSceneId',
      data: { field: 'sceneIds' },
    });
  });
});
