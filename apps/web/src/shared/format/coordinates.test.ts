import { describe, expect, it } from 'vitest';
import { formatLatLon, formatZoom } from './coordinates';

describe('formatLatLon', () => {
  it('shows latitude then longitude with 6 decimals', () => {
    expect(formatLatLon(41.4, 116.5)).toBe('41.400000, 116.500000');
    expect(formatLatLon(-33.8688197, 151.2092956)).toBe('-33.868820, 151.209296');
  });

  it('never shows a negative zero', () => {
    expect(formatLatLon(-0.0000001, -0)).toBe('0.000000, 0.000000');
  });
});

describe('formatZoom', () => {
  it('shows whole levels without decimals and others with one', () => {
    expect(formatZoom(2)).toBe('2');
    expect(formatZoom(4.9999)).toBe('5');
    expect(formatZoom(3.46)).toBe('3.5');
  });
});
