/**
 * Deterministic value noise and its fractal sum (fBm), seeded by a 32-bit integer. Only
 * integer hashing and IEEE additions and multiplications: the same seed and coordinates give
 * the same value on every machine and Node version, so a scene's clouds, and its quicklook's
 * bytes, never change.
 *
 * The lattice is Perlin's: a seeded permutation of 256 values, so the pattern repeats every
 * 256 cells of an octave; each octave is rotated and offset, which hides the period.
 */

/** FNV-1a of a string, 32 bits: the seed of a scene's noise. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small, well-mixed 32-bit generator, [0, 1). */
function mulberry32(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The summed amplitudes of 0…32 octaves, 2 − 2^(1−n): exact in binary, as fbm's running sum is. */
const octaveTotals = Array.from({ length: 33 }, (_, n) => 2 - 2 ** (1 - n));

export class ValueNoise {
  private readonly perm = new Uint8Array(512);
  private readonly values = new Float64Array(256);

  constructor(seed: number) {
    const random = mulberry32(seed);
    const p = new Uint8Array(256);
    for (let i = 0; i < 256; i++) {
      p[i] = i;
      this.values[i] = random();
    }
    for (let i = 255; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      const t = p[i]!;
      p[i] = p[j]!;
      p[j] = t;
    }
    for (let i = 0; i < 512; i++) this.perm[i] = p[i & 255]!;
  }

  /** Value noise in [0, 1), smooth (quintic fade) between lattice points. */
  at(x: number, y: number): number {
    const fx = Math.floor(x);
    const fy = Math.floor(y);
    const tx = x - fx;
    const ty = y - fy;
    const ux = tx * tx * tx * (tx * (tx * 6 - 15) + 10);
    const uy = ty * ty * ty * (ty * (ty * 6 - 15) + 10);
    const ix = fx & 255;
    const iy = fy & 255;
    const p = this.perm;
    const v = this.values;
    const a = p[ix]! + iy;
    const b = p[ix + 1]! + iy;
    const v00 = v[p[a]!]!;
    const v10 = v[p[b]!]!;
    const v01 = v[p[a + 1]!]!;
    const v11 = v[p[b + 1]!]!;
    const top = v00 + (v10 - v00) * ux;
    return top + (v01 + (v11 - v01) * ux - top) * uy;
  }

  /**
   * Fractal sum of `octaves` noises, each twice the frequency and half the amplitude of the
   * one before (rotated by ≈ 36.87° and offset so the lattices do not line up), in [0, 1).
   */
  fbm(x: number, y: number, octaves: number): number {
    let sum = 0;
    let amplitude = 1;
    let total = 0;
    let px = x;
    let py = y;
    for (let o = 0; o < octaves; o++) {
      sum += amplitude * this.at(px, py);
      total += amplitude;
      amplitude *= 0.5;
      const nx = 2 * (0.8 * px - 0.6 * py) + 17.31;
      py = 2 * (0.6 * px + 0.8 * py) + 5.79;
      px = nx;
    }
    return sum / total;
  }

  /**
   * fbm, but stops as soon as the remaining octaves cannot lift the sum to `floor`; answers
   * a value below `floor` then (the caller only needs to know it is below).
   */
  fbmAbove(x: number, y: number, octaves: number, floor: number): number {
    const total = octaveTotals[octaves] ?? 2;
    const limit = floor * total;
    let sum = 0;
    let amplitude = 1;
    let remaining = total;
    let px = x;
    let py = y;
    for (let o = 0; o < octaves; o++) {
      sum += amplitude * this.at(px, py);
      remaining -= amplitude;
      if (sum + remaining < limit) return (sum + remaining) / total;
      amplitude *= 0.5;
      const nx = 2 * (0.8 * px - 0.6 * py) + 17.31;
      py = 2 * (0.6 * px + 0.8 * py) + 5.79;
      px = nx;
    }
    return sum / total;
  }
}
