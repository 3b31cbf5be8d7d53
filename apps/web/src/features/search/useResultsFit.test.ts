import { describe, expect, it } from 'vitest';
import { footprintRingsOf } from './useResultsFit';

describe('the rings a results fit takes', () => {
  it('fits the map to every part of every footprint', () => {
    const part = (x: number) => [
      [x, 0],
      [x + 1, 0],
      [x, 1],
      [x, 0],
    ];
    expect(footprintRingsOf([{ boundaries: [part(0), part(5)] }, { boundaries: [part(9)] }])).toEqual([
      part(0),
      part(5),
      part(9),
    ]);
  });
});
