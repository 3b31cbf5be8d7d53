import { AoiUploadLimits } from '@satportal/contract';
import type { ReadLimits, ReadResult } from '../shapes';
import { refuseTooManyFeatures } from './count-features';
import { readGeoJson } from './geojson';
import { readKml } from './kml';
import { readShapefileZip } from './shapefile';
import { UploadRefused } from './upload-refused';
import { extractZipEntry, readZipDirectory } from './zip';

// The readers import it from shapes.ts: declared here, it made each reader and this file a cycle.
export type { ReadResult };

export type UploadExtension = (typeof AoiUploadLimits.extensions)[number];

/** The lower-case extension of a file name when it is one we accept. */
export function uploadExtension(fileName: string): UploadExtension | undefined {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return (AoiUploadLimits.extensions as readonly string[]).includes(ext ?? '')
    ? (ext as UploadExtension)
    : undefined;
}

/**
 * Reads an uploaded file whose size, name and extension were already checked. Throws
 * `UploadRefused` for a file that cannot be read as a whole; problems of single shapes come
 * back in the candidates. The readers count features and positions before they parse; the AOIs
 * and POIs read are bounded once more (a MultiPoint of a thousand points is one feature and a
 * thousand POIs).
 */
export function readUploadedFile(
  bytes: Uint8Array,
  extension: UploadExtension,
  maxVertices: number = AoiUploadLimits.maxVertices,
  maxFeatures: number = AoiUploadLimits.maxFeatures,
): ReadResult {
  const limits: ReadLimits = { maxVertices, maxFeatures };
  const read = readAny(bytes, extension, limits);
  refuseTooManyFeatures(read.candidates.length, maxFeatures);
  return read;
}

function readAny(bytes: Uint8Array, extension: UploadExtension, limits: ReadLimits): ReadResult {
  switch (extension) {
    case 'kml':
      return readKml(bytes, limits);
    case 'kmz':
      return readKml(kmzDocument(bytes), limits);
    case 'json':
    case 'geojson':
      return readGeoJson(bytes, limits);
    case 'zip':
      return readShapefileZip(bytes, limits);
  }
}

/** The KML of a KMZ: doc.kml, or else the first .kml at the top level (KML 2.2 §C.2). */
function kmzDocument(bytes: Uint8Array): Uint8Array {
  const entries = readZipDirectory(bytes);
  const kmls = entries.filter((e) => /\.kml$/i.test(e.name) && !e.name.includes('__MACOSX/'));
  const main =
    kmls.find((e) => e.name.toLowerCase() === 'doc.kml') ??
    kmls.find((e) => !e.name.includes('/')) ??
    kmls[0];
  if (!main) throw new UploadRefused('upload.kmzNoKml');
  return extractZipEntry(bytes, main);
}
