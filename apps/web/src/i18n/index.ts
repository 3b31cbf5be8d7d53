import type { Language } from '@satportal/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { dayjsLocaleOf, isLanguage, LanguageStorageKey, localeTagOf, resolveLanguage } from './language';
import type { MessagePart } from './messageParts';

/**
 * Each language's messages in chunks of their own: a page loads the one it shows, the other on a
 * switch; and each in two parts (messageParts.ts): the first before the first paint, the later
 * with the first chunk that needs it.
 */
const messages: Record<Language, Record<MessagePart, () => Promise<{ default: object }>>> = {
  en: { first: () => import('virtual:messages/en/first'), later: () => import('virtual:messages/en/later') },
  zh: { first: () => import('virtual:messages/zh/first'), later: () => import('virtual:messages/zh/later') },
};

const loading = new Map<string, Promise<void>>();

function loadMessages(language: Language, part: MessagePart): Promise<void> {
  const id = `${language}/${part}`;
  let done = loading.get(id);
  if (!done) {
    done = messages[language][part]().then(({ default: bundle }) => {
      i18next.addResourceBundle(language, 'translation', bundle, true, true);
    });
    // A failed load (network) may be tried again by the next caller.
    done.catch(() => loading.delete(id));
    loading.set(id, done);
  }
  return done;
}

/** Whether a chunk that uses the later messages has asked for them (a switch then loads both). */
let laterWanted = false;
/** The language a switch is loading, until it applies: a chunk asking meanwhile wants that one's. */
let switchingTo: Language | null = null;

/**
 * The later messages of the page's language: awaited by every chunk loaded on demand. During a
 * switch both languages': the chunk may show before the switch applies, and must show after it.
 */
export function laterMessages(): Promise<void> {
  laterWanted = true;
  const shown = loadMessages(currentLanguage(), 'later');
  return switchingTo ? Promise.all([shown, loadMessages(switchingTo, 'later')]).then(() => {}) : shown;
}

/** A chunk loaded on demand, with the later messages it shows (for `React.lazy`). */
export function withLaterMessages<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), laterMessages()]).then(([module]) => module);
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
export const i18nReady: Promise<void> = loadMessages(initialLanguage, 'first').then(
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
  switchingTo = language;
  try {
    await Promise.all([
      loadMessages(language, 'first'),
      laterWanted ? loadMessages(language, 'later') : null,
    ]);
    // A panel opened while the first part loaded has asked for its later messages since (in both
    // languages): they must be there before the switch applies, or that panel stays in the old
    // language (seen in CI: the account centre's labels in English under zh).
    if (laterWanted) await loadMessages(language, 'later');
    await i18next.changeLanguage(language);
  } finally {
    if (switchingTo === language) switchingTo = null;
  }
  applyLanguage(language);
}
