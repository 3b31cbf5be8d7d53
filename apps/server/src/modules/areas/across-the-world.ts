import type { Aoi } from '@satportal/contract';
import { GeometryError, MAX_ABS_LONGITUDE } from '../scenes/lonlat';

/**
 * The world box as GeoJSON writes it: [-180,-85] → [180,-85] → [180,85] → [-180,85]. Its edges of
 * 360° cannot be unwrapped (`scenes/lonlat.ts` takes the shortest step in longitude, and from −180
 * to 180 that is no step at all, which leaves a line), yet read as written (RFC 7946: every edge
 * straight in longitude/latitude) they are unambiguous: all positions lie within ±180°, and the
 * edge runs the whole width. Such an AOI is checked as its halves west and east of 0° (each of
 * which unwraps to itself, and measures within half the Earth as the checks ask), and searched as
 * written; `prepareAois` stores what is wider than 180° in pieces that geography reads as meant.
 */

type Ring = number[][];

/**
 * How an AOI's edges of 360° of longitude or more are read: `none` when it has none (the usual
 * unwrapping applies), `asWritten` when each joins −180 and 180 on a ring that lies within ±180°,
 * closes on itself and keeps off the poles, `aroundTheWorld` otherwise (refused: a longer edge, or
 * a ring also beyond ±180° or at a pole, could mean more than one area, or the whole globe).
 */
export function worldEdges(aoi: Aoi): 'none' | 'asWritten' | 'aroundTheWorld' {
  const rings = ringsOf(aoi);
  const inRange = (x: unknown): x is number => typeof x === 'number' && Math.abs(x) <= MAX_ABS_LONGITUDE;
  const long = rings.some((ring) =>
    ring.some((p, i) => {
      const a = ring[i - 1]?.[0];
      const b = p?.[0];
      return inRange(a) && inRange(b) && Math.abs(b - a) >= 360;
    }),
  );
  if (!long) return 'none';
  const plain = (p: unknown): p is number[] =>
    Array.isArray(p) &&
    typeof p[0] === 'number' &&
    typeof p[1] === 'number' &&
    Math.abs(p[0]) <= 180 &&
    Math.abs(p[1]) < 90;
  const asWritten = rings.every((ring) => {
    if (!ring.every(plain)) return false;
    const first = ring[0];
    const last = ring[ring.length - 1];
    const closed = first !== undefined && last !== undefined && first[0] === last[0] && first[1] === last[1];
    return closed && ring.every((p, i) => i === 0 || Math.abs(p[0]! - ring[i - 1]![0]!) <= 360);
  });
  return asWritten ? 'asWritten' : 'aroundTheWorld';
}

function ringsOf(aoi: Aoi): Ring[] {
  const polygons = (aoi.type === 'Polygon' ? [aoi.coordinates] : aoi.coordinates) as unknown;
  if (!Array.isArray(polygons)) return [];
  return polygons.flatMap((rings) => (Array.isArray(rings) ? rings : [])).filter(Array.isArray) as Ring[];
}

/** The ring's edges cut into pieces of at most 90° of longitude: unwrapping then reads each as written. */
function shortSteps(ring: Ring): Ring {
  const out: Ring = [ring[0]!];
  for (let i = 1; i < ring.length; i++) {
    const [x0, y0] = ring[i - 1] as [number, number];
    const [x1, y1] = ring[i] as [number, number];
    const pieces = Math.max(1, Math.ceil(Math.abs(x1 - x0) / 90));
    for (let k = 1; k < pieces; k++) out.push([x0 + ((x1 - x0) * k) / pieces, y0 + ((y1 - y0) * k) / pieces]);
    out.push([x1, y1]);
  }
  return out;
}

/** The part of a ring west (or east) of 0°, closed (Sutherland–Hodgman against the one meridian). */
function half(ring: Ring, west: boolean): Ring {
  const inside = (x: number) => (west ? x <= 0 : x >= 0);
  const out: Ring = [];
  const push = (p: number[]) => {
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  };
  for (let i = 0; i + 1 < ring.length; i++) {
    const a = ring[i]!;
    const b = ring[i + 1]!;
    const aIn = inside(a[0]!);
    if (aIn) push(a);
    if (aIn !== inside(b[0]!)) push([0, a[1]! + ((0 - a[0]!) / (b[0]! - a[0]!)) * (b[1]! - a[1]!)]);
  }
  if (out.length) push(out[0]!);
  return out;
}

/** An AOI that `worldEdges` reads as written, as written: its edges in steps unwrapping keeps. */
export function acrossTheWorld(aoi: Aoi): Ring[][] {
  const polygons = (aoi.type === 'Polygon' ? [aoi.coordinates] : aoi.coordinates) as Ring[][];
  return polygons.map((rings) => rings.map(shortSteps));
}

/**
 * An AOI that `worldEdges` reads as written, as a MultiPolygon of its halves west and east of 0°
 * (holes go with the half they lie in). A ring of fewer than four positions is refused as such.
 */
export function halvesAcrossTheWorld(aoi: Aoi): Aoi {
  const polygons = (aoi.type === 'Polygon' ? [aoi.coordinates] : aoi.coordinates) as Ring[][];
  const halves: Ring[][] = [];
  for (const rings of polygons) {
    if (rings.some((ring) => ring.length < 4)) {
      throw new GeometryError('a ring needs at least 4 positions', 'aoi.tooFewPoints', { min: 4 });
    }
    const steps = rings.map(shortSteps);
    for (const west of [true, false]) {
      const [outer, ...holes] = steps.map((ring) => half(ring, west));
      if (outer && outer.length >= 4) halves.push([outer, ...holes.filter((h) => h.length >= 4)]);
    }
  }
  return { type: 'MultiPolygon', coordinates: halves } as Aoi;
}
