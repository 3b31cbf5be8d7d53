import type { ArchiveSearchRequest } from '@satportal/contract';

/**
 * The benchmarks' archive search condition: the search panel's defaults (cloud ≤ 20 %, any
 * coverage, off-nadir ≤ 45°, any sun, both orbits, qualities A and B) over `fdate`–`tdate`.
 * One place for bench:search, bench:load and bench:wide (the tests' own is `test/scenes.ts`, which
 * the benchmarks cannot import: it brings vitest's types).
 */
export function benchSearchCondition(
  fdate: string,
  tdate: string,
  cc = 20,
): ArchiveSearchRequest['condition'] {
  return { fdate, tdate, cc, ac: 0, ona: 45, sza: 0, orbit: 0, productQualities: ['A', 'B'] };
}
