import type { WebhookDelivery } from '@satportal/contract';
import type { TranslationKey } from '../../i18n/keys';

/** The translation key of an event type as the panel names it. */
export const eventLabelKey: Record<string, TranslationKey> = {
  'order.status_changed': 'webhook.eventOrderStatus',
  'delivery.completed': 'webhook.eventDelivery',
  'subscription.matched': 'webhook.eventSubscription',
  'webhook.test': 'webhook.eventTest',
};

/** A delivery's state: its key and the tag colour (antd preset). */
export const stateLook: Record<WebhookDelivery['state'], { key: TranslationKey; color: string }> = {
  pending: { key: 'webhook.statePending', color: 'processing' },
  delivered: { key: 'webhook.stateDelivered', color: 'success' },
  failed: { key: 'webhook.stateFailed', color: 'error' },
};

/** Why a try got no HTTP status (sender.ts `SendError`, 'disabled'): its translation key. */
export const errorKey: Record<string, TranslationKey> = {
  timeout: 'webhook.errorTimeout',
  refusedAddress: 'webhook.errorRefusedAddress',
  connection: 'webhook.errorConnection',
  tls: 'webhook.errorTls',
  unresolved: 'webhook.errorUnresolved',
  badUrl: 'webhook.errorBadUrl',
  disabled: 'webhook.errorDisabled',
};
