import { fromFile, type GeoTIFF, type GeoTIFFImage } from 'geotiff';
import { LruCache } from './lru';
import { type SourceCrs, sourceCrsOfEpsg } from './projection';

/**
 * GeoTIFF (and Cloud-Optimized GeoTIFF) reading for the renderer: files are opened once and
 * kept, pixels are read in fixed blocks through a byte-bounded LRU of decoded blocks, and a
 * request reads only the window it covers, from the overview closest to its resolution,
 * box-averaged down to roughly the output's pixel size. A request therefore never holds
 * more than about 2.25 × its output pixel count per band, whatever the file's size.
 */

export class RasterSourceError extends Error {}

/** One resolution level of a file: the full image or one of its overviews. */
export interface RasterLevel {
  image: GeoTIFFImage;
  width: number;
  height: number;
  /** how many full-resolution pixels one pixel of this level spans */
  factor: number;
}

export interface RasterFile {
  path: string;
  crs: SourceCrs;
  /** the outer corner (not the centre) of pixel (0, 0), in the CRS */
  originX: number;
  originY: number;
  /** full-resolution pixel size in CRS units, both positive (rows run southwards) */
  resX: number;
  resY: number;
  levels: RasterLevel[];
  samples: number;
  /** a value meaning "no data": the GDAL_NODATA tag, else 0 for integer rasters (Landsat fill) */
  nodata: number | null;
  blockSize: number;
}

/** A window of one band at one level, possibly box-averaged by `step`: NaN where there is no data. */
export interface RasterWindow {
  /** level pixel of the window's first cell's outer corner */
  x0: number;
  y0: number;
  /** level pixels per window cell */
  step: number;
  width: number;
  height: number;
  data: Float32Array;
}

const BLOCK = 256;
/** A request that would have to decode more than this many level pixels per band is refused. */
const MAX_LEVEL_PIXELS = 64 * 1024 * 1024;

type Block = ArrayLike<number> & { byteLength: number };

export interface GeoTiffStoreOptions {
  /** bytes of decoded blocks kept in memory */
  blockCacheBytes?: number;
  /** files kept open */
  openFiles?: number;
}

export class GeoTiffStore {
  private readonly files: LruCache<string, { tiff: GeoTIFF; file: RasterFile }>;
  private readonly blocks: LruCache<string, Block[] & { byteLength: number }>;
  private readonly stretches = new LruCache<string, [number, number]>(256);
  private closing = false;

  constructor(options: GeoTiffStoreOptions = {}) {
    this.files = new LruCache(options.openFiles ?? 32, undefined, ({ tiff }) => {
      // Evicted while serving: another request may still be reading, so close a little later.
      if (this.closing) void tiff.close();
      else setTimeout(() => void tiff.close(), 60_000).unref();
    });
    this.blocks = new LruCache(options.blockCacheBytes ?? 128 * 1024 * 1024, (b) => b.byteLength);
  }

  /** Bytes of decoded blocks held. */
  get cachedBytes(): number {
    return this.blocks.cost;
  }

  async open(path: string): Promise<RasterFile> {
    return (await this.files.get(path, () => openRaster(path))).file;
  }

  /**
   * The band `sample` of `file` at `level` over level pixels [x0, x1) × [y0, y1), averaged
   * over step × step cells (nodata excluded).
   */
  async readWindow(
    file: RasterFile,
    levelIndex: number,
    sample: number,
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    step: number,
  ): Promise<RasterWindow> {
    const level = file.levels[levelIndex]!;
    if ((x1 - x0) * (y1 - y0) > MAX_LEVEL_PIXELS) {
      throw new RasterSourceError(`${file.path}: the window needs more pixels than allowed (no overviews?)`);
    }
    const width = Math.ceil((x1 - x0) / step);
    const height = Math.ceil((y1 - y0) / step);
    const sum = new Float32Array(width * height);
    const count = step > 1 ? new Uint16Array(width * height) : null;
    if (count === null) sum.fill(Number.NaN);
    const { nodata } = file;

    const bs = file.blockSize;
    for (let by = Math.floor(y0 / bs); by * bs < y1; by++) {
      for (let bx = Math.floor(x0 / bs); bx * bs < x1; bx++) {
        const block = await this.block(file, levelIndex, level, sample, bx, by);
        const bx0 = bx * bs;
        const by0 = by * bs;
        const bw = Math.min(bs, level.width - bx0);
        const yFrom = Math.max(y0, by0);
        const yTo = Math.min(y1, by0 + Math.min(bs, level.height - by0));
        const xFrom = Math.max(x0, bx0);
        const xTo = Math.min(x1, bx0 + bw);
        for (let y = yFrom; y < yTo; y++) {
          const src = (y - by0) * bw - bx0;
          const dst = (((y - y0) / step) | 0) * width;
          for (let x = xFrom; x < xTo; x++) {
            const v = block[src + x]!;
            if (v === nodata || Number.isNaN(v)) continue;
            const i = dst + (((x - x0) / step) | 0);
            if (count) {
              sum[i]! += v;
              count[i]!++;
            } else {
              sum[i] = v;
            }
          }
        }
      }
    }
    if (count) {
      for (let i = 0; i < sum.length; i++) sum[i] = count[i]! > 0 ? sum[i]! / count[i]! : Number.NaN;
    }
    return { x0, y0, step, width, height, data: sum };
  }

  /**
   * The 2nd and 98th percentiles of a band over its valid pixels, from its coarsest level
   * read down to at most ≈ 512 × 512 cells; computed once per file and band.
   */
  stretchOf(file: RasterFile, sample: number): Promise<[number, number]> {
    return this.stretches.get(`${file.path}|${sample}`, async () => {
      const levelIndex = file.levels.length - 1;
      const level = file.levels[levelIndex]!;
      const step = Math.max(1, Math.ceil(Math.max(level.width, level.height) / 512));
      const window = await this.readWindow(file, levelIndex, sample, 0, 0, level.width, level.height, step);
      const valid = window.data.filter((v) => !Number.isNaN(v)).sort();
      if (valid.length === 0) return [0, 1];
      const lo = valid[Math.floor(0.02 * (valid.length - 1))]!;
      const hi = valid[Math.ceil(0.98 * (valid.length - 1))]!;
      return [lo, hi > lo ? hi : lo + 1];
    });
  }

  private block(
    file: RasterFile,
    levelIndex: number,
    level: RasterLevel,
    sample: number,
    bx: number,
    by: number,
  ) {
    const bs = file.blockSize;
    // Every sample of a block at once: a pixel-interleaved file (RGB COGs) stores them in one
    // compressed tile, which reading band by band would inflate once per band.
    const all = this.blocks.get(`${file.path}|${levelIndex}|${bx}|${by}`, async () => {
      const window = [
        bx * bs,
        by * bs,
        Math.min(level.width, (bx + 1) * bs),
        Math.min(level.height, (by + 1) * bs),
      ];
      const rasters = (await level.image.readRasters({ window, interleave: false })) as unknown as Block[];
      const bands = Array.from(rasters);
      return Object.assign(bands, { byteLength: bands.reduce((n, b) => n + b.byteLength, 0) });
    });
    return all.then((bands) => bands[sample]!);
  }

  /** Closes every open file (at shutdown). */
  async close(): Promise<void> {
    this.closing = true;
    this.blocks.clear();
    this.stretches.clear();
    this.files.clear();
  }
}

/** Opens a GeoTIFF and reads its georeferencing; the caller closes `tiff`. */
export async function openRaster(path: string): Promise<{ tiff: GeoTIFF; file: RasterFile }> {
  const tiff = await fromFile(path);
  try {
    const image = await tiff.getImage(0);
    const keys = image.getGeoKeys() ?? {};
    const epsg = Number(
      keys.ProjectedCSTypeGeoKey ??
        (keys.GTModelTypeGeoKey === 2 ? (keys.GeographicTypeGeoKey ?? 4326) : NaN),
    );
    const crs = sourceCrsOfEpsg(epsg);
    if (!crs) throw new RasterSourceError(`${path}: unsupported CRS (EPSG ${epsg})`);
    const transformation = image.fileDirectory.getValue('ModelTransformation') as number[] | undefined;
    if (transformation && (transformation[1] !== 0 || transformation[4] !== 0)) {
      throw new RasterSourceError(`${path}: rotated rasters are not supported`);
    }
    const [ox, oy] = image.getOrigin() as [number, number];
    const [rx, ry] = image.getResolution() as [number, number];
    const resX = Math.abs(rx);
    const resY = Math.abs(ry);
    // PixelIsPoint (Landsat): the tie point is the centre of pixel (0, 0), not its corner.
    const half = image.pixelIsArea() ? 0 : 0.5;
    const width = image.getWidth();
    const height = image.getHeight();
    const levels: RasterLevel[] = [{ image, width, height, factor: 1 }];
    const count = await tiff.getImageCount();
    for (let i = 1; i < count; i++) {
      const overview = await tiff.getImage(i);
      const subfile = Number(overview.fileDirectory.getValue('NewSubfileType') ?? 0);
      if (subfile & 4) continue; // a transparency mask, not an overview
      const w = overview.getWidth();
      if (w >= width) continue;
      levels.push({ image: overview, width: w, height: overview.getHeight(), factor: width / w });
    }
    levels.sort((a, b) => a.factor - b.factor);
    const gdalNodata = image.getGDALNoData();
    const sampleFormat = image.getSampleFormat(0);
    const nodata = gdalNodata ?? (sampleFormat === 3 ? null : 0);
    const file: RasterFile = {
      path,
      crs,
      originX: ox - half * resX,
      originY: oy + half * resY,
      resX,
      resY,
      levels,
      samples: image.getSamplesPerPixel(),
      nodata,
      blockSize: BLOCK,
    };
    return { tiff, file };
  } catch (error) {
    await tiff.close();
    throw error;
  }
}
