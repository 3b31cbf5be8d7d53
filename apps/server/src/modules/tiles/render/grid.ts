import {
  EARTH_RADIUS,
  MERCATOR_HALF_WORLD,
  MERCATOR_MAX_LAT,
  mercatorLat,
  mercatorLon,
  mercatorX,
  mercatorY,
} from './projection';

/**
 * The output image of a quicklook: a bounding box in the map's CRS cut into width × height
 * pixels. Both CRSs the WMS offers are "separable": a pixel's longitude depends only on its
 * column and its latitude only on its row, which the renderers exploit (one projection per
 * row and per column, not per pixel).
 */

export type RenderCrs = 'EPSG:3857' | 'EPSG:4326';

/** A box in a render CRS, x eastwards (metres or degrees of longitude), y northwards. */
export interface Bbox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface OutputGrid {
  crs: RenderCrs;
  bbox: Bbox;
  width: number;
  height: number;
}

/** The width of one world (360° of longitude) in the CRS's x unit. */
export const worldWidth = (crs: RenderCrs): number => (crs === 'EPSG:3857' ? 2 * MERCATOR_HALF_WORLD : 360);

export const crsX = (crs: RenderCrs, lon: number): number => (crs === 'EPSG:3857' ? mercatorX(lon) : lon);
export const crsY = (crs: RenderCrs, lat: number): number => (crs === 'EPSG:3857' ? mercatorY(lat) : lat);

/** Longitude of each column's centre, degrees, not wrapped (a box past ±180° gives values past it). */
export function columnLongitudes(grid: OutputGrid): Float64Array {
  const { bbox, width } = grid;
  const res = (bbox.maxX - bbox.minX) / width;
  const out = new Float64Array(width);
  for (let c = 0; c < width; c++) {
    const x = bbox.minX + (c + 0.5) * res;
    out[c] = grid.crs === 'EPSG:3857' ? mercatorLon(x) : x;
  }
  return out;
}

/** Latitude of each row's centre, degrees (row 0 is the northern edge). */
export function rowLatitudes(grid: OutputGrid): Float64Array {
  const { bbox, height } = grid;
  const res = (bbox.maxY - bbox.minY) / height;
  const out = new Float64Array(height);
  for (let r = 0; r < height; r++) {
    const y = bbox.maxY - (r + 0.5) * res;
    out[r] = grid.crs === 'EPSG:3857' ? mercatorLat(y) : Math.max(-90, Math.min(90, y));
  }
  return out;
}

/** Web Mercator x of each column's centre (the space the cloud field is defined in). */
export function columnMercatorX(grid: OutputGrid): Float64Array {
  const lons = columnLongitudes(grid);
  return lons.map((lon) => EARTH_RADIUS * lon * (Math.PI / 180));
}

/** Web Mercator y of each row's centre. */
export function rowMercatorY(grid: OutputGrid): Float64Array {
  const lats = rowLatitudes(grid);
  return lats.map((lat) => mercatorY(Math.max(-MERCATOR_MAX_LAT, Math.min(MERCATOR_MAX_LAT, lat))));
}
