/** Figures shared by the benchmarks: nearest-rank percentiles of a sample. */

export const percentile = (sorted: readonly number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;

export interface Stats {
  n: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
}

export function stats(sample: readonly number[]): Stats {
  const sorted = [...sample].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? Number.NaN,
    mean: sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length),
  };
}

/** mulberry32: a small seeded generator, so that every run uses the same inputs. */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
