import { describe, expect, it } from 'vitest';
import { canCompare, compareOpacities, compareSliderMax, timeOrdered } from './compare';

describe('compare mode (spec 000 §4, §9)', () => {
  it('needs 2 to 10 scenes', () => {
    expect([1, 2, 10, 11].map(canCompare)).toEqual([false, true, true, false]);
  });

  it('walks 100 per scene and fades between neighbours', () => {
    const ids = ['a', 'b', 'c'];
    expect(compareSliderMax(3)).toBe(200);
    expect(compareOpacities(ids, 0)).toEqual({ a: 1, b: 0, c: 0 });
    expect(compareOpacities(ids, 25)).toEqual({ a: 0.75, b: 0.25, c: 0 });
    expect(compareOpacities(ids, 100)).toEqual({ a: 0, b: 1, c: 0 });
    expect(compareOpacities(ids, 200)).toEqual({ a: 0, b: 0, c: 1 });
  });

  it('orders scenes by acquisition time, oldest first', () => {
    const scenes = [
      { sceneId: 'x', time: '2026-02-01T00:00:00Z' },
      { sceneId: 'y', time: '2025-02-01T00:00:00Z' },
    ];
    expect(timeOrdered(scenes).map((s) => s.sceneId)).toEqual(['y', 'x']);
  });
});
