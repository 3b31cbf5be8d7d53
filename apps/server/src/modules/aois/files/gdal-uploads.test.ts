import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readUploadedFile } from './read-file';

/**
 * Uploads as GDAL writes them (issue 27 item 8): shapefiles written by `ogr2ogr` in the encodings
 * its users choose (`-lco ENCODING=`), and KMZs written by its LIBKML driver (a doc.kml of
 * NetworkLinks to `layers/<layer>.kml`). gdal-bin is required in CI (.ci/run installs it) and the
 * tests are skipped where it is missing elsewhere.
 */

const ogr2ogrPath = (process.env.PATH ?? '')
  .split(':')
  .map((dir) => join(dir, 'ogr2ogr'))
  .find((p) => existsSync(p));
const required = Boolean(process.env.CI);
const run = promisify(execFile);

const polygon = (name: string, lon: number) => ({
  type: 'Feature',
  properties: { name },
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [lon, 39.9],
        [lon + 0.01, 39.9],
        [lon + 0.01, 39.91],
        [lon, 39.91],
        [lon, 39.9],
      ],
    ],
  },
});

let dir: string;
/** Runs ogr2ogr on a GeoJSON of the given names; answers the folder's files zipped, edited by `edit`. */
async function shapefileZip(
  names: string[],
  lco: string[],
  edit: (files: Record<string, Uint8Array>) => void = () => {},
): Promise<Uint8Array> {
  const out = await mkdtemp(join(dir, 'shp-'));
  const input = join(out, 'in.geojson');
  await writeFile(
    input,
    JSON.stringify({ type: 'FeatureCollection', features: names.map((n, i) => polygon(n, 116 + i)) }),
  );
  await run(ogr2ogrPath!, [
    '-f',
    'ESRI Shapefile',
    ...lco.flatMap((o) => ['-lco', o]),
    join(out, 'places.shp'),
    input,
  ]);
  const files: Record<string, Uint8Array> = {};
  for (const f of await readdir(out)) if (f.startsWith('places.')) files[f] = await readFile(join(out, f));
  edit(files);
  return zipSync(files);
}

const namesOf = (bytes: Uint8Array, extension: 'zip' | 'kmz') =>
  readUploadedFile(bytes, extension).candidates.map((c) => c.name);

describe.skipIf(!ogr2ogrPath && !required)('uploads written by GDAL (ogr2ogr)', () => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gdal-uploads-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is installed (CI requires it)', () => {
    expect(ogr2ogrPath, 'ogr2ogr is missing: apt-get install gdal-bin').toBeTruthy();
  });

  const chinese = ['天安门广场', '北京市海淀区'];
  const traditional = ['臺北車站', '高雄港'];
  const latin = ['Zürich Hauptbahnhof', 'Straße de l’Été'.replace('’', "'")];

  it.each([
    ['CP936', chinese],
    ['GBK', chinese],
    ['GB18030', chinese],
    ['BIG5', traditional],
    ['CP950', traditional],
    ['UTF-8', [...chinese, ...latin]],
    ['ISO-8859-1', latin],
    ['LATIN1', latin],
    ['CP1252', latin],
  ])('reads names of a .cpg saying %s, with no warning', async (encoding, names) => {
    const read = readUploadedFile(await shapefileZip(names, [`ENCODING=${encoding}`]), 'zip');
    expect(read.candidates.map((c) => c.name)).toEqual(names);
    expect(read.encodingWarnings).toEqual([]);
  });

  it("reads a .cpg of ArcGIS's code page numbers (936, ANSI 936) and a language driver byte (LDID/77)", async () => {
    for (const cpg of ['936', 'ANSI 936', ' cp936\r\n']) {
      const zip = await shapefileZip(chinese, ['ENCODING=CP936'], (files) => {
        files['places.cpg'] = new TextEncoder().encode(cpg);
      });
      expect(namesOf(zip, 'zip'), cpg).toEqual(chinese);
    }
    // LDID/77 writes GBK bytes, the language driver byte 77 and no .cpg
    const ldid = await shapefileZip(chinese, ['ENCODING=LDID/77']);
    expect(namesOf(ldid, 'zip')).toEqual(chinese);
  });

  it('warns of an encoding it does not know, and of undeclared names that are not UTF-8', async () => {
    const unknown = await shapefileZip(['plain name'], ['ENCODING=UTF-8'], (files) => {
      files['places.cpg'] = new TextEncoder().encode('KLINGON-9');
    });
    const read = readUploadedFile(unknown, 'zip');
    expect(read.candidates.map((c) => c.name)).toEqual(['plain name']);
    expect(read.encodingWarnings).toEqual([{ layer: 'places.shp', declared: 'KLINGON-9', readAs: 'utf-8' }]);

    const undeclared = await shapefileZip(chinese, ['ENCODING=CP936'], (files) => {
      delete files['places.cpg'];
    });
    const guessed = readUploadedFile(undeclared, 'zip');
    expect(guessed.encodingWarnings).toEqual([{ layer: 'places.shp', declared: null, readAs: 'iso-8859-1' }]);
    expect(guessed.candidates.map((c) => c.name)).not.toEqual(chinese);

    // undeclared and UTF-8: read as UTF-8, nothing to warn of
    const utf8 = await shapefileZip(chinese, ['ENCODING=UTF-8'], (files) => {
      delete files['places.cpg'];
    });
    const plain = readUploadedFile(utf8, 'zip');
    expect(plain.candidates.map((c) => c.name)).toEqual(chinese);
    expect(plain.encodingWarnings).toEqual([]);
  });

  it("reads a KMZ of GDAL's LIBKML driver: doc.kml links layers/<layer>.kml inside the archive", async () => {
    const out = await mkdtemp(join(dir, 'kmz-'));
    const input = join(out, 'in.geojson');
    await writeFile(
      input,
      JSON.stringify({ type: 'FeatureCollection', features: chinese.map((n, i) => polygon(n, 116 + i)) }),
    );
    await run(ogr2ogrPath!, ['-f', 'LIBKML', join(out, 'places.kmz'), input]);
    const read = readUploadedFile(await readFile(join(out, 'places.kmz')), 'kmz');
    expect(read.candidates.map((c) => [c.kind, c.name])).toEqual(chinese.map((n) => ['aoi', n]));
    expect(read.ignored).toEqual([]);
  });
});

describe('KMZ links', () => {
  const kml = (body: string) =>
    new TextEncoder().encode(
      `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>${body}</Document></kml>`,
    );
  const link = (name: string, href: string) =>
    `<NetworkLink><name>${name}</name><Link><href>${href}</href></Link></NetworkLink>`;
  const point = (name: string) =>
    `<Placemark><name>${name}</name><Point><coordinates>116.4,39.9</coordinates></Point></Placemark>`;

  it('follows links to documents inside the archive, each once, and lists every other link as ignored', () => {
    const kmz = zipSync({
      'doc.kml': kml(
        point('first') +
          link('inside', 'layers/a.kml') +
          link('web', 'https://example.com/x.kml') +
          link('absolute', '/etc/passwd.kml') +
          link('escaping', '../../outside.kml') +
          link('missing', 'layers/none.kml') +
          link('again', './layers/a.kml'),
      ),
      'layers/a.kml': kml(point('second') + link('back', '../doc.kml') + link('sibling', 'b.kml')),
      'layers/b.kml': kml(point('third')),
    });
    const read = readUploadedFile(kmz, 'kmz');
    expect(read.candidates.map((c) => [c.name, c.index])).toEqual([
      ['first', 0],
      ['second', 1],
      ['third', 2],
    ]);
    expect(read.ignored.map((i) => i.name)).toEqual(['web', 'absolute', 'escaping', 'missing']);
    expect(read.ignored.every((i) => i.reason === 'upload.networkLinkIgnored')).toBe(true);
  });

  it('counts the feature limit over every linked document', () => {
    const many = (from: number) => Array.from({ length: 3000 }, (_, i) => point(`p${from + i}`)).join('');
    const kmz = zipSync({ 'doc.kml': kml(many(0) + link('more', 'more.kml')), 'more.kml': kml(many(3000)) });
    expect(() => readUploadedFile(kmz, 'kmz')).toThrow(
      expect.objectContaining({ key: 'upload.tooManyFeatures' }),
    );
  });
});
