/**
 * AOIs are GeoJSON (RFC 7946): each edge is a straight line in longitude/latitude. PostGIS's
 * `geography` (and tasking's boundary chords) read an edge as the shortest path on the globe,
 * which bulges towards the pole: by 120 m on a 1° edge along the 45th parallel, by kilometres on
 * a 10° one, and an edge of 180° or more is read the other way round. Densifying inserts
 * positions along each straight edge until every piece's geodesic lies within 10 m of it, so that
 * both readings describe the same area. Only positions are inserted: the sent ones stay as they
 * are, in order.
 *
 * Each edge is halved (at its longitude/latitude midpoint, which lies on the straight edge) until
 * every piece spans at most 90° of longitude and of latitude (no piece is antipodal or ambiguous)
 * and deviates at most `TARGET_DEVIATION_M` from the great circle through its ends, measured on a
 * sphere of the ellipsoid's largest radius of curvature at three points of the piece. The target
 * keeps a margin under 10 m for the ellipsoid's geodesic (which differs from the sphere's great
 * circle by a fraction of a per cent of the deviation) and for the few points measured: the unit
 * tests measure the pieces against the WGS 84 geodesic (GeographicLib). Halving is deterministic
 * and idempotent: a piece that passed passes again alone, so densifying twice inserts nothing.
 */

export type Position = number[];
export type Ring = Position[];

/** The deviation each piece may have, on the sphere (the product's promise is 10 m on WGS 84). */
export const TARGET_DEVIATION_M = 8;
/** The largest span of one piece, in degrees of longitude or latitude. */
export const MAX_PIECE_SPAN_DEG = 90;
/**
 * Positions an AOI (or all the AOIs of one request) may have once densified: five times what may
 * be sent (`Limits.aoiPositionsMax`). A box all round the world at ±85° needs about 2,000.
 */
export const DENSIFIED_POSITIONS_MAX = 100_000;

// WGS 84: a² / b, the radius of curvature at the poles (the largest): distances on this sphere
// are never shorter than on the ellipsoid.
const A_M = 6_378_137;
const B_M = A_M * (1 - 1 / 298.257223563);
const RADIUS_M = (A_M * A_M) / B_M;
const RAD = Math.PI / 180;
/** Deep enough for any piece of a 360° edge to reach a millimetre; bounds the recursion. */
const MAX_DEPTH = 40;

/** The positions allowed in all were exceeded. */
export class DensifyLimitError extends Error {
  constructor(readonly limit: number) {
    super(`densified, the AOI would have more than ${limit} positions`);
  }
}

type Vector = [number, number, number];

const unit = (lon: number, lat: number): Vector => {
  const l = lon * RAD;
  const p = lat * RAD;
  return [Math.cos(p) * Math.cos(l), Math.cos(p) * Math.sin(l), Math.sin(p)];
};
const dot = (a: Vector, b: Vector) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vector, b: Vector): Vector => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
/** The angle between two unit vectors, accurate for small angles too. */
const angle = (a: Vector, b: Vector) => Math.atan2(Math.hypot(...cross(a, b)), dot(a, b));

/** The distance (m) from the point `p` to the shorter great-circle arc from `a` to `b`. */
function distanceToArc(p: Vector, a: Vector, b: Vector): number {
  const normal = cross(a, b);
  const length = Math.hypot(...normal);
  // Ends at the same place (a piece along a pole): the arc is that point.
  if (length < 1e-15) return angle(p, a) * RADIUS_M;
  const n: Vector = [normal[0] / length, normal[1] / length, normal[2] / length];
  const off = dot(p, n);
  const q: Vector = [p[0] - off * n[0], p[1] - off * n[1], p[2] - off * n[2]];
  const between = dot(cross(a, q), n) >= 0 && dot(cross(q, b), n) >= 0;
  if (between) return Math.asin(Math.min(1, Math.abs(off))) * RADIUS_M;
  return Math.min(angle(p, a), angle(p, b)) * RADIUS_M;
}

/** How far (m) the straight edge strays from the geodesic between its ends, at three points. */
export function pieceDeviation(a: Position, b: Position): number {
  const ua = unit(a[0]!, a[1]!);
  const ub = unit(b[0]!, b[1]!);
  let worst = 0;
  for (const t of [0.25, 0.5, 0.75]) {
    const p = unit(a[0]! + t * (b[0]! - a[0]!), a[1]! + t * (b[1]! - a[1]!));
    worst = Math.max(worst, distanceToArc(p, ua, ub));
  }
  return worst;
}

const needsSplit = (a: Position, b: Position) =>
  Math.abs(b[0]! - a[0]!) > MAX_PIECE_SPAN_DEG ||
  Math.abs(b[1]! - a[1]!) > MAX_PIECE_SPAN_DEG ||
  pieceDeviation(a, b) > TARGET_DEVIATION_M;

/**
 * Counts the positions of the densified rings against what one AOI or request may have;
 * `limit` is what a refusal names (it may exceed `positions` when a larger pool runs low).
 */
export class DensifyBudget {
  private left: number;
  constructor(
    private readonly positions: number,
    readonly limit = positions,
  ) {
    this.left = positions;
  }
  /** Positions taken so far. */
  get used(): number {
    return this.positions - this.left;
  }
  take(n: number): void {
    this.left -= n;
    if (this.left < 0) throw new DensifyLimitError(this.limit);
  }
}

/** Pushes onto `out` the positions strictly between `a` and `b` (in order from a to b). */
function inner(a: Position, b: Position, depth: number, out: Ring, budget: DensifyBudget): void {
  if (depth >= MAX_DEPTH || !needsSplit(a, b)) return;
  const m = [(a[0]! + b[0]!) / 2, (a[1]! + b[1]!) / 2];
  inner(a, m, depth + 1, out, budget);
  budget.take(1);
  out.push(m);
  inner(m, b, depth + 1, out, budget);
}

/**
 * The ring with positions inserted along its straight edges (longitudes as given: continuous
 * after unwrapping for the search's AOIs, literal for stored shapes). Throws DensifyLimitError
 * when the budget runs out.
 */
export function densifyRing(ring: Ring, budget = new DensifyBudget(DENSIFIED_POSITIONS_MAX)): Ring {
  budget.take(ring.length);
  const out: Ring = [];
  for (let i = 0; i < ring.length; i++) {
    const p = ring[i]!;
    if (i > 0) inner(ring[i - 1]!, p, 0, out, budget);
    out.push(p);
  }
  return out;
}

/** Every ring of the polygons densified, one budget for all of them. */
export function densifyPolygons(
  polygons: Ring[][],
  budget = new DensifyBudget(DENSIFIED_POSITIONS_MAX),
): Ring[][] {
  return polygons.map((rings) => rings.map((ring) => densifyRing(ring, budget)));
}
