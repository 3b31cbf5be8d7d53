import { type Language, Languages } from '@satportal/contract';

/** localStorage key of the chosen interface language (spec 000 §3: language kept locally). */
export const LanguageStorageKey = 'lang';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (Languages as readonly string[]).includes(value);

/**
 * The language to start in: the stored choice when it is one we offer, otherwise Chinese for any
 * Chinese browser (zh, zh-CN, zh-TW…), otherwise English.
 */
export function resolveLanguage(stored: string | null, browserLanguage: string | undefined): Language {
  if (isLanguage(stored)) return stored;
  return browserLanguage?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/** dayjs names its Chinese locale differently from ours. */
export const dayjsLocaleOf = (language: Language): string => (language === 'zh' ? 'zh-cn' : 'en');

/** BCP 47 tag for `<html lang>` and `Intl` formatting. */
export const localeTagOf = (language: Language): string => (language === 'zh' ? 'zh-CN' : 'en');
