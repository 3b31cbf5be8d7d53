import {
  type Candidate,
  candidatesOf,
  countPositions,
  fileRange,
  type Ignored,
  type ReadLimits,
  type ReadResult,
} from '../shapes';
import { countGeoJsonFeatures, refuseTooManyFeatures } from './count-features';
import { nameFromProperties } from './names';
import { UploadRefused } from './upload-refused';

/** The CRS names that mean WGS 84 longitude/latitude (RFC 7946 has no `crs`; old files do). */
const LON_LAT_CRS = /(?:OGC:(?:[\d.]+:)?CRS84|EPSG:(?:[\d.]*:)?4326)$/i;

/**
 * GeoJSON (RFC 7946): a FeatureCollection, a Feature or a bare geometry. The features are counted
 * on the text before JSON.parse builds them; the positions after.
 */
export function readGeoJson(bytes: Uint8Array, { maxVertices, maxFeatures }: ReadLimits): ReadResult {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new UploadRefused('upload.badEncoding', { encoding: 'utf-8' });
  }
  refuseTooManyFeatures(countGeoJsonFeatures(text), maxFeatures);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new UploadRefused('upload.badJson', { detail: (e as Error).message.slice(0, 200) });
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) {
    throw new UploadRefused('upload.badJson', { detail: 'not a GeoJSON object' });
  }
  const root = doc as { type?: unknown; features?: unknown; crs?: unknown };
  const crs = (root.crs as { properties?: { name?: unknown } } | undefined)?.properties?.name;
  if (root.crs !== undefined && root.crs !== null && !(typeof crs === 'string' && LON_LAT_CRS.test(crs))) {
    throw new UploadRefused('upload.unsupportedCrs', {
      crs: typeof crs === 'string' ? crs.slice(0, 100) : '?',
    });
  }

  let features: { geometry: unknown; properties: unknown }[];
  if (root.type === 'FeatureCollection') {
    if (!Array.isArray(root.features))
      throw new UploadRefused('upload.badJson', { detail: 'features must be a list' });
    features = root.features.map((f) => {
      const o = (f && typeof f === 'object' ? f : {}) as { geometry?: unknown; properties?: unknown };
      return { geometry: o.geometry ?? null, properties: o.properties };
    });
  } else if (root.type === 'Feature') {
    const o = root as { geometry?: unknown; properties?: unknown };
    features = [{ geometry: o.geometry ?? null, properties: o.properties }];
  } else if (typeof root.type === 'string') {
    features = [{ geometry: root, properties: undefined }];
  } else {
    throw new UploadRefused('upload.badJson', { detail: 'not a GeoJSON object' });
  }

  let vertices = 0;
  for (const f of features) {
    vertices += countPositions(f.geometry, maxVertices - vertices);
    if (vertices > maxVertices) throw new UploadRefused('upload.tooManyVertices', { limit: maxVertices });
  }

  const result: { candidates: Candidate[]; ignored: Ignored[] } = { candidates: [], ignored: [] };
  features.forEach((f, i) => {
    candidatesOf(f.geometry, nameFromProperties(f.properties, false), fileRange, result, i);
  });
  return { ...result, noPrjAssumedWgs84: false };
}
