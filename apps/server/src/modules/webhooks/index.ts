/** Webhooks (issue 27): customers' endpoints, the outbox of their events, signed delivery. */
export { isRefusedAddress } from './address-policy';
export { type DeliveryPolicy, leaseSecondsOf, type TryResult, WebhookDelivery } from './delivery';
export { payloadOf, WebhookOutbox } from './outbox';
export { newSecret, SecretBox, sign } from './secrets';
export { type SendOutcome, type SendPolicy, sendWebhook } from './sender';
export { parseTarget, type TargetPolicy } from './target';
export { WebhooksRepository } from './webhooks.repository';
export { webhooksRoutes } from './webhooks.routes';
export { RotationGraceSeconds, WebhooksService } from './webhooks.service';
