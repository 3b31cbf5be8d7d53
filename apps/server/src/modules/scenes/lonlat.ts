/**
 * Footprints and AOIs arrive as GeoJSON Polygons or MultiPolygons. Before the database sees
 * them, each ring is "unwrapped": consecutive positions never jump by more than 180° of
 * longitude, so a ring crossing the antimeridian written as 179 → −179 becomes 179 → 181.
 * The database then splits such shapes at ±180° (ST_WrapX), and every stored part lies in
 * [−180, 180]. Clients drawing on a wrapped world map send longitudes beyond ±180; those
 * unwrap the same way. AOIs are densified after unwrapping (`densify.ts`, through `checkAois`):
 * an unwrapped edge 179 → 181 gets its positions along those 2°, never along the other 358°.
 */

export type Ring = number[][];
export interface MultiPolygonCoordinates {
  type: 'MultiPolygon';
  coordinates: Ring[][];
}

/**
 * A shape refused, in words (ingest reports) and as a translation key with its parameters (the
 * archive search and tasking answer these).
 */
export class GeometryError extends Error {
  constructor(
    message: string,
    readonly key = 'aoi.badCoordinates',
    readonly params: Record<string, string | number> = {},
  ) {
    super(message);
  }
}

/**
 * Ten turns of the world each way: more than any wrapped map sends, and far from where doubles
 * lose the 1e-9° the database snaps to (a longitude of 1e300 became a line, "Too few points").
 */
export const MAX_ABS_LONGITUDE = 3600;

export interface NormalisedGeometry extends MultiPolygonCoordinates {
  /** Positions in all rings, to bound the work one request may ask for. */
  positions: number;
}

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The signed shortest step in longitude from `a` to `b`, in (−180, 180]. */
function step(a: number, b: number): number {
  const d = ((((b - a) % 360) + 540) % 360) - 180;
  return d === -180 ? 180 : d;
}

function readRing(value: unknown): Ring {
  if (!Array.isArray(value)) throw new GeometryError('a ring must be an array of positions');
  const ring: Ring = [];
  for (const p of value) {
    if (!Array.isArray(p) || p.length < 2 || !isFiniteNumber(p[0]) || !isFiniteNumber(p[1])) {
      throw new GeometryError('a position must be [longitude, latitude] numbers');
    }
    if (p[1] < -90 || p[1] > 90 || Math.abs(p[0]) > MAX_ABS_LONGITUDE) {
      const range =
        p[1] < -90 || p[1] > 90 ? `latitude ${p[1]} is outside −90…90` : `longitude ${p[0]} is too far out`;
      throw new GeometryError(range, 'aoi.outOfRange', { lon: p[0], lat: p[1] });
    }
    ring.push([p[0], p[1]]);
  }
  if (ring.length < 4)
    throw new GeometryError('a ring needs at least 4 positions', 'aoi.tooFewPoints', { min: 4 });
  const first = ring[0]!;
  const last = ring[ring.length - 1]!;
  // The same point, even when written once as −180 and once as 180.
  if (first[1] !== last[1] || step(first[0]!, last[0]!) !== 0)
    throw new GeometryError('a ring must be closed', 'aoi.ringNotClosed');
  return ring;
}

/** Longitudes made continuous; answers the ring and the middle of its longitude range. */
function unwrapRing(ring: Ring): { ring: Ring; middle: number } {
  const out: Ring = [];
  let lon = ring[0]![0]!;
  let min = lon;
  let max = lon;
  out.push([lon, ring[0]![1]!]);
  for (let i = 1; i < ring.length; i++) {
    lon += step(ring[i - 1]![0]!, ring[i]![0]!);
    min = Math.min(min, lon);
    max = Math.max(max, lon);
    out.push([lon, ring[i]![1]!]);
  }
  if (Math.abs(lon - out[0]![0]!) > 1e-9) {
    throw new GeometryError('a ring must not encircle a pole', 'aoi.aroundTheWorld');
  }
  out[out.length - 1]![0] = out[0]![0]!;
  if (max - min >= 360)
    throw new GeometryError('a ring spans 360° of longitude or more', 'aoi.aroundTheWorld');
  return { ring: out, middle: (min + max) / 2 };
}

const shift = (ring: Ring, by: number): Ring => (by === 0 ? ring : ring.map(([x, y]) => [x! + by, y!]));

function unwrapPolygon(rings: unknown): Ring[] {
  if (!Array.isArray(rings) || rings.length === 0) throw new GeometryError('a polygon needs an outer ring');
  const outer = unwrapRing(readRing(rings[0]));
  // Bring the outer ring's middle into (−180, 180]: the database splits what passes ±180.
  const into = -360 * Math.ceil((outer.middle - 180) / 360);
  const middle = outer.middle + into;
  const result = [shift(outer.ring, into)];
  for (const hole of rings.slice(1)) {
    const h = unwrapRing(readRing(hole));
    // A hole lies inside its shell: move it by whole turns next to it.
    result.push(shift(h.ring, 360 * Math.round((middle - h.middle) / 360)));
  }
  return result;
}

/** Checks a GeoJSON Polygon or MultiPolygon and unwraps it; throws GeometryError with the reason. */
export function normaliseLonLat(geometry: unknown): NormalisedGeometry {
  if (!geometry || typeof geometry !== 'object') throw new GeometryError('no geometry');
  const { type, coordinates } = geometry as { type?: unknown; coordinates?: unknown };
  let polygons: unknown[];
  if (type === 'Polygon') polygons = [coordinates];
  else if (type === 'MultiPolygon') {
    if (!Array.isArray(coordinates) || coordinates.length === 0) {
      throw new GeometryError('a MultiPolygon needs at least one polygon');
    }
    polygons = coordinates;
  } else throw new GeometryError(`geometry type ${String(type)} is not a Polygon or MultiPolygon`);
  const out = polygons.map(unwrapPolygon);
  const positions = out.reduce((n, p) => n + p.reduce((m, r) => m + r.length, 0), 0);
  return { type: 'MultiPolygon', coordinates: out, positions };
}

/** Outer rings of a (stored, split) MultiPolygon: the spec's `boundaries`. */
export function outerRings(multiPolygon: { coordinates: Ring[][] }): Ring[] {
  return multiPolygon.coordinates.map((polygon) => polygon[0] ?? []);
}
