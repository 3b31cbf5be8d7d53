import type { AoiGeoJson } from '@satportal/contract';
import geographiclib from 'geographiclib-geodesic';

/**
 * Geodesic lengths and areas on the WGS 84 ellipsoid (Karney's algorithms, GeographicLib): the same
 * figures the server stores. PostGIS computes an AOI's area as
 * `ST_Area(ST_Segmentize(shape, 0.1)::geography)`: the edges are straight in longitude/latitude
 * (GeoJSON, RFC 7946), cut into equal pieces of at most 0.1°, and the area of that ring is taken
 * on the ellipsoid with GeographicLib. Doing the same here makes the area tip agree with the stored
 * area; OpenLayers' spherical `getArea` is off by up to 0.5 % (the sphere is not the ellipsoid).
 */

const wgs84 = geographiclib.Geodesic.WGS84;

/** PostGIS `ST_Segmentize` step (degrees) used by the server before measuring an area. */
export const serverSegmentDegrees = 0.1;

type Position = readonly number[];

/**
 * The ring with every edge cut into equal pieces no longer than `step` degrees in the
 * longitude/latitude plane, as PostGIS 3 `ST_Segmentize` does on a geometry.
 */
export function segmentize(ring: readonly Position[], step = serverSegmentDegrees): number[][] {
  const out: number[][] = [];
  ring.forEach(([lon = 0, lat = 0], i) => {
    out.push([lon, lat]);
    const next = ring[i + 1];
    if (!next) return;
    const [nextLon = 0, nextLat = 0] = next;
    const pieces = Math.ceil(Math.hypot(nextLon - lon, nextLat - lat) / step);
    for (let k = 1; k < pieces; k++) {
      out.push([lon + ((nextLon - lon) * k) / pieces, lat + ((nextLat - lat) * k) / pieces]);
    }
  });
  return out;
}

/** The unsigned geodesic area (m²) enclosed by a ring of [lon, lat] positions, closed or not. */
function ringAreaM2(ring: readonly Position[]): number {
  const polygon = wgs84.Polygon(false);
  const closed = ring.length > 1 && samePosition(ring[0], ring[ring.length - 1]);
  const open = closed ? ring.slice(0, -1) : ring;
  if (open.length < 3) return 0;
  // GeographicLib closes rings itself: the densified ring's repeated first position is left out.
  for (const [lon = 0, lat = 0] of segmentize([...open, open[0] as Position]).slice(0, -1)) {
    polygon.AddPoint(lat, lon);
  }
  return Math.abs(polygon.Compute(false, true).area ?? 0);
}

const samePosition = (a: Position | undefined, b: Position | undefined) =>
  a !== undefined && b !== undefined && a[0] === b[0] && a[1] === b[1];

/** Square kilometres of one polygon: its outer ring less its holes. */
function polygonAreaKm2(rings: readonly (readonly Position[])[]): number {
  const [outer, ...holes] = rings;
  if (!outer) return 0;
  const m2 = holes.reduce((area, hole) => area - ringAreaM2(hole), ringAreaM2(outer));
  return Math.max(m2, 0) / 1e6;
}

/** Geodesic area in km² of an AOI geometry (0 for a point), as the server computes it. */
export function geodesicAreaKm2(geojson: AoiGeoJson): number {
  switch (geojson.type) {
    case 'Polygon':
      return polygonAreaKm2(geojson.coordinates);
    case 'MultiPolygon':
      return geojson.coordinates.reduce((sum, polygon) => sum + polygonAreaKm2(polygon), 0);
    default:
      return 0;
  }
}

/** Geodesic length in km of a line through [lon, lat] positions (shortest paths between them). */
export function geodesicLengthKm(line: readonly Position[]): number {
  let metres = 0;
  for (let i = 1; i < line.length; i++) {
    const [lon1 = 0, lat1 = 0] = line[i - 1] as Position;
    const [lon2 = 0, lat2 = 0] = line[i] as Position;
    metres += wgs84.Inverse(lat1, lon1, lat2, lon2).s12 ?? 0;
  }
  return metres / 1000;
}

/** The area the server stores and lists (km², 2 decimals). */
export const roundAreaKm2 = (km2: number): number => Math.round(km2 * 100) / 100;
