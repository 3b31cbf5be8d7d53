import { ResultCode } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueName } from '../../test/harness';
import { box, createTestSatellites, postSearch, scene, searchRequest } from '../../test/scenes';

/**
 * Issue 11 "Schemas that match the columns", archive side: satellite ids and page starts beyond
 * int4, and scene ids or AOI names with control characters, are a 400 naming the field (never a
 * 500), with nothing stored; AOI names are kept without bidi controls in both histories.
 */

let h: Harness;
let sats: number[];
const aoi = box(70, 30, 71, 31);
const sceneId = uniqueName('bounds');

beforeAll(async () => {
  h = await startHarness();
  sats = (await createTestSatellites(h, 1)).ids;
  const r = await h.services.scenesRepository.upsertScenes([
    scene({ id: sceneId, satelliteId: sats[0]!, footprint: aoi }),
  ]);
  expect(r.rejected).toEqual([]);
});

type Reply = { status: number; body: { code: number; message: string; data: unknown } };
function expectRefused(r: Reply, key: string, field: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body).toMatchObject({ code: ResultCode.ValidationFailed, message: key, data: { field } });
}

/** What a user has stored: searches kept for "get more" and both histories. */
async function stored(userId: number) {
  const count = async (table: string) =>
    Number((await h.pool.query(`SELECT count(*) AS n FROM ${table} WHERE user_id = $1`, [userId])).rows[0].n);
  return {
    searches: await count('archive_searches'),
    archiveHistory: await count('archive_search_history'),
    aoiHistory: await count('aoi_search_history'),
  };
}
const nothing = { searches: 0, archiveHistory: 0, aoiHistory: 0 };

const byIds = (token: string, sceneIds: unknown) =>
  h.call('POST', '/archive/search/by-ids', { token, body: { sceneIds } });

describe('archive search: integers beyond int4', () => {
  it('satIds: 400 error.outOfRange on the item, nothing stored', async () => {
    const { token, userId } = await h.signedIn();
    for (const big of [2 ** 31, 2 ** 53]) {
      expectRefused(
        await postSearch(h, token, searchRequest([aoi], [sats[0]!, big])),
        'error.outOfRange',
        'satIds.1',
      );
    }
    expectRefused(await postSearch(h, token, searchRequest([aoi], [0])), 'error.outOfRange', 'satIds.0');
    expect(await stored(userId)).toEqual(nothing);
  });

  it('page.start of a new search and of get more: 400 error.outOfRange', async () => {
    const { token, userId } = await h.signedIn();
    for (const start of [2 ** 31, 2 ** 53]) {
      expectRefused(
        await postSearch(h, token, searchRequest([aoi], sats, {}, { page: { start, length: 10 } })),
        'error.outOfRange',
        'page.start',
      );
    }
    expect(await stored(userId)).toEqual(nothing);
    const first = await postSearch(h, token, searchRequest([aoi], sats));
    expect(first.body.code, JSON.stringify(first.body)).toBe(ResultCode.Success);
    const more = await postSearch(h, token, {
      ...searchRequest([aoi], sats),
      taskId: first.body.data.taskId,
      page: { start: 2 ** 31, length: 10 },
    });
    expectRefused(more, 'error.outOfRange', 'page.start');
  });
});

describe('text with control characters', () => {
  it('a scene id: 400 error.controlCharacters, no search stored', async () => {
    const { token, userId } = await h.signedIn();
    // a lone surrogate is no text either: the stored request (jsonb) cannot hold it
    for (const bad of ['a\u0000b', '\u0000', `${sceneId}\u0007`, '\uD83D', 'x\uDE00y']) {
      expectRefused(await byIds(token, [sceneId, bad]), 'error.controlCharacters', 'sceneIds.1');
    }
    expect(await stored(userId)).toEqual(nothing);
    const good = await byIds(token, [sceneId]);
    expect(good.body.data.images.map((i: { sceneId: string }) => i.sceneId)).toEqual([sceneId]);
  });

  it('an AOI name: 400 error.controlCharacters, nothing stored', async () => {
    const { token, userId } = await h.signedIn();
    for (const name of ['Field\u0000', 'Field\uD83D']) {
      const r = await postSearch(h, token, searchRequest([{ ...aoi, name }], sats));
      expectRefused(r, 'error.controlCharacters', 'aois.0.name');
    }
    expect(await stored(userId)).toEqual(nothing);
  });
});

describe('AOI names in the histories', () => {
  it('are stored without bidi override or isolate characters', async () => {
    const { token } = await h.signedIn();
    const r = await postSearch(
      h,
      token,
      searchRequest([{ ...aoi, name: '\u2067Field\u202E 7\u2069 😀' }], sats),
    );
    expect(r.body.code, JSON.stringify(r.body)).toBe(ResultCode.Success);
    const aois = (await h.call('GET', '/aois/search/history', { token })).body.data.list;
    expect(aois.map((e: { aoi: { name: string } }) => e.aoi.name)).toEqual(['Field 7 😀']);
    const searches = (await h.call('GET', '/archive/search/history', { token })).body.data.list;
    expect(searches[0].aois[0].name).toBe('Field 7 😀');
  });
});
