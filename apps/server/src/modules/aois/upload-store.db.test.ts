import { ResultCode } from '@satportal/contract';
import { strToU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness';
import { bowtie } from '../../test/scenes';
import { api, islandWithLake, maxDifference, normalised, upload } from './test-helpers';

// The upload's storing half (what lands in the tree, export and re-upload); the refusals and the
// readers' sample files are in upload.db.test.ts.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});

const newUser = () => h.signedIn();

describe('uploads', () => {
  const square = (x: number, y = 0) => [
    [x, y],
    [x + 1, y],
    [x + 1, y + 1],
    [x, y + 1],
    [x, y],
  ];

  it('stores the valid shapes of a mixed file in the chosen folder and reports each failure', async () => {
    const { token } = await newUser();
    const root = (await api(h, 'GET', '/aois', token)).body.data.aois[0];
    const folder = (
      await api(h, 'POST', '/aois', token, { hasGeo: false, name: 'Imports', parentId: root.id })
    ).body.data.id;
    const file = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: 'Good' },
          geometry: { type: 'Polygon', coordinates: [square(0)] },
        },
        {
          type: 'Feature',
          properties: { name: 'Bow tie' },
          geometry: bowtie,
        },
        {
          type: 'Feature',
          properties: {},
          geometry: {
            type: 'MultiPolygon',
            coordinates: [
              [square(10)],
              [
                [
                  [20, 0],
                  [21, 1],
                  [21, 0],
                  [20, 1],
                  [20, 0],
                ],
              ],
              [square(30)],
            ],
          },
        },
        { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [116.4, 39.9] } },
        {
          type: 'Feature',
          properties: { name: 'Road' },
          geometry: {
            type: 'LineString',
            coordinates: [
              [0, 0],
              [1, 1],
            ],
          },
        },
        {
          type: 'Feature',
          properties: { name: 'Nowhere' },
          geometry: { type: 'Point', coordinates: [200, 0] },
        },
      ],
    });
    const r = await upload(h, token, 'mixed.geojson', strToU8(file), {
      aoiParentId: String(folder),
      poiParentId: '-1',
    });
    expect(r.body.code).toBe(ResultCode.Success);
    expect(r.body.data).toMatchObject({
      aoiCount: 2,
      poiCount: 1,
      failAoiCount: 2,
      failPoiCount: 1,
      ignoredCount: 1,
      onlyOneAoi: null,
      onlyOnePoi: { name: 'Point1', geometry: { type: 1, cors: [{ lat: 39.9, lng: 116.4 }] } },
      noPrjAssumedWgs84: false,
    });
    // each failure names the feature's position in the file
    expect(r.body.data.failures).toEqual([
      {
        index: 1,
        name: 'Bow tie',
        kind: 'aoi',
        part: null,
        reason: 'aoi.selfIntersection',
        params: expect.any(Object),
      },
      {
        index: 2,
        name: 'Polygon1',
        kind: 'aoi',
        part: 2,
        reason: 'aoi.selfIntersection',
        params: expect.any(Object),
      },
      {
        index: 5,
        name: 'Nowhere',
        kind: 'poi',
        part: null,
        reason: 'aoi.outOfRange',
        params: { lon: 200, lat: 0 },
      },
    ]);
    expect(r.body.data.ignored).toEqual([{ index: 4, name: 'Road', reason: 'upload.lineIgnored' }]);

    // the AOIs land in a new folder named after the file, inside the folder chosen
    const made = (await api(h, 'GET', `/aois/${r.body.data.folderId}`, token)).body.data;
    expect(made).toMatchObject({ name: 'mixed', kind: 'folder', parentId: folder });
    const [good, islands] = r.body.data.aoiIds;
    const stored = (await api(h, 'GET', `/aois/${islands}`, token)).body.data;
    expect(stored).toMatchObject({ name: 'Polygon1', parentId: made.id });
    // the broken middle part failed alone: the other two stay one AOI
    expect(stored.geometry.geojson).toEqual({
      type: 'MultiPolygon',
      coordinates: [[square(10)], [square(30)]],
    });
    expect((await api(h, 'GET', `/aois/${good}`, token)).body.data.parentId).toBe(made.id);
  });

  it('dissolves overlapping parts of one feature instead of failing them', async () => {
    const { token } = await newUser();
    const file = JSON.stringify({
      type: 'MultiPolygon',
      coordinates: [
        [square(0)],
        [
          [
            [0.5, 0.5],
            [1.5, 0.5],
            [1.5, 1.5],
            [0.5, 1.5],
            [0.5, 0.5],
          ],
        ],
      ],
    });
    const r = await upload(h, token, 'overlap.json', strToU8(file));
    expect(r.body.data).toMatchObject({ aoiCount: 1, failAoiCount: 0 });
    expect(r.body.data.onlyOneAoi.area).toBeGreaterThan(0);
    // Answered without its geometry (an upload's AOI may be 200,000 positions); the AOI has it.
    expect(r.body.data.onlyOneAoi.geometry).toBeNull();
    const stored = await h.app.inject({
      url: `/api/v1/aois/${r.body.data.onlyOneAoi.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(stored.json().data.geometry.geojson.type).toBe('Polygon');
  });
});

describe('export and re-upload', () => {
  const hole = {
    type: 'Polygon',
    coordinates: [
      [
        [116.123456789012, 39.8],
        [116.7, 39.8],
        [116.7, 40.1],
        [116.1, 40.1],
        [116.123456789012, 39.8],
      ],
      [
        [116.3, 39.9],
        [116.3, 40.0],
        [116.5, 40.0],
        [116.5, 39.9],
        [116.3, 39.9],
      ],
    ],
  };
  const islands = {
    type: 'MultiPolygon',
    coordinates: [
      [
        [
          [-10.000000001, -10],
          [-9, -10],
          [-9, -9],
          [-10.000000001, -10],
        ],
      ],
      islandWithLake,
    ],
  };

  for (const format of ['kml', 'geojson', 'shp'] as const) {
    it(`gives the same shapes back through ${format} (within 1e-9°)`, async () => {
      const { token } = await newUser();
      const root = (await api(h, 'GET', '/aois', token)).body.data.aois[0];
      const folder = (
        await api(h, 'POST', '/aois', token, { hasGeo: false, name: 'Saved', parentId: root.id })
      ).body.data.id;
      const ids: number[] = [];
      for (const [name, geojson] of [
        ['北京 hole', hole],
        ['Islands', islands],
      ] as const) {
        const r = await api(h, 'POST', '/aois', token, {
          hasGeo: true,
          name,
          parentId: folder,
          geometry: { type: 4, geojson },
        });
        ids.push(r.body.data.id);
      }
      const poi = await api(h, 'POST', '/aois', token, {
        hasGeo: true,
        name: 'Gate',
        parentId: -1,
        geometry: { type: 1, cors: [{ lat: 39.904211123, lng: 116.407395456 }] },
      });
      const originals = await Promise.all(
        [...ids, poi.body.data.id].map(async (id) => (await api(h, 'GET', `/aois/${id}`, token)).body.data),
      );

      // the folder stands for its AOIs
      const exported = await api(
        h,
        'GET',
        `/aois/export?ids=${folder},${poi.body.data.id}&format=${format}`,
        token,
      );
      expect(exported.status).toBe(200);
      const extension = format === 'shp' ? 'zip' : format;
      expect(exported.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="aois-\\d{4}-\\d{2}-\\d{2}\\.${extension}"`),
      );

      const back = await upload(h, token, `back.${extension}`, new Uint8Array(exported.raw));
      expect(back.body.data, JSON.stringify(back.body)).toMatchObject({
        aoiCount: 2,
        poiCount: 1,
        failAoiCount: 0,
      });
      const again = await Promise.all(
        [...back.body.data.aoiIds, ...back.body.data.poiIds].map(
          async (id: number) => (await api(h, 'GET', `/aois/${id}`, token)).body.data,
        ),
      );
      expect(again.map((n) => n.name)).toEqual(['北京 hole', 'Islands', 'Gate']);
      originals.forEach((original, i) => {
        const difference = maxDifference(
          normalised(again[i].geometry.geojson),
          normalised(original.geometry.geojson),
        );
        expect(difference, `${format}: ${original.name}`).toBeLessThanOrEqual(1e-9);
        expect(again[i].area).toBe(original.area);
      });
      // stored counter-clockwise, so even the ring order and direction come back the same
      expect(again[1].geometry.geojson).toEqual(originals[1].geometry.geojson);
    });
  }

  it('names a single exported shape after it and refuses folders without shapes', async () => {
    const { token } = await newUser();
    const root = (await api(h, 'GET', '/aois', token)).body.data.aois[0];
    const aoi = await api(h, 'POST', '/aois', token, {
      hasGeo: true,
      name: '农田 "north"',
      parentId: root.id,
      geometry: { type: 4, geojson: hole },
    });
    const r = await api(h, 'GET', `/aois/export?ids=${aoi.body.data.id}`, token);
    expect(r.headers['content-type']).toMatch(/kml/);
    expect(r.headers['content-disposition']).toBe(
      `attachment; filename="__ _north_.kml"; filename*=UTF-8''${encodeURIComponent('农田 _north_.kml')}`,
    );
    const empty = (await api(h, 'POST', '/aois', token, { hasGeo: false, name: 'Empty', parentId: root.id }))
      .body.data.id;
    expect((await api(h, 'GET', `/aois/export?ids=${empty}`, token)).body).toMatchObject({
      message: 'aoi.nothingToExport',
      data: { field: 'ids' },
    });
  });
});
