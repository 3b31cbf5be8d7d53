import fc from 'fast-check';
import { zipSync } from 'fflate';
import type { Fixture, FuzzCall } from './fuzz-call';
import { anyOf, canonicalRings, worldRing } from './fuzz-shared';
import { boxRing, hostileGeometry, hostileRing, validPolygon } from './hostile-geometry';
import { boundaryIntegers, controlStrings, numberLikeStrings, overlong } from './hostile-values';
import { toJsonText, toParamText } from './schema-json';

// The AOI upload: aois.routes.ts `readUpload` (multipart: one `file` of .kml .kmz .json .geojson
// .zip under 50 characters and 5 MB, fields aoiParentId and poiParentId) and the file readers.

export interface MultipartPart {
  name: string;
  filename?: string;
  data: string | Uint8Array;
  /** for reports: what a zip holds */
  zipOf?: string;
}

const BOUNDARY = 'satportalFuzzBoundary7MA4YWxkTrZu0gW';

/** The parts as reports show them: a zip by what it holds. */
const partsAbout = (parts: MultipartPart[]) =>
  parts.map(({ zipOf, ...p }) => (zipOf ? { ...p, data: `zip of ${zipOf}` } : p));

export function multipartBody(parts: MultipartPart[], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const type = p.filename !== undefined ? 'Content-Type: application/octet-stream\r\n' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const kmlOf = (name: string, ring: unknown[]) =>
  '<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>' +
  `<Placemark><name>${name}</name><Polygon><outerBoundaryIs><LinearRing><coordinates>` +
  ring.map((p) => (Array.isArray(p) ? p.map(toParamText).join(',') : toParamText(p))).join(' ') +
  '</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></Document></kml>';

const hostileKml = [
  '<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><kml><Document><name>&b;</name></Document></kml>',
  '<kml><Document><Placemark><name>x</name><Polygon>',
  `<kml xmlns="http://www.opengis.net/kml/2.2">${'<Folder>'.repeat(5000)}${'</Folder>'.repeat(5000)}</kml>`,
  '<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><Point><coordinates>1e999,NaN</coordinates></Point></Placemark></kml>',
  '<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><Point><coordinates></coordinates></Point></Placemark></kml>',
  '<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><MultiGeometry/></Placemark></kml>',
  '<kml xmlns="http://www.opengis.net/kml/2.2"><NetworkLink><Link><href>http://127.0.0.1:1/x.kml</href></Link></NetworkLink></kml>',
  '\u0000\u0000',
  '<kml><![CDATA[',
];

export function uploadCall(f: Fixture): fc.Arbitrary<FuzzCall> {
  const name = fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 20, unit: 'grapheme-ascii' }) },
    { weight: 2, arbitrary: anyOf<string>([...controlStrings, overlong(60), overlong(10_000)]) },
  );
  const geometry = fc.oneof(
    { weight: 2, arbitrary: validPolygon },
    { weight: 1, arbitrary: fc.constant({ type: 'Point', coordinates: [10, 10] }) },
    { weight: 4, arbitrary: hostileGeometry() },
  );
  const geojson = fc.tuple(name, geometry, fc.nat(3)).map(([n, g, shape]) =>
    toJsonText(
      shape === 0
        ? g
        : shape === 1
          ? { type: 'Feature', properties: { name: n }, geometry: g }
          : {
              type: 'FeatureCollection',
              features: [{ type: 'Feature', properties: { name: n }, geometry: g }],
            },
    ),
  );
  const kml = fc.oneof(
    fc.tuple(name, fc.oneof(boxRing, hostileRing())).map(([n, r]) => kmlOf(n, r)),
    anyOf(hostileKml),
  );
  const file = fc.oneof(
    fc
      .tuple(anyOf(['a.geojson', 'a.json', 'A.GEOJSON']), geojson)
      .map(([filename, data]) => ({ filename, data })),
    fc.tuple(anyOf(['a.kml', 'ä.KML']), kml).map(([filename, data]) => ({ filename, data })),
    kml.map((k) => ({ filename: 'a.kmz', data: zipSync({ 'doc.kml': Buffer.from(k) }), zipOf: k })),
    anyOf<{ filename: string; data: string | Uint8Array; zipOf?: string }>([
      {
        filename: 'a.zip',
        data: zipSync({ 'x.shp': new Uint8Array(200), 'x.dbf': new Uint8Array(40) }),
        zipOf: 'x.shp (200 zero bytes), x.dbf (40 zero bytes)',
      },
      { filename: 'a.zip', data: 'PK\u0003\u0004junk' },
      { filename: 'a.kmz', data: new Uint8Array(64).fill(0x50) },
      { filename: 'a.geojson', data: '' },
      { filename: 'a.geojson', data: '{"type":' },
      { filename: 'a.geojson', data: `${'['.repeat(20_000)}${']'.repeat(20_000)}` },
      { filename: 'a.geojson', data: '{"type":"FeatureCollection","features":null}' },
    ]),
  );
  const filename = anyOf([
    'file',
    '.geojson',
    'a.exe',
    `${overlong(60)}.kml`,
    'a\u0000.kml',
    '\u202Elmk.exe',
    '../../a.kml',
    '',
    'a"b.kml',
  ]);
  const hostileParent = anyOf([
    ...boundaryIntegers.map(String),
    ...numberLikeStrings,
    ...controlStrings,
    '99999999999',
  ]);
  const own = (ids: number[]) => fc.constantFrom(...ids).map(String);
  const validFields = fc.record(
    { aoiParentId: own([f.ownIds.rootAoi, f.ownIds.folder]), poiParentId: own([f.ownIds.rootPoi, -1]) },
    { requiredKeys: [] },
  );
  const fields = fc.oneof(
    { weight: 3, arbitrary: validFields },
    {
      weight: 1,
      arbitrary: fc.record(
        {
          aoiParentId: fc.oneof(
            own([f.ownIds.aoi, f.ownIds.poi, f.ownIds.rootPoi, f.foreignId]),
            hostileParent,
          ),
          poiParentId: fc.oneof(own([f.ownIds.folder, f.ownIds.rootAoi, f.foreignId]), hostileParent),
        },
        { requiredKeys: [] },
      ),
    },
  );
  const multipart = (parts: MultipartPart[]): FuzzCall => ({
    body: { raw: multipartBody(parts), contentType: `multipart/form-data; boundary=${BOUNDARY}` },
    about: partsAbout(parts),
  });
  /** A multipart body under a wrong content type, or cut short. */
  const broken = (parts: MultipartPart[], contentType: string, cut?: number): FuzzCall => {
    const raw = multipartBody(parts);
    return {
      body: { raw: cut ? raw.subarray(0, cut) : raw, contentType },
      about: { contentType, ...(cut ? { cutAfterBytes: cut } : {}), parts: partsAbout(parts) },
    };
  };
  const withFields = (o: Record<string, unknown>) =>
    Object.entries(o).map(([n, v]) => ({ name: n, data: String(v) }));
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(file, fields)
        .map(([fl, o]) => multipart([...withFields(o), { name: 'file', ...fl }])),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(file, filename)
        .map(([fl, fname]) => multipart([{ name: 'file', filename: fname, data: fl.data }])),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(file, fields).chain(([fl, o]) =>
        anyOf<FuzzCall>([
          multipart([]),
          multipart([
            { name: 'file', ...fl },
            { name: 'file', ...fl },
          ]),
          multipart([{ name: 'file', data: 'not a file' }]),
          multipart([{ name: 'other', ...fl }]),
          multipart([
            ...Array.from({ length: 6 }, (_, i) => ({ name: `f${i}`, data: 'x' })),
            { name: 'file', ...fl },
          ]),
          multipart([
            ...withFields(o),
            { name: 'aoiParentId', data: overlong(200) },
            { name: 'file', ...fl },
          ]),
          broken([{ name: 'file', ...fl }], `multipart/form-data; boundary=${BOUNDARY}`, 60),
          broken([{ name: 'file', ...fl }], 'multipart/form-data'),
          broken([{ name: 'file', ...fl }], 'multipart/form-data; boundary=other'),
          { body: { json: { file: 'x' } } },
          multipart([{ name: 'file', filename: 'big.geojson', data: overlong(5 * 1024 * 1024 + 10) }]),
        ]),
      ),
    },
  );
}

export function uploadCanonical(f: Fixture): FuzzCall[] {
  const call = (
    filename: string,
    data: string | Uint8Array,
    fields: Record<string, string> = {},
    zipOf?: string,
  ) => {
    const parts: MultipartPart[] = [
      ...Object.entries(fields).map(([name, value]) => ({ name, data: value })),
      { name: 'file', filename, data, ...(zipOf ? { zipOf } : {}) },
    ];
    return {
      body: { raw: multipartBody(parts), contentType: `multipart/form-data; boundary=${BOUNDARY}` },
      about: partsAbout(parts),
    };
  };
  const feature = (name: string, ring: unknown[]) =>
    toJsonText({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name }, geometry: { type: 'Polygon', coordinates: [ring] } },
      ],
    });
  const box = boxRingOf(10, 10, 11, 11);
  return [
    ...canonicalRings().map((r) => call('a.geojson', feature('shape', r))),
    ...canonicalRings().map((r) => call('a.kml', kmlOf('shape', r))),
    call(
      'a.kmz',
      zipSync({ 'doc.kml': Buffer.from(kmlOf('world', worldRing())) }),
      {},
      kmlOf('world', worldRing()),
    ),
    call('a.geojson', feature('a\u0000b', box)),
    call('a.kml', kmlOf('a\u0000b', box)),
    call('a.geojson', feature('shape', box), { aoiParentId: '2147483648' }),
    call('a.geojson', feature('shape', box), {
      aoiParentId: String(f.ownIds.folder),
      poiParentId: '2147483648',
    }),
  ];
}

const boxRingOf = (w: number, s: number, e: number, n: number) => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
];
