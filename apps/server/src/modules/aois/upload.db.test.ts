import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { AoiUploadLimits, ResultCode } from '@satportal/contract';
import { strToU8, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness';
import {
  api,
  declareSize,
  fixture,
  kmlWithVertices,
  maxDifference,
  normalised,
  type Reply,
  upload,
  zerosZip,
} from './test-helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});

const newUser = () => h.signedIn();

/** Everything a user has stored: the store must not change when a file is refused. */
const stored = async (userId: number) =>
  (
    await h.pool.query(
      `SELECT count(*)::int AS n, coalesce(string_agg(name || ':' || coalesce(ST_AsText(geom), ''), ';' ORDER BY id), '') AS d
         FROM aoi_nodes WHERE user_id = $1`,
      [userId],
    )
  ).rows[0];

const expectRefused = (r: Reply, message: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body).toMatchObject({ code: ResultCode.ValidationFailed, message, data: { field: 'file' } });
};

describe('limits before parsing', () => {
  it('refuses a file over 5 MB, a name of 50 characters or more, and other extensions; stores nothing', async () => {
    const { token, userId } = await newUser();
    await api(h, 'GET', '/aois', token);
    const before = await stored(userId);
    const point = fixture('kml', 'point.kml');

    expectRefused(
      await upload(h, token, 'big.kml', new Uint8Array(AoiUploadLimits.maxBytes + 1)),
      'tip.errorSize500',
    );
    expectRefused(await upload(h, token, `${'n'.repeat(46)}.kml`, point), 'tip.length50');
    for (const name of ['areas.shp', 'areas.txt', 'areas.kml.exe', 'areas']) {
      expectRefused(await upload(h, token, name, point), 'tip.errorFormat');
    }
    expect(await stored(userId)).toEqual(before);

    // 49 characters, upper-case extension: accepted
    const ok = await upload(h, token, `${'n'.repeat(45)}.KML`, point);
    expect(ok.body).toMatchObject({ code: ResultCode.Success, data: { poiCount: 1 } });
  });

  it('needs a multipart form with one file', async () => {
    const { token } = await newUser();
    const r = await api(h, 'POST', '/aois/upload', token, { file: 'x' });
    expect(r.status).toBe(400);
    expect(r.body.data.field).toBe('file');
  });
});

describe('hostile files', () => {
  const xxe = `<?xml version="1.0"?>
<!DOCTYPE kml [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>&secret;</name>
<Point><coordinates>1,2</coordinates></Point></Placemark></kml>`;
  const openRing = JSON.stringify({
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { name: 'Open' },
        geometry: {
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
    ],
  });

  const cases: [string, string, () => Uint8Array][] = [
    ['xxe.kml', 'upload.xmlDoctype', () => strToU8(xxe)],
    ['xxe.kmz', 'upload.xmlDoctype', () => zipSync({ 'doc.kml': strToU8(xxe) })],
    ['bomb.kmz', 'upload.zipTooLarge', () => zerosZip('doc.kml', 100)],
    ['bomb.zip', 'upload.zipTooLarge', () => zerosZip('areas.shp', 100)],
    ['liar.zip', 'upload.zipSizeMismatch', () => declareSize(zerosZip('areas.shp', 40), 4096)],
    ['gigabyte.zip', 'upload.zipTooLarge', () => declareSize(zipSync({ 'a.shp': strToU8('x') }), 1024 ** 3)],
    ['open-ring.geojson', 'upload.allFailed', () => strToU8(openRing)],
    [
      'million.kmz',
      'upload.tooManyVertices',
      () => zipSync({ 'doc.kml': strToU8(kmlWithVertices(1_000_000)) }),
    ],
  ];

  for (const [name, message, make] of cases) {
    it(`refuses ${name} with ${message} and leaves the store unchanged`, async () => {
      const { token, userId } = await newUser();
      await api(h, 'GET', '/aois', token);
      const before = await stored(userId);
      const data = make();
      expect(data.length).toBeLessThan(AoiUploadLimits.maxBytes);
      const r = await upload(h, token, name, data);
      expectRefused(r, message);
      expect(JSON.stringify(r.body)).not.toMatch(/root:/);
      expect(await stored(userId)).toEqual(before);
      if (name === 'open-ring.geojson') {
        expect(r.body.data.params).toMatchObject({ failed: 1, reason: 'aoi.ringNotClosed', name: 'Open' });
      }
    });
  }
});

describe('the real sample files', () => {
  // [AOIs created, POIs created, failed polygons, failed points, ignored] or the refusal
  const kml: Record<string, number[] | string> = {
    'addresses.kml': [0, 5, 0, 0, 10],
    'bad.kml': 'upload.allFailed',
    'cdata.kml': [0, 1, 0, 0, 0],
    'extended_data.kml': [0, 1, 0, 0, 0],
    'ground_overlay.kml': 'upload.noShapes',
    'ground_overlay_quad.kml': 'upload.noShapes',
    'gxmultitrack.kml': [0, 2, 0, 0, 1],
    'gxtrack.kml': 'upload.noShapes',
    'inline_style.kml': 'upload.noShapes',
    'inline_style_mini.kml': 'upload.noShapes',
    'linear_ring.kml': 'upload.noShapes',
    'linestring.kml': 'upload.noShapes',
    'literal_color.kml': 'upload.noShapes',
    'multigeometry.kml': 'upload.noShapes',
    'multigeometry_discrete.kml': [0, 1, 0, 0, 1],
    'multigeometry_sibling.kml': 'upload.noShapes',
    'multitrack.kml': [0, 2, 0, 0, 1],
    'networklink.kml': 'upload.noShapes',
    'nogeomplacemark.kml': 'upload.noShapes',
    'non_gx_multitrack.kml': [0, 2, 0, 0, 1],
    'noname.kml': 'upload.noShapes',
    'null_geometry.kml': 'upload.noShapes',
    'opacity_override.kml': 'upload.noShapes',
    'point.kml': [0, 1, 0, 0, 0],
    'point_extra_coordinates.kml': [0, 1, 0, 0, 0],
    'point_id.kml': [0, 1, 0, 0, 0],
    'polygon.kml': [1, 0, 0, 0, 0],
    'schema.kml': [1, 0, 0, 0, 0],
    'selfclosing.kml': 'upload.noShapes',
    'simpledata.kml': [0, 2, 0, 0, 0],
    'style.kml': [0, 3, 0, 0, 0],
    'style_url.kml': [1, 0, 0, 0, 0],
    'styles.kml': [1, 1, 0, 0, 0],
    'timespan.kml': 'upload.allFailed',
    'twopoints.kml': [0, 2, 0, 0, 0],
  };
  const shapefiles: Record<string, number[] | string> = {
    'badzip.zip': 'upload.badZip',
    'codepage.zip': [0, 2, 0, 0, 0],
    // 21 parts whose rings really cross themselves (mainland Middlesex, Cape Cod…) fail, reported
    'counties.zip': [14, 0, 21, 0, 0],
    'noshp.zip': 'upload.noShp',
    'qgis.zip': [2, 0, 0, 0, 0],
    'senate.zip': [40, 0, 0, 0, 0],
    'utf.zip': [0, 2, 0, 0, 0],
  };

  const outcome = (r: Reply) =>
    r.body.code === ResultCode.Success
      ? [
          r.body.data.aoiCount,
          r.body.data.poiCount,
          r.body.data.failAoiCount,
          r.body.data.failPoiCount,
          r.body.data.ignoredCount,
        ]
      : r.body.message;

  it('imports every KML with the right counts or refuses it with a clear message', async () => {
    const { token } = await newUser();
    const seen: Record<string, unknown> = {};
    for (const f of readdirSync(join(import.meta.dirname, 'fixtures/kml')).filter((f) =>
      f.endsWith('.kml'),
    )) {
      seen[f] = outcome(await upload(h, token, f, fixture('kml', f)));
    }
    expect(seen).toEqual(kml);
    const bad = await upload(h, token, 'bad.kml', fixture('kml', 'bad.kml'));
    expect(bad.body.data.params).toMatchObject({ failed: 2, reason: 'aoi.badCoordinates' });
  });

  it('imports every shapefile with the right counts or refuses it with a clear message', async () => {
    const { token } = await newUser();
    const seen: Record<string, unknown> = {};
    for (const f of readdirSync(join(import.meta.dirname, 'fixtures/shapefile')).filter((f) =>
      f.endsWith('.zip'),
    )) {
      seen[f] = outcome(await upload(h, token, f, fixture('shapefile', f)));
    }
    expect(seen).toEqual(shapefiles);
  });

  it('keeps the islands of a county in one AOI, reports the parts that cross themselves, says the .prj was missing', async () => {
    const { token } = await newUser();
    const r = await upload(h, token, 'counties.zip', fixture('shapefile', 'counties.zip'));
    expect(r.body.data).toMatchObject({
      aoiCount: 14,
      failAoiCount: 21,
      noPrjAssumedWgs84: true,
      onlyOneAoi: null,
    });
    expect(r.body.data.failures).toContainEqual({
      index: expect.any(Number),
      name: 'NANTUCKET',
      kind: 'aoi',
      part: 1,
      reason: 'aoi.selfIntersection',
      params: { detail: expect.stringMatching(/^Self-intersection\[-70\.0\d+ 41\.30/) }, // GEOS versions name different points
    });
    const aois = (await api(h, 'GET', '/aois', token)).body.data.aois;
    const byName = (name: string) => aois.find((n: { name: string }) => n.name === name);
    // Worcester County, 1,579 sq mi (4,090 km²) in the census, land and water
    expect(byName('WORCESTER').area).toBeGreaterThan(4080);
    expect(byName('WORCESTER').area).toBeLessThan(4100);
    const nantucket = (await api(h, 'GET', `/aois/${byName('NANTUCKET').id}`, token)).body.data;
    expect(nantucket.geometry.geojson.type).toBe('MultiPolygon');

    // state plane → WGS 84; a ring touching itself at a vertex (an ESRI inverted hole) is kept, unchanged in area
    const senate = await upload(h, token, 'senate.zip', fixture('shapefile', 'senate.zip'));
    expect(senate.body.data).toMatchObject({ aoiCount: 40, failAoiCount: 0, noPrjAssumedWgs84: false });
    const district = (await api(h, 'GET', '/aois', token)).body.data.aois.find(
      (n: { name: string }) => n.name === 'Norfolk, Bristol and Middlesex',
    );
    expect(district.area).toBeGreaterThan(400);
    expect(district.area).toBeLessThan(420);
  });
});

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
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [0, 0],
                [1, 1],
                [1, 0],
                [0, 1],
                [0, 0],
              ],
            ],
          },
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

    const [good, islands] = r.body.data.aoiIds;
    const stored = (await api(h, 'GET', `/aois/${islands}`, token)).body.data;
    expect(stored).toMatchObject({ name: 'Polygon1', parentId: folder });
    // the broken middle part failed alone: the other two stay one AOI
    expect(stored.geometry.geojson).toEqual({
      type: 'MultiPolygon',
      coordinates: [[square(10)], [square(30)]],
    });
    expect((await api(h, 'GET', `/aois/${good}`, token)).body.data.parentId).toBe(folder);
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
    expect(r.body.data.onlyOneAoi.geometry.geojson.type).toBe('Polygon');
    expect(r.body.data.onlyOneAoi.area).toBeGreaterThan(0);
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
      [
        [
          [5, 5],
          [6, 5],
          [6, 6],
          [5, 6],
          [5, 5],
        ],
        [
          [5.2, 5.2],
          [5.2, 5.8],
          [5.8, 5.8],
          [5.8, 5.2],
          [5.2, 5.2],
        ],
      ],
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
