import type { FirstPage, SceneRow } from '../archive.repository';
import {
  type CoverageArea,
  coverageArea,
  type MultiPolygonGeometry,
  sceneCoverage,
  unionCoverage,
} from './coverage';

export { type CoverageArea, coverageArea };

/** The rows with each scene's share of the searched area, %, unrounded. */
export function withCoverage(area: CoverageArea, rows: SceneRow[]): SceneRow[] {
  for (const row of rows) row.coverage = sceneCoverage(area, row.footprint);
  return rows;
}

/**
 * The union's share of the searched area for a first page whose rows carry their coverage
 * already: 100 as soon as one scene covers it all (the common case of small AOIs), PostGIS's
 * figure when the statement computed it, else the union of every match's footprint.
 */
export function searchCoverage(area: CoverageArea, page: FirstPage): number {
  if (page.unionCoverage !== null) return page.unionCoverage;
  if (page.rows.some((r) => (r.coverage ?? 0) >= 100)) return 100;
  const footprints: MultiPolygonGeometry[] = page.rows.map((r) => r.footprint);
  return unionCoverage(area, footprints.concat(page.otherFootprints));
}
