import 'i18next';
import type en from './en.json';

// English is the source of the keys: `t('no.such.key')` is a type error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
