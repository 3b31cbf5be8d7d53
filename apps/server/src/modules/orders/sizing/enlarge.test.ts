import { Limits } from '@satportal/contract';
import { describe, expect, it } from 'vitest';
import { enlargedName } from './enlarge';

const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ],
  ],
};

describe('enlargedName', () => {
  it('joins the names of the AOIs the enlarged one grew from, each once', () => {
    const named = (name?: string) => ({ ...square, ...(name === undefined ? {} : { name }) });
    expect(enlargedName([named('Tiny field')])).toBe('Tiny field');
    expect(enlargedName([named('Polygon1'), named(), named(' Polygon1 '), named('Lake')])).toBe(
      'Polygon1, Lake',
    );
    expect(enlargedName([named(), named('  ')])).toBeNull();
  });

  it('cuts a long list to the name limit, in whole characters', () => {
    const long = enlargedName([
      { ...square, name: '田'.repeat(30) },
      { ...square, name: 'x'.repeat(30) },
    ]);
    expect([...(long ?? '')]).toHaveLength(Limits.nameMax);
    expect(long?.endsWith('…')).toBe(true);
  });
});
