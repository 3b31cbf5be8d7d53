import { ecefToGeodetic, geodeticToEcef, WGS84_A, WGS84_B } from '../orbits/geodesy';
import { ringContains } from '../scenes/storable';

/**
 * An AOI prepared for the pass search: its boundary as short chords in
 * Earth-fixed coordinates (km, on the ellipsoid), the cap that holds it
 * (centre direction and angular radius), and its rings in longitude/latitude
 * for the point-in-polygon test. Edges are straight in longitude/latitude, as
 * everywhere in the product: they are cut into steps of at most `stepDeg`, so
 * the chords follow them to well under a metre.
 */
export interface PassTarget {
  /** Geocentric unit vector of the AOI's centre, Earth-fixed. */
  centre: [number, number, number];
  /** Geodetic latitude and longitude of the centre (the Sun is taken there). */
  centreLat: number;
  centreLon: number;
  /** Largest geocentric angle from the centre to a point of the AOI, radians. */
  radius: number;
  /** Boundary chords, Earth-fixed km: ax, ay, az, bx, by, bz each. */
  segments: Float64Array;
  /** Boundary points, Earth-fixed km: x, y, z each. */
  points: Float64Array;
  polygons: TargetPolygon[];
}

interface TargetPolygon {
  /** Outer ring first, then holes; [lon, lat] with longitudes unwrapped (may pass ±180). */
  rings: number[][][];
  west: number;
  east: number;
  south: number;
  north: number;
}

/** The outer rings and holes of an AOI (normalised: rings closed, longitudes unwrapped). */
export interface TargetShape {
  coordinates: number[][][][];
}

export function prepareTarget(shape: TargetShape, stepDeg = 0.1): PassTarget {
  const points: number[] = [];
  const segments: number[] = [];
  const polygons: TargetPolygon[] = [];
  for (const polygon of shape.coordinates) {
    const outer = polygon[0]!;
    polygons.push({
      rings: polygon,
      west: Math.min(...outer.map((p) => p[0]!)),
      east: Math.max(...outer.map((p) => p[0]!)),
      south: Math.min(...outer.map((p) => p[1]!)),
      north: Math.max(...outer.map((p) => p[1]!)),
    });
    for (const ring of polygon) {
      let prev: number[] | undefined;
      for (let i = 0; i + 1 < ring.length; i++) {
        const [x0, y0] = ring[i] as [number, number];
        const [x1, y1] = ring[i + 1] as [number, number];
        const n = Math.max(1, Math.ceil(Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0)) / stepDeg));
        for (let k = i === 0 ? 0 : 1; k <= n; k++) {
          const p = geodeticToEcef(y0 + ((y1 - y0) * k) / n, x0 + ((x1 - x0) * k) / n, 0);
          if (prev) segments.push(prev[0]!, prev[1]!, prev[2]!, p.x, p.y, p.z);
          // The closing point repeats the first: not a point of its own.
          if (!(i + 2 === ring.length && k === n)) points.push(p.x, p.y, p.z);
          prev = [p.x, p.y, p.z];
        }
      }
    }
  }
  let sx = 0;
  let sy = 0;
  let sz = 0;
  for (let i = 0; i < points.length; i += 3) {
    const r = Math.hypot(points[i]!, points[i + 1]!, points[i + 2]!);
    sx += points[i]! / r;
    sy += points[i + 1]! / r;
    sz += points[i + 2]! / r;
  }
  const norm = Math.hypot(sx, sy, sz);
  const centre: [number, number, number] = [sx / norm, sy / norm, sz / norm];
  let radius = 0;
  for (let i = 0; i < points.length; i += 3) {
    const r = Math.hypot(points[i]!, points[i + 1]!, points[i + 2]!);
    const cos = (points[i]! * centre[0] + points[i + 1]! * centre[1] + points[i + 2]! * centre[2]) / r;
    radius = Math.max(radius, Math.acos(Math.min(1, cos)));
  }
  // The centre on the ellipsoid, for its geodetic coordinates.
  const s = 1 / Math.sqrt((centre[0] ** 2 + centre[1] ** 2) / WGS84_A ** 2 + centre[2] ** 2 / WGS84_B ** 2);
  const g = ecefToGeodetic(centre[0] * s, centre[1] * s, centre[2] * s);
  return {
    centre,
    centreLat: g.lat,
    centreLon: g.lon,
    radius,
    segments: Float64Array.from(segments),
    points: Float64Array.from(points),
    polygons,
  };
}

/** Whether a point (longitude in −180…180) lies inside the AOI, holes excluded. */
export function targetContains(target: PassTarget, lat: number, lon: number): boolean {
  for (const p of target.polygons) {
    if (lat < p.south || lat > p.north) continue;
    for (const x of [lon, lon - 360, lon + 360]) {
      if (x < p.west || x > p.east) continue;
      if (ringContains(p.rings[0]!, x, lat) && !p.rings.slice(1).some((h) => ringContains(h, x, lat)))
        return true;
    }
  }
  return false;
}

/**
 * The point of the AOI's boundary nearest (in a straight line) to an
 * Earth-fixed point, written into `out`; answers the squared distance, km².
 */
export function nearestBoundaryPoint(
  target: PassTarget,
  x: number,
  y: number,
  z: number,
  out: number[],
): number {
  const s = target.segments;
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < s.length; i += 6) {
    const ax = s[i]!;
    const ay = s[i + 1]!;
    const az = s[i + 2]!;
    const dx = s[i + 3]! - ax;
    const dy = s[i + 4]! - ay;
    const dz = s[i + 5]! - az;
    const len2 = dx * dx + dy * dy + dz * dz;
    let u = len2 > 0 ? ((x - ax) * dx + (y - ay) * dy + (z - az) * dz) / len2 : 0;
    u = Math.min(1, Math.max(0, u));
    const px = ax + u * dx;
    const py = ay + u * dy;
    const pz = az + u * dz;
    const d2 = (x - px) ** 2 + (y - py) ** 2 + (z - pz) ** 2;
    if (d2 < best) {
      best = d2;
      out[0] = px;
      out[1] = py;
      out[2] = pz;
    }
  }
  return best;
}
