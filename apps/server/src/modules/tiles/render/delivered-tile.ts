import type { TileFormat } from '@satportal/contract';
import sharp from 'sharp';
import type { GeoTiffStore } from './geotiff-source';
import { columnLongitudes, type OutputGrid, rowLatitudes } from './grid';
import { type BandSource, renderRasterBands } from './raster-render';
import { type LonLatBox, TILE_SIZE, type TileAddress, tileMercatorBox } from './xyz';

/**
 * A 256 × 256 Web Mercator tile of a delivered COG (EPSG:4326 or UTM), reprojected with the
 * quicklooks' lattice (`renderRasterBands`), from the overview nearest the zoom, nearest-neighbour
 * sampled (a tile is drawn in a few milliseconds; the map itself smooths when it scales). Nodata (0 in every
 * delivered COG) is transparent. 8-bit COGs (simulated scenes, L3D natural colour) are drawn as
 * they are; 16-bit ones (Landsat L1/L1C bands) are stretched by the file's own 2–98 % percentiles,
 * read once from its coarsest overview, so every tile of a scene has the same stretch and tiles
 * meet without seams.
 */

/** Bumped whenever a change changes the pixels of a delivered tile (part of the cache key). */
export const DELIVERED_RENDERER_VERSION = 1;

export async function renderDeliveredTile(
  store: GeoTiffStore,
  cogPath: string,
  tile: TileAddress,
  clip: LonLatBox | null,
): Promise<Uint8Array> {
  const file = await store.open(cogPath);
  const grid: OutputGrid = {
    crs: 'EPSG:3857',
    bbox: tileMercatorBox(tile),
    width: TILE_SIZE,
    height: TILE_SIZE,
  };
  const mask = new Uint8Array(TILE_SIZE * TILE_SIZE);
  if (clip) {
    const lons = columnLongitudes(grid);
    const lats = rowLatitudes(grid);
    for (let r = 0; r < TILE_SIZE; r++) {
      if (lats[r]! < clip[1] || lats[r]! > clip[3]) continue;
      for (let c = 0; c < TILE_SIZE; c++) {
        if (lons[c]! >= clip[0] && lons[c]! <= clip[2]) mask[r * TILE_SIZE + c] = 1;
      }
    }
  } else {
    mask.fill(1);
  }
  const rgba = new Uint8Array(TILE_SIZE * TILE_SIZE * 4);
  if (!mask.includes(1)) return rgba;
  const samples = file.samples >= 3 ? [0, 1, 2] : [0, 0, 0];
  const bands = samples.map((sample): BandSource => ({ path: cogPath, sample }));
  const bits = file.levels[0]!.image.getBitsPerSample(0);
  await renderRasterBands(rgba, mask, grid, bands, bits > 8 ? 'percentile' : 'none', store, 'nearest');
  return rgba;
}

export const hasOpaquePixel = (rgba: Uint8Array): boolean => {
  for (let o = 3; o < rgba.length; o += 4) if (rgba[o] !== 0) return true;
  return false;
};

export const tileContentType = (format: TileFormat): string =>
  format === 'png' ? 'image/png' : 'image/webp';

/** Low effort on purpose: a tile is encoded once and cached; the render budget is a few ms. */
export function encodeTile(rgba: Uint8Array, format: TileFormat): Promise<Buffer> {
  const image = sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength), {
    raw: { width: TILE_SIZE, height: TILE_SIZE, channels: 4 },
  });
  return format === 'png'
    ? image.png({ compressionLevel: 2, adaptiveFiltering: false }).toBuffer()
    : image.webp({ quality: 85, alphaQuality: 100, effort: 1 }).toBuffer();
}

const blanks = new Map<TileFormat, Promise<Buffer>>();

/** The fully transparent tile (outside the scene or the box): one per format, made once. */
export function blankTile(format: TileFormat): Promise<Buffer> {
  let blank = blanks.get(format);
  if (!blank) {
    blank = encodeTile(new Uint8Array(TILE_SIZE * TILE_SIZE * 4), format);
    blanks.set(format, blank);
  }
  return blank;
}
