import { numberSpelling, TileFormats, TileZoomMax } from '@satportal/contract';
import type { Bbox } from './grid';
import { MERCATOR_HALF_WORLD, mercatorLat } from './projection';

/**
 * The XYZ tile grid of Web Mercator (EPSG:3857, OpenStreetMap's and WMTS GoogleMapsCompatible):
 * 2^z × 2^z tiles of 256 pixels, x eastwards from −180°, y southwards from the northern edge.
 */

export const TILE_SIZE = 256;

export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

/** [minLon, minLat, maxLon, maxLat] */
export type LonLatBox = [number, number, number, number];

/** Decimal digits in their one spelling (the number rule of contract/text.ts): no leading zeros. */
const DIGITS = /^(0|[1-9]\d{0,8})$/;

/** z, x, y of path segments, or null when one is not a tile of the grid (z ≤ TileZoomMax). */
export function tileAddressOf(z: string, x: string, y: string): TileAddress | null {
  if (!DIGITS.test(z) || !DIGITS.test(x) || !DIGITS.test(y)) return null;
  const address = { z: Number(z), x: Number(x), y: Number(y) };
  if (address.z > TileZoomMax) return null;
  const count = 2 ** address.z;
  return address.x < count && address.y < count ? address : null;
}

/** `12.png` → 12 and the format; null when the extension is not a tile format. */
export function splitExtension(
  segment: string,
): { stem: string; format: (typeof TileFormats)[number] } | null {
  const dot = segment.lastIndexOf('.');
  if (dot < 0) return null;
  const format = segment.slice(dot + 1).toLowerCase();
  const known = TileFormats.find((f) => f === format);
  return known ? { stem: segment.slice(0, dot), format: known } : null;
}

/** The tile's box in EPSG:3857 metres. */
export function tileMercatorBox({ z, x, y }: TileAddress): Bbox {
  const size = (2 * MERCATOR_HALF_WORLD) / 2 ** z;
  return {
    minX: -MERCATOR_HALF_WORLD + x * size,
    maxX: -MERCATOR_HALF_WORLD + (x + 1) * size,
    maxY: MERCATOR_HALF_WORLD - y * size,
    minY: MERCATOR_HALF_WORLD - (y + 1) * size,
  };
}

/** The tile's box in degrees. */
export function tileLonLatBox(tile: TileAddress): LonLatBox {
  const box = tileMercatorBox(tile);
  const toLon = (x: number) => (x / MERCATOR_HALF_WORLD) * 180;
  return [toLon(box.minX), mercatorLat(box.minY), toLon(box.maxX), mercatorLat(box.maxY)];
}

export const boxesMeet = (a: LonLatBox, b: LonLatBox): boolean =>
  a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

/**
 * `minLon,minLat,maxLon,maxLat` of a `bbox` parameter: four finite numbers within the world with
 * min < max, or null.
 */
export function parseLonLatBox(text: string): LonLatBox | null {
  const parts = text.split(',');
  // JSON's number spelling, as sent (the number rule of contract/text.ts): no spaces, "+" or "01".
  if (parts.length !== 4 || parts.some((p) => !numberSpelling.test(p))) return null;
  const [w, s, e, n] = parts.map(Number) as LonLatBox;
  const inWorld = w >= -180 && e <= 180 && s >= -90 && n <= 90;
  return inWorld && w < e && s < n ? [w, s, e, n] : null;
}
