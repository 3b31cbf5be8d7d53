import { ResultCode, type SubscriptionCreateRequest } from '@satportal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';
import { isApiError } from '../../api/errors';
import { messageOf, translateNested } from '../../api/messages';
import type { TranslationKey } from '../../i18n/keys';
import { useToast } from '../../shared/ui/toast';

/**
 * `POST subscriptions`: success says `subscribe.createOK` (spec 001 §8) and refreshes the
 * subscription centre; a refusal becomes the text the panel shows beside its Submit — 4154 the
 * spec's sentence, a 4000 its own key — and nothing else tells the user twice.
 */
export function useCreateSubscription() {
  const api = useApi();
  const queryClient = useQueryClient();
  const message = useToast();
  const { t, i18n } = useTranslation();
  const mutation = useMutation({
    mutationFn: (body: SubscriptionCreateRequest) => api.createSubscription(body),
    onSuccess: () => {
      void message.success({ key: 'subscribe-created', content: t('subscribe.createOK') });
      void queryClient.invalidateQueries({ queryKey: queryKeys.subscriptions });
    },
  });
  const error = mutation.error;
  let refusal: string | null = null;
  if (error && (!isApiError(error) || !error.handled)) {
    if (isApiError(error) && error.code === ResultCode.OverlappingSubscription)
      refusal = t('subscribe.sameAoiSamePeriod');
    else if (isApiError(error)) {
      const exists = (key: string) => i18n.exists(key);
      const translate = (k: string, p: Record<string, string | number>) => i18n.t(k as TranslationKey, p);
      const { key, params } = messageOf(error, exists);
      refusal = translate(key, translateNested(params, exists, translate));
    } else refusal = t('subscribe.failed');
  }
  return { mutation, refusal };
}
