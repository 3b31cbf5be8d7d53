import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { AoisRepository, type PartCheck } from './aois.repository';
import { inBatches } from './batches';
import { unitSquare } from './test-helpers';

/** A pool whose answers to the part check are given in turn. */
function poolAnswering(...answers: PartCheck[][]) {
  let calls = 0;
  const pool = {
    query: async () => ({ rows: answers[calls++] ?? [] }),
  } as unknown as pg.Pool;
  return { repository: new AoisRepository(pool), calls: () => calls };
}

const verdict: PartCheck = { valid: true, reason: null, empty: false, repaired: null, error: null };
const square = JSON.stringify({
  type: 'Polygon',
  coordinates: [[...unitSquare]],
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

describe('one polygon the database cannot read', () => {
  /** A pool that fails like PostGIS (a SQLSTATE) for any statement holding `bad`, else answers each polygon. */
  function poolFailingOn(bad: string, failure: Error) {
    const statements: number[] = [];
    const pool = {
      query: async (_sql: string, [json]: [string]) => {
        const polygons = JSON.parse(json) as string[];
        statements.push(polygons.length);
        if (polygons.includes(bad)) throw failure;
        return { rows: polygons.map(() => verdict) };
      },
    } as unknown as pg.Pool;
    return { repository: new AoisRepository(pool), statements };
  }
  const postgisError = Object.assign(new Error('lwgeom_from_geojson: unknown type'), {
    severity: 'ERROR',
    code: 'XX000',
  });

  it('fails alone: its batch is asked again polygon by polygon', async () => {
    const { repository, statements } = poolFailingOn('bad', postgisError);
    const verdicts = await repository.checkParts([square, 'bad', square]);
    expect(verdicts).toEqual([
      verdict,
      {
        valid: false,
        reason: null,
        empty: false,
        repaired: null,
        error: 'lwgeom_from_geojson: unknown type',
      },
      verdict,
    ]);
    expect(statements).toEqual([3, 1, 1, 1]);
  });

  it('is not confused with a lost connection, which fails the call', async () => {
    const { repository } = poolFailingOn('bad', new Error('Connection terminated unexpectedly'));
    await expect(repository.checkParts([square, 'bad'])).rejects.toThrow(/Connection terminated/);
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
