import sharp from 'sharp';
import { boxPolygon } from '../../orbits/footprint';
import type { Footprint } from './footprint';
import { mercatorX, mercatorY } from './projection';
import type { QuicklookRequest, QuicklookScene } from './quicklook';

/** Test helpers of the tiles folder (not used by the product). */

export interface DecodedPng {
  width: number;
  height: number;
  /** RGBA */
  data: Uint8Array;
}

export async function decodePng(png: Buffer): Promise<DecodedPng> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
  };
}

export const pixel = (image: DecodedPng, col: number, row: number): [number, number, number, number] => {
  const o = (row * image.width + col) * 4;
  return [image.data[o]!, image.data[o + 1]!, image.data[o + 2]!, image.data[o + 3]!];
};

/** A longitude/latitude box as a footprint polygon. */
export const box = (west: number, south: number, east: number, north: number) =>
  boxPolygon(west, south, east, north) as Extract<Footprint, { type: 'Polygon' }>;

export function simulatedScene(id: string, footprint: Footprint, cloudCover: number | null): QuicklookScene {
  return { id, footprint, cloudCover, provenance: 'simulated', assets: { quicklook: null, files: [] } };
}

/** A Web Mercator request over a lon/lat box. */
export function mercatorRequest(
  west: number,
  south: number,
  east: number,
  north: number,
  width: number,
  height = width,
): QuicklookRequest {
  return {
    crs: 'EPSG:3857',
    bbox: { minX: mercatorX(west), minY: mercatorY(south), maxX: mercatorX(east), maxY: mercatorY(north) },
    width,
    height,
    transparent: true,
  };
}

/** Pixels fully opaque. */
export const opaqueCount = (image: DecodedPng) => {
  let n = 0;
  for (let i = 3; i < image.data.length; i += 4) if (image.data[i] === 255) n++;
  return n;
};

/** Every pixel is either fully opaque or fully transparent (0, 0, 0, 0). */
export const binaryAlpha = (image: DecodedPng) => {
  for (let i = 0; i < image.data.length; i += 4) {
    const a = image.data[i + 3];
    if (a === 255) continue;
    if (a !== 0 || image.data[i] !== 0 || image.data[i + 1] !== 0 || image.data[i + 2] !== 0) return false;
  }
  return true;
};
