import { AoiUploadLimits } from '@satportal/contract';
import type { ReadLimits, ReadResult } from '../shapes';
import { refuseTooManyFeatures } from './count-features';
import { readGeoJson } from './geojson';
import { readKml } from './kml';
import { readKmz } from './kmz';
import { readShapefileZip } from './shapefile';

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
      return readKmz(bytes, limits);
    case 'json':
    case 'geojson':
      return readGeoJson(bytes, limits);
    case 'zip':
      return readShapefileZip(bytes, limits);
  }
}
