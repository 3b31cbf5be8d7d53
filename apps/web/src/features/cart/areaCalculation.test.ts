import { describe, expect, it } from 'vitest';
import {
  areaCalculationKey,
  areaCalculationRequest,
  canOrderArchive,
  formatAmount,
  formatArea,
} from './areaCalculation';

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
const search = { taskId: '11111111-1111-4111-8111-111111111111', aois: [square] };

describe('the area calculation request', () => {
  it('asks for the cart box figures: the search, no clipping, no level, the scenes sorted', () => {
    expect(areaCalculationRequest(['b', 'a'], search, { clipping: false })).toEqual({
      taskId: search.taskId,
      isOrderBySceneId: false,
      ipr: {
        process: { level: null, clipping: false, isQualityTesting: false },
        ips: [{ sceneId: 'a' }, { sceneId: 'b' }],
      },
    });
  });

  it('is the same question (and cache key) whatever order the scenes were picked in', () => {
    const one = areaCalculationKey(areaCalculationRequest(['a', 'b', 'c'], search, { clipping: false }));
    const two = areaCalculationKey(areaCalculationRequest(['c', 'a', 'b'], search, { clipping: false }));
    expect(JSON.stringify(one)).toBe(JSON.stringify(two));
    const clipped = areaCalculationKey(areaCalculationRequest(['a', 'b', 'c'], search, { clipping: true }));
    expect(JSON.stringify(clipped)).not.toBe(JSON.stringify(one));
  });

  it('carries the dialog choices: clipping, levels, quality testing', () => {
    const request = areaCalculationRequest(['a'], search, {
      clipping: true,
      levels: [20, 10],
      isQualityTesting: true,
    });
    expect(request.ipr.process).toEqual({ level: [20, 10], clipping: true, isQualityTesting: true });
  });

  it('orders whole scenes after a scene-id search (no AOI to clip to)', () => {
    const request = areaCalculationRequest(['a'], { taskId: search.taskId, aois: null }, { clipping: true });
    expect(request.isOrderBySceneId).toBe(true);
    expect(request.ipr.process.clipping).toBe(false);
    expect(areaCalculationRequest(['a'], null, { clipping: false })).toMatchObject({
      taskId: null,
      isOrderBySceneId: true,
    });
  });
});

describe('the cart box figures', () => {
  it('show km² with 2 decimals in the language', () => {
    expect(formatArea(12345.678, 'en')).toBe('12,345.68 km²');
    expect(formatArea(0, 'zh')).toBe('0.00 km²');
  });

  it('show the amount with $ for currency 1 and € for 2, in both languages', () => {
    expect(formatAmount(1234.5, 1, 'en')).toBe('$1,234.50');
    expect(formatAmount(1234.5, 2, 'en')).toBe('€1,234.50');
    expect(formatAmount(99, 1, 'zh')).toBe('$99.00');
  });
});

describe('archive order permission', () => {
  const user = (orderType: number[]) => ({
    org: { auth: { orderType } },
  });
  it('needs order type 1', () => {
    expect(canOrderArchive(user([1, 4]) as never)).toBe(true);
    expect(canOrderArchive(user([4]) as never)).toBe(false);
    expect(canOrderArchive(undefined)).toBe(false);
  });
});
