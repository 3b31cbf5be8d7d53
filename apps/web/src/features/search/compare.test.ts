import { describe, expect, it } from 'vitest';
import {
  canCompare,
  compareCurrent,
  compareOpacities,
  compareRemaining,
  compareSliderMax,
  timeOrdered,
} from './compare';

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

  it('names the scene most visible at a slider value', () => {
    expect([0, 49, 51, 150, 200, 250].map((value) => compareCurrent(3, value))).toEqual([0, 0, 1, 2, 2, 2]);
  });

  it('keeps the compared scenes still on the map and the slider inside their range', () => {
    const onMap = new Set(['a', 'c']);
    expect(compareRemaining({ sceneIds: ['a', 'b', 'c'], value: 200 }, (id) => onMap.has(id))).toEqual({
      sceneIds: ['a', 'c'],
      value: 100,
    });
    expect(compareRemaining({ sceneIds: ['a', 'b'], value: 50 }, (id) => id === 'b')).toEqual({
      sceneIds: ['b'],
      value: 0,
    });
  });

  it('orders scenes by acquisition time, oldest first', () => {
    const scenes = [
      { sceneId: 'x', time: '2026-02-01T00:00:00Z' },
      { sceneId: 'y', time: '2025-02-01T00:00:00Z' },
    ];
    expect(timeOrdered(scenes).map((s) => s.sceneId)).toEqual(['y', 'x']);
  });
});
