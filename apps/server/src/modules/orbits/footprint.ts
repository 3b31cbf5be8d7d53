/**
 * Footprints as GeoJSON (RFC 7946): longitude/latitude, exterior rings
 * counter-clockwise, and a footprint that crosses the antimeridian cut there
 * into a MultiPolygon of two parts: first the one ending at 180°, then the one
 * starting at −180° (RFC 7946 §3.1.9).
 */

export type Position = [number, number];

export interface GeoJsonPolygon {
  type: 'Polygon';
  coordinates: Position[][];
}

export interface GeoJsonMultiPolygon {
  type: 'MultiPolygon';
  coordinates: Position[][][];
}

export type Footprint = GeoJsonPolygon | GeoJsonMultiPolygon;

/** A longitude/latitude box as a closed counter-clockwise ring (straight edges in lon/lat). */
export const boxRing = (west: number, south: number, east: number, north: number): Position[] => [
  [west, south],
  [east, south],
  [east, north],
  [west, north],
  [west, south],
];

/** A longitude/latitude box as a GeoJSON polygon. */
export const boxPolygon = (west: number, south: number, east: number, north: number): GeoJsonPolygon => ({
  type: 'Polygon',
  coordinates: [boxRing(west, south, east, north)],
});

/** Coordinates are rounded to 1e-6° (≈ 0.1 m): enough for footprints, and compact. */
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** Twice the signed area of an open ring in the plane (positive: counter-clockwise). */
function signedArea2(ring: Position[]): number {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    a += (ring[j]![0] - ring[i]![0]) * (ring[j]![1] + ring[i]![1]);
  }
  return a;
}

/** Sutherland–Hodgman clip of an open ring against x ≤ edge (keepBelow) or x ≥ edge. */
function clipAtLongitude(ring: Position[], edge: number, keepBelow: boolean): Position[] {
  const inside = (p: Position) => (keepBelow ? p[0] <= edge : p[0] >= edge);
  const out: Position[] = [];
  for (let i = 0; i < ring.length; i++) {
    const cur = ring[i]!;
    const prev = ring[(i + ring.length - 1) % ring.length]!;
    const curIn = inside(cur);
    const prevIn = inside(prev);
    if (curIn !== prevIn) {
      const t = (edge - prev[0]) / (cur[0] - prev[0]);
      out.push([edge, prev[1] + t * (cur[1] - prev[1])]);
    }
    if (curIn) out.push(cur);
  }
  return out;
}

function closed(ring: Position[], shift: number): Position[] {
  const r = ring.map((p) => [round6(p[0] + shift), round6(p[1])] as Position);
  // Rounding can merge neighbours: drop repeated vertices.
  const dedup = r.filter((p, i) => i === 0 || p[0] !== r[i - 1]![0] || p[1] !== r[i - 1]![1]);
  dedup.push([dedup[0]![0], dedup[0]![1]]);
  return dedup;
}

/**
 * The GeoJSON footprint of a simple ring given as an open list of
 * [lon, lat] vertices (any orientation, longitudes possibly wrapping).
 * Null for a ring around a pole, which no scene of the simulator may have.
 */
export function footprintFromRing(vertices: Position[]): Footprint | null {
  if (vertices.length < 3) return null;
  // Unwrap longitudes so that consecutive vertices are less than 180° apart.
  const ring: Position[] = [[vertices[0]![0], vertices[0]![1]]];
  for (let i = 1; i < vertices.length; i++) {
    let x = vertices[i]![0];
    const prev = ring[i - 1]![0];
    while (x - prev > 180) x -= 360;
    while (x - prev < -180) x += 360;
    ring.push([x, vertices[i]![1]]);
  }
  let closing = vertices[0]![0];
  const last = ring[ring.length - 1]![0];
  while (closing - last > 180) closing -= 360;
  while (closing - last < -180) closing += 360;
  if (Math.abs(closing - ring[0]![0]) > 1e-9) return null; // winds around a pole
  if (signedArea2(ring) < 0) ring.reverse();
  // Bring the ring's centre into [−180, 180).
  const xs = ring.map((p) => p[0]);
  const mid = (Math.min(...xs) + Math.max(...xs)) / 2;
  const shift = mid >= 180 ? -360 : mid < -180 ? 360 : 0;
  if (shift) for (const p of ring) p[0] += shift;
  const min = Math.min(...ring.map((p) => p[0]));
  const max = Math.max(...ring.map((p) => p[0]));
  if (min >= -180 && max <= 180) return { type: 'Polygon', coordinates: [closed(ring, 0)] };
  const edge = max > 180 ? 180 : -180;
  const west = clipAtLongitude(ring, edge, true);
  const east = clipAtLongitude(ring, edge, false);
  // First the part that ends at 180°, then the part that starts at −180°.
  const parts =
    edge === 180
      ? [closed(west, 0), closed(east, -360)] // the part beyond 180° continues from −180°
      : [closed(west, 360), closed(east, 0)]; // the part below −180° continues up to 180°
  return { type: 'MultiPolygon', coordinates: parts.map((p) => [p]) };
}

/** The outer rings of a footprint (one per part). */
export function footprintParts(footprint: Footprint): Position[][] {
  return footprint.type === 'Polygon' ? [footprint.coordinates[0]!] : footprint.coordinates.map((p) => p[0]!);
}

/** Whether a closed ring is counter-clockwise in the lon/lat plane. */
export function isCounterClockwise(ring: Position[]): boolean {
  return signedArea2(ring.slice(0, -1)) > 0;
}
