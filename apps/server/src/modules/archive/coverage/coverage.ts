import { Clipper64, ClipType, FillRule, type Path64, type Paths64 } from 'clipper2-ts';
import { type Ring, ringAreaKm2 } from '../../scenes/storable';

/**
 * The share of the AOI a search's scenes cover: each scene's own, and their union's (spec 000
 * §5 `ac`). Computed in Node on the longitude/latitude plane — the footprints are stored split
 * at ±180°, the AOI is densified, so straight edges are what the search means — with areas on
 * the ellipsoid (`scenes/storable.ts` `ringAreaKm2`). In PostGIS the same figure cost about 0.2 ms a scene (the
 * segmentized geodesic area of every intersection); here a scene costs microseconds:
 * - a rectangular AOI part (the common drawn box, densified or not) clips a footprint with four
 *   half-planes; a convex footprint or a convex AOI part clips the other (Sutherland–Hodgman,
 *   exact in area for any subject polygon against a convex window);
 * - anything else, and the union of all footprints, goes through Clipper2 on integer coordinates
 *   (exact predicates, so nearly coincident edges of revisits cannot break it).
 */

export interface MultiPolygonGeometry {
  coordinates: number[][][][];
}

interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** A polygon with open rings: the outer one counter-clockwise, holes clockwise. */
interface Part {
  rings: Ring[];
  box: Box;
  /** A single convex ring, counter-clockwise. */
  convex: boolean;
  /** A single ring whose every position lies on its bounding box and whose area is the box's. */
  rectangle: boolean;
}

export interface CoverageArea {
  parts: Part[];
  /** Each part's area, km² (holes excluded). */
  partsKm2: number[];
  areaKm2: number;
  /** Clipper's integer plane: degrees from `origin`, times `scale`. */
  origin: [number, number];
  paths: Paths64;
}

/** 1e-6° ≈ 0.1 m: area errors far below the 0.01 % reported; coordinate differences stay below 9e7 (Clipper2's fast exact products) for anything under 90°. */
const scale = 1e6;

const planarArea = (ring: Ring) => {
  let s = 0;
  for (let i = 0, n = ring.length; i < n; i++) {
    const p = ring[i]!;
    const q = ring[(i + 1) % n]!;
    s += p[0]! * q[1]! - q[0]! * p[1]!;
  }
  return s / 2;
};

function open(ring: number[][]): Ring {
  const first = ring[0];
  const last = ring[ring.length - 1];
  return first && last && ring.length > 1 && first[0] === last[0] && first[1] === last[1]
    ? ring.slice(0, -1)
    : ring;
}

const oriented = (ring: Ring, counterClockwise: boolean) =>
  planarArea(ring) > 0 === counterClockwise ? ring : [...ring].reverse();

function boxOf(ring: Ring): Box {
  const box = { west: Infinity, south: Infinity, east: -Infinity, north: -Infinity };
  for (const [x, y] of ring) {
    if (x! < box.west) box.west = x!;
    if (x! > box.east) box.east = x!;
    if (y! < box.south) box.south = y!;
    if (y! > box.north) box.north = y!;
  }
  return box;
}

const disjoint = (a: Box, b: Box) =>
  a.east < b.west || b.east < a.west || a.north < b.south || b.north < a.south;

/** Every turn of a counter-clockwise ring to the left (or straight: densified edges). */
function isConvex(ring: Ring): boolean {
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    const p = ring[i]!;
    const q = ring[(i + 1) % n]!;
    const r = ring[(i + 2) % n]!;
    const cross = (q[0]! - p[0]!) * (r[1]! - q[1]!) - (q[1]! - p[1]!) * (r[0]! - q[0]!);
    if (cross < 0) return false;
  }
  return true;
}

function isRectangle(ring: Ring, box: Box): boolean {
  const onEdge = ring.every(
    ([x, y]) => x === box.west || x === box.east || y === box.south || y === box.north,
  );
  const boxArea = (box.east - box.west) * (box.north - box.south);
  // Measured from the box's corner: from the origin, a 0.3° box at 108° W lost 1e-11 of its
  // area to cancellation and was not seen as one.
  const local = ring.map(([x, y]) => [x! - box.west, y! - box.south]);
  return onEdge && Math.abs(planarArea(local) - boxArea) <= boxArea * 1e-12;
}

function partOf(polygon: number[][][]): Part {
  const rings = polygon.map(open).map((ring, i) => oriented(ring, i === 0));
  const box = boxOf(rings[0]!);
  const single = rings.length === 1;
  return {
    rings,
    box,
    convex: single && isConvex(rings[0]!),
    rectangle: single && isRectangle(rings[0]!, box),
  };
}

/** Sutherland–Hodgman against one half-plane: keeps the side where `inside` holds. */
function clipHalfPlane(
  ring: Ring,
  inside: (p: number[]) => boolean,
  cut: (p: number[], q: number[]) => number[],
): Ring {
  const out: Ring = [];
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    const p = ring[i]!;
    const q = ring[(i + 1) % n]!;
    const pIn = inside(p);
    const qIn = inside(q);
    if (pIn) out.push(p);
    if (pIn !== qIn) out.push(cut(p, q));
  }
  return out;
}

const atLongitude = (x: number) => (p: number[], q: number[]) => [
  x,
  p[1]! + ((q[1]! - p[1]!) * (x - p[0]!)) / (q[0]! - p[0]!),
];
const atLatitude = (y: number) => (p: number[], q: number[]) => [
  p[0]! + ((q[0]! - p[0]!) * (y - p[1]!)) / (q[1]! - p[1]!),
  y,
];

function clipToBox(ring: Ring, box: Box): Ring {
  let r = clipHalfPlane(ring, (p) => p[0]! >= box.west, atLongitude(box.west));
  r = clipHalfPlane(r, (p) => p[0]! <= box.east, atLongitude(box.east));
  r = clipHalfPlane(r, (p) => p[1]! >= box.south, atLatitude(box.south));
  return clipHalfPlane(r, (p) => p[1]! <= box.north, atLatitude(box.north));
}

/** `ring` clipped to a convex counter-clockwise window. */
function clipToConvex(ring: Ring, window: Ring): Ring {
  let r = ring;
  for (let i = 0, n = window.length; i < n && r.length; i++) {
    const a = window[i]!;
    const b = window[(i + 1) % n]!;
    const dx = b[0]! - a[0]!;
    const dy = b[1]! - a[1]!;
    const side = (p: number[]) => dx * (p[1]! - a[1]!) - dy * (p[0]! - a[0]!);
    r = clipHalfPlane(
      r,
      (p) => side(p) >= 0,
      (p, q) => {
        const t = side(p) / (side(p) - side(q));
        return [p[0]! + t * (q[0]! - p[0]!), p[1]! + t * (q[1]! - p[1]!)];
      },
    );
  }
  return r;
}

const ringsArea = (rings: Ring[]) => rings.reduce((s, r) => s + ringAreaKm2(r), 0);

function toPath(ring: Ring, [ox, oy]: [number, number]): Path64 {
  return ring.map(([x, y]) => ({ x: Math.round((x! - ox) * scale), y: Math.round((y! - oy) * scale) }));
}

function clipperAreaKm2(subject: Paths64, clip: Paths64, [ox, oy]: [number, number]): number {
  const clipper = new Clipper64();
  clipper.addSubject(subject);
  clipper.addClip(clip);
  const solution: Paths64 = [];
  // NonZero with every outer ring counter-clockwise and every hole clockwise fills the union of
  // the subjects (overlaps count 2, a hole covered by another footprint counts 1).
  clipper.execute(ClipType.Intersection, FillRule.NonZero, solution);
  // Outer rings and holes come out in opposite orientations: their signed sum is ± the area.
  const total = solution.reduce(
    (s, path) => s + ringAreaKm2(path.map((p) => [p.x / scale + ox, p.y / scale + oy])),
    0,
  );
  return Math.abs(total);
}

/** The searched area, prepared once per search. */
export function coverageArea(aoi: MultiPolygonGeometry): CoverageArea {
  const parts = aoi.coordinates.map(partOf);
  const west = Math.min(...parts.map((p) => p.box.west));
  const east = Math.max(...parts.map((p) => p.box.east));
  const south = Math.min(...parts.map((p) => p.box.south));
  const north = Math.max(...parts.map((p) => p.box.north));
  const origin: [number, number] = [Math.round((west + east) / 2), Math.round((south + north) / 2)];
  const partsKm2 = parts.map((p) => ringsArea(p.rings));
  return {
    parts,
    partsKm2,
    areaKm2: partsKm2.reduce((s, a) => s + a, 0),
    origin,
    paths: parts.flatMap((p) => p.rings.map((r) => toPath(r, origin))),
  };
}

/** km² of one footprint part inside one AOI part. */
function overlapKm2(area: CoverageArea, aoi: Part, footprint: Part): number {
  if (disjoint(aoi.box, footprint.box)) return 0;
  if (aoi.rectangle) return ringsArea(footprint.rings.map((r) => clipToBox(r, aoi.box)));
  if (footprint.convex) return ringsArea(aoi.rings.map((r) => clipToConvex(r, footprint.rings[0]!)));
  if (aoi.convex) return ringsArea(footprint.rings.map((r) => clipToConvex(r, aoi.rings[0]!)));
  const subject = footprint.rings.map((r) => toPath(r, area.origin));
  return clipperAreaKm2(
    subject,
    aoi.rings.map((r) => toPath(r, area.origin)),
    area.origin,
  );
}

/** The share of the AOI one footprint covers, % (unrounded). */
export function sceneCoverage(area: CoverageArea, footprint: MultiPolygonGeometry): number {
  if (area.areaKm2 <= 0) return 0;
  let km2 = 0;
  for (const polygon of footprint.coordinates) {
    const part = partOf(polygon);
    for (const aoi of area.parts) km2 += overlapKm2(area, aoi, part);
  }
  return (km2 / area.areaKm2) * 100;
}

/** The share of the AOI the union of the footprints covers, % (unrounded). */
export function unionCoverage(area: CoverageArea, footprints: Iterable<MultiPolygonGeometry>): number {
  if (area.areaKm2 <= 0) return 0;
  const all = area.parts.map((p) => p.box);
  const within = {
    west: Math.min(...all.map((b) => b.west)),
    south: Math.min(...all.map((b) => b.south)),
    east: Math.max(...all.map((b) => b.east)),
    north: Math.max(...all.map((b) => b.north)),
  };
  const subject: Paths64 = [];
  for (const footprint of footprints) {
    for (const polygon of footprint.coordinates) {
      const part = partOf(polygon);
      if (!disjoint(part.box, within)) for (const r of part.rings) subject.push(toPath(r, area.origin));
    }
  }
  if (!subject.length) return 0;
  return (clipperAreaKm2(subject, area.paths, area.origin) / area.areaKm2) * 100;
}
