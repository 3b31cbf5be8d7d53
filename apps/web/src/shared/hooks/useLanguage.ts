import type { Language } from '@satportal/contract';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../i18n';
import { isLanguage } from '../../i18n/language';

/** The interface language and its switch; re-renders the caller when the language changes. */
export function useLanguage(): [Language, (language: Language) => Promise<void>] {
  const { i18n } = useTranslation();
  return [isLanguage(i18n.language) ? i18n.language : 'en', setLanguage];
}
