import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import type { AoiExportFormat } from '@satportal/contract';
import { DOMParser } from '@xmldom/xmldom';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanName } from '../shapes';
import { type ExportShape, exportFile } from './export';
import { readUploadedFile } from './read-file';

/**
 * Exports of hostile names (issue 26 item 9: a name holding `]]>` made the KML no XML at all),
 * read back by a strict XML parser, by GDAL's `ogrinfo` (gdal-bin; skipped where missing except in
 * CI) and by our own upload reader: every name a user can store comes back as it was.
 *
 * What a name can hold: any Unicode scalar value except C0 controls and DEL (the contract's
 * `SingleLineText` refuses them, uploads drop them) and lone surrogates (refused by the contract;
 * a database's UTF-8 cannot hold them either), at most 50 characters, trimmed, bidi controls dropped.
 * XML 1.0 has no U+FFFE and U+FFFF, not even as references: the KML says U+FFFD for them.
 */
const hostile = [
  'a]]>b',
  ']]>',
  ']]]]>>',
  '<![CDATA[x]]>',
  '</name><name>x',
  '<x>&amp;&lt;&#x26;&#38;',
  '& < > " \' ;',
  '<!-- c --> <?pi x?>',
  '"quoted" \'single\' `back`',
  '北京 ]]> 上海',
  '🛰️ 𝕏 👨‍👩‍👧 é (e\u0301)',
  'عربى עברית',
  '\u00a0nbsp\u2028ls\u2029ps\u0085nel',
  '\ufeffbom \ufffd',
  '%s %n $\u007Bx} {{x}} \\ \\\\',
  '𝕏'.repeat(50),
];
/** Storable, but not in XML 1.0: U+FFFD in the KML, as they are elsewhere. */
const notXml = 'x\ufffey\uffff';

const point = (i: number) => ({ type: 'Point' as const, coordinates: [i, 1] });
const square = (i: number) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [i, 0],
      [i + 0.5, 0],
      [i + 0.5, 0.5],
      [i, 0],
    ],
  ],
});
/** Every name as an AOI and as a POI (the shapefile writes them in two layers). */
const shapesOf = (names: string[]): ExportShape[] =>
  names.flatMap((name, i) => [
    { name, geometry: square(i) },
    { name, geometry: point(i) },
  ]);
const both = (names: string[]) => names.flatMap((n) => [n, n]);

/**
 * A strict parse: any error or warning throws, except xmldom's hint that the text holds U+FFFD
 * (it guesses at a wrong encoding; here the names hold it on purpose).
 */
function kmlNames(text: string): string[] {
  const doc = new DOMParser({
    onError: (level, message) => {
      if (level === 'warning' && /replacement character/.test(message) && text.includes('\ufffd')) return;
      throw new Error(`${level}: ${message}`);
    },
  }).parseFromString(text, 'text/xml');
  return Array.from(doc.getElementsByTagName('name')).map((n) => n.textContent ?? '');
}

const decode = (bytes: Uint8Array) => new TextDecoder('utf-8', { fatal: true }).decode(bytes);

describe('exported names round-trip (strict XML parser, our own reader)', () => {
  it('KML: any storable name, `]]>` and markup included, parses and reads back', () => {
    const kml = decode(exportFile(shapesOf(hostile), 'kml', 'x').body);
    // xmldom lets `]]>` in text pass (expat and libxml2 refuse the whole file: GDAL's test below);
    // the export has no CDATA section, so the sequence must not appear at all.
    expect(kml).not.toContain(']]>');
    expect(kmlNames(kml)).toEqual(both(hostile));
  });

  it('KML: U+FFFE and U+FFFF (no XML 1.0 characters) are written as U+FFFD, the file stays XML', () => {
    const kml = decode(exportFile(shapesOf([notXml]), 'kml', 'x').body);
    expect(kmlNames(kml)).toEqual(both(['x\ufffdy\ufffd']));
  });

  it('GeoJSON keeps every name, U+FFFE and U+FFFF too', () => {
    const names = [...hostile, notXml];
    const json = JSON.parse(decode(exportFile(shapesOf(names), 'geojson', 'x').body));
    expect(json.features.map((f: { properties: { name: string } }) => f.properties.name)).toEqual(
      both(names),
    );
  });

  it('our upload reader takes the KML, GeoJSON and shapefile back with the same names', () => {
    for (const [format, extension] of [
      ['kml', 'kml'],
      ['geojson', 'geojson'],
      ['shp', 'zip'],
    ] as const) {
      const read = readUploadedFile(exportFile(shapesOf(hostile), format, 'x').body, extension);
      const names = read.candidates.map((c) => c.name);
      // The reader's own rule is the only change: whitespace runs (NBSP, U+2028 …) become one space.
      const cleaned = hostile.map((n) => cleanName(n));
      // The shapefile is two layers: the AOIs, then the POIs.
      const expected = format === 'shp' ? [...cleaned, ...cleaned] : both(cleaned as string[]);
      expect(names, format).toEqual(expected);
    }
  });
});

const ogrinfoPath = (process.env.PATH ?? '')
  .split(delimiter)
  .map((dir) => join(dir, 'ogrinfo'))
  .find((path) => existsSync(path));
const required = Boolean(process.env.CI);
const run = promisify(execFile);

describe.skipIf(!ogrinfoPath && !required)('exported names read by GDAL (ogrinfo)', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'export-names-'));
  });
  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  /** Writes the export to the folder (the shapefile unzipped) and answers the files to read. */
  async function written(format: AoiExportFormat, names: string[]): Promise<string[]> {
    const file = exportFile(shapesOf(names), format, format);
    if (format !== 'shp') {
      const path = join(root, `${format}.${file.extension}`);
      await writeFile(path, file.body);
      return [path];
    }
    const entries = Object.entries(unzipSync(file.body));
    for (const [name, bytes] of entries) await writeFile(join(root, name), bytes);
    return entries.filter(([name]) => name.endsWith('.shp')).map(([name]) => join(root, name));
  }

  /** The name field of every feature, as `ogrinfo -al` prints it (one line per field). */
  async function ogrNames(path: string): Promise<string[]> {
    const { stdout, stderr } = await run(ogrinfoPath!, ['-ro', '-al', path], { maxBuffer: 1 << 24 });
    expect(stderr, path).toBe('');
    // Split at line feeds only: a name may hold U+2028, which a regular expression's `$` ends at.
    // The field is `Name` in GDAL's LIBKML driver, `name` in the others.
    const prefix = '  name (string) = ';
    return stdout
      .split('\n')
      .filter((line) => line.slice(0, prefix.length).toLowerCase() === prefix)
      .map((line) => line.slice(prefix.length));
  }

  it('is installed (CI requires it)', () => {
    expect(ogrinfoPath, 'ogrinfo is missing: apt-get install gdal-bin').toBeTruthy();
  });

  it('KML (U+FFFE and U+FFFF as U+FFFD)', async () => {
    const [path] = await written('kml', [...hostile, notXml]);
    expect(await ogrNames(path!)).toEqual(both([...hostile, 'x\ufffdy\ufffd']));
  });

  it('GeoJSON', async () => {
    const [path] = await written('geojson', [...hostile, notXml]);
    expect(await ogrNames(path!)).toEqual(both([...hostile, notXml]));
  });

  it('shapefile (UTF-8 names in the .dbf, said by the .cpg; 50 astral characters fit its 254 bytes)', async () => {
    const names = [...hostile, notXml];
    const paths = await written('shp', names);
    expect(paths.map((p) => p.slice(root.length + 1)).sort()).toEqual(['shp_points.shp', 'shp_polygons.shp']);
    for (const path of paths) expect(await ogrNames(path)).toEqual(names);
  });
});
