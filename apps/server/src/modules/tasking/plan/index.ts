import type { Footprint } from '../../orbits/footprint';
import type { NormalisedGeometry } from '../../scenes/lonlat';
import {
  type CompletionStep,
  completionCurve,
  greedyCover,
  meanClear,
  type PlanCandidate,
} from './capture-plan';
import { clearSkyProbability } from './clear-sky';
import { pointsCovered, type SamplePoint, samplePoints, weatherCellCentre, weatherCellOf } from './sampling';

export { regularisedBeta } from './clear-sky';

/** A pass as the plan reads it. */
export interface PlanPass {
  footprint: Footprint;
  /** Best instant, ms. */
  best: number;
  /** Radar sees through clouds. */
  radar: boolean;
}

export interface CapturePlanOutline {
  /** The chosen passes (indexes into the passes given), in the order the greedy cover took them. */
  chosen: number[];
  /** The share (0–1) of the AOI each chosen pass added, in `chosen`'s order. */
  added: number[];
  /** Each pass's clear-sky probability over the AOI it covers. */
  clearOfEach: number[];
  planClearProbability: number;
  completion: CompletionStep[];
}

const polygonsOf = (f: Footprint) => (f.type === 'Polygon' ? [f.coordinates] : f.coordinates);

/**
 * The capture plan of passes over AOIs (capture-plan.ts): sample points, which passes cover which,
 * each pass's clear-sky chance per weather cell (its sky at the cell's centre; radar always clear),
 * the greedy cover and the completion curves of all passes and of the plan's alone.
 */
export function outlineCapturePlan(
  aois: readonly NormalisedGeometry[],
  passes: readonly PlanPass[],
  maxCloudPercent: number,
  now: number,
): CapturePlanOutline {
  const points = samplePoints(aois.flatMap((a) => a.coordinates));
  const total = points.reduce((s, p) => s + p.weight, 0);
  const candidates: PlanCandidate[] = passes.map((pass) => {
    const byCell = new Map<number, number>();
    return {
      time: pass.best,
      covers: pointsCovered(points, polygonsOf(pass.footprint)),
      clearAt: (cell) => {
        if (pass.radar) return 1;
        let p = byCell.get(cell);
        if (p === undefined) {
          const [lon, lat] = weatherCellCentre(cell);
          p = clearSkyProbability({ maxCloudPercent, lon, lat, time: pass.best, now });
          byCell.set(cell, p);
        }
        return p;
      },
    };
  });
  // A pass over no sample point (a sliver of the AOI) is judged at the AOI's first point's cell.
  const anyCell = points[0]?.cell ?? weatherCellOf(0, 0);
  const clearOfEach = candidates.map((c) => (c.covers.length ? meanClear(points, c) : c.clearAt(anyCell)));
  const chosen = greedyCover(points, candidates);
  const covered = new Uint8Array(points.length);
  const added = chosen.map((i) => {
    let gain = 0;
    for (const j of (candidates[i] as PlanCandidate).covers) {
      if (!covered[j]) gain += (points[j] as SamplePoint).weight;
      covered[j] = 1;
    }
    return total > 0 ? gain / total : 0;
  });
  return {
    chosen,
    added,
    clearOfEach,
    planClearProbability: completionCurve(points, candidates, chosen).at(-1)?.probability ?? 0,
    completion: completionCurve(points, candidates),
  };
}
