import { ringContains } from '../../scenes/storable';

/**
 * The AOI as sample points for the capture plan: a regular longitude/latitude grid over the AOI's
 * bounding box, kept where it falls inside the AOI, each point weighted by the area its grid cell
 * stands for (cos latitude: the cell's width shrinks towards the poles). Which footprints cover
 * which points turns the plan's set cover into a choice among point sets, fast and exact for the
 * points; the plan's reported coverage is measured exactly afterwards (PostGIS, geodesic), so the
 * grid only decides which passes enter it. About 2,000 points: a pass that adds less than one
 * point's share (≈ 0.05 %) cannot change a plan that stops below 0.5 % (capture-plan.ts).
 */

type Ring = readonly (readonly number[])[];
type Polygon = readonly Ring[];

export interface SamplePoint {
  lon: number;
  lat: number;
  /** Area the point stands for, in grid cells × cos latitude (only ratios matter). */
  weight: number;
  /** The weather cell (1° × 1°, as `cloudCoverAt` draws the sky) the point lies in. */
  cell: number;
}

export const SAMPLE_TARGET = 2000;

/** Even–odd rule over every ring of the polygons (holes included), in the plane of lon/lat. */
export function insidePolygons(lon: number, lat: number, polygons: readonly Polygon[]): boolean {
  let inside = false;
  for (const polygon of polygons)
    for (const ring of polygon) inside = inside !== ringContains(ring, lon, lat);
  return inside;
}

/** The 1° weather cell of a position: row from the south pole, column from −180°. */
export function weatherCellOf(lon: number, lat: number): number {
  const row = Math.min(179, Math.max(0, Math.floor(lat + 90)));
  const column = ((Math.floor(lon + 180) % 360) + 360) % 360;
  return row * 360 + column;
}

/** The centre of a weather cell, [lon, lat]. */
export const weatherCellCentre = (cell: number): [number, number] => [
  (cell % 360) - 180 + 0.5,
  Math.floor(cell / 360) - 90 + 0.5,
];

interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

function boxOf(polygons: readonly Polygon[]): Box {
  const box = { west: Infinity, south: Infinity, east: -Infinity, north: -Infinity };
  for (const polygon of polygons)
    for (const [lon, lat] of polygon[0] ?? []) {
      box.west = Math.min(box.west, lon as number);
      box.east = Math.max(box.east, lon as number);
      box.south = Math.min(box.south, lat as number);
      box.north = Math.max(box.north, lat as number);
    }
  return box;
}

function gridIn(polygons: readonly Polygon[], box: Box, step: number): SamplePoint[] {
  const points: SamplePoint[] = [];
  for (let lat = box.south + step / 2; lat < box.north; lat += step) {
    const weight = Math.cos((lat * Math.PI) / 180);
    for (let lon = box.west + step / 2; lon < box.east; lon += step) {
      if (insidePolygons(lon, lat, polygons))
        points.push({ lon, lat, weight, cell: weatherCellOf(lon, lat) });
    }
  }
  return points;
}

/**
 * About `target` points inside the polygons (exterior rings first, holes after, as GeoJSON). The
 * step starts from the bounding box and is refined once from the share of it the AOI fills, so a
 * thin or ragged AOI gets as many points as a square one. An AOI smaller than one step gets its
 * first vertex as its one point.
 */
export function samplePoints(polygons: readonly Polygon[], target = SAMPLE_TARGET): SamplePoint[] {
  const box = boxOf(polygons);
  if (!(box.east > box.west && box.north > box.south)) return [];
  const boxArea = (box.east - box.west) * (box.north - box.south);
  let step = Math.sqrt(boxArea / target);
  let points = gridIn(polygons, box, step);
  const filled = points.length / target;
  if (filled < 0.5) {
    step *= Math.sqrt(Math.max(filled, 0.01));
    points = gridIn(polygons, box, step);
  }
  if (!points.length) {
    const [lon, lat] = (polygons[0]?.[0]?.[0] ?? [0, 0]) as [number, number];
    points = [{ lon, lat, weight: 1, cell: weatherCellOf(lon, lat) }];
  }
  return points;
}

/** The indexes of the points a footprint (GeoJSON polygons, lon/lat) covers. */
export function pointsCovered(points: readonly SamplePoint[], footprint: readonly Polygon[]): number[] {
  const box = boxOf(footprint);
  const out: number[] = [];
  points.forEach((p, i) => {
    if (p.lon < box.west || p.lon > box.east || p.lat < box.south || p.lat > box.north) return;
    if (insidePolygons(p.lon, p.lat, footprint)) out.push(i);
  });
  return out;
}
