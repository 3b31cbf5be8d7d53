import { AoiUploadLimits } from '@satportal/contract';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { AoiCandidate, Candidate } from '../shapes';
import { declareSize, fixture, kmlWithVertices, refusal, unitSquareOpen, zerosZip } from '../test-helpers';
import { readUploadedFile } from './read-file';
import type { UploadRefused } from './upload-refused';
import { readZipDirectory, unzipBounded } from './zip';

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
    expect(refusal(() => unzipBounded(liar))).toBe('upload.zipSizeMismatch');
    expect(refusal(() => read('liar.kmz', liar))).toBe('upload.zipSizeMismatch');
    // It stopped at the first chunk past the 1,000 declared bytes, not after the 40 MiB: input is
    // pushed in 4 KiB steps, and DEFLATE expands a byte to at most 1,032.
    let inflated = Number.POSITIVE_INFINITY;
    try {
      unzipBounded(liar);
    } catch (e) {
      inflated = Number((e as UploadRefused).params.inflated);
    }
    expect(inflated).toBeGreaterThan(1000);
    expect(inflated).toBeLessThanOrEqual(1000 + 4096 * 1032);
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
    // Change a byte of the stored entry itself: a lone '<' may also stand in the header's DOS time.
    const corrupt = zip.slice();
    const content = Buffer.from(corrupt).indexOf('<kml/>');
    expect(content).toBeGreaterThan(0);
    corrupt[content] = 'X'.charCodeAt(0);
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
      coordinates: [[...unitSquareOpen]],
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
