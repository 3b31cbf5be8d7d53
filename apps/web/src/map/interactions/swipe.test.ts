import { expect, it } from 'vitest';
import { clampSwipeFraction, swipeClipOf } from './swipe';

it('gives the left group the map left of the divider and the right group the rest', () => {
  expect(swipeClipOf('left', 0.25, [800, 600])).toEqual({ from: 0, to: 200, height: 600 });
  expect(swipeClipOf('right', 0.25, [800, 600])).toEqual({ from: 200, to: 800, height: 600 });
});

it('keeps the divider on the map, a broken position in the middle', () => {
  expect(clampSwipeFraction(-0.3)).toBe(0);
  expect(clampSwipeFraction(1.7)).toBe(1);
  expect(clampSwipeFraction(Number.NaN)).toBe(0.5);
  expect(swipeClipOf('right', 2, [800, 600])).toEqual({ from: 800, to: 800, height: 600 });
});
