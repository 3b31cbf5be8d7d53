import { describe, expect, it } from 'vitest';
import { planRange, type Representation } from './byte-ranges';

const rep: Representation = {
  bytes: 1000,
  etag: '"abc123"',
  lastModified: new Date('2026-05-01T10:20:30.456Z'),
};
const plan = (range: string | string[] | undefined, ifRange?: string | string[], method = 'GET') =>
  planRange(
    method,
    { ...(range !== undefined ? { range } : {}), ...(ifRange !== undefined ? { 'if-range': ifRange } : {}) },
    rep,
  );

describe('planRange (RFC 9110 §14)', () => {
  it('serves one range: first-last, first-, and a suffix, clamped to the end', () => {
    expect(plan('bytes=0-99')).toEqual({ kind: 'partial', first: 0, last: 99 });
    expect(plan('bytes=0-0')).toEqual({ kind: 'partial', first: 0, last: 0 });
    expect(plan('bytes=990-')).toEqual({ kind: 'partial', first: 990, last: 999 });
    expect(plan('bytes=500-5000')).toEqual({ kind: 'partial', first: 500, last: 999 });
    expect(plan('bytes=-10')).toEqual({ kind: 'partial', first: 990, last: 999 });
    expect(plan('bytes=-5000')).toEqual({ kind: 'partial', first: 0, last: 999 });
    expect(plan('Bytes= 5-9 ')).toEqual({ kind: 'partial', first: 5, last: 9 });
    expect(plan('bytes=999-99999999999999999999')).toEqual({ kind: 'partial', first: 999, last: 999 });
  });

  it('answers 416 for a range starting past the end and an empty suffix', () => {
    expect(plan('bytes=1000-')).toEqual({ kind: 'unsatisfiable' });
    expect(plan('bytes=1000-2000')).toEqual({ kind: 'unsatisfiable' });
    expect(plan('bytes=99999999999999999999-')).toEqual({ kind: 'unsatisfiable' });
    expect(plan('bytes=-0')).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores (answers whole) what it does not serve: several ranges, other units, bad syntax', () => {
    for (const range of [
      'bytes=0-1,5-6',
      'bytes=0-1, 5-6',
      'bytes=5-1',
      'bytes=',
      'bytes=-',
      'bytes=a-b',
      'bytes=1.5-2',
      'bytes=+1-2',
      'bytes=0x10-20',
      'items=0-1',
      '0-99',
      'bytes=0-99;x',
      ['bytes=0-1', 'bytes=2-3'],
    ]) {
      expect(plan(range), JSON.stringify(range)).toEqual({ kind: 'whole' });
    }
    expect(plan(undefined)).toEqual({ kind: 'whole' });
  });

  it('applies Range to GET only (HEAD describes the whole file)', () => {
    expect(plan('bytes=0-99', undefined, 'HEAD')).toEqual({ kind: 'whole' });
  });

  it('takes If-Range: the same strong tag or the same second of Last-Modified; else whole', () => {
    expect(plan('bytes=10-19', '"abc123"')).toEqual({ kind: 'partial', first: 10, last: 19 });
    expect(plan('bytes=10-19', 'Fri, 01 May 2026 10:20:30 GMT')).toEqual({
      kind: 'partial',
      first: 10,
      last: 19,
    });
    for (const other of [
      '"abc124"',
      'W/"abc123"',
      'abc123',
      'Fri, 01 May 2026 10:20:31 GMT',
      'Fri, 01 May 2026 10:20:29 GMT',
      'yesterday',
      '',
    ]) {
      expect(plan('bytes=10-19', other), other).toEqual({ kind: 'whole' });
    }
    expect(plan('bytes=10-19', ['"abc123"', '"abc123"'])).toEqual({ kind: 'whole' });
    // Past the end but not this version: the whole new version, not a 416.
    expect(plan('bytes=5000-', '"old"')).toEqual({ kind: 'whole' });
  });
});
