import { ResultCode } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness';
import { api, upload } from './test-helpers';

/**
 * Issue 11 "Schemas that match the columns": integers beyond an int4 column and text with
 * control characters are a 400 naming the field, never a 500, and nothing is written; names
 * lose bidi override and isolate characters.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});

const int32Overflow = 2 ** 31;
const beyondDoubles = 2 ** 53;
const square = [
  { lat: 10, lng: 10 },
  { lat: 10, lng: 11 },
  { lat: 11, lng: 11 },
  { lat: 11, lng: 10 },
];
const geoJson = (text: string) =>
  new TextEncoder().encode(
    JSON.stringify({
      type: 'Feature',
      properties: { name: text },
      geometry: { type: 'Point', coordinates: [116.4, 39.9] },
    }),
  );

/** Both trees of a user, as they are listed. */
const everything = async (token: string) => [
  ...(await api(h, 'GET', '/aois?type=1', token)).body.data.aois,
  ...(await api(h, 'GET', '/aois?type=2', token)).body.data.aois,
];

function expectRefused(
  r: { status: number; body: { code: number; message: string; data: unknown } },
  key: string,
  field: string,
) {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body).toMatchObject({ code: ResultCode.ValidationFailed, message: key, data: { field } });
}

async function user() {
  const { token } = await h.signedIn();
  const [aoiRoot, poiRoot] = [
    (await api(h, 'GET', '/aois?type=1', token)).body.data.aois[0],
    (await api(h, 'GET', '/aois?type=2', token)).body.data.aois[0],
  ];
  const folder = await api(h, 'POST', '/aois', token, {
    hasGeo: false,
    name: 'Folder',
    parentId: aoiRoot.id,
  });
  expect(folder.body.code).toBe(ResultCode.Success);
  return {
    token,
    aoiRoot: aoiRoot.id as number,
    poiRoot: poiRoot.id as number,
    folder: folder.body.data.id as number,
  };
}

describe('ids beyond an int4 column', () => {
  it('in the path of get, rename, move and time: 400 error.outOfRange on id', async () => {
    const { token, folder } = await user();
    for (const id of [int32Overflow, beyondDoubles]) {
      expectRefused(await api(h, 'GET', `/aois/${id}`, token), 'error.outOfRange', 'id');
      expectRefused(await api(h, 'PUT', `/aois/${id}`, token, { name: 'x' }), 'error.outOfRange', 'id');
      expectRefused(
        await api(h, 'PUT', `/aois/${id}/move`, token, { parentId: folder }),
        'error.outOfRange',
        'id',
      );
      expectRefused(await api(h, 'GET', `/aois/${id}/time`, token), 'error.outOfRange', 'id');
    }
  });

  it('a path id that reads as an infinite number (1e999, Infinity): 400 error.outOfRange on id', async () => {
    const { token, folder } = await user();
    for (const id of ['1e999', 'Infinity', '-Infinity']) {
      expectRefused(await api(h, 'GET', `/aois/${id}`, token), 'error.outOfRange', 'id');
      expectRefused(await api(h, 'PUT', `/aois/${id}`, token, { name: 'x' }), 'error.outOfRange', 'id');
      expectRefused(
        await api(h, 'PUT', `/aois/${id}/move`, token, { parentId: folder }),
        'error.outOfRange',
        'id',
      );
      expectRefused(await api(h, 'GET', `/aois/${id}/time`, token), 'error.outOfRange', 'id');
    }
  });

  it('parentId of an add or a move: 400 error.outOfRange, nothing written or moved', async () => {
    const { token, folder } = await user();
    const before = await everything(token);
    for (const parentId of [int32Overflow, beyondDoubles, -int32Overflow - 1]) {
      expectRefused(
        await api(h, 'POST', '/aois', token, { hasGeo: false, name: 'F', parentId }),
        'error.outOfRange',
        'parentId',
      );
      expectRefused(
        await api(h, 'POST', '/aois', token, {
          hasGeo: true,
          name: 'A',
          parentId,
          geometry: { type: 4, cors: square },
        }),
        'error.outOfRange',
        'parentId',
      );
      expectRefused(
        await api(h, 'POST', '/aois', token, {
          hasGeo: true,
          name: 'P',
          parentId,
          geometry: { type: 1, cors: [{ lat: 1, lng: 1 }] },
        }),
        'error.outOfRange',
        'parentId',
      );
      expectRefused(
        await api(h, 'PUT', `/aois/${folder}/move`, token, { parentId }),
        'error.outOfRange',
        'parentId',
      );
    }
    expect(await everything(token)).toEqual(before);
  });

  it('ids of a delete or an export: 400 error.outOfRange, nothing deleted', async () => {
    const { token, folder } = await user();
    const before = await everything(token);
    for (const ids of [`${int32Overflow}`, `${folder},9999999999`]) {
      expectRefused(
        await api(h, 'DELETE', `/aois?ids=${ids}&deletedChild=true`, token),
        'error.outOfRange',
        'ids',
      );
      expectRefused(await api(h, 'GET', `/aois/export?ids=${ids}`, token), 'error.outOfRange', 'ids');
    }
    expect(await everything(token)).toEqual(before);
  });

  it('aoiParentId and poiParentId of an upload: 400 error.outOfRange, nothing written', async () => {
    const { token } = await user();
    const before = await everything(token);
    for (const [field, value] of [
      ['poiParentId', String(int32Overflow)],
      ['poiParentId', '9999999999'],
      ['aoiParentId', String(int32Overflow)],
      ['aoiParentId', '-2147483649'],
    ] as const) {
      expectRefused(
        await upload(h, token, 'points.geojson', geoJson('Gate'), { [field]: value }),
        'error.outOfRange',
        field,
      );
    }
    expect(await everything(token)).toEqual(before);
    // the largest int4 is a well-formed id: no such folder
    const largest = await upload(h, token, 'points.geojson', geoJson('Gate'), { poiParentId: '2147483647' });
    expect(largest.status, JSON.stringify(largest.body)).toBe(404);
  });
});

describe('names with control characters', () => {
  it('an add is 400 error.controlCharacters on name, and nothing is written', async () => {
    const { token, aoiRoot } = await user();
    const before = await everything(token);
    for (const name of ['a\u0000b', '\u0000', 'bell\u0007', 'two\nlines', 'del\u007f']) {
      for (const body of [
        { hasGeo: false, name, parentId: aoiRoot },
        { hasGeo: true, name, parentId: aoiRoot, geometry: { type: 4, cors: square } },
        { hasGeo: true, name, parentId: -1, geometry: { type: 1, cors: [{ lat: 1, lng: 1 }] } },
      ]) {
        expectRefused(await api(h, 'POST', '/aois', token, body), 'error.controlCharacters', 'name');
      }
    }
    expect(await everything(token)).toEqual(before);
  });

  it('a rename is 400 error.controlCharacters on name, and the name stays', async () => {
    const { token, folder } = await user();
    expectRefused(
      await api(h, 'PUT', `/aois/${folder}`, token, { name: 'x\u0000y' }),
      'error.controlCharacters',
      'name',
    );
    expect((await api(h, 'GET', `/aois/${folder}`, token)).body.data.name).toBe('Folder');
  });
});

describe('names lose bidi override and isolate characters', () => {
  const spoof = 'photo\u202Egpj.exe';
  const isolates = '\u2066a\u2067b\u2068c\u2069\u202A\u202B\u202C\u202D';

  it('on add (folder, AOI, POI) and on rename', async () => {
    const { token, aoiRoot, folder } = await user();
    const added = [
      await api(h, 'POST', '/aois', token, { hasGeo: false, name: spoof, parentId: aoiRoot }),
      await api(h, 'POST', '/aois', token, {
        hasGeo: true,
        name: spoof,
        parentId: aoiRoot,
        geometry: { type: 4, cors: square },
      }),
      await api(h, 'POST', '/aois', token, {
        hasGeo: true,
        name: spoof,
        parentId: -1,
        geometry: { type: 1, cors: [{ lat: 1, lng: 1 }] },
      }),
    ];
    for (const r of added) {
      expect(r.body.code, JSON.stringify(r.body)).toBe(ResultCode.Success);
      expect(r.body.data.name).toBe('photogpj.exe');
    }
    const renamed = await api(h, 'PUT', `/aois/${folder}`, token, { name: isolates });
    expect(renamed.body.data.name).toBe('abc');
    const names = (await everything(token)).map((n: { name: string }) => n.name);
    expect(names.filter((n: string) => /[\u202A-\u202E\u2066-\u2069]/u.test(n))).toEqual([]);
  });

  it('a name of nothing but bidi controls is an empty name (the spec key)', async () => {
    const { token, aoiRoot } = await user();
    const r = await api(h, 'POST', '/aois', token, {
      hasGeo: false,
      name: '\u202E\u2066',
      parentId: aoiRoot,
    });
    expect(r.body).toMatchObject({ code: ResultCode.ValidationFailed, message: 'poi.tipAOIname' });
  });

  it('the export file name drops them, even from a name stored before', async () => {
    const { token, aoiRoot } = await user();
    const aoi = await api(h, 'POST', '/aois', token, {
      hasGeo: true,
      name: 'plain',
      parentId: aoiRoot,
      geometry: { type: 4, cors: square },
    });
    // a name written before names were cleaned
    await h.pool.query('UPDATE aoi_nodes SET name = $1 WHERE id = $2', [spoof, aoi.body.data.id]);
    for (const format of ['kml', 'geojson', 'shp']) {
      const r = await api(h, 'GET', `/aois/export?ids=${aoi.body.data.id}&format=${format}`, token);
      expect(r.status).toBe(200);
      const disposition = String(r.headers['content-disposition']);
      expect(disposition).toContain('photogpj.exe.');
      expect(disposition).not.toMatch(/%E2%80%AE|\u202E/i);
    }
  });
});
