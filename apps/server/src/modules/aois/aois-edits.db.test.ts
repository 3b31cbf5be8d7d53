import { ResultCode } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueName } from '../../test/harness';
import { testSatellite } from '../../test/scenes';
import { api, fixture, square, treeCalls, upload } from './test-helpers';

// Changing the trees (rename, move, delete), an AOI's scene dates and one user's trees against
// another's; the trees themselves and adding to them are in aois.db.test.ts.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});

const { newUser, tree, rootOf, addFolder, addAoi, addPoi } = treeCalls(() => h);

describe('rename, move and delete', () => {
  it('renames, and refuses to rename, move or delete a root', async () => {
    const token = await newUser();
    const root = await rootOf(token);
    const poiRoot = await rootOf(token, 2);
    const folder = await addFolder(token, 'Old', root.id);
    const renamed = await api(h, 'PUT', `/aois/${folder}`, token, { name: 'New' });
    expect(renamed.body.data.name).toBe('New');
    expect((await api(h, 'PUT', `/aois/${folder}`, token, { name: ' ' })).body.message).toBe(
      'poi.tipAOIname',
    );

    for (const r of [
      await api(h, 'PUT', `/aois/${root.id}`, token, { name: 'Mine' }),
      await api(h, 'PUT', `/aois/${poiRoot.id}`, token, { name: 'Mine' }),
      await api(h, 'PUT', `/aois/${root.id}/move`, token, { parentId: folder }),
      await api(h, 'DELETE', `/aois?ids=${root.id}&deletedChild=true`, token),
      await api(h, 'DELETE', `/aois?ids=${folder},${poiRoot.id}&deletedChild=true`, token),
    ]) {
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ code: ResultCode.Conflict, message: 'aoi.rootReadonly' });
    }
    const exported = await api(h, 'GET', `/aois/export?ids=${root.id}`, token);
    expect(exported.body).toMatchObject({ code: ResultCode.Conflict, message: 'aoi.rootNotExportable' });
    expect((await tree(token)).map((n: { name: string }) => n.name)).toEqual(['My AOIs', 'New']);
  });

  it('moves into folders, never into itself, its own children, a non-folder or the other tree', async () => {
    const token = await newUser();
    const root = await rootOf(token);
    const a = await addFolder(token, 'A', root.id);
    const b = await addFolder(token, 'B', a);
    const c = await addFolder(token, 'C', b);
    const aoi = await addAoi(token, 'Field', root.id);
    const poi = await addPoi(token, 'Well');

    const moved = await api(h, 'PUT', `/aois/${aoi}/move`, token, { parentId: c });
    expect(moved.body.data).toMatchObject({ id: aoi, parentId: c });

    for (const [id, parentId, message] of [
      [a, a, 'aoi.moveCycle'],
      [a, c, 'aoi.moveCycle'],
      [b, c, 'aoi.moveCycle'],
      [b, aoi, 'tip.chooseFolder'],
      [poi, a, 'aoi.wrongTree'],
      [aoi, (await rootOf(token, 2)).id, 'aoi.wrongTree'],
    ] as const) {
      const r = await api(h, 'PUT', `/aois/${id}/move`, token, { parentId });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ message, data: { field: 'parentId' } });
    }
    const back = await api(h, 'PUT', `/aois/${c}/move`, token, { parentId: root.id });
    expect(back.body.data.parentId).toBe(root.id);
    const names = (await tree(token)).map((n: { name: string; parentId: number }) => [n.name, n.parentId]);
    expect(names).toEqual([
      ['My AOIs', -1],
      ['A', root.id],
      ['B', a],
      ['C', root.id],
      ['Field', c],
    ]);
  });

  it('deletes a folder with its children only when asked, all or nothing', async () => {
    const token = await newUser();
    const root = await rootOf(token);
    const folder = await addFolder(token, 'Folder', root.id);
    const inner = await addFolder(token, 'Inner', folder);
    await addAoi(token, 'Deep', inner);
    const lone = await addAoi(token, 'Lone', root.id);

    const refused = await api(h, 'DELETE', `/aois?ids=${lone},${folder}`, token);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: 'aoi.folderNotEmpty', data: { params: { id: folder } } });
    expect(await tree(token)).toHaveLength(5);

    const unknown = await api(h, 'DELETE', `/aois?ids=${lone},999999999&deletedChild=true`, token);
    expect(unknown.status).toBe(404);
    expect(await tree(token)).toHaveLength(5);

    const r = await api(h, 'DELETE', `/aois?ids=${folder},${lone}&deletedChild=true`, token);
    expect(r.body).toMatchObject({ code: ResultCode.Success, data: { deleted: 4 } });
    expect(await tree(token)).toHaveLength(1);
    expect((await api(h, 'DELETE', '/aois?ids=1,x', token)).body.data.field).toBe('ids');
  });
});

describe('time', () => {
  it('lists the UTC acquisition dates of archive scenes over an AOI, newest first', async () => {
    const token = await newUser();
    const root = await rootOf(token);
    const aoi = await addAoi(token, 'Over scenes', root.id, square(-40.5, -60.5, 0.2));
    const elsewhere = await addAoi(token, 'Elsewhere', root.id, square(-30, -60.5, 0.2));
    const folder = await addFolder(token, 'Folder', root.id);

    const noradId = 69_000 + Math.floor(Math.random() * 900);
    await h.services.catalogue.seedConstellation([
      {
        category: uniqueName('AoiTimeGroup'),
        satellites: [testSatellite(uniqueName('AoiTimeSat'), noradId, [])],
      },
    ]);
    const footprint = JSON.stringify({
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [-41, -61],
            [-40, -61],
            [-40, -60],
            [-41, -60],
            [-41, -61],
          ],
        ],
      ],
    });
    for (const [id, at] of [
      ['a', '2024-03-01T23:30:00Z'],
      ['b', '2024-03-01T10:00:00Z'],
      ['c', '2024-05-20T01:00:00Z'],
    ]) {
      await h.pool.query(
        `INSERT INTO scenes (id, satellite_id, acquired_at, footprint, orbit_direction, sensor_type,
                             product_quality, gsd, resolution_id, area_km2, provenance)
         SELECT $1, s.id, $2, ST_GeomFromGeoJSON($3)::geography, 2, 1, 'A', 0.5, 2, 100, 'simulated'
           FROM satellites s WHERE s.norad_id = $4`,
        [uniqueName(`aoi-time-${id}`), at, footprint, noradId],
      );
    }
    expect((await api(h, 'GET', `/aois/${aoi}/time`, token)).body.data).toEqual({
      time: ['2024-05-20', '2024-03-01'],
    });
    expect((await api(h, 'GET', `/aois/${elsewhere}/time`, token)).body.data).toEqual({ time: [] });
    expect((await api(h, 'GET', `/aois/${folder}/time`, token)).body.data).toEqual({ time: [] });
  });
});

describe('user isolation', () => {
  it("answers 404 to every call on another user's ids and never shows or changes their nodes", async () => {
    const alice = await newUser();
    const bob = await newUser();
    const aliceRoot = await rootOf(alice);
    const alicePoiRoot = await rootOf(alice, 2);
    const folder = await addFolder(alice, 'Alice folder', aliceRoot.id);
    const aoi = await addAoi(alice, 'Alice field', folder);
    const poi = await addPoi(alice, 'Alice well');
    const aliceTree = JSON.stringify([await tree(alice), await tree(alice, 2)]);

    const bobRoot = await rootOf(bob);
    const bobFolder = await addFolder(bob, 'Bob folder', bobRoot.id);
    const kml = fixture('kml', 'point.kml');

    for (const id of [aliceRoot.id, alicePoiRoot.id, folder, aoi, poi]) {
      const calls = [
        await api(h, 'GET', `/aois/${id}`, bob),
        await api(h, 'GET', `/aois/${id}/time`, bob),
        await api(h, 'PUT', `/aois/${id}`, bob, { name: 'Mine now' }),
        await api(h, 'PUT', `/aois/${id}/move`, bob, { parentId: bobFolder }),
        await api(h, 'PUT', `/aois/${bobFolder}/move`, bob, { parentId: id }),
        await api(h, 'DELETE', `/aois?ids=${id}&deletedChild=true`, bob),
        await api(h, 'DELETE', `/aois?ids=${bobFolder},${id}&deletedChild=true`, bob),
        await api(h, 'GET', `/aois/export?ids=${id}&format=geojson`, bob),
        await api(h, 'POST', '/aois', bob, { hasGeo: false, name: 'Sneaky', parentId: id }),
        await upload(h, bob, 'point.kml', kml, { aoiParentId: String(id), poiParentId: '-1' }),
        await upload(h, bob, 'point.kml', kml, { poiParentId: String(id) }),
      ];
      calls.forEach((r, i) => {
        expect(r.status, `call ${i} on ${id}`).toBe(404);
        expect(r.body.code).toBe(ResultCode.NotFound);
        expect(JSON.stringify(r.body)).not.toMatch(/Alice/);
      });
    }
    const bobNames = JSON.stringify([await tree(bob), await tree(bob, 2)]);
    expect(bobNames).not.toMatch(/Alice/);
    expect(bobNames).toMatch(/Bob folder/);
    expect(JSON.stringify([await tree(alice), await tree(alice, 2)])).toBe(aliceTree);
  });

  it('needs a session for every call', async () => {
    // (bodies that pass the schemas: the app validates them before the session check)
    for (const [method, url, body] of [
      ['GET', '/api/v1/aois'],
      ['GET', '/api/v1/aois/1'],
      ['POST', '/api/v1/aois', { hasGeo: false, name: 'x', parentId: 1 }],
      ['PUT', '/api/v1/aois/1', { name: 'x' }],
      ['PUT', '/api/v1/aois/1/move', { parentId: 2 }],
      ['DELETE', '/api/v1/aois?ids=1'],
      ['GET', '/api/v1/aois/export?ids=1'],
      ['GET', '/api/v1/aois/1/time'],
      ['POST', '/api/v1/aois/upload'],
    ] as const) {
      const r = await h.app.inject({ method, url, ...(body ? { payload: body } : {}) });
      expect(r.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
