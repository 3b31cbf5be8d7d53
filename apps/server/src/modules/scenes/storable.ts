/**
 * Polygons PostGIS can hold as the product uses them, decided before any SQL sees them.
 *
 * AOIs (and the areas of archive searches) are GeoJSON: straight edges in longitude/latitude,
 * stored as `geography` once split at ±180°, measured by `lonlat_area_km2` (the edges cut into
 * 0.1° steps, then PostGIS's geodesic area). Three things in that chain fail, found by probing
 * PGlite's PostGIS and PostgreSQL's:
 *
 * - `geometry::geography` computes a geodetic bounding box edge by edge and throws "Antipodal
 *   (180 degrees long) edge detected!" for an edge whose ends are opposite points of the globe:
 *   a meridian from pole to pole (the whole-world box [-180,-90 … 180,90] has two), or e.g.
 *   (0, 0)–(180, 0). That is the whole-world 500 of POST /aois, of uploads and of the archive
 *   search (which stores its area as geography).
 * - PostGIS's geodesic area of a ring is the smaller of the two regions the ring separates on the
 *   globe (GeographicLib's signed area, reduced to ±half the Earth, then its absolute value). A part
 *   larger than half the Earth is therefore measured as its complement: the near-whole-world box
 *   −180,−85 … 180,85 (508 million km²) was stored as 1.96 million km², and searches over it
 *   reported coverages against that figure. The same holds after the ±180° split, per part.
 * - Rings of (almost) no area make the coverage's division by the AOI's area fail.
 *
 * Hence, per polygon: an area of at least 1 m², no edge joining antipodal points, and at most
 * half the Earth in each part the ±180° split makes. The areas here are exact ellipsoidal areas
 * of the longitude/latitude region (WGS 84, authalic latitude integrated along each edge), which
 * is what `lonlat_area_km2` approximates; the limit keeps a margin of 1e-4 of half the Earth.
 */

export type Position = number[];
export type Ring = Position[];
/** The outer ring, then the holes. */
export type PolygonRings = Ring[];

export interface StorableProblem {
  /** translation key */
  reason: string;
  params?: Record<string, string | number>;
}

// WGS 84
const A_KM = 6378.137;
const F = 1 / 298.257223563;
const E2 = F * (2 - F);
const E = Math.sqrt(E2);

/** q(φ) of the authalic latitude (Snyder, Map Projections, eq. 3-12): dA = a²/2 · dq · dλ. */
function q(sinPhi: number): number {
  const es = E * sinPhi;
  return (1 - E2) * (sinPhi / (1 - es * es) - (1 / (2 * E)) * Math.log((1 - es) / (1 + es)));
}
const Q_POLE = q(1);

/** The area of the WGS 84 ellipsoid, km². */
export const EARTH_AREA_KM2 = 2 * Math.PI * A_KM * A_KM * Q_POLE;
/** The largest part PostGIS measures right, with a margin for its 0.1° densification. */
export const MAX_PART_AREA_KM2 = (EARTH_AREA_KM2 / 2) * (1 - 1e-4);
/** Below this (1 m²), a flat polygon has no area for the product. */
export const MIN_AREA_KM2 = 1e-6;

const RAD = Math.PI / 180;

// Gauss–Legendre nodes and weights on [−1, 1]
const GAUSS: Record<number, [number[], number[]]> = {
  2: [
    [-0.5773502691896257, 0.5773502691896257],
    [1, 1],
  ],
  4: [
    [-0.8611363115940526, -0.3399810435848563, 0.3399810435848563, 0.8611363115940526],
    [0.3478548451374538, 0.6521451548625461, 0.6521451548625461, 0.3478548451374538],
  ],
  8: [
    [
      -0.9602898564975363, -0.7966664774136267, -0.525532409916329, -0.1834346424956498, 0.1834346424956498,
      0.525532409916329, 0.7966664774136267, 0.9602898564975363,
    ],
    [
      0.1012285362903763, 0.2223810344533745, 0.3137066376011908, 0.3626837833783622, 0.3626837833783622,
      0.3137066376011908, 0.2223810344533745, 0.1012285362903763,
    ],
  ],
};

/** ∫ q(φ(λ)) dλ along one edge, φ linear in λ (a straight edge in longitude/latitude), λ in radians. */
function edgeIntegral(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const dLon = (lon2 - lon1) * RAD;
  if (dLon === 0) return 0;
  const dLat = Math.abs(lat2 - lat1);
  if (dLat < 1e-9) return q(Math.sin(lat1 * RAD)) * dLon;
  const [nodes, weights] = GAUSS[dLat < 1 ? 2 : dLat < 10 ? 4 : 8]!;
  const mid = ((lat1 + lat2) / 2) * RAD;
  const half = ((lat2 - lat1) / 2) * RAD;
  let sum = 0;
  for (let i = 0; i < nodes.length; i++) sum += weights[i]! * q(Math.sin(mid + half * nodes[i]!));
  return (sum * dLon) / 2;
}

/**
 * The ellipsoidal area (km²) of the longitude/latitude region a ring encloses, its edges
 * straight in longitude/latitude: positive counter-clockwise. The ring may be closed or open
 * (clipping answers open rings): the closing edge of a closed ring has no length.
 */
export function ringAreaKm2(ring: Ring): number {
  let sum = 0;
  for (let i = 0, n = ring.length; i < n; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % n]!;
    sum += edgeIntegral(a[0]!, a[1]!, b[0]!, b[1]!);
  }
  return (-(A_KM * A_KM) / 2) * sum;
}

/**
 * The latitude that splits the band between `south` and `north` (degrees) so that `share` of
 * the band's area lies south of it: on the ellipsoid the area of a band grows with q(φ), so an
 * even spread of q is an even spread of area (samples spread by area, `archive/coverage`).
 */
export function latitudeAtAreaShare(south: number, north: number, share: number): number {
  const qs = q(Math.sin(south * RAD));
  const target = qs + share * (q(Math.sin(north * RAD)) - qs);
  let lo = south;
  let hi = north;
  // q grows with φ: bisection to well below a metre (2⁻⁴⁰ of the band).
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (q(Math.sin(mid * RAD)) < target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Even-odd ray casting in the longitude/latitude plane; the ring open or closed. */
export function ringContains(ring: readonly (readonly number[])[], lon: number, lat: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const xi = ring[i]![0]!;
    const yi = ring[i]![1]!;
    const xj = ring[j]![0]!;
    const yj = ring[j]![1]!;
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The area (km²) of polygons, outer ring first then holes, whatever the rings' orientation. */
export function polygonsAreaKm2(polygons: Ring[][]): number {
  let total = 0;
  for (const rings of polygons) {
    rings.forEach((ring, i) => {
      const area = Math.abs(ringAreaKm2(ring));
      total += i === 0 ? area : -area;
    });
  }
  return Math.max(0, total);
}

/** The ring clipped to west ≤ longitude ≤ east (Sutherland–Hodgman; a concave ring keeps its area). */
function clipRing(ring: Ring, west: number, east: number): Ring {
  const clip = (input: Ring, inside: (x: number) => boolean, edge: number): Ring => {
    const out: Ring = [];
    for (let i = 0; i + 1 < input.length; i++) {
      const a = input[i]!;
      const b = input[i + 1]!;
      const aIn = inside(a[0]!);
      const bIn = inside(b[0]!);
      if (aIn) out.push(a);
      if (aIn !== bIn) {
        const t = (edge - a[0]!) / (b[0]! - a[0]!);
        out.push([edge, a[1]! + t * (b[1]! - a[1]!)]);
      }
    }
    if (out.length) out.push(out[0]!);
    return out;
  };
  const westward = clip(ring, (x) => x >= west, west);
  return clip(westward, (x) => x <= east, east);
}

/** The longitude windows ST_WrapX cuts a shape into (each moved by whole turns into ±180°). */
const WINDOWS: [number, number][] = [
  [-540, -180],
  [-180, 180],
  [180, 540],
];

/** The ring's pieces, one per window it reaches (a ring inside ±180° is its own single piece). */
function pieces(ring: Ring): Ring[] {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const p of ring) {
    min = Math.min(min, p[0]!);
    max = Math.max(max, p[0]!);
  }
  if (min >= -180 && max <= 180) return [ring];
  return WINDOWS.filter(([w, e]) => max > w && min < e)
    .map(([w, e]) => clipRing(ring, w, e))
    .filter((r) => r.length >= 4);
}

const unit = (p: Position): [number, number, number] => {
  const lon = p[0]! * RAD;
  const lat = p[1]! * RAD;
  return [Math.cos(lat) * Math.cos(lon), Math.cos(lat) * Math.sin(lon), Math.sin(lat)];
};

/** The first edge whose ends are antipodal on the globe (PostGIS compares within 1e-12; we within 1e-9). */
function antipodalEdge(ring: Ring): [Position, Position] | null {
  for (let i = 1; i < ring.length; i++) {
    const a = unit(ring[i - 1]!);
    const b = unit(ring[i]!);
    if (Math.abs(a[0] + b[0]) <= 1e-9 && Math.abs(a[1] + b[1]) <= 1e-9 && Math.abs(a[2] + b[2]) <= 1e-9) {
      return [ring[i - 1]!, ring[i]!];
    }
  }
  return null;
}

/**
 * Whether a ring has no extent: within 1e-9° of one line (or one point). A ring of no area that is
 * not flat crosses itself (a symmetric bow tie): PostGIS names that better (self-intersection).
 */
function flat(ring: Ring): boolean {
  const [x0, y0] = ring[0] as [number, number];
  let far: Position = ring[0]!;
  let farthest = 0;
  for (const p of ring) {
    const d = Math.hypot(p[0]! - x0, p[1]! - y0);
    if (d > farthest) {
      farthest = d;
      far = p;
    }
  }
  if (farthest < 1e-9) return true;
  const dx = (far[0]! - x0) / farthest;
  const dy = (far[1]! - y0) / farthest;
  return ring.every((p) => Math.abs(dx * (p[1]! - y0) - dy * (p[0]! - x0)) < 1e-9);
}

const round = (n: number, decimals: number) => Number(n.toFixed(decimals));
const written = (p: Position) => `${round(p[0]!, 6)}, ${round(p[1]!, 6)}`;
const km2 = (n: number) => Math.round(n);

const tooLarge = (area: number): StorableProblem => ({
  reason: 'aoi.tooLarge',
  params: { area: km2(area), max: km2(MAX_PART_AREA_KM2) },
});

/**
 * Why one polygon (positions already finite and in range, rings closed, ≥ 4 positions) cannot be
 * held, or null. `forStorage` false skips the geography rules (antipodal edges, half the Earth):
 * the STAC API only intersects on the longitude/latitude plane and never stores or measures.
 */
export function polygonProblem(polygon: PolygonRings, forStorage = true): StorableProblem | null {
  const outer = polygon[0];
  if (!outer) return { reason: 'aoi.badCoordinates' };
  if (Math.abs(ringAreaKm2(outer)) < MIN_AREA_KM2 && flat(outer)) return { reason: 'aoi.zeroArea' };
  if (!forStorage) return null;
  let largest = 0;
  for (const piece of pieces(outer)) largest = Math.max(largest, Math.abs(ringAreaKm2(piece)));
  if (largest > MAX_PART_AREA_KM2) return tooLarge(largest);
  for (const ring of polygon) {
    for (const piece of pieces(ring)) {
      const edge = antipodalEdge(piece);
      if (edge)
        return { reason: 'aoi.antipodalEdge', params: { from: written(edge[0]), to: written(edge[1]) } };
    }
  }
  return null;
}

interface Extent {
  area: number;
  west: number;
  east: number;
  south: number;
  north: number;
}

/**
 * Several polygons that the database may merge into one part (a feature's overlapping parts are
 * dissolved, the AOIs of a search united): too large when their pieces (split at ±180°, each
 * moved into ±180° as ST_WrapX does) add up to more than half the Earth while some of them
 * overlap or touch by their boxes. Parts kept apart are measured one by one, so disjoint parts
 * may add up to more. Conservative: pieces whose boxes meet without the pieces overlapping are
 * refused too.
 */
export function partsProblem(polygons: PolygonRings[]): StorableProblem | null {
  if (polygons.length < 2) return null;
  const extents: Extent[] = [];
  for (const polygon of polygons) {
    for (const piece of pieces(polygon[0] ?? [])) {
      const box = { west: Infinity, east: -Infinity, south: Infinity, north: -Infinity };
      for (const [x, y] of piece as [number, number][]) {
        box.west = Math.min(box.west, x);
        box.east = Math.max(box.east, x);
        box.south = Math.min(box.south, y);
        box.north = Math.max(box.north, y);
      }
      const turns = WINDOWS.findIndex(([w, e]) => box.west >= w && box.east <= e) - 1;
      box.west -= 360 * turns;
      box.east -= 360 * turns;
      extents.push({ area: Math.abs(ringAreaKm2(piece)), ...box });
    }
  }
  const total = extents.reduce((s, x) => s + x.area, 0);
  if (total <= MAX_PART_AREA_KM2) return null;
  const meet = (a: Extent, b: Extent) =>
    a.west <= b.east && b.west <= a.east && a.south <= b.north && b.south <= a.north;
  return extents.some((a, i) => extents.some((b, j) => j > i && meet(a, b))) ? tooLarge(total) : null;
}

/** PostGIS's reason for an invalid polygon (ST_IsValidReason) as a translation key. */
export function invalidReason(reason: string | null): StorableProblem {
  const detail = (reason ?? '').slice(0, 200);
  if (/self-intersection/i.test(detail)) return { reason: 'aoi.selfIntersection', params: { detail } };
  if (/too few points/i.test(detail)) return { reason: 'aoi.tooFewPoints', params: { min: 4 } };
  if (/hole lies outside/i.test(detail)) return { reason: 'aoi.holeOutside', params: { detail } };
  if (/zero area/i.test(detail)) return { reason: 'aoi.zeroArea' };
  return { reason: 'aoi.invalidGeometry', params: { detail } };
}
