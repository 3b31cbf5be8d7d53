import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { AoisRepository, inBatches, type PartCheck } from './aois.repository';

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
  it('answers one verdict per polygon, in one statement', async () => {
    const { repository, calls } = poolAnswering([verdict, verdict]);
    expect(await repository.checkParts([square, square])).toEqual([verdict, verdict]);
    expect(calls()).toBe(1);
  });

  it('is an error, not a list of invalid parts, when the answer is short', async () => {
    const { repository } = poolAnswering([verdict]);
    await expect(repository.checkParts([square, square])).rejects.toThrow(/2 polygons answered 1 rows/);
  });
});

describe('inBatches', () => {
  const length = (t: string) => t.length;

  it('cuts texts into batches of at most the given size, in order, an oversized text alone', () => {
    expect(inBatches(['aaa', 'bb', 'c', 'dddddd', 'e'], length, 5)).toEqual([
      ['aaa', 'bb'],
      ['c'],
      ['dddddd'],
      ['e'],
    ]);
    expect(inBatches([], length, 5)).toEqual([]);
  });

  it('asks about a big upload in several statements and answers its verdicts in order', async () => {
    const answers = [[verdict], [{ ...verdict, valid: false }]];
    const { repository, calls } = poolAnswering(...answers);
    const big = square.padEnd(150_000, ' ');
    expect(await repository.checkParts([big, big])).toEqual([verdict, { ...verdict, valid: false }]);
    expect(calls()).toBe(2);
  });
});
