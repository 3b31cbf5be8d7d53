import type { Box } from '../archive.queries';
import type { FirstPage, SceneRow } from '../archive.repository';
import {
  type CoverageArea,
  coverageArea,
  type MultiPolygonGeometry,
  sceneCoverage,
  unionCoverage,
} from './coverage';
import { type CoverageSample, coverageSample, sampledShare } from './coverage-sample';

export { type CoverageArea, coverageArea };

/** The rectangles a search may test instead of the AOI (`SearchArea.boxes`): when every part is one, up to 8. */
export function rectanglesOf(area: CoverageArea): { boxes?: Box[] } {
  const rectangles = area.parts.length <= 8 && area.parts.every((p) => p.rectangle);
  return rectangles ? { boxes: area.parts.map((p) => p.box) } : {};
}

/** The rows with each scene's share of the searched area, %, unrounded. */
export function withCoverage(area: CoverageArea, rows: SceneRow[]): SceneRow[] {
  for (const row of rows) row.coverage = sceneCoverage(area, row.footprint);
  return rows;
}

/**
 * The union's share of the searched area for a first page whose rows carry their coverage
 * already: 100 as soon as one scene covers it all (the common case of small AOIs), else the
 * union of every match's footprint when the page brought them all, else `estimate` (the share
 * of a sample of points some match covers: `coverage-sample.ts`).
 */
export async function searchCoverage(
  area: CoverageArea,
  page: FirstPage,
  estimate: (sample: CoverageSample) => Promise<number>,
): Promise<number> {
  if (page.rows.some((r) => (r.coverage ?? 0) >= 100)) return 100;
  if (!page.complete) {
    const sample = coverageSample(area);
    return sampledShare(sample, await estimate(sample));
  }
  const footprints: MultiPolygonGeometry[] = page.rows.map((r) => r.footprint);
  return unionCoverage(area, footprints.concat(page.otherFootprints));
}
