import { describe, expect, it } from 'vitest';
import { mailKindOf, onFulfilmentClock, statusFromTerms } from './life-cycle';

describe('order status from its terms (spec 001 §4)', () => {
  it('stays processing while nothing is delivered and something is open', () => {
    expect(statusFromTerms([-1, -1])).toEqual({ status: 21, settled: false });
    expect(statusFromTerms([1, -3])).toEqual({ status: 21, settled: false });
  });
  it('shows partial delivery as soon as one term is delivered and others are open', () => {
    expect(statusFromTerms([5, -1])).toEqual({ status: 34, settled: false });
  });
  it('finishes when every term is delivered', () => {
    expect(statusFromTerms([5, 5, 5])).toEqual({ status: 32, settled: true });
  });
  it('ends in partial delivery when some were delivered and the rest failed or were cancelled', () => {
    expect(statusFromTerms([5, -3])).toEqual({ status: 34, settled: true });
    expect(statusFromTerms([5, 99])).toEqual({ status: 34, settled: true });
  });
  it('fails when nothing was delivered', () => {
    expect(statusFromTerms([-3, -3])).toEqual({ status: 22, settled: true });
  });
});

describe('mails and the fulfilment clock', () => {
  it('mails about delivered, partial and failed orders only', () => {
    expect([32, 34, 22, 12, 41, 21].map(mailKindOf)).toEqual([
      'delivered',
      'partial',
      'failed',
      'failed',
      null,
      null,
    ]);
  });
  it('brings a pass nearer by the clock factor, never before the order', () => {
    const ordered = new Date('2026-01-01T00:00:00Z');
    expect(onFulfilmentClock(ordered, new Date('2026-01-03T00:00:00Z'), 48).toISOString()).toBe(
      '2026-01-01T01:00:00.000Z',
    );
    expect(onFulfilmentClock(ordered, new Date('2025-12-31T00:00:00Z'), 48)).toEqual(ordered);
    expect(onFulfilmentClock(ordered, new Date('2026-01-03T00:00:00Z'), 1).toISOString()).toBe(
      '2026-01-03T00:00:00.000Z',
    );
  });
});
