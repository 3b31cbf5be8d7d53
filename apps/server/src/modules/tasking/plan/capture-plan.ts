import { hashInts, Random } from '../../weather';
import type { SamplePoint } from './sampling';

/**
 * The capture plan of a tasking prediction, over the AOI's sample points (sampling.ts):
 *
 * - **Fewest passes.** Greedy set cover: take the pass that images the most of the AOI not yet
 *   covered (by the points' weights), again and again, until no pass adds at least
 *   `MIN_GAIN_SHARE` of the AOI. Ties go to the likelier clear sky, then the earlier pass. Greedy
 *   is within a factor ln n of the fewest possible (and exact on the small, strip-shaped sets a
 *   pass list gives in practice); exact set cover is NP-hard and not worth it for ~100 passes.
 * - **Completion.** A part of the AOI is captured once a pass over it sees it clear (cloud at or
 *   below the customer's limit); the provider keeps trying every pass of the window until every
 *   part is. Each pass's sky is one draw per 1° weather cell, as the weather model draws it:
 *   independent between cells and between passes, shared by all of a cell's points. The chance
 *   that all of the coverable AOI is captured by a pass's time is the product over the cells of
 *   each cell's chance: exact, 1 − Π(1 − p), when one set of passes covers all the cell's points,
 *   else counted over seeded draws of the cell's skies (`COMPLETION_DRAWS`). Treating the points
 *   as independent would be far too gloomy: 2,000 points each 95 % sure multiply to nothing.
 */

export const MIN_GAIN_SHARE = 0.005;

export interface PlanCandidate {
  /** The pass's best instant, ms. */
  time: number;
  /** Indexes of the sample points the pass's footprint covers. */
  covers: readonly number[];
  /** The pass's clear-sky probability in a weather cell. */
  clearAt(cell: number): number;
}

export interface CompletionStep {
  time: number;
  /** Chance that every coverable part of the AOI has been captured clear by `time`. */
  probability: number;
  /** Expected share (0–1) of the AOI captured clear by `time`. */
  expectedShare: number;
}

/** A candidate's clear-sky probability averaged over the AOI it covers (by area). */
export function meanClear(points: readonly SamplePoint[], candidate: PlanCandidate): number {
  let weight = 0;
  let sum = 0;
  for (const i of candidate.covers) {
    const p = points[i] as SamplePoint;
    weight += p.weight;
    sum += p.weight * candidate.clearAt(p.cell);
  }
  return weight > 0 ? sum / weight : 0;
}

/** The candidates (indexes) of the greedy cover, in the order it takes them. */
export function greedyCover(
  points: readonly SamplePoint[],
  candidates: readonly PlanCandidate[],
  minGainShare = MIN_GAIN_SHARE,
): number[] {
  const total = points.reduce((s, p) => s + p.weight, 0);
  const covered = new Uint8Array(points.length);
  const clear = candidates.map((c) => meanClear(points, c));
  const chosen: number[] = [];
  const taken = new Set<number>();
  const epsilon = total * 1e-9;
  for (;;) {
    let best = -1;
    let bestGain = 0;
    candidates.forEach((c, i) => {
      if (taken.has(i)) return;
      let gain = 0;
      for (const j of c.covers) if (!covered[j]) gain += (points[j] as SamplePoint).weight;
      const better =
        gain > bestGain + epsilon ||
        (best >= 0 &&
          Math.abs(gain - bestGain) <= epsilon &&
          ((clear[i] as number) > (clear[best] as number) ||
            (clear[i] === clear[best] && c.time < (candidates[best] as PlanCandidate).time)));
      if (better) {
        best = i;
        bestGain = gain;
      }
    });
    if (best < 0 || bestGain < minGainShare * total) return chosen;
    chosen.push(best);
    taken.add(best);
    for (const j of (candidates[best] as PlanCandidate).covers) covered[j] = 1;
  }
}

/** Monte Carlo draws for a weather cell whose parts no single pass covers alike: σ ≤ 0.011. */
export const COMPLETION_DRAWS = 2000;

/**
 * The chance of completion after each of the candidates `which` (default all), in time order:
 * one step per pass. Only the parts some of these passes cover count (the coverable AOI).
 */
export function completionCurve(
  points: readonly SamplePoint[],
  candidates: readonly PlanCandidate[],
  which: readonly number[] = candidates.map((_, i) => i),
): CompletionStep[] {
  const order = [...which].sort(
    (a, b) => (candidates[a] as PlanCandidate).time - (candidates[b] as PlanCandidate).time || a - b,
  );
  // The passes over each point (as steps), then the parts: points of one weather cell and one set of passes.
  const over: number[][] = points.map(() => []);
  for (const [k, i] of order.entries())
    for (const j of (candidates[i] as PlanCandidate).covers) over[j]?.push(k);
  const cells = new Map<number, Map<string, number[]>>();
  over.forEach((steps, j) => {
    if (!steps.length) return;
    const cell = (points[j] as SamplePoint).cell;
    const parts = cells.get(cell) ?? new Map<string, number[]>();
    parts.set(steps.join(','), steps);
    cells.set(cell, parts);
  });
  // Each weather cell's chance of being complete after each step; cells are independent skies.
  const probability = order.map(() => 1);
  for (const [cell, parts] of cells) {
    const clear = (k: number) => (candidates[order[k] as number] as PlanCandidate).clearAt(cell);
    const curve =
      parts.size === 1
        ? onePart([...parts.values()][0] as number[], clear, order.length)
        : drawn(cell, [...parts.values()], clear, order.length);
    curve.forEach((p, k) => {
      probability[k] = (probability[k] as number) * p;
    });
  }
  const expected = expectedShares(
    points,
    over,
    (k, cell) => (candidates[order[k] as number] as PlanCandidate).clearAt(cell),
    order.length,
  );
  return order.map((i, k) => ({
    time: (candidates[i] as PlanCandidate).time,
    probability: probability[k] as number,
    expectedShare: expected[k] as number,
  }));
}

/**
 * The expected share of the AOI captured after each step: each point is captured with
 * 1 − Π(1 − p) over the passes so far, and expectation adds up whatever the dependence.
 */
function expectedShares(
  points: readonly SamplePoint[],
  over: readonly (readonly number[])[],
  clear: (k: number, cell: number) => number,
  n: number,
): number[] {
  const total = points.reduce((s, p) => s + p.weight, 0);
  const gain = new Array<number>(n).fill(0);
  over.forEach((steps, j) => {
    const { weight, cell } = points[j] as SamplePoint;
    let missed = 1;
    for (const k of steps) {
      const before = missed;
      missed *= 1 - clear(k, cell);
      gain[k] = (gain[k] as number) + weight * (before - missed);
    }
  });
  let sum = 0;
  return gain.map((g) => {
    sum += g;
    return total > 0 ? sum / total : 0;
  });
}

/** One part: complete unless every pass over it so far met cloud, 1 − Π(1 − p). */
function onePart(steps: readonly number[], clear: (k: number) => number, n: number): number[] {
  const curve: number[] = [];
  let missed = 1;
  let next = 0;
  for (let k = 0; k < n; k++) {
    if (steps[next] === k) {
      missed *= 1 - clear(k);
      next++;
    }
    curve.push(next === 0 ? 0 : 1 - missed);
  }
  return curve;
}

/**
 * Several parts in one cell: a pass's sky is one draw for the whole cell, so parts sharing a pass
 * are not independent. The cell's completion step is drawn `COMPLETION_DRAWS` times (seeded by the
 * cell, so the same prediction gives the same figures) and counted.
 */
function drawn(
  cell: number,
  parts: readonly (readonly number[])[],
  clear: (k: number) => number,
  n: number,
): number[] {
  const partsAt = new Map<number, number[]>();
  parts.forEach((steps, u) => {
    for (const k of steps) partsAt.set(k, [...(partsAt.get(k) ?? []), u]);
  });
  const stepsUsed = [...partsAt.keys()].sort((a, b) => a - b);
  const chance = new Map(stepsUsed.map((k) => [k, clear(k)]));
  const completedAt = new Array<number>(n + 1).fill(0);
  const random = new Random(hashInts(0xc0de, cell));
  const seen = new Uint8Array(parts.length);
  for (let d = 0; d < COMPLETION_DRAWS; d++) {
    seen.fill(0);
    let left = parts.length;
    let at = n;
    for (const k of stepsUsed) {
      if (random.next() >= (chance.get(k) as number)) continue;
      for (const u of partsAt.get(k) as number[]) {
        if (!seen[u]) {
          seen[u] = 1;
          left--;
        }
      }
      if (left === 0) {
        at = k;
        break;
      }
    }
    completedAt[at] = (completedAt[at] as number) + 1;
  }
  const curve: number[] = [];
  let done = 0;
  for (let k = 0; k < n; k++) {
    done += completedAt[k] as number;
    curve.push(done / COMPLETION_DRAWS);
  }
  return curve;
}

/** The share (0–1) of the AOI's weight the candidates `which` cover together. */
export function coveredShare(
  points: readonly SamplePoint[],
  candidates: readonly PlanCandidate[],
  which: readonly number[],
): number {
  const covered = new Uint8Array(points.length);
  for (const i of which) for (const j of (candidates[i] as PlanCandidate).covers) covered[j] = 1;
  let total = 0;
  let sum = 0;
  points.forEach((p, j) => {
    total += p.weight;
    if (covered[j]) sum += p.weight;
  });
  return total > 0 ? sum / total : 0;
}
