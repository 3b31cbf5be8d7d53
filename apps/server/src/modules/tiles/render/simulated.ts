import sharp from 'sharp';
import {
  type CloudField,
  cloudAlpha,
  cloudNoise,
  cloudNoiseForAlpha,
  cloudU,
  cloudV,
  finestCloudWavelength,
} from './clouds';
import { columnLongitudes, columnMercatorX, type OutputGrid, rowLatitudes, rowMercatorY } from './grid';
import { ValueNoise } from './noise';
import { MERCATOR_HALF_WORLD } from './projection';

/**
 * Quicklooks of simulated scenes: ground colours from a global equirectangular image
 * (bilinear, wrapping at ±180°), a faint ground texture below the image's 20 km pixels so a
 * zoomed-in VHR scene is not one flat colour, and the scene's clouds on top.
 */

/** An RGB image, 3 bytes per pixel, row-major, row 0 north. */
export interface RgbImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Decodes an equirectangular image covering −180…180°, 90…−90° into raw RGB. */
export async function loadEquirectangular(path: string): Promise<RgbImage> {
  const { data, info } = await sharp(path).removeAlpha().toColourspace('srgb').raw().toBuffer({
    resolveWithObject: true,
  });
  if (info.channels !== 3) throw new Error(`${path}: expected 3 channels, got ${info.channels}`);
  return {
    width: info.width,
    height: info.height,
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
  };
}

/** Wavelength of the coarsest ground-texture octave, Web Mercator metres (≈ the image's pixel). */
const TEXTURE_WAVELENGTH = 20_000;
const TEXTURE_MAX_OCTAVES = 7;
/** The texture's finest octave is kept at least this many output pixels long (no aliasing). */
const TEXTURE_FINEST_PIXELS = 8;
/** Brightness modulation of the texture: ×(1 ± this) at the field's extremes. */
const TEXTURE_AMPLITUDE = 0.35;
/** One fixed field: the ground is the same under every scene. */
const texture = new ValueNoise(0x5eed_0001);
/** A smooth field is evaluated exactly every `wavelength / NODES_PER_WAVELENGTH` pixels at most. */
const NODES_PER_WAVELENGTH = 4;
const MAX_NODE_STEP = 16;

export interface SimulatedStyle {
  /** radar scenes: grey backscatter-like tones and no clouds */
  radar: boolean;
  /**
   * Web Mercator x of the scene's centre: noise coordinates are taken in the world copy
   * around it, so neither clouds nor ground texture show a seam where a scene crosses ±180°.
   */
  centreX: number;
}

/**
 * A separable-input field f(xs[c], ys[r]) over the output, evaluated exactly every `step`
 * columns and rows and bilinearly between them: a field with no detail finer than a few
 * pixels then costs 1/step² of its evaluations. Rows are asked for in increasing order.
 */
class SmoothField {
  readonly line: Float64Array;
  private readonly nodeCols: number[] = [];
  private readonly left: Int32Array;
  private readonly weight: Float64Array;
  private readonly nodeRows: number[] = [];
  private upper: Float64Array;
  private lower: Float64Array;
  private upperIndex = -1;
  private lowerIndex = -1;
  private nodeRow = 0;

  constructor(
    private readonly xs: Float64Array,
    private readonly ys: Float64Array,
    private readonly step: number,
    private readonly f: (x: number, y: number) => number,
  ) {
    const width = xs.length;
    this.line = new Float64Array(width);
    for (let c = 0; c < width - 1; c += step) this.nodeCols.push(c);
    this.nodeCols.push(width - 1);
    for (let r = 0; r < ys.length - 1; r += step) this.nodeRows.push(r);
    this.nodeRows.push(ys.length - 1);
    this.left = new Int32Array(width);
    this.weight = new Float64Array(width);
    let k = 0;
    for (let c = 0; c < width; c++) {
      while (k + 2 < this.nodeCols.length && this.nodeCols[k + 1]! <= c) k++;
      const c0 = this.nodeCols[k]!;
      const c1 = this.nodeCols[Math.min(k + 1, this.nodeCols.length - 1)]!;
      this.left[c] = k;
      this.weight[c] = c1 > c0 ? (c - c0) / (c1 - c0) : 0;
    }
    this.upper = new Float64Array(this.nodeCols.length);
    this.lower = new Float64Array(this.nodeCols.length);
  }

  /** Fills `line` for row r between columns [from, to). */
  row(r: number, from: number, to: number): Float64Array {
    const { line, xs, ys, f } = this;
    if (this.step === 1) {
      const y = ys[r]!;
      for (let c = from; c < to; c++) line[c] = f(xs[c]!, y);
      return line;
    }
    const rows = this.nodeRows;
    while (this.nodeRow + 2 < rows.length && rows[this.nodeRow + 1]! <= r) this.nodeRow++;
    const i0 = this.nodeRow;
    const i1 = Math.min(i0 + 1, rows.length - 1);
    if (this.upperIndex !== i0) {
      if (this.lowerIndex === i0) {
        [this.upper, this.lower] = [this.lower, this.upper];
        this.upperIndex = i0;
        this.lowerIndex = -1;
      } else {
        this.fillNodes(this.upper, rows[i0]!);
        this.upperIndex = i0;
      }
    }
    if (this.lowerIndex !== i1) {
      this.fillNodes(this.lower, rows[i1]!);
      this.lowerIndex = i1;
    }
    const r0 = rows[i0]!;
    const r1 = rows[i1]!;
    const t = r1 > r0 ? (r - r0) / (r1 - r0) : 0;
    const { upper, lower, left, weight } = this;
    const last = upper.length - 1;
    for (let c = from; c < to; c++) {
      const k = left[c]!;
      const k1 = k < last ? k + 1 : last;
      const a = upper[k]! + (lower[k]! - upper[k]!) * t;
      const b = upper[k1]! + (lower[k1]! - upper[k1]!) * t;
      line[c] = a + (b - a) * weight[c]!;
    }
    return line;
  }

  private fillNodes(target: Float64Array, r: number): void {
    const y = this.ys[r]!;
    for (let k = 0; k < this.nodeCols.length; k++) target[k] = this.f(this.xs[this.nodeCols[k]!]!, y);
  }
}

const nodeStep = (wavelengthPixels: number): number =>
  Math.max(1, Math.min(MAX_NODE_STEP, Math.floor(wavelengthPixels / NODES_PER_WAVELENGTH)));

/**
 * Writes RGBA into `out` (4 bytes per pixel) wherever `mask` is set; other pixels are left as
 * they are (zero: transparent).
 */
export function renderSimulated(
  out: Uint8Array,
  mask: Uint8Array,
  grid: OutputGrid,
  earth: RgbImage,
  clouds: CloudField | null,
  style: SimulatedStyle,
): void {
  const { width, height } = grid;
  const lons = columnLongitudes(grid);
  const lats = rowLatitudes(grid);
  const mercX = columnMercatorX(grid);
  const mercY = rowMercatorY(grid);
  // Output pixel size in Web Mercator metres, near the middle of the box.
  const pixel = Math.max(
    1e-9,
    width > 1
      ? Math.abs(mercX[width - 1]! - mercX[0]!) / (width - 1)
      : Math.abs(mercY[height - 1]! - mercY[0]!),
  );

  // Columns: source columns and weights in the global image, wrapping around the world.
  const ew = earth.width;
  const eh = earth.height;
  const colA = new Int32Array(width);
  const colB = new Int32Array(width);
  const colW = new Float64Array(width);
  for (let c = 0; c < width; c++) {
    const u = (((((lons[c]! + 180) / 360) * ew - 0.5) % ew) + ew) % ew;
    const a = Math.floor(u);
    colA[c] = a * 3;
    colB[c] = ((a + 1) % ew) * 3;
    colW[c] = u - a;
  }

  // Noise coordinates: x is brought into the world copy around the scene, so the fields
  // continue across ±180°.
  const world = 2 * MERCATOR_HALF_WORLD;
  const textureX = new Float64Array(width);
  const textureY = new Float64Array(height);
  for (let c = 0; c < width; c++) {
    const x = mercX[c]!;
    textureX[c] = (x - world * Math.round((x - style.centreX) / world)) / TEXTURE_WAVELENGTH;
  }
  for (let r = 0; r < height; r++) textureY[r] = mercY[r]! / TEXTURE_WAVELENGTH;
  const octaves = Math.max(
    0,
    Math.min(
      TEXTURE_MAX_OCTAVES,
      1 + Math.floor(Math.log2(TEXTURE_WAVELENGTH / (TEXTURE_FINEST_PIXELS * pixel))),
    ),
  );
  const ground =
    octaves > 0
      ? new SmoothField(
          textureX,
          textureY,
          nodeStep(TEXTURE_WAVELENGTH / 2 ** (octaves - 1) / pixel),
          (x, y) => texture.fbm(x, y, octaves),
        )
      : null;

  let cloudField: SmoothField | null = null;
  if (clouds && !style.radar) {
    const cloudX = new Float64Array(width);
    const cloudY = new Float64Array(height);
    for (let c = 0; c < width; c++) {
      const x = mercX[c]!;
      cloudX[c] = cloudU(clouds, x - world * Math.round((x - clouds.frame.centreX) / world));
    }
    for (let r = 0; r < height; r++) cloudY[r] = cloudV(clouds, mercY[r]!);
    const step = nodeStep(finestCloudWavelength(clouds) / pixel);
    // Exactly evaluated, a clear pixel may stop early; interpolated nodes need the true value.
    cloudField = new SmoothField(
      cloudX,
      cloudY,
      step,
      step === 1 ? (u, v) => cloudNoiseForAlpha(clouds, u, v) : (u, v) => cloudNoise(clouds, u, v),
    );
  }

  const data = earth.data;
  for (let r = 0; r < height; r++) {
    const rowStart = r * width;
    let from = 0;
    while (from < width && !mask[rowStart + from]) from++;
    if (from === width) continue;
    let to = width;
    while (!mask[rowStart + to - 1]) to--;

    const v = Math.max(0, Math.min(eh - 1, ((90 - lats[r]!) / 180) * eh - 0.5));
    const ra = Math.floor(v);
    const rw = v - ra;
    const raOff = ra * ew * 3;
    const rbOff = Math.min(eh - 1, ra + 1) * ew * 3;
    const groundLine = ground ? ground.row(r, from, to) : null;
    const cloudLine = cloudField ? cloudField.row(r, from, to) : null;

    for (let c = from; c < to; c++) {
      const p = rowStart + c;
      if (!mask[p]) continue;
      const a = colA[c]!;
      const b = colB[c]!;
      const w = colW[c]!;
      const w00 = (1 - w) * (1 - rw);
      const w10 = w * (1 - rw);
      const w01 = (1 - w) * rw;
      const w11 = w * rw;
      let red =
        data[raOff + a]! * w00 + data[raOff + b]! * w10 + data[rbOff + a]! * w01 + data[rbOff + b]! * w11;
      let green =
        data[raOff + a + 1]! * w00 +
        data[raOff + b + 1]! * w10 +
        data[rbOff + a + 1]! * w01 +
        data[rbOff + b + 1]! * w11;
      let blue =
        data[raOff + a + 2]! * w00 +
        data[raOff + b + 2]! * w10 +
        data[rbOff + a + 2]! * w01 +
        data[rbOff + b + 2]! * w11;

      if (groundLine) {
        const t = 1 + TEXTURE_AMPLITUDE * (2 * groundLine[c]! - 1);
        red *= t;
        green *= t;
        blue *= t;
      }

      if (style.radar) {
        const grey = Math.min(255, (0.3 * red + 0.59 * green + 0.11 * blue) * 1.3);
        red = grey;
        green = grey;
        blue = grey;
      } else if (cloudLine && clouds) {
        const n = cloudLine[c]!;
        const alpha = cloudAlpha(clouds, n);
        if (alpha > 0) {
          // Thin cloud is greyer, thick cloud brighter.
          const tone = 228 + 27 * Math.min(1, Math.max(0, (n - clouds.threshold) / 0.12));
          red += (tone - red) * alpha;
          green += (tone - green) * alpha;
          blue += (tone - blue) * alpha;
        }
      }

      const o = p * 4;
      out[o] = red >= 255 ? 255 : red <= 0 ? 0 : (red + 0.5) | 0;
      out[o + 1] = green >= 255 ? 255 : green <= 0 ? 0 : (green + 0.5) | 0;
      out[o + 2] = blue >= 255 ? 255 : blue <= 0 ? 0 : (blue + 0.5) | 0;
      out[o + 3] = 255;
    }
  }
}
