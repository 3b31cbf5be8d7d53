import type { Language } from '@satportal/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import { dayjsLocaleOf, isLanguage, LanguageStorageKey, localeTagOf, resolveLanguage } from './language';
import zh from './zh.json';

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LanguageStorageKey);
  } catch {
    return null; // storage blocked (privacy mode): fall back to the browser language
  }
}

/** Everything outside React that shows text or dates follows the interface language. */
function applyLanguage(language: Language) {
  dayjs.locale(dayjsLocaleOf(language));
  document.documentElement.lang = localeTagOf(language);
  document.title = i18next.t('app.title');
}

export const i18n = i18next;

void i18next.use(initReactI18next).init({
  resources: { en: { translation: en }, zh: { translation: zh } },
  lng: resolveLanguage(storedLanguage(), navigator.language),
  fallbackLng: 'en',
  supportedLngs: ['en', 'zh'],
  interpolation: { escapeValue: false }, // React escapes already
  returnNull: false,
  // Both languages are bundled: initialise synchronously so the first render is translated.
  initAsync: false,
});
applyLanguage(currentLanguage());

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : 'en';
}

/** Switch the interface language and remember it (localStorage `lang`). */
export async function setLanguage(language: Language) {
  try {
    localStorage.setItem(LanguageStorageKey, language);
  } catch {
    // not persisted; the switch still applies to this page
  }
  await i18next.changeLanguage(language);
  applyLanguage(language);
}
