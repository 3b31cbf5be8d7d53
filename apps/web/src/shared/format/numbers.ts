import type { Language } from '@satportal/contract';
import { localeTagOf } from '../../i18n/language';
import { numberFormat } from './intl';

/** A number in the interface language's notation (grouping), with a fixed number of decimals. */
export const formatNumber = (value: number, language: Language, decimals = 0): string =>
  numberFormat(localeTagOf(language), {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
