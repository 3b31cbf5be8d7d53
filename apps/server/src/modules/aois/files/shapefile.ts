import type { UploadEncodingWarning } from '@satportal/contract';
import proj4 from 'proj4';
import { parseShp } from 'shpjs';
import {
  type Candidate,
  candidatesOf,
  fileRange,
  type Ignored,
  type ReadLimits,
  type ReadResult,
} from '../shapes';
import { refuseTooManyFeatures } from './count-features';
import { dbfEncoding, readDbf, recordsAreUtf8 } from './dbf';
import { nameFromProperties } from './names';
import { UploadRefused } from './upload-refused';
import { extractZipEntry, readZipDirectory, type ZipEntry } from './zip';

/**
 * A zip holding one or more shapefile layers (.shp with its .dbf, .prj, .cpg). The zip is
 * read by the bounded reader, never by shpjs's own unzip. Each .shp and .dbf is checked
 * against its own header before shpjs reads it: shpjs trusts record lengths and counts, and a
 * hostile file could make it loop for ever. That walk also counts the records (features) and
 * positions of every layer, so a file holding too many is refused before shpjs reads any. shpjs then reprojects with proj4 from the .prj to
 * WGS 84; a .prj that proj4 cannot read refuses the file (shpjs would silently skip the
 * reprojection). A layer without a .prj is read as WGS 84 longitude/latitude and the result
 * says so; if its coordinates cannot be longitude/latitude the file is refused.
 */
export function readShapefileZip(bytes: Uint8Array, { maxVertices, maxFeatures }: ReadLimits): ReadResult {
  const entries = readZipDirectory(bytes).filter((e) => {
    const base = e.name.split('/').pop() ?? '';
    return !e.name.includes('__MACOSX/') && !base.startsWith('._');
  });
  const layers = entries.filter((e) => /\.shp$/i.test(e.name));
  if (layers.length === 0) throw new UploadRefused('upload.noShp');

  const companion = (shp: ZipEntry, ext: string) => {
    const base = shp.name.slice(0, -4).toLowerCase();
    return entries.find((e) => e.name.toLowerCase() === `${base}.${ext}`);
  };
  const text = (entry: ZipEntry | undefined) =>
    entry ? new TextDecoder().decode(extractZipEntry(bytes, entry)).trim() : undefined;

  // Every layer walked first: all the file's records and positions counted before any is parsed.
  const shps = new Map<ZipEntry, Uint8Array>();
  let records = 0;
  let vertices = 0;
  for (const layer of layers) {
    const shp = extractZipEntry(bytes, layer);
    const scan = scanShp(shp, layer.name.split('/').pop() ?? layer.name);
    records += scan.records;
    vertices += scan.positions;
    if (vertices > maxVertices) throw new UploadRefused('upload.tooManyVertices', { limit: maxVertices });
    shps.set(layer, shp);
  }
  refuseTooManyFeatures(records, maxFeatures);

  const result: { candidates: Candidate[]; ignored: Ignored[] } = { candidates: [], ignored: [] };
  const encodingWarnings: UploadEncodingWarning[] = [];
  let noPrj = false;
  // features are numbered through the layers, in the zip's order
  let features = 0;
  for (const layer of layers) {
    const layerName = layer.name.split('/').pop() ?? layer.name;
    const shp = shps.get(layer) as Uint8Array;

    const prj = text(companion(layer, 'prj'));
    let reproject = false;
    if (prj) {
      let projection: InstanceType<typeof proj4.Proj>;
      try {
        projection = new proj4.Proj(prj);
      } catch {
        throw new UploadRefused('upload.badPrj', { layer: layerName });
      }
      // WGS 84 longitude/latitude already: reading through proj4 would only add rounding (1e-14°)
      reproject = !isWgs84LonLat(projection);
    } else {
      noPrj = true;
    }
    const dbfEntry = companion(layer, 'dbf');
    const dbf = dbfEntry ? extractZipEntry(bytes, dbfEntry) : undefined;
    if (dbf) checkDbf(dbf, layerName);
    const cpg = text(companion(layer, 'cpg'));
    const declaration = dbfEncoding(cpg, dbf);

    let geometries: (Record<string, unknown> | null)[];
    let rows: Record<string, unknown>[] = [];
    try {
      geometries = parseShp(shp, reproject ? prj : false);
    } catch {
      throw new UploadRefused('upload.badShp', { layer: layerName });
    }
    try {
      if (dbf) rows = readDbf(dbf, layerEncoding(dbf, declaration, layerName, encodingWarnings));
    } catch {
      throw new UploadRefused('upload.badDbf', { layer: layerName });
    }
    if (!prj && geometries.some((g) => g && !lonLatOnly(g))) {
      throw new UploadRefused('upload.noPrjNotLonLat', { layer: layerName });
    }
    geometries.forEach((geometry, i) => {
      candidatesOf(geometry, nameFromProperties(rows[i], true), fileRange, result, features + i);
    });
    features += geometries.length;
  }
  return { ...result, noPrjAssumedWgs84: noPrj, encodingWarnings };
}

/**
 * The encoding a layer's names are read in: the declared one when a decoder knows it; UTF-8 when
 * the declaration is unknown, or when nothing is declared and the table reads as UTF-8; else
 * ISO-8859-1 (GDAL's assumption for an undeclared table). Each guess is a warning for the upload's
 * answer, never silent mojibake.
 */
function layerEncoding(
  dbf: Uint8Array,
  { declared, encoding }: ReturnType<typeof dbfEncoding>,
  layer: string,
  warnings: UploadEncodingWarning[],
): string {
  if (encoding) return encoding;
  const readAs = declared !== undefined || recordsAreUtf8(dbf) ? 'utf-8' : 'iso-8859-1';
  if (declared !== undefined || readAs !== 'utf-8')
    warnings.push({ layer, declared: declared ?? null, readAs });
  return readAs;
}

function isWgs84LonLat(p: InstanceType<typeof proj4.Proj>): boolean {
  const q = p as unknown as { projName?: string; datumCode?: string; from_greenwich?: number };
  return q.projName === 'longlat' && q.datumCode?.toLowerCase() === 'wgs84' && !q.from_greenwich;
}

/** Shape types shpjs reads: point, polyline, polygon, multipoint, in 2D, Z and M. */
const KNOWN_TYPES = new Set([0, 1, 3, 5, 8, 11, 13, 15, 18, 21, 23, 25, 28]);

/**
 * Walks the records of a .shp as shpjs will, refusing any record that does not fit the file,
 * and answers the number of records (null shapes included: shpjs answers each) and of positions.
 */
export function scanShp(shp: Uint8Array, layer: string): { records: number; positions: number } {
  const refuse = () => new UploadRefused('upload.badShp', { layer });
  if (shp.length < 100) throw refuse();
  const view = new DataView(shp.buffer, shp.byteOffset, shp.byteLength);
  if (view.getInt32(0) !== 9994 || !KNOWN_TYPES.has(view.getInt32(32, true))) throw refuse();
  let positions = 0;
  let records = 0;
  let offset = 100;
  while (offset + 8 <= shp.length) {
    records++;
    const length = view.getInt32(offset + 4) * 2;
    if (length < 0 || offset + 8 + length > shp.length) throw refuse();
    if (length >= 4) {
      const at = offset + 8;
      const type = view.getInt32(at, true);
      if (type !== 0 && !KNOWN_TYPES.has(type)) throw refuse();
      const base = type % 10;
      if (base === 3 || base === 5) {
        // polyline / polygon: box (32), parts, points, part indexes, points
        if (length < 44) throw refuse();
        const parts = view.getInt32(at + 36, true);
        const points = view.getInt32(at + 40, true);
        if (parts < 0 || points < 0 || 44 + parts * 4 + points * 16 > length) throw refuse();
        positions += points;
      } else if (base === 8) {
        if (length < 40) throw refuse();
        const points = view.getInt32(at + 36, true);
        if (points < 0 || 40 + points * 16 > length) throw refuse();
        positions += points;
      } else if (base === 1) {
        if (length < 20) throw refuse();
        positions += 1;
      }
    } else if (length !== 0) {
      throw refuse();
    }
    offset += 8 + length;
  }
  return { records, positions };
}

/** A .dbf whose header promises more rows than it holds is refused (shpjs would loop over them). */
function checkDbf(dbf: Uint8Array, layer: string): void {
  const refuse = () => new UploadRefused('upload.badDbf', { layer });
  if (dbf.length < 33) throw refuse();
  const view = new DataView(dbf.buffer, dbf.byteOffset, dbf.byteLength);
  const records = view.getUint32(4, true);
  const headerLength = view.getUint16(8, true);
  const recordLength = view.getUint16(10, true);
  if (headerLength < 33 || headerLength > dbf.length) throw refuse();
  if (records > 0 && (recordLength < 1 || headerLength + records * recordLength > dbf.length + 1))
    throw refuse();
}

function lonLatOnly(geometry: Record<string, unknown>): boolean {
  let ok = true;
  const walk = (v: unknown): void => {
    if (!ok || !Array.isArray(v)) return;
    if (typeof v[0] === 'number') {
      const [x, y] = v as number[];
      if (!(Math.abs(x ?? Number.NaN) <= 180 && Math.abs(y ?? Number.NaN) <= 90)) ok = false;
      return;
    }
    for (const x of v) walk(x);
  };
  walk(geometry.coordinates);
  return ok;
}
