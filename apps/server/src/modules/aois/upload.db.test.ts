import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { AoiUploadLimits, ResultCode } from '@satportal/contract';
import { strToU8, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness';
import {
  api,
  declareSize,
  expectRefused,
  fixture,
  kmlWithVertices,
  type Reply,
  storedBy,
  unitSquareOpen,
  upload,
  zerosZip,
} from './test-helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});

const newUser = () => h.signedIn();

const stored = (userId: number) => storedBy(h, userId);

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
          coordinates: [[...unitSquareOpen]],
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
