import { crsX, crsY, type OutputGrid, worldWidth } from './grid';
import { MERCATOR_MAX_LAT, mercatorX, mercatorY } from './projection';

/**
 * A scene footprint as the archive stores it: GeoJSON in longitude/latitude with edges
 * straight in longitude/latitude (RFC 7946), possibly split into two parts at ±180° or
 * written with longitudes past ±180°. The quicklook is opaque exactly where the footprint
 * is, so the footprint is rasterised in the output's pixel space.
 */
export type Footprint =
  | { type: 'Polygon'; coordinates: number[][][] }
  | { type: 'MultiPolygon'; coordinates: number[][][][] };

type Ring = Array<[number, number]>;

/** Edges longer than this (degrees) are cut before projecting: a lon/lat edge curves in Mercator. */
const DENSIFY_STEP = 0.25;
const MAX_STEPS_PER_EDGE = 2000;

/** The signed shortest step in longitude from a to b, in [−180, 180). */
const lonStep = (a: number, b: number): number => ((((b - a) % 360) + 540) % 360) - 180;

/**
 * Longitudes made continuous (179 → −179 becomes 179 → 181), edges densified. A ring that
 * goes once around a pole comes back 360° away from where it started; it is closed over
 * that pole so that it still bounds the polar cap it encloses.
 */
function prepareRing(raw: number[][]): Ring | null {
  const points = raw.filter(
    (p) => Array.isArray(p) && Number.isFinite(p[0]) && Number.isFinite(p[1]),
  ) as number[][];
  if (points.length < 3) return null;
  const ring: Ring = [];
  let lon = points[0]![0]!;
  let latSum = 0;
  ring.push([lon, clampLat(points[0]![1]!)]);
  for (let i = 1; i < points.length; i++) {
    const prev = ring[ring.length - 1]!;
    const next: [number, number] = [
      lon + lonStep(points[i - 1]![0]!, points[i]![0]!),
      clampLat(points[i]![1]!),
    ];
    lon = next[0];
    latSum += next[1];
    densifyInto(ring, prev, next);
  }
  const drift = lon - ring[0]![0];
  if (Math.abs(drift) > 180) {
    const poleLat = latSum >= 0 ? 90 : -90;
    const last = ring[ring.length - 1]!;
    densifyInto(ring, last, [last[0], poleLat]);
    densifyInto(ring, [last[0], poleLat], [ring[0]![0], poleLat]);
    densifyInto(ring, [ring[0]![0], poleLat], ring[0]!);
  }
  return ring;
}

const clampLat = (lat: number): number => Math.max(-90, Math.min(90, lat));

function densifyInto(ring: Ring, from: [number, number], to: [number, number]): void {
  const span = Math.max(Math.abs(to[0] - from[0]), Math.abs(to[1] - from[1]));
  const steps = Math.min(MAX_STEPS_PER_EDGE, Math.max(1, Math.ceil(span / DENSIFY_STEP)));
  for (let s = 1; s <= steps; s++) {
    const t = s / steps;
    ring.push([from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t]);
  }
}

/** The footprint as polygons of prepared rings; holes are moved into their outer ring's world copy. */
export function footprintPolygons(footprint: Footprint): Ring[][] {
  const polygons = footprint.type === 'Polygon' ? [footprint.coordinates] : footprint.coordinates;
  const out: Ring[][] = [];
  for (const polygon of polygons ?? []) {
    if (!Array.isArray(polygon) || polygon.length === 0) continue;
    const outer = prepareRing(polygon[0]!);
    if (!outer) continue;
    const rings = [outer];
    const reference = outer[0]![0];
    for (const holeRaw of polygon.slice(1)) {
      const hole = prepareRing(holeRaw);
      if (!hole) continue;
      const shift = 360 * Math.round((reference - hole[0]![0]) / 360);
      rings.push(shift === 0 ? hole : hole.map(([x, y]) => [x + shift, y] as [number, number]));
    }
    out.push(rings);
  }
  return out;
}

/**
 * 1 where a pixel's centre lies in the footprint, 0 elsewhere (row-major, row 0 north).
 * Rings of one polygon combine even-odd (holes), polygons combine by union, and the
 * footprint is repeated every 360° so a box past ±180° (a wrapped map) still finds it.
 */
export function rasteriseFootprint(footprint: Footprint, grid: OutputGrid): Uint8Array {
  return rasterisePolygons(footprintPolygons(footprint), grid);
}

export function rasterisePolygons(polygons: Ring[][], grid: OutputGrid): Uint8Array {
  const { width, height, bbox, crs } = grid;
  const mask = new Uint8Array(width * height);
  const resX = (bbox.maxX - bbox.minX) / width;
  const resY = (bbox.maxY - bbox.minY) / height;
  const world = worldWidth(crs);
  let crossings = new Float64Array(64);

  for (const rings of polygons) {
    const projected = rings.map((ring) => ring.map(([lon, lat]) => [crsX(crs, lon), crsY(crs, lat)]));
    let minX = Number.POSITIVE_INFINITY;
    let maxX = Number.NEGATIVE_INFINITY;
    let minY = Number.POSITIVE_INFINITY;
    let maxY = Number.NEGATIVE_INFINITY;
    for (const p of projected[0]!) {
      minX = Math.min(minX, p[0]!);
      maxX = Math.max(maxX, p[0]!);
      minY = Math.min(minY, p[1]!);
      maxY = Math.max(maxY, p[1]!);
    }
    const rowFrom = Math.max(0, Math.floor((bbox.maxY - maxY) / resY - 0.5));
    const rowTo = Math.min(height - 1, Math.ceil((bbox.maxY - minY) / resY - 0.5));
    if (rowFrom > rowTo) continue;
    const kFrom = Math.ceil((bbox.minX - maxX) / world);
    const kTo = Math.floor((bbox.maxX - minX) / world);

    for (let k = kFrom; k <= kTo; k++) {
      const offset = k * world;
      // Edges in pixel units: x0, y0, x1, y1 per edge.
      const edges: number[] = [];
      for (const ring of projected) {
        for (let i = 0; i < ring.length; i++) {
          const a = ring[i]!;
          const b = ring[(i + 1) % ring.length]!;
          edges.push(
            (a[0]! + offset - bbox.minX) / resX,
            (bbox.maxY - a[1]!) / resY,
            (b[0]! + offset - bbox.minX) / resX,
            (bbox.maxY - b[1]!) / resY,
          );
        }
      }
      const edgeCount = edges.length / 4;
      if (crossings.length < edgeCount) crossings = new Float64Array(edgeCount);
      for (let r = rowFrom; r <= rowTo; r++) {
        const yc = r + 0.5;
        let m = 0;
        for (let e = 0; e < edges.length; e += 4) {
          const y0 = edges[e + 1]!;
          const y1 = edges[e + 3]!;
          if (y0 <= yc !== y1 <= yc) {
            const x0 = edges[e]!;
            crossings[m++] = x0 + ((yc - y0) * (edges[e + 2]! - x0)) / (y1 - y0);
          }
        }
        if (m < 2) continue;
        const xs = crossings.subarray(0, m).sort();
        const rowStart = r * width;
        for (let i = 0; i + 1 < m; i += 2) {
          // Pixel centres c + 0.5 in [xs[i], xs[i+1]).
          const c0 = Math.max(0, Math.ceil(xs[i]! - 0.5));
          const c1 = Math.min(width, Math.ceil(xs[i + 1]! - 0.5));
          if (c1 > c0) mask.fill(1, rowStart + c0, rowStart + c1);
        }
      }
    }
  }
  return mask;
}

/**
 * A frame fixed to the scene in Web Mercator: its centre and size (the larger side of its
 * bounding box), taken on the first polygon's world copy so that a footprint split at ±180°
 * stays in one piece. The cloud field is drawn in this frame, so it does not move or change
 * scale when the map pans or zooms.
 */
export interface SceneFrame {
  centreX: number;
  centreY: number;
  size: number;
  /** the footprint's polygons shifted into the frame's world copy, ready to rasterise */
  polygons: Ring[][];
}

export function sceneFrame(footprint: Footprint): SceneFrame | null {
  const polygons = footprintPolygons(footprint);
  if (polygons.length === 0) return null;
  const reference = polygons[0]![0]![0]![0];
  const shifted = polygons.map((rings) => {
    const shift = 360 * Math.round((reference - rings[0]![0]![0]) / 360);
    return shift === 0
      ? rings
      : rings.map((ring) => ring.map(([x, y]) => [x + shift, y] as [number, number]));
  });
  let minX = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const rings of shifted) {
    for (const [lon, lat] of rings[0]!) {
      const x = mercatorX(lon);
      const y = mercatorY(Math.max(-MERCATOR_MAX_LAT, Math.min(MERCATOR_MAX_LAT, lat)));
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  const size = Math.max(maxX - minX, maxY - minY, 1);
  return { centreX: (minX + maxX) / 2, centreY: (minY + maxY) / 2, size, polygons: shifted };
}
