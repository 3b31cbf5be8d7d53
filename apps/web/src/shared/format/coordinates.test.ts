import { describe, expect, it } from 'vitest';
import { formatLatLon, formatLatLonData, formatZoom } from './coordinates';

describe('formatLatLon', () => {
  it('shows latitude then longitude with 6 decimals', () => {
    expect(formatLatLon(41.4, 116.5)).toBe('41.400000, 116.500000');
    expect(formatLatLon(-33.8688197, 151.2092956)).toBe('-33.868820, 151.209296');
  });

  it('never shows a negative zero', () => {
    expect(formatLatLon(-0.0000001, -0)).toBe('0.000000, 0.000000');
  });
});

describe('formatLatLonData', () => {
  it('joins latitude and longitude with a bare comma, 6 decimals, no negative zero', () => {
    expect(formatLatLonData(39.9042, 116.4074)).toBe('39.904200,116.407400');
    expect(formatLatLonData(-33.865, -151.21)).toBe('-33.865000,-151.210000');
    expect(formatLatLonData(-0, -0.0000001)).toBe('0.000000,0.000000');
  });
});

describe('formatZoom', () => {
  it('shows whole levels without decimals and others with one', () => {
    expect(formatZoom(2)).toBe('2');
    expect(formatZoom(4.9999)).toBe('5');
    expect(formatZoom(3.46)).toBe('3.5');
  });
});
