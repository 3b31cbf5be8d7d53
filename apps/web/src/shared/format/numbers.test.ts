import { describe, expect, it } from 'vitest';
import { formatNumber } from './numbers';

describe('formatNumber', () => {
  it('groups thousands and rounds to the decimals asked', () => {
    expect(formatNumber(12345.678, 'en')).toBe('12,346');
    expect(formatNumber(12345.678, 'zh', 2)).toBe('12,345.68');
    expect(formatNumber(0.4, 'en')).toBe('0');
  });
});
