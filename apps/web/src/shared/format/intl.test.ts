import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl';

describe('cached Intl formatters', () => {
  it('gives the same formatter for the same locale and options', () => {
    const a = dateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric' });
    expect(dateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric' })).toBe(a);
    expect(numberFormat('zh-CN', { maximumFractionDigits: 1 })).toBe(
      numberFormat('zh-CN', { maximumFractionDigits: 1 }),
    );
  });

  it('keeps formatters of other zones, locales and options apart', () => {
    const shanghai = dateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', day: '2-digit' });
    const utc = dateTimeFormat('en-CA', { timeZone: 'UTC', day: '2-digit' });
    expect(utc).not.toBe(shanghai);
    const instant = new Date('2025-01-01T20:00:00Z');
    expect(shanghai.format(instant)).toBe('02');
    expect(utc.format(instant)).toBe('01');
    expect(numberFormat('en', { minimumFractionDigits: 2 }).format(1)).toBe('1.00');
    expect(numberFormat('en', { minimumFractionDigits: 0 }).format(1)).toBe('1');
  });
});
