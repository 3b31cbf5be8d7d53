import { describe, expect, it } from 'vitest';
import { dayjsLocaleOf, resolveLanguage } from './language';

describe('resolveLanguage', () => {
  it('keeps a stored language we offer', () => {
    expect(resolveLanguage('en', 'zh-CN')).toBe('en');
    expect(resolveLanguage('zh', 'en-GB')).toBe('zh');
  });

  it('falls back to Chinese for any Chinese browser when the stored value is unusable', () => {
    expect(resolveLanguage(null, 'zh-CN')).toBe('zh');
    expect(resolveLanguage('fr', 'zh-cn')).toBe('zh');
    expect(resolveLanguage('', 'zh-TW')).toBe('zh');
    expect(resolveLanguage(null, 'zh')).toBe('zh');
  });

  it('falls back to English otherwise', () => {
    expect(resolveLanguage(null, 'de-DE')).toBe('en');
    expect(resolveLanguage('ZH', undefined)).toBe('en');
  });
});

it('maps our language to the dayjs locale name', () => {
  expect(dayjsLocaleOf('zh')).toBe('zh-cn');
  expect(dayjsLocaleOf('en')).toBe('en');
});
