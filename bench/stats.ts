/** Figures shared by the benchmarks: nearest-rank percentiles of a sample. */

export const percentile = (sorted: readonly number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;

export interface Stats {
  n: number;
  p50: number;
  p95: number;
  max: number;
}

export function stats(sample: readonly number[]): Stats {
  const sorted = [...sample].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? Number.NaN,
  };
}
