import sharp from 'sharp';
import { MERCATOR_HALF_WORLD, mercatorLat } from '../render/projection';
import { type TileAddress, tileMercatorBox } from '../render/xyz';

// One tile grid for delivered and HD tiles (render/xyz.ts).
export { type TileAddress, tileMercatorBox };

/** Pure parts of an HD mosaic tile: the tile's boxes and the painting of scenes into one image. */

export const HD_TILE_SIZE = 256;

/** The tile's box in degrees: [minLon, minLat, maxLon, maxLat]. */
export function tileLonLatBox(tile: TileAddress): [number, number, number, number] {
  const b = tileMercatorBox(tile);
  const lon = (x: number) => (x / MERCATOR_HALF_WORLD) * 180;
  return [lon(b.minX), mercatorLat(b.minY), lon(b.maxX), mercatorLat(b.maxY)];
}

/** RGBA pixels of a PNG. */
export async function rgbaOf(png: Buffer): Promise<Uint8Array> {
  const { data } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

/** Whether a scene's footprint mask adds nothing: every pixel it could draw is painted already. */
export function adds(canvas: Uint8Array, mask: Uint8Array): boolean {
  for (let i = 0; i < mask.length; i++) if (mask[i] !== 0 && canvas[i * 4 + 3] === 0) return true;
  return false;
}

/**
 * Paints `layer` under what `canvas` holds already: a pixel is taken from the first layer that
 * has it, so painting the least-cloudy scene first keeps its pixels wherever it has any.
 * Returns whether the canvas is now covered everywhere (no later scene can add anything).
 */
export function paintUnder(canvas: Uint8Array, layer: Uint8Array): boolean {
  let covered = true;
  for (let o = 0; o < canvas.length; o += 4) {
    if (canvas[o + 3] !== 0) continue;
    if (layer[o + 3] !== 0) {
      canvas[o] = layer[o]!;
      canvas[o + 1] = layer[o + 1]!;
      canvas[o + 2] = layer[o + 2]!;
      canvas[o + 3] = layer[o + 3]!;
    } else covered = false;
  }
  return covered;
}
