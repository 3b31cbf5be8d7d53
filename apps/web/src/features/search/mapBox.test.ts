import { describe, expect, it } from 'vitest';
import { placeBox } from './mapBox';

const area = { left: 436, top: 10, right: 1216, bottom: 790 };
const box = { width: 340, height: 300 };

describe('placeBox: where the overlap box and the remove menu open', () => {
  it('opens below and right of the click when there is room', () => {
    expect(placeBox([600, 100], box, area)).toEqual({ left: 610, top: 110 });
  });

  it('opens left of the click near the right edge and above it near the bottom', () => {
    expect(placeBox([1100, 700], box, area)).toEqual({ left: 750, top: 390 });
  });

  it('never leaves the free area, whatever the click', () => {
    const placed = placeBox([450, 400], { width: 340, height: 700 }, area);
    expect(placed).toEqual({ left: 460, top: 10 });
    expect(placed.top + 700).toBeLessThanOrEqual(area.bottom);
  });

  it('keeps the top left corner visible when the box is larger than the area', () => {
    expect(placeBox([800, 400], { width: 900, height: 900 }, area)).toEqual({ left: 436, top: 10 });
  });
});
