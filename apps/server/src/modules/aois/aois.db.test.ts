import { ResultCode } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueName } from '../../test/harness';
import { api, fixture, upload } from './test-helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});

const newUser = async () => (await h.signedIn()).token;

const tree = async (token: string, type = 1) =>
  (await api(h, 'GET', `/aois?type=${type}`, token)).body.data.aois;
const rootOf = async (token: string, type = 1) => (await tree(token, type))[0];

const square = (west: number, south: number, size = 1) => [
  { lat: south, lng: west },
  { lat: south, lng: west + size },
  { lat: south + size, lng: west + size },
  { lat: south + size, lng: west },
];

async function addFolder(token: string, name: string, parentId: number) {
  const r = await api(h, 'POST', '/aois', token, { hasGeo: false, name, parentId });
  expect(r.body.code, JSON.stringify(r.body)).toBe(ResultCode.Success);
  return r.body.data.id as number;
}

async function addAoi(token: string, name: string, parentId: number, cors = square(10, 10)) {
  const r = await api(h, 'POST', '/aois', token, {
    hasGeo: true,
    name,
    parentId,
    geometry: { type: 4, cors },
  });
  expect(r.body.code, JSON.stringify(r.body)).toBe(ResultCode.Success);
  return r.body.data.id as number;
}

async function addPoi(token: string, name: string, lat = 39.9, lng = 116.4) {
  const r = await api(h, 'POST', '/aois', token, {
    hasGeo: true,
    name,
    parentId: -1,
    geometry: { type: 1, cors: [{ lat, lng }] },
  });
  expect(r.body.code, JSON.stringify(r.body)).toBe(ResultCode.Success);
  return r.body.data.id as number;
}

const nodeCount = async (token: string) => (await tree(token, 1)).length + (await tree(token, 2)).length;

describe('the trees', () => {
  it('gives each user "My AOIs" and "My POIs", read-only roots at parent -1', async () => {
    const token = await newUser();
    expect(await tree(token)).toEqual([
      expect.objectContaining({ name: 'My AOIs', kind: 'root', parentId: -1, readonly: true, hasGeo: false }),
    ]);
    expect(await tree(token, 2)).toEqual([
      expect.objectContaining({ name: 'My POIs', kind: 'root', parentId: -1, readonly: true }),
    ]);
  });

  it('adds folders, AOIs and POIs, lists them parents first, and returns one node with its geometry', async () => {
    const token = await newUser();
    const root = await rootOf(token);
    const folder = await addFolder(token, ' Fields ', root.id);
    const aoi = await addAoi(token, 'North field', folder);
    const poi = await addPoi(token, 'Gate', 39.904211, 116.407395);

    const aois = await tree(token);
    expect(aois.map((n: { name: string }) => n.name)).toEqual(['My AOIs', 'Fields', 'North field']);
    const listed = aois[2];
    expect(listed).toMatchObject({ id: aoi, kind: 'aoi', hasGeo: true, parentId: folder, geometry: null });
    // a 1° square at 10°N: about 12,100 km² (geodesic)
    expect(listed.area).toBeGreaterThan(12_000);
    expect(listed.area).toBeLessThan(12_300);

    const one = await api(h, 'GET', `/aois/${aoi}`, token);
    expect(one.body.data.geometry.type).toBe(4);
    // the open ring drawn was closed: 4 corners + the closing position
    expect(one.body.data.geometry.cors).toHaveLength(5);
    expect(one.body.data.geometry.geojson.type).toBe('Polygon');

    const pois = await tree(token, 2);
    expect(pois[1]).toMatchObject({
      id: poi,
      kind: 'poi',
      parentId: pois[0].id,
      geometry: { type: 1, cors: [{ lat: 39.904211, lng: 116.407395 }] },
    });
  });

  it('keeps holes and islands exactly as given', async () => {
    const token = await newUser();
    const root = await rootOf(token);
    const geojson = {
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [0.123456789012345, 0],
            [3, 0],
            [3, 3],
            [0, 3],
            [0.123456789012345, 0],
          ],
          [
            [1, 1],
            [1, 2],
            [2, 2],
            [2, 1],
            [1, 1],
          ],
        ],
        [
          [
            [10, 10],
            [11, 10],
            [11, 11],
            [10, 10],
          ],
        ],
      ],
    };
    const r = await api(h, 'POST', '/aois', token, {
      hasGeo: true,
      name: 'Islands',
      parentId: root.id,
      geometry: { type: 4, geojson },
    });
    expect(r.body.data.geometry.geojson).toEqual(geojson);
  });

  it('names the field of every bad add, with the keys of the spec, and writes nothing', async () => {
    const token = await newUser();
    const root = await rootOf(token);
    const before = await nodeCount(token);
    const cases: [unknown, string, string][] = [
      [
        { hasGeo: true, name: '  ', parentId: root.id, geometry: { type: 4, cors: square(0, 0) } },
        'name',
        'tip.aoiName',
      ],
      [
        { hasGeo: true, name: 'x'.repeat(51), parentId: root.id, geometry: { type: 4, cors: square(0, 0) } },
        'name',
        'aoi.nameTooLong',
      ],
      [
        { hasGeo: true, name: 'A', geometry: { type: 4, cors: square(0, 0) } },
        'parentId',
        'tip.chooseFolder',
      ],
      [
        { hasGeo: true, name: 'A', parentId: -1, geometry: { type: 4, cors: square(0, 0) } },
        'parentId',
        'tip.chooseFolder',
      ],
      [{ hasGeo: false, name: '', parentId: root.id }, 'name', 'poi.tipAOIname'],
      [
        { hasGeo: true, name: '', parentId: -1, geometry: { type: 1, cors: [{ lat: 1, lng: 1 }] } },
        'name',
        'poi.tipPOIname',
      ],
      [{ hasGeo: true, name: 'A', parentId: root.id }, 'geometry', 'common.dataError'],
      // two vertices: with the closing position three, below the four a ring needs
      [
        { hasGeo: true, name: 'A', parentId: root.id, geometry: { type: 4, cors: square(0, 0).slice(0, 2) } },
        'geometry',
        'aoi.tooFewPoints',
      ],
      [
        {
          hasGeo: true,
          name: 'Bow tie',
          parentId: root.id,
          geometry: {
            type: 4,
            cors: [
              { lat: 0, lng: 0 },
              { lat: 1, lng: 1 },
              { lat: 0, lng: 1 },
              { lat: 1, lng: 0 },
            ],
          },
        },
        'geometry',
        'aoi.selfIntersection',
      ],
      [
        {
          hasGeo: true,
          name: 'Open',
          parentId: root.id,
          geometry: {
            type: 4,
            geojson: {
              type: 'Polygon',
              coordinates: [
                [
                  [0, 0],
                  [1, 0],
                  [1, 1],
                  [0, 1],
                ],
              ],
            },
          },
        },
        'geometry',
        'aoi.ringNotClosed',
      ],
      [
        { hasGeo: true, name: 'P', parentId: -1, geometry: { type: 1, cors: [{ lat: 1, lng: 999 }] } },
        'geometry',
        'aoi.outOfRange',
      ],
      [
        { hasGeo: true, name: 'P', parentId: root.id, geometry: { type: 1, cors: [{ lat: 1, lng: 1 }] } },
        'parentId',
        'aoi.wrongTree',
      ],
    ];
    for (const [body, field, message] of cases) {
      const r = await api(h, 'POST', '/aois', token, body);
      expect(r.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.body, JSON.stringify(body)).toMatchObject({ message, data: { field } });
    }
    // a triangle (three corners, four positions once closed) is the smallest AOI
    await addAoi(token, 'Triangle', root.id, square(0, 0).slice(0, 3));
    expect(await nodeCount(token)).toBe(before + 1);
  });

  it('brings a shape drawn on a wrapped world map back into ±180°, split at the antimeridian', async () => {
    const token = await newUser();
    const root = await rootOf(token);
    const id = await addAoi(token, 'Fiji', root.id, square(179.5, -17));
    const shape = (await api(h, 'GET', `/aois/${id}`, token)).body.data.geometry.geojson;
    expect(shape.type).toBe('MultiPolygon');
    const lons = shape.coordinates.flat(2).map((p: number[]) => p[0]);
    expect(Math.max(...lons)).toBeLessThanOrEqual(180);
    expect(Math.min(...lons)).toBeGreaterThanOrEqual(-180);
  });
});

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
        satellites: [
          {
            name: uniqueName('AoiTimeSat'),
            noradId,
            operator: 'Test',
            taskable: false,
            status: 'operational',
            launchDate: null,
            altitudeKm: 500,
            swathKm: 10,
            maxOffNadirDeg: 30,
            panGsd: 0.5,
            msGsd: 2,
            localTimeOfNode: null,
            caps: [],
          },
        ],
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
