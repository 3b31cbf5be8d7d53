import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { AoisRepository, type PartCheck } from './aois.repository';

/** A pool whose answers to the part check are given in turn. */
function poolAnswering(...answers: PartCheck[][]) {
  let calls = 0;
  const pool = {
    query: async () => ({ rows: answers[calls++] ?? [] }),
  } as unknown as pg.Pool;
  return { repository: new AoisRepository(pool), calls: () => calls };
}

const verdict: PartCheck = { valid: true, reason: null, empty: false, repaired: null };
const square = JSON.stringify({
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ],
  ],
});

describe('the part check of an upload', () => {
  it('asks again when the database answers fewer rows than polygons', async () => {
    const { repository, calls } = poolAnswering([], [verdict, verdict]);
    expect(await repository.checkParts([square, square])).toEqual([verdict, verdict]);
    expect(calls()).toBe(2);
  });

  it('is an error, not a list of invalid parts, when the answer stays short', async () => {
    const { repository } = poolAnswering([verdict], [verdict]);
    await expect(repository.checkParts([square, square])).rejects.toThrow(/2 polygons answered 1 rows/);
  });
});
