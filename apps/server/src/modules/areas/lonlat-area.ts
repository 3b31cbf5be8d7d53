/**
 * The area of a polygon whose edges are straight in longitude/latitude (GeoJSON's reading, and
 * the search's: AOIs are densified until the two readings agree), on the WGS 84 ellipsoid.
 *
 * Green's theorem turns the area integral ∬ M·N·cos φ dφ dλ into ∮ G(φ) dλ along the boundary,
 * where G(φ) is the area between the equator and φ per radian of longitude, in closed form.
 * Along a straight edge φ is linear in λ, so each edge is one smooth 1-D integral: Gauss–Legendre
 * with three nodes on pieces of at most 1° of latitude is exact far below a square metre. This
 * is what `lonlat_area_km2` (ST_Segmentize at 0.1°, then the geodesic area) approximates, at a
 * fraction of its cost; the tests compare the two.
 */

export type Position = number[];
/** A ring of [longitude, latitude] positions in degrees, closed or not. */
export type Ring = Position[];

const a = 6378137;
const flattening = 1 / 298.257223563;
const e2 = flattening * (2 - flattening);
const e = Math.sqrt(e2);
const b2 = a * a * (1 - e2);
const rad = Math.PI / 180;

/** m² per radian of longitude between the equator and latitude φ (radians). */
export function areaToLatitude(phi: number): number {
  const s = Math.sin(phi);
  return (b2 / 2) * (s / (1 - e2 * s * s) + Math.atanh(e * s) / e);
}

const nodes = [0.5 - 0.5 * Math.sqrt(3 / 5), 0.5, 0.5 + 0.5 * Math.sqrt(3 / 5)];
const weights = [5 / 18, 8 / 18, 5 / 18];
const maxPieceLatitude = 1 * rad;

/**
 * Signed area of a ring in km²: positive when counter-clockwise (east then north), as the
 * shoelace formula with y → G(φ). G is taken relative to the ring's first latitude, which
 * changes no closed ring's sum and keeps the terms small.
 */
export function signedRingAreaKm2(ring: Ring): number {
  const n = ring.length;
  if (n < 3) return 0;
  const g0 = areaToLatitude(ring[0]![1]! * rad);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const p = ring[i]!;
    const q = ring[(i + 1) % n]!;
    const dLon = (q[0]! - p[0]!) * rad;
    if (dLon === 0) continue;
    const phiA = p[1]! * rad;
    const dPhi = q[1]! * rad - phiA;
    const pieces = Math.max(1, Math.ceil(Math.abs(dPhi) / maxPieceLatitude));
    let mean = 0;
    for (let k = 0; k < pieces; k++) {
      for (let j = 0; j < 3; j++) {
        const t = (k + nodes[j]!) / pieces;
        mean += (weights[j]! * (areaToLatitude(phiA + t * dPhi) - g0)) / pieces;
      }
    }
    sum -= dLon * mean;
  }
  return sum / 1e6;
}

/** Area in km² of polygons (outer ring first, then holes), whatever the rings' orientation. */
export function polygonsAreaKm2(polygons: Ring[][]): number {
  let total = 0;
  for (const rings of polygons) {
    rings.forEach((ring, i) => {
      const area = Math.abs(signedRingAreaKm2(ring));
      total += i === 0 ? area : -area;
    });
  }
  return Math.max(0, total);
}
