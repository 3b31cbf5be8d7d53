import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { AoiUploadLimits } from '@satportal/contract';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type AoiCandidate, type Candidate, cleanName } from '../shapes';
import { declareSize, fixture, kmlWithVertices, maxDifference, normalised, zerosZip } from '../test-helpers';
import { exportFile } from './export';
import { type ReadResult, readUploadedFile } from './read-file';
import { UploadRefused } from './upload-refused';
import { readZipDirectory, unzipBounded } from './zip';

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof UploadRefused) return e.key;
    throw e;
  }
  return 'accepted';
};

const summary = (r: ReadResult) => {
  const aois = r.candidates.filter((c): c is AoiCandidate => c.kind === 'aoi');
  const pois = r.candidates.filter((c) => c.kind === 'poi');
  return {
    aois: aois.filter((a) => a.parts.length).length,
    parts: aois.reduce((n, a) => n + a.parts.length, 0),
    failedParts: aois.reduce((n, a) => n + a.failures.length, 0),
    pois: pois.filter((p) => p.kind === 'poi' && p.position).length,
    failedPois: pois.filter((p) => p.kind === 'poi' && !p.position).length,
    ignored: r.ignored.length,
  };
};

const read = (name: string, data: Uint8Array | string) => {
  const bytes = typeof data === 'string' ? strToU8(data) : data;
  const ext = name.split('.').pop() as 'kml';
  return readUploadedFile(bytes, ext);
};

describe('bounded unzip', () => {
  it('refuses a real zip bomb by its declared size, without inflating it', () => {
    const bomb = zerosZip('doc.kml', 60);
    expect(bomb.length).toBeLessThan(200_000);
    const started = Date.now();
    expect(refusal(() => readZipDirectory(bomb))).toBe('upload.zipTooLarge');
    expect(refusal(() => read('bomb.kmz', bomb))).toBe('upload.zipTooLarge');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses 1 GB declared in a tiny file', () => {
    const zip = declareSize(zipSync({ 'a.shp': strToU8('tiny') }), 1024 * 1024 * 1024);
    expect(refusal(() => read('a.zip', zip))).toBe('upload.zipTooLarge');
  });

  it('refuses a compression ratio above 100 once past 1 MiB', () => {
    expect(refusal(() => read('z.zip', zerosZip('a.shp', 20)))).toBe('upload.zipRatio');
    // small and very compressible (a dBASE table of blanks) is fine
    expect(() => readZipDirectory(zerosZip('a.dbf', 0.5))).not.toThrow();
  });

  it('stops inflating an entry that lies about its size (counting while inflating)', () => {
    const liar = declareSize(zerosZip('doc.kml', 40), 1000);
    const started = Date.now();
    expect(refusal(() => unzipBounded(liar))).toBe('upload.zipSizeMismatch');
    expect(refusal(() => read('liar.kmz', liar))).toBe('upload.zipSizeMismatch');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses what is not a zip, encrypted entries and broken checksums', () => {
    expect(refusal(() => read('badzip.zip', fixture('shapefile', 'badzip.zip')))).toBe('upload.badZip');
    expect(refusal(() => read('x.zip', strToU8('PK not really')))).toBe('upload.badZip');
    const zip = zipSync({ 'doc.kml': strToU8('<kml/>') }, { level: 0 });
    const encrypted = zip.slice();
    const view = new DataView(encrypted.buffer);
    for (let i = 0; i + 4 <= encrypted.length; i++) {
      if (view.getUint32(i, true) === 0x02014b50) view.setUint16(i + 8, 1, true);
    }
    expect(refusal(() => read('e.kmz', encrypted))).toBe('upload.zipEncrypted');
    const corrupt = zip.slice();
    corrupt[corrupt.indexOf('<'.charCodeAt(0))] = 'X'.charCodeAt(0);
    expect(refusal(() => read('c.kmz', corrupt))).toBe('upload.badZip');
  });
});

describe('hostile XML', () => {
  const xxe = `<?xml version="1.0"?>
<!DOCTYPE kml [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>&secret;</name>
<Point><coordinates>1,2</coordinates></Point></Placemark></kml>`;

  it('refuses any DTD: external entities, entity expansion, in any encoding', () => {
    expect(refusal(() => read('x.kml', xxe))).toBe('upload.xmlDoctype');
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><kml>&lol2;</kml>`;
    expect(refusal(() => read('l.kml', laughs))).toBe('upload.xmlDoctype');
    const utf16 = new Uint8Array([0xff, 0xfe, ...new Uint8Array(Buffer.from(xxe, 'utf16le'))]);
    expect(refusal(() => read('u.kml', utf16))).toBe('upload.xmlDoctype');
    expect(refusal(() => read('x.kmz', zipSync({ 'doc.kml': strToU8(xxe) })))).toBe('upload.xmlDoctype');
  });

  it('refuses malformed XML and documents that are not KML', () => {
    expect(refusal(() => read('m.kml', '<kml><Placemark></kml>'))).toBe('upload.badKml');
    expect(refusal(() => read('h.kml', '<html><body/></html>'))).toBe('upload.badKml');
    expect(refusal(() => read('bin.kml', new Uint8Array([0xc3, 0x28, 0xa0])))).toBe('upload.badEncoding');
  });
});

describe('vertex limit', () => {
  it('refuses 10⁶ vertices in a KMZ that passes the size limits, before building a DOM', () => {
    const kmz = zipSync({ 'doc.kml': strToU8(kmlWithVertices(1_000_000)) }, { level: 9 });
    expect(kmz.length).toBeLessThan(AoiUploadLimits.maxBytes);
    expect(refusal(() => read('big.kmz', kmz))).toBe('upload.tooManyVertices');
    // Writing and compressing the 10⁶-vertex file itself takes seconds on a busy machine.
  }, 60_000);

  it('counts GeoJSON positions: the limit passes, one more does not', () => {
    const ring = (n: number) => {
      const r = Array.from({ length: n - 1 }, (_, i) => [Math.cos(i) * 0.001 * i, Math.sin(i) * 0.001 * i]);
      return [...r, r[0]];
    };
    const fc = (n: number) =>
      JSON.stringify({
        type: 'Feature',
        geometry: { type: 'Polygon', coordinates: [ring(n)] },
        properties: {},
      });
    expect(refusal(() => readUploadedFile(strToU8(fc(50)), 'geojson', 50))).toBe('accepted');
    expect(refusal(() => readUploadedFile(strToU8(fc(51)), 'geojson', 50))).toBe('upload.tooManyVertices');
  });

  it('counts shapefile positions from the record headers', () => {
    const shp = fixture('shapefile', 'senate.zip');
    expect(refusal(() => readUploadedFile(shp, 'zip', 1000))).toBe('upload.tooManyVertices');
    expect(refusal(() => readUploadedFile(shp, 'zip'))).toBe('accepted');
  });
});

describe('shapes read without repair', () => {
  it('reports a non-closed ring instead of closing it', () => {
    const open = JSON.stringify({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
        ],
      ],
    });
    const r = read('open.geojson', open);
    expect(r.candidates).toMatchObject([
      { kind: 'aoi', parts: [], failures: [{ reason: 'aoi.ringNotClosed' }] },
    ]);
    const kml = `<kml><Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>0,0 1,0 1,1 0,1</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></kml>`;
    expect(read('open.kml', kml).candidates).toMatchObject([
      { kind: 'aoi', parts: [], failures: [{ reason: 'aoi.ringNotClosed' }] },
    ]);
  });

  it('keeps the parts and holes of one feature as one AOI; a broken part fails alone', () => {
    const square = (x: number) => [
      [x, 0],
      [x + 1, 0],
      [x + 1, 1],
      [x, 1],
      [x, 0],
    ];
    const hole = (x: number) => [
      [x + 0.2, 0.2],
      [x + 0.2, 0.8],
      [x + 0.8, 0.8],
      [x + 0.8, 0.2],
      [x + 0.2, 0.2],
    ];
    const geojson = JSON.stringify({
      type: 'Feature',
      properties: { name: 'Islands' },
      geometry: {
        type: 'MultiPolygon',
        coordinates: [
          [square(0), hole(0)],
          [square(5)],
          [
            [
              [9, 9],
              [10, 9],
            ],
          ],
        ],
      },
    });
    const [aoi] = read('islands.json', geojson).candidates as AoiCandidate[];
    expect(aoi?.name).toBe('Islands');
    expect(aoi?.parts).toEqual([[square(0), hole(0)], [square(5)]]);
    expect(aoi?.failures).toEqual([{ part: 3, reason: 'aoi.ringNotClosed' }]);
  });

  it('refuses a GeoJSON in another CRS and reads names from properties', () => {
    const projected = JSON.stringify({
      type: 'FeatureCollection',
      crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::3857' } },
      features: [],
    });
    expect(refusal(() => read('p.geojson', projected))).toBe('upload.unsupportedCrs');
    const named = JSON.stringify({
      type: 'FeatureCollection',
      crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:OGC:1.3:CRS84' } },
      features: [
        {
          type: 'Feature',
          properties: { NAME_EN: '  Beijing  ' },
          geometry: { type: 'Point', coordinates: [116, 40] },
        },
        {
          type: 'Feature',
          properties: { name: 'x'.repeat(80) },
          geometry: { type: 'Point', coordinates: [1, 2] },
        },
        {
          type: 'Feature',
          properties: null,
          geometry: {
            type: 'LineString',
            coordinates: [
              [0, 0],
              [1, 1],
            ],
          },
        },
      ],
    });
    const r = read('n.json', named);
    expect(r.candidates.map((c: Candidate) => [c.index, c.name])).toEqual([
      [0, 'Beijing'],
      [1, 'x'.repeat(50)],
    ]);
    expect(r.ignored).toEqual([{ index: 2, name: undefined, reason: 'upload.lineIgnored' }]);
  });

  it('refuses hostile shapefile headers instead of looping over them', () => {
    const good = fixture('shapefile', 'utf.zip');
    const files = unzipBounded(good);
    const shp = (files.get('utf.shp') as Uint8Array).slice();
    new DataView(shp.buffer).setInt32(104, -4); // a negative record length
    expect(refusal(() => read('s.zip', zipSync({ 's.shp': shp })))).toBe('upload.badShp');
    const dbf = (files.get('utf.dbf') as Uint8Array).slice();
    new DataView(dbf.buffer).setUint32(4, 0xffffffff, true); // 4 billion rows promised
    const withDbf = zipSync({ 'u.shp': files.get('utf.shp') as Uint8Array, 'u.dbf': dbf });
    expect(refusal(() => read('d.zip', withDbf))).toBe('upload.badDbf');
    expect(
      refusal(() =>
        read(
          'n.zip',
          zipSync({ 'u.shp': files.get('utf.shp') as Uint8Array, 'u.prj': strToU8('NOT A PRJ') }),
        ),
      ),
    ).toBe('upload.badPrj');
  });
});

describe('the real sample files', () => {
  // [AOIs, their parts, failed parts, POIs, failed POIs, ignored] as read; PostGIS validity is
  // checked on top of this by the upload tests on the database.
  const counts = (r: ReadResult) => {
    const s = summary(r);
    return [s.aois, s.parts, s.failedParts, s.pois, s.failedPois, s.ignored];
  };

  it('reads every KML with the expected counts', () => {
    const expected: Record<string, number[] | string> = {
      'addresses.kml': [0, 0, 0, 5, 0, 10], // one-position tracks are places; empty points skipped
      'bad.kml': [0, 0, 1, 0, 1, 1], // "no,no" coordinates: the polygon and the point fail
      'cdata.kml': [0, 0, 0, 1, 0, 0],
      'extended_data.kml': [0, 0, 0, 1, 0, 0],
      'ground_overlay.kml': [0, 0, 0, 0, 0, 1],
      'ground_overlay_quad.kml': [0, 0, 0, 0, 0, 1],
      'gxmultitrack.kml': [0, 0, 0, 2, 0, 1],
      'gxtrack.kml': [0, 0, 0, 0, 0, 1],
      'inline_style.kml': [0, 0, 0, 0, 0, 3],
      'inline_style_mini.kml': [0, 0, 0, 0, 0, 1],
      'linear_ring.kml': [0, 0, 0, 0, 0, 1],
      'linestring.kml': [0, 0, 0, 0, 0, 2],
      'literal_color.kml': [0, 0, 0, 0, 0, 1],
      'multigeometry.kml': [0, 0, 0, 0, 0, 1],
      'multigeometry_discrete.kml': [0, 0, 0, 1, 0, 1],
      'multigeometry_sibling.kml': [0, 0, 0, 0, 0, 1],
      'multitrack.kml': [0, 0, 0, 2, 0, 1],
      'networklink.kml': [0, 0, 0, 0, 0, 1], // never fetched
      'nogeomplacemark.kml': [0, 0, 0, 0, 0, 1],
      'non_gx_multitrack.kml': [0, 0, 0, 2, 0, 1],
      'noname.kml': [0, 0, 0, 0, 0, 1],
      'null_geometry.kml': [0, 0, 0, 0, 0, 1],
      'opacity_override.kml': [0, 0, 0, 0, 0, 1],
      'point.kml': [0, 0, 0, 1, 0, 0],
      'point_extra_coordinates.kml': [0, 0, 0, 1, 0, 0],
      'point_id.kml': [0, 0, 0, 1, 0, 0],
      'polygon.kml': [1, 1, 0, 0, 0, 0], // a polygon with a hole: one part
      'schema.kml': [1, 1, 0, 0, 0, 0],
      'selfclosing.kml': [0, 0, 0, 0, 0, 1],
      'simpledata.kml': [0, 0, 0, 2, 0, 0],
      'style.kml': [0, 0, 0, 3, 0, 0],
      'style_url.kml': [1, 1, 0, 0, 0, 0],
      'styles.kml': [1, 1, 0, 1, 0, 0],
      'timespan.kml': [0, 0, 1, 0, 0, 0], // an open triangle: not closed silently
      'twopoints.kml': [0, 0, 0, 2, 0, 0],
    };
    const dir = join(import.meta.dirname, '../fixtures/kml');
    const seen: Record<string, number[] | string> = {};
    for (const f of readdirSync(dir).filter((f) => f.endsWith('.kml'))) {
      const outcome = refusal(() => (seen[f] = counts(read(f, fixture('kml', f)))));
      if (outcome !== 'accepted') seen[f] = outcome;
    }
    expect(seen).toEqual(expected);
    expect(read('t.kml', fixture('kml', 'timespan.kml')).candidates[0]).toMatchObject({
      failures: [{ reason: 'aoi.ringNotClosed' }],
    });
  });

  it('reads every shapefile with the expected counts, or refuses it clearly', () => {
    const expected: Record<string, (number | boolean | string | undefined)[] | string> = {
      'badzip.zip': 'upload.badZip',
      'noshp.zip': 'upload.noShp',
      // counts, then whether the .prj was missing, then the first names
      'codepage.zip': [0, 0, 0, 2, 0, 0, false, '??', 'Hněvošický háj'], // .cpg 1250
      'counties.zip': [14, 719, 0, 0, 0, 0, true, 'MIDDLESEX', 'BERKSHIRE'], // islands kept with their county
      'qgis.zip': [2, 2, 0, 0, 0, 0, false, undefined, undefined],
      'senate.zip': [40, 278, 0, 0, 0, 0, false, 'First Worcester', 'Second Worcester'], // state plane → WGS 84
      'utf.zip': [0, 0, 0, 2, 0, 0, false, '💩', 'Hněvošický háj'],
    };
    const dir = join(import.meta.dirname, '../fixtures/shapefile');
    const seen: Record<string, unknown> = {};
    for (const f of readdirSync(dir).filter((f) => f.endsWith('.zip'))) {
      const outcome = refusal(() => {
        const r = read(f, fixture('shapefile', f));
        seen[f] = [...counts(r), r.noPrjAssumedWgs84, ...r.candidates.slice(0, 2).map((c) => c.name)];
      });
      if (outcome !== 'accepted') seen[f] = outcome;
    }
    expect(seen).toEqual(expected);
    // reprojected from Massachusetts state plane (metres) to longitude/latitude
    const senate = read('senate.zip', fixture('shapefile', 'senate.zip')).candidates[0] as AoiCandidate;
    const [lon, lat] = senate.parts[0]?.[0]?.[0] ?? [];
    expect(lon).toBeCloseTo(-71.6247, 3);
    expect(lat).toBeCloseTo(42.3505, 3);
  });
});

describe('export files read back', () => {
  const shapes = [
    {
      name: '北京 with a hole',
      geometry: {
        type: 'Polygon' as const,
        coordinates: [
          [
            [116.123456789012, 39.8],
            [116.7, 39.8],
            [116.7, 40.1],
            [116.123456789012, 39.8],
          ],
          [
            [116.5, 39.85],
            [116.6, 39.95],
            [116.65, 39.85],
            [116.5, 39.85],
          ],
        ],
      },
    },
    {
      name: 'Islands <&>',
      geometry: {
        type: 'MultiPolygon' as const,
        coordinates: [
          [
            [
              [-10, -10],
              [-9, -10],
              [-9, -9],
              [-10, -9],
              [-10, -10],
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
      },
    },
    {
      name: 'Point',
      geometry: { type: 'Point' as const, coordinates: [-122.0822035425683, 37.42228990140251] },
    },
  ];

  for (const format of ['kml', 'geojson', 'shp'] as const) {
    it(`gives the same shapes and names back from ${format}`, () => {
      const file = exportFile(shapes, format, 'aois');
      const r = readUploadedFile(file.body, format === 'shp' ? 'zip' : format);
      expect(r.candidates.map((c) => c.name)).toEqual(shapes.map((s) => s.name));
      shapes.forEach((shape, i) => {
        const c = r.candidates[i] as Candidate;
        const back =
          c.kind === 'aoi'
            ? { type: 'MultiPolygon', coordinates: c.parts }
            : { type: 'Point', coordinates: c.position as number[] };
        const original =
          shape.geometry.type === 'Polygon'
            ? { type: 'MultiPolygon', coordinates: [shape.geometry.coordinates] }
            : shape.geometry;
        expect(maxDifference(normalised(back), normalised(original))).toBe(0);
      });
    });
  }
});

describe('names from hostile files', () => {
  it('lose control and bidi characters; a name of nothing else is no name', () => {
    expect(cleanName('Gate\u0000 one\u0007')).toBe('Gate one');
    expect(cleanName('\u202Egpj.exe')).toBe('gpj.exe');
    expect(cleanName('a\u2066b\u2069\u007F')).toBe('ab');
    expect(cleanName('\u0000\u202E')).toBeUndefined();
    expect(cleanName('北京\tnorth\r\n')).toBe('北京 north');
  });

  it('numbers features by their position in the file, through the layers of a zip', () => {
    const r = readUploadedFile(fixture('shapefile', 'senate.zip'), 'zip');
    expect(r.candidates.map((c) => c.index)).toEqual(r.candidates.map((_, i) => i));
  });
});
