import { describe, expect, it } from 'vitest';
import { completionCurve, coveredShare, greedyCover, type PlanCandidate } from './capture-plan';
import type { SamplePoint } from './sampling';

/** Points of equal weight, each in its own weather cell (cell = index) unless told. */
const pointsOf = (n: number, cells?: number[]): SamplePoint[] =>
  Array.from({ length: n }, (_, i) => ({ lon: i, lat: 0, weight: 1, cell: cells?.[i] ?? i }));

const candidate = (time: number, covers: number[], clear: number | ((cell: number) => number)) => ({
  time,
  covers,
  clearAt: typeof clear === 'number' ? () => clear : clear,
});

describe('greedyCover', () => {
  it('takes the fewest passes: one wide pass rather than the narrow ones it spans', () => {
    const points = pointsOf(6);
    const candidates: PlanCandidate[] = [
      candidate(1, [0, 1], 0.9),
      candidate(2, [2, 3], 0.9),
      candidate(3, [4, 5], 0.9),
      candidate(4, [0, 1, 2, 3, 4], 0.1),
      candidate(5, [5], 0.1),
    ];
    // Greedy: the five-point pass, then one for the last point; never the three narrow ones.
    expect(greedyCover(points, candidates)).toEqual([3, 2]);
  });

  it('breaks ties by clear-sky probability, then by time', () => {
    const points = pointsOf(2);
    expect(greedyCover(points, [candidate(1, [0, 1], 0.3), candidate(2, [0, 1], 0.6)])).toEqual([1]);
    expect(greedyCover(points, [candidate(2, [0, 1], 0.5), candidate(1, [0, 1], 0.5)])).toEqual([1]);
  });

  it('stops when no pass adds the minimum share, and covers only what the passes reach', () => {
    const points = pointsOf(300);
    const all = Array.from({ length: 299 }, (_, i) => i);
    // The last point is 1/300 ≈ 0.33 % of the AOI: below the 0.5 % a pass must add.
    const candidates = [candidate(1, all, 0.5), candidate(2, [299], 0.5)];
    expect(greedyCover(points, candidates)).toEqual([0]);
    expect(coveredShare(points, candidates, [0])).toBeCloseTo(299 / 300, 12);
    expect(greedyCover(points, candidates, 0.001)).toEqual([0, 1]);
  });
});

describe('completionCurve', () => {
  it('matches a hand computation', () => {
    // Two parts in two weather cells. A (t 1) sees part 0 clear with p 0.5, B (t 2) part 1 with
    // 0.5, C (t 3) both with 0.2.
    const points = pointsOf(2);
    const candidates = [candidate(1, [0], 0.5), candidate(2, [1], 0.5), candidate(3, [0, 1], 0.2)];
    const curve = completionCurve(points, candidates);
    expect(curve.map((s) => s.time)).toEqual([1, 2, 3]);
    // After A part 1 has had no chance: 0. After B: 0.5 × 0.5. After C: each part is missed
    // with (1 − 0.5)(1 − 0.2) = 0.4, so (1 − 0.4)² = 0.36.
    expect(curve[0]?.probability).toBe(0);
    expect(curve[1]?.probability).toBeCloseTo(0.25, 12);
    expect(curve[2]?.probability).toBeCloseTo(0.36, 12);
    // Expected share of the AOI: each part is half the AOI, captured with 0.5, then 0.6.
    expect(curve.map((s) => s.expectedShare)).toEqual([0.25, 0.5, 0.6].map((x) => expect.closeTo(x, 12)));
    // The plan is C alone (fewest passes); on its own it completes with 0.2 × 0.2.
    expect(greedyCover(points, candidates)).toEqual([2]);
    expect(completionCurve(points, candidates, [2]).at(-1)?.probability).toBeCloseTo(0.04, 12);
  });

  it('reads each part’s own weather cell and groups points that share cell and passes', () => {
    // Three points: two in cell 7 (one part), one in cell 8. One pass sees cell 7 with 0.9 and
    // cell 8 with 0.5; a second pass covers only cell 8 with 0.5.
    const points = pointsOf(3, [7, 7, 8]);
    const byCell = (cell: number) => (cell === 7 ? 0.9 : 0.5);
    const candidates = [candidate(10, [0, 1, 2], byCell), candidate(20, [2], 0.5)];
    const curve = completionCurve(points, candidates);
    expect(curve[0]?.probability).toBeCloseTo(0.9 * 0.5, 12);
    expect(curve[1]?.probability).toBeCloseTo(0.9 * (1 - 0.5 * 0.5), 12);
  });

  it('takes the passes in time order whatever order they come in, and a pass with no chance changes nothing', () => {
    const points = pointsOf(1);
    const curve = completionCurve(points, [
      candidate(5, [0], 0.5),
      candidate(2, [0], 0),
      candidate(3, [0], 0.5),
    ]);
    expect(curve.map((s) => [s.time, s.probability, s.expectedShare])).toEqual([
      [2, 0, 0],
      [3, 0.5, 0.5],
      [5, 0.75, 0.75],
    ]);
  });
});

describe('completionCurve within one weather cell', () => {
  it('draws the shared sky of parts no single pass covers alike, close to the hand computation', () => {
    // Points 0 and 1 in cell 3, seen by passes A (only point 0, p 0.5) and B (only point 1, p 0.5)
    // and C (both, p 0.4): the cell is complete when C is clear, or A and B both are:
    // 0.4 + 0.6 × 0.25 = 0.55. Point-by-point independence would say (1 − 0.5 × 0.6)² = 0.49.
    const points = pointsOf(2, [3, 3]);
    const candidates = [candidate(1, [0], 0.5), candidate(2, [1], 0.5), candidate(3, [0, 1], 0.4)];
    const curve = completionCurve(points, candidates);
    expect(curve[0]?.probability).toBe(0);
    expect(curve[1]?.probability).toBeCloseTo(0.25, 1);
    expect(Math.abs((curve[2]?.probability ?? 0) - 0.55)).toBeLessThan(0.035);
    // Seeded by the cell: the same answer every time.
    expect(completionCurve(points, candidates)).toEqual(curve);
  });
});
