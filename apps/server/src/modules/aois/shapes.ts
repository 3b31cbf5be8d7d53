/**
 * Shapes before the database sees them: GeoJSON geometries (from a request, or from a KML,
 * GeoJSON or shapefile upload) turned into AOI candidates (polygon parts) and POI candidates
 * (points), with every structural problem named. Validity proper (self-intersection, rings
 * crossing) is PostGIS's job afterwards (`AoisRepository.checkParts`).
 *
 * Rules (docs/ARCHITECTURE.md "Saved areas and points"):
 * - a ring needs at least 4 positions, the closing one included (a triangle is the smallest
 *   AOI, as in RFC 7946 §3.1.6);
 * - a ring must be closed; it is never closed silently, since a missing closing position is as
 *   likely a truncated file as a sloppy one (a drawn ring given as spec `cors` is closed by
 *   `ringFromCors`, the one place where an open ring is the format);
 * - longitudes within ±180 and latitudes within ±90 for files; drawn shapes may come from a
 *   wrapped world map (±540) and are brought into range by the database;
 * - a feature's parts (islands) and holes stay one AOI; a part that is invalid fails alone;
 * - what PostGIS cannot hold as the product uses it (more than half the Earth in one part, edges
 *   between antipodal points, no area) fails before any SQL (`screenCandidates`, see
 *   `scenes/storable.ts`).
 */

import { AoiUploadLimits, stripBidiControls, type UploadEncodingWarning } from '@satportal/contract';
import {
  DENSIFIED_POSITIONS_MAX,
  DensifyBudget,
  DensifyLimitError,
  densifyPolygons,
} from '../scenes/densify';
import { partsProblem, polygonProblem, type PolygonRings as Rings } from '../scenes/storable';

export type Position = [number, number];
export type Ring = Position[];
/** One polygon: its outer ring, then its holes. */
export type PolygonRings = Ring[];

export interface ShapeProblem {
  reason: string;
  params?: Record<string, string | number>;
}

export interface PartFailure extends ShapeProblem {
  /** 1-based part of a multi-part feature; null when the feature has one part */
  part: number | null;
}

export interface AoiCandidate {
  kind: 'aoi';
  /** the feature's position in its file (0-based), 0 for a drawn shape */
  index: number;
  name: string | undefined;
  /** the parts that passed the structural checks */
  parts: PolygonRings[];
  /** 1-based position of each of `parts` among all the feature's parts */
  partNumbers: number[];
  /** all the feature's parts, failed ones included */
  partCount: number;
  failures: PartFailure[];
}

export interface PoiCandidate {
  kind: 'poi';
  /** the feature's position in its file (0-based), 0 for a drawn point */
  index: number;
  name: string | undefined;
  position: Position | null;
  failure: ShapeProblem | null;
}

export type Candidate = AoiCandidate | PoiCandidate;

export interface Ignored {
  /** the feature's position in its file (0-based); null for what is no feature (overlays, links) */
  index: number | null;
  name: string | undefined;
  reason: string;
}

/** What one uploaded file may hold (`AoiUploadLimits`; smaller in tests). */
export interface ReadLimits {
  /** positions in the whole file (polygons, points and ignored lines together) */
  maxVertices: number;
  /** features (Placemarks, GeoJSON features, shapefile records), and AOIs and POIs they make */
  maxFeatures: number;
}

/** What a file holds: AOI and POI candidates (with their structural problems) and what was skipped. */
export interface ReadResult {
  candidates: Candidate[];
  ignored: Ignored[];
  /** a shapefile layer had no .prj and was read as WGS 84 */
  noPrjAssumedWgs84: boolean;
  /** shapefile layers whose names' encoding was unknown or undeclared (dbf.ts) */
  encodingWarnings?: UploadEncodingWarning[];
}

export interface CoordinateRange {
  /** the largest absolute longitude accepted */
  lon: number;
}
export const fileRange: CoordinateRange = { lon: 180 };
export const drawnRange: CoordinateRange = { lon: 540 };

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function readPosition(value: unknown, range: CoordinateRange): Position | ShapeProblem {
  if (
    !Array.isArray(value) ||
    value.length < 2 ||
    value.length > 4 ||
    !isNumber(value[0]) ||
    !isNumber(value[1])
  ) {
    return { reason: 'aoi.badCoordinates' };
  }
  const [lon, lat] = value as [number, number];
  if (Math.abs(lat) > 90 || Math.abs(lon) > range.lon) {
    return { reason: 'aoi.outOfRange', params: { lon, lat } };
  }
  return [lon, lat];
}

const isProblem = (v: Position | ShapeProblem): v is ShapeProblem => !Array.isArray(v);

export function readRing(value: unknown, range: CoordinateRange): Ring | ShapeProblem {
  if (!Array.isArray(value)) return { reason: 'aoi.badCoordinates' };
  const ring: Ring = [];
  for (const raw of value) {
    const p = readPosition(raw, range);
    if (isProblem(p)) return p;
    ring.push(p);
  }
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) return { reason: 'aoi.ringNotClosed' };
  if (ring.length < 4) return { reason: 'aoi.tooFewPoints', params: { min: 4 } };
  return ring;
}

export function readPolygon(value: unknown, range: CoordinateRange): PolygonRings | ShapeProblem {
  if (!Array.isArray(value) || value.length === 0) return { reason: 'aoi.badCoordinates' };
  const rings: PolygonRings = [];
  for (const raw of value) {
    const ring = readRing(raw, range);
    if (!Array.isArray(ring)) return ring;
    rings.push(ring);
  }
  return rings;
}

/** A drawn ring in the spec's `cors` form ({lat, lng} vertices): closed when it is open. */
export function ringFromCors(cors: { lat: number; lng: number }[]): unknown[] {
  const ring = cors.map((c) => [c.lng, c.lat]);
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) ring.push([...first]);
  return ring;
}

/** Positions in a GeoJSON geometry, counted up to `stopAt` (then it stops looking). */
export function countPositions(geometry: unknown, stopAt = Number.POSITIVE_INFINITY): number {
  let count = 0;
  const walk = (v: unknown): void => {
    if (count > stopAt || !Array.isArray(v)) return;
    if (v.length > 0 && typeof v[0] === 'number') {
      count++;
      return;
    }
    for (const x of v) walk(x);
  };
  const visit = (g: unknown): void => {
    if (!g || typeof g !== 'object') return;
    const o = g as { type?: unknown; coordinates?: unknown; geometries?: unknown };
    if (o.type === 'GeometryCollection' && Array.isArray(o.geometries))
      for (const x of o.geometries) visit(x);
    else walk(o.coordinates);
  };
  visit(geometry);
  return count;
}

/**
 * Candidates of one feature's geometry. Polygons (of a Polygon, a MultiPolygon or a
 * GeometryCollection) make one AOI with all their parts; each point makes a POI; lines and
 * empty geometries are ignored and said so.
 */
export function candidatesOf(
  geometry: unknown,
  name: string | undefined,
  range: CoordinateRange,
  out: { candidates: Candidate[]; ignored: Ignored[] },
  index: number,
): void {
  const polygons: unknown[] = [];
  const points: unknown[] = [];
  let lines = 0;
  let unknown = 0;
  const collect = (g: unknown, depth: number): void => {
    if (!g || typeof g !== 'object' || depth > 8) {
      unknown++;
      return;
    }
    const o = g as { type?: unknown; coordinates?: unknown; geometries?: unknown };
    switch (o.type) {
      case 'Polygon':
        polygons.push(o.coordinates);
        break;
      case 'MultiPolygon':
        if (Array.isArray(o.coordinates)) polygons.push(...o.coordinates);
        else polygons.push(undefined);
        break;
      case 'Point':
        points.push(o.coordinates);
        break;
      case 'MultiPoint':
        if (Array.isArray(o.coordinates)) points.push(...o.coordinates);
        else points.push(undefined);
        break;
      case 'LineString':
      case 'MultiLineString':
        lines++;
        break;
      case 'GeometryCollection':
        if (Array.isArray(o.geometries)) for (const x of o.geometries) collect(x, depth + 1);
        else unknown++;
        break;
      default:
        unknown++;
    }
  };

  if (geometry === null || geometry === undefined) {
    out.ignored.push({ index, name, reason: 'upload.noGeometry' });
    return;
  }
  collect(geometry, 0);

  if (polygons.length) {
    const aoi: AoiCandidate = {
      kind: 'aoi',
      index,
      name,
      parts: [],
      partNumbers: [],
      partCount: polygons.length,
      failures: [],
    };
    polygons.forEach((coordinates, i) => {
      const read = readPolygon(coordinates, range);
      if (Array.isArray(read)) {
        aoi.parts.push(read);
        aoi.partNumbers.push(i + 1);
      } else {
        aoi.failures.push({ ...read, part: polygons.length > 1 ? i + 1 : null });
      }
    });
    out.candidates.push(aoi);
  }
  for (const coordinates of points) {
    const p = readPosition(coordinates, range);
    out.candidates.push(
      isProblem(p)
        ? { kind: 'poi', index, name, position: null, failure: p }
        : { kind: 'poi', index, name, position: p, failure: null },
    );
  }
  if (lines) out.ignored.push({ index, name, reason: 'upload.lineIgnored' });
  if (unknown && !polygons.length && !points.length && !lines) {
    out.ignored.push({ index, name, reason: 'upload.unsupportedGeometry' });
  }
}

/**
 * Positions all the AOIs of one upload may have once densified: twice what a file may hold, so
 * that a file of long edges cannot make the server build millions of positions.
 */
export const UPLOAD_DENSIFIED_MAX = 2 * AoiUploadLimits.maxVertices;

/**
 * Polygon parts PostGIS cannot hold as the product uses them move to the failures, each with its
 * part number; a feature whose remaining parts would be dissolved into more than half the Earth
 * fails whole (part null). The parts kept are densified (`scenes/densify.ts`): stored, measured
 * and searched, their straight longitude/latitude edges hold although PostGIS reads great circles.
 * Longitudes are read as given (a drawn shape beyond ±180° is continuous; a file's edge from 179
 * to −179 goes the long way, as the stored geometry has always read it). A feature that would grow
 * beyond `DENSIFIED_POSITIONS_MAX`, or beyond what is left of the upload's `UPLOAD_DENSIFIED_MAX`,
 * fails whole with `search.aoiTooComplex`. Runs before any SQL: in the upload worker, or on the
 * request for a drawn AOI.
 */
export function screenCandidates(candidates: Candidate[]): Candidate[] {
  let left = UPLOAD_DENSIFIED_MAX;
  return candidates.map((candidate) => {
    const c = screenCandidate(candidate);
    if (c.kind !== 'aoi' || !c.parts.length) return c;
    const budget = new DensifyBudget(Math.min(DENSIFIED_POSITIONS_MAX, left), DENSIFIED_POSITIONS_MAX);
    try {
      const parts = densifyPolygons(c.parts, budget) as PolygonRings[];
      left -= budget.used;
      return { ...c, parts };
    } catch (e) {
      if (!(e instanceof DensifyLimitError)) throw e;
      const failure: PartFailure = {
        reason: 'search.aoiTooComplex',
        params: { limit: DENSIFIED_POSITIONS_MAX },
        part: null,
      };
      return { ...c, parts: [], partNumbers: [], failures: [...c.failures, failure] };
    }
  });
}

function screenCandidate(c: Candidate): Candidate {
  if (c.kind !== 'aoi' || !c.parts.length) return c;
  const kept: AoiCandidate = { ...c, parts: [], partNumbers: [], failures: [...c.failures] };
  c.parts.forEach((rings, j) => {
    const number = c.partNumbers[j] as number;
    const problem = polygonProblem(rings as Rings);
    if (problem) kept.failures.push({ ...problem, part: c.partCount > 1 ? number : null });
    else {
      kept.parts.push(rings);
      kept.partNumbers.push(number);
    }
  });
  const together = partsProblem(kept.parts as Rings[]);
  if (together) {
    kept.failures.push({ ...together, part: null });
    kept.parts = [];
    kept.partNumbers = [];
  }
  kept.failures.sort((a, b) => (a.part ?? 0) - (b.part ?? 0));
  return kept;
}

/**
 * A candidate ready for SQL, as it crosses from the upload worker: named, and each AOI part as
 * the GeoJSON text of its coordinates (text crosses threads as one copy, nested arrays as
 * thousands of objects rebuilt on the request thread).
 */
export type Screened =
  | (Omit<AoiCandidate, 'name' | 'parts'> & { name: string; parts: string[] })
  | (Omit<PoiCandidate, 'name'> & { name: string });
export type ScreenedAoi = Extract<Screened, { kind: 'aoi' }>;

export const toScreened = (c: Candidate, name: string): Screened =>
  c.kind === 'aoi' ? { ...c, name, parts: c.parts.map((rings) => JSON.stringify(rings)) } : { ...c, name };

/**
 * C0 controls and DEL (a NUL cannot even be stored by PostgreSQL); whitespace is folded before.
 * The characters the contract's rule for one line of text (`singleLinePattern`) refuses.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const controlCharacters = /[\u0000-\u001F\u007F]/gu;

/**
 * Trimmed, at most `max` characters (code points), or undefined when nothing is left. Names come
 * from hostile files: control characters and bidi controls (a "gpj.exe" read as "exe.jpg") go.
 */
export function cleanName(value: unknown, max = 50): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const trimmed = stripBidiControls(String(value).replace(/\s+/g, ' ')).replace(controlCharacters, '').trim();
  if (!trimmed) return undefined;
  return [...trimmed].slice(0, max).join('').trim();
}
