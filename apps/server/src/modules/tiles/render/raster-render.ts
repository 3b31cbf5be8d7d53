import type { GeoTiffStore, RasterFile, RasterWindow } from './geotiff-source';
import { columnLongitudes, type OutputGrid, rowLatitudes } from './grid';
import { toSourceCrs } from './projection';

/**
 * Quicklooks of scenes with real imagery: three bands (red, green, blue) of GeoTIFFs in their
 * own CRS, reprojected to the output grid, stretched to 8 bits.
 *
 * Reprojection is GDAL's "approximate transformer": the exact transform (output pixel →
 * lon/lat → source CRS → source pixel) is computed on a lattice of nodes every NODE_STEP
 * output pixels and interpolated bilinearly between them, which is exact to a small fraction
 * of a source pixel at quicklook scales and keeps the per-pixel cost at a few additions.
 */

/** One band: a file and a sample (0-based) in it. */
export interface BandSource {
  path: string;
  sample: number;
}

/** percentile: 2–98 % of each band's valid values to 0–255; none: values are bytes already. */
export type Stretch = 'percentile' | 'none';

/** bilinear: smooth (quicklooks); nearest: one source value per pixel, cheaper (map tiles). */
export type Sampling = 'bilinear' | 'nearest';

export const NODE_STEP = 16;
/** Gamma of the percentile stretch: lifts the dark land a little, as true-colour products do. */
const GAMMA = 1.25;
const LUT_SIZE = 1024;

interface NodeLattice {
  cols: number[];
  rows: number[];
  /** level-0 source pixel coordinates (pixel centres at integers) of each node, row-major */
  sx: Float64Array;
  sy: Float64Array;
}

function nodePositions(size: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < size - 1; i += NODE_STEP) out.push(i);
  out.push(size - 1);
  return out;
}

function lattice(grid: OutputGrid, file: RasterFile): NodeLattice {
  const lons = columnLongitudes(grid);
  const lats = rowLatitudes(grid);
  const cols = nodePositions(grid.width);
  const rows = nodePositions(grid.height);
  const sx = new Float64Array(cols.length * rows.length);
  const sy = new Float64Array(cols.length * rows.length);
  let i = 0;
  for (const r of rows) {
    for (const c of cols) {
      const [x, y] = toSourceCrs(file.crs, lons[c]!, lats[r]!);
      sx[i] = (x - file.originX) / file.resX - 0.5;
      sy[i] = (file.originY - y) / file.resY - 0.5;
      i++;
    }
  }
  return { cols, rows, sx, sy };
}

/** Source pixels per output pixel, the median over the lattice cells that touch the raster. */
function sourceScale(lat: NodeLattice, file: RasterFile): number {
  const level0 = file.levels[0]!;
  const nc = lat.cols.length;
  const inside: number[] = [];
  const all: number[] = [];
  for (let j = 0; j + 1 < lat.rows.length || (lat.rows.length === 1 && j === 0); j++) {
    for (let i = 0; i + 1 < nc; i++) {
      const k = j * nc + i;
      const dc = lat.cols[i + 1]! - lat.cols[i]!;
      const scaleX = Math.hypot(lat.sx[k + 1]! - lat.sx[k]!, lat.sy[k + 1]! - lat.sy[k]!) / dc;
      let scale = scaleX;
      if (j + 1 < lat.rows.length) {
        const dr = lat.rows[j + 1]! - lat.rows[j]!;
        const scaleY = Math.hypot(lat.sx[k + nc]! - lat.sx[k]!, lat.sy[k + nc]! - lat.sy[k]!) / dr;
        scale = Math.sqrt(scaleX * scaleY);
      }
      if (!Number.isFinite(scale) || scale <= 0) continue;
      all.push(scale);
      const x = lat.sx[k]!;
      const y = lat.sy[k]!;
      if (x >= 0 && y >= 0 && x < level0.width && y < level0.height) inside.push(scale);
    }
    if (lat.rows.length === 1) break;
  }
  const values = inside.length > 0 ? inside : all;
  if (values.length === 0) return 1;
  values.sort((a, b) => a - b);
  return values[values.length >> 1]!;
}

/** The stretch of a band as a lookup table over LUT_SIZE steps between lo and hi. */
function stretchLut(
  lo: number,
  hi: number,
  stretch: Stretch,
): { lo: number; scale: number; lut: Uint8Array } {
  const lut = new Uint8Array(LUT_SIZE);
  for (let i = 0; i < LUT_SIZE; i++) {
    const t = i / (LUT_SIZE - 1);
    lut[i] = Math.round(255 * (stretch === 'percentile' ? t ** (1 / GAMMA) : t));
  }
  return { lo, scale: (LUT_SIZE - 1) / (hi - lo), lut };
}

/**
 * Writes the bands as RGB into `out` where `mask` is set, and alpha 255 where all three have
 * data; pixels without data stay fully transparent (0, 0, 0, 0).
 */
export async function renderRasterBands(
  out: Uint8Array,
  mask: Uint8Array,
  grid: OutputGrid,
  bands: readonly BandSource[],
  stretch: Stretch,
  store: GeoTiffStore,
  sampling: Sampling = 'bilinear',
): Promise<void> {
  const { width, height } = grid;
  // Counts the bands with data at each pixel; only pixels with all of them become opaque.
  const valid = new Uint8Array(width * height);
  let latticeOf: { file: RasterFile; lattice: NodeLattice } | null = null;

  for (let b = 0; b < bands.length; b++) {
    const band = bands[b]!;
    const file = await store.open(band.path);
    if (band.sample >= file.samples) throw new RangeError(`${band.path} has no sample ${band.sample}`);
    const same =
      latticeOf !== null &&
      latticeOf.file.crs === file.crs &&
      latticeOf.file.originX === file.originX &&
      latticeOf.file.originY === file.originY &&
      latticeOf.file.resX === file.resX &&
      latticeOf.file.resY === file.resY;
    if (!same || latticeOf === null) latticeOf = { file, lattice: lattice(grid, file) };
    const lat = latticeOf.lattice;

    // The coarsest level still at least as fine as the output, then box-averaging down to it.
    const scale = sourceScale(lat, file);
    let levelIndex = 0;
    for (let i = 0; i < file.levels.length; i++) if (file.levels[i]!.factor <= scale) levelIndex = i;
    const level = file.levels[levelIndex]!;
    const step = Math.max(1, Math.round(scale / level.factor));

    // The window: the lattice's extent in level pixels, one pixel of margin for bilinear.
    let minX = Number.POSITIVE_INFINITY;
    let minY = Number.POSITIVE_INFINITY;
    let maxX = Number.NEGATIVE_INFINITY;
    let maxY = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < lat.sx.length; i++) {
      const x = (lat.sx[i]! + 0.5) / level.factor;
      const y = (lat.sy[i]! + 0.5) / level.factor;
      if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
    const x0 = Math.max(0, Math.floor(minX) - step);
    const y0 = Math.max(0, Math.floor(minY) - step);
    const x1 = Math.min(level.width, Math.ceil(maxX) + step);
    const y1 = Math.min(level.height, Math.ceil(maxY) + step);
    if (!(x1 > x0 && y1 > y0)) break; // the output does not reach the raster: nothing is valid

    const window = await store.readWindow(file, levelIndex, band.sample, x0, y0, x1, y1, step);
    const [lo, hi] = stretch === 'percentile' ? await store.stretchOf(file, band.sample) : [0, 255];
    const lut = stretchLut(lo, hi, stretch);
    sampleInto(out, valid, mask, grid, lat, window, level.factor, b, lut, sampling);
  }

  const need = bands.length;
  for (let p = 0; p < valid.length; p++) {
    if (valid[p] === need) out[p * 4 + 3] = 255;
    else if (mask[p]) {
      out[p * 4] = 0;
      out[p * 4 + 1] = 0;
      out[p * 4 + 2] = 0;
      out[p * 4 + 3] = 0;
    }
  }
}

function sampleInto(
  out: Uint8Array,
  valid: Uint8Array,
  mask: Uint8Array,
  grid: OutputGrid,
  lat: NodeLattice,
  window: RasterWindow,
  factor: number,
  channel: number,
  stretch: { lo: number; scale: number; lut: Uint8Array },
  sampling: Sampling,
): void {
  const { width, height } = grid;
  const { cols, rows, sx, sy } = lat;
  const nc = cols.length;
  const ww = window.width;
  const wh = window.height;
  const data = window.data;
  // Level-0 pixel coordinate → window cell coordinate (cell centres at integers).
  const ax = 1 / (factor * window.step);
  const bx = (0.5 / factor - window.x0) / window.step - 0.5;
  const by = (0.5 / factor - window.y0) / window.step - 0.5;
  const rowX = new Float64Array(nc);
  const rowY = new Float64Array(nc);
  const { lo, scale, lut } = stretch;
  const lutMax = lut.length - 1;
  const nearest = sampling === 'nearest';

  // Per column: the lattice column to its left and the weight of the one to its right.
  const left = new Int32Array(width);
  const weight = new Float64Array(width);
  for (let c = 0, k = 0; c < width; c++) {
    while (k + 2 < nc && cols[k + 1]! <= c) k++;
    const c0 = cols[k]!;
    const c1 = cols[Math.min(k + 1, nc - 1)]!;
    left[c] = k;
    weight[c] = c1 > c0 ? (c - c0) / (c1 - c0) : 0;
  }
  const lastCol = nc - 1;

  let nodeRow = 0;
  for (let r = 0; r < height; r++) {
    while (nodeRow + 2 < rows.length && rows[nodeRow + 1]! <= r) nodeRow++;
    const r0 = rows[nodeRow]!;
    const r1 = rows[Math.min(nodeRow + 1, rows.length - 1)]!;
    const tr = r1 > r0 ? (r - r0) / (r1 - r0) : 0;
    const k0 = nodeRow * nc;
    const k1 = Math.min(nodeRow + 1, rows.length - 1) * nc;
    // The lattice row interpolated to this row, already in window cell coordinates.
    for (let i = 0; i < nc; i++) {
      rowX[i] = (sx[k0 + i]! + (sx[k1 + i]! - sx[k0 + i]!) * tr) * ax + bx;
      rowY[i] = (sy[k0 + i]! + (sy[k1 + i]! - sy[k0 + i]!) * tr) * ax + by;
    }
    const rowStart = r * width;
    for (let c = 0; c < width; c++) {
      const p = rowStart + c;
      if (!mask[p]) continue;
      const k = left[c]!;
      const j = k < lastCol ? k + 1 : lastCol;
      const tc = weight[c]!;
      const x = rowX[k]! + (rowX[j]! - rowX[k]!) * tc;
      const y = rowY[k]! + (rowY[j]! - rowY[k]!) * tc;
      // Outside the window's cells by more than half a cell: no data.
      if (!(x >= -0.5 && y >= -0.5 && x <= ww - 0.5 && y <= wh - 0.5)) continue;
      if (nearest) {
        const xn = x + 0.5;
        const yn = y + 0.5;
        const v = data[(yn >= wh ? wh - 1 : yn | 0) * ww + (xn >= ww ? ww - 1 : xn | 0)]!;
        if (Number.isNaN(v)) continue;
        const index = ((v - lo) * scale + 0.5) | 0;
        out[p * 4 + channel] = lut[Math.max(0, Math.min(index, lutMax))]!;
        valid[p]!++;
        continue;
      }
      const xa = Math.floor(x);
      const ya = Math.floor(y);
      const fx = x - xa;
      const fy = y - ya;
      const xA = Math.max(xa, 0);
      const xB = xa + 1 >= ww ? ww - 1 : xa + 1;
      const iA = Math.max(ya, 0) * ww;
      const iB = (ya + 1 >= wh ? wh - 1 : ya + 1) * ww;
      const v00 = data[iA + xA]!;
      const v10 = data[iA + xB]!;
      const v01 = data[iB + xA]!;
      const v11 = data[iB + xB]!;
      let value: number;
      const sum4 = v00 + v10 + v01 + v11;
      if (!Number.isNaN(sum4)) {
        // All four have data (NaN would spread through the sum).
        const top = v00 + (v10 - v00) * fx;
        value = top + (v01 + (v11 - v01) * fx - top) * fy;
      } else {
        // Bilinear over the neighbours that have data, if they carry most of the weight.
        let sum = 0;
        let total = 0;
        let w = (1 - fx) * (1 - fy);
        if (!Number.isNaN(v00)) {
          sum += v00 * w;
          total += w;
        }
        w = fx * (1 - fy);
        if (!Number.isNaN(v10)) {
          sum += v10 * w;
          total += w;
        }
        w = (1 - fx) * fy;
        if (!Number.isNaN(v01)) {
          sum += v01 * w;
          total += w;
        }
        w = fx * fy;
        if (!Number.isNaN(v11)) {
          sum += v11 * w;
          total += w;
        }
        if (total < 0.5) continue;
        value = sum / total;
      }
      const index = ((value - lo) * scale + 0.5) | 0;
      out[p * 4 + channel] = lut[Math.max(0, Math.min(index, lutMax))]!;
      valid[p]!++;
    }
  }
}
