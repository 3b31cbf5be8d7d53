import type { Language } from '@satportal/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { dayjsLocaleOf, isLanguage, LanguageStorageKey, localeTagOf, resolveLanguage } from './language';

/** Each language's messages in a chunk of its own: a page loads the one it shows, the other on a switch. */
const messages: Record<Language, () => Promise<{ default: object }>> = {
  en: () => import('./en.json'),
  zh: () => import('./zh.json'),
};

async function loadMessages(language: Language) {
  if (i18next.hasResourceBundle(language, 'translation')) return;
  const { default: bundle } = await messages[language]();
  i18next.addResourceBundle(language, 'translation', bundle);
}

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

const initialLanguage = resolveLanguage(storedLanguage(), navigator.language);
void i18next.use(initReactI18next).init({
  resources: {},
  // Messages are added as their chunk arrives (`i18nReady`, `setLanguage`).
  partialBundledLanguages: true,
  lng: initialLanguage,
  fallbackLng: 'en',
  supportedLngs: ['en', 'zh'],
  interpolation: { escapeValue: false }, // React escapes already
  returnNull: false,
  initAsync: false,
});

/** Settles once the page's language is loaded: the app renders then, translated from the first paint. */
export const i18nReady: Promise<void> = loadMessages(initialLanguage).then(
  () => applyLanguage(currentLanguage()),
  (error: unknown) => console.error('i18n: the messages failed to load', error),
);

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
  await loadMessages(language);
  await i18next.changeLanguage(language);
  applyLanguage(language);
}
