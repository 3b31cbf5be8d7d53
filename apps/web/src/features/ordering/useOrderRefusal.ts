import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../api/errors';
import type { TranslationKey } from '../../i18n/keys';
import { useLanguage } from '../../shared/hooks/useLanguage';
import { type OrderRefusal, orderRefusal } from './orderMessages';

/** `orderRefusal` in the interface language. */
export function useOrderRefusal(): (error: ApiError) => OrderRefusal {
  const { i18n } = useTranslation();
  const [language] = useLanguage();
  return (error) =>
    orderRefusal(
      error,
      language,
      (key) => i18n.exists(key),
      (key, params) => i18n.t(key as TranslationKey, params ?? {}),
    );
}
