import { type Static, Type } from 'typebox';
import { Id, SingleLineText } from './text';

/**
 * Webhooks (issue 27 item 2): HTTPS endpoints a customer registers to be told of their orders'
 * status changes, deliveries and subscription matches. Every request is signed per the Standard
 * Webhooks specification (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64
 * HMAC-SHA256 of "id.timestamp.body">`, secret `whsec_<base64>`); docs/API.md "Webhooks".
 */

export const WebhookLimits = {
  /** endpoints per user */
  endpointsMax: 10,
  urlMax: 2048,
  descriptionMax: 200,
  /** delivery log entries one call answers (newest first) */
  logPageMax: 100,
} as const;

/** The events a customer may choose (the payload's `type`); `webhook.test` is sent on request only. */
export const WebhookEventTypes = [
  'order.status_changed',
  'delivery.completed',
  'subscription.matched',
] as const;
export type WebhookEventType = (typeof WebhookEventTypes)[number];
export const WebhookTestEventType = 'webhook.test';

const EventTypeSchema = Type.Union(
  [
    Type.Literal('order.status_changed'),
    Type.Literal('delivery.completed'),
    Type.Literal('subscription.matched'),
  ],
  { description: 'an event type to receive' },
);

/** `POST webhooks` and `PUT webhooks/{id}`: the endpoint as the customer sets it. */
export const WebhookEndpointInput = Type.Object({
  url: SingleLineText({
    minLength: 1,
    maxLength: WebhookLimits.urlMax,
    description:
      'https URL of the receiver; private, loopback, link-local, multicast, CGNAT and ULA addresses are refused (webhook.urlPrivate), http too unless the operator allows it',
  }),
  description: Type.Optional(SingleLineText({ maxLength: WebhookLimits.descriptionMax })),
  eventTypes: Type.Array(EventTypeSchema, {
    minItems: 1,
    maxItems: WebhookEventTypes.length,
    uniqueItems: true,
  }),
  enabled: Type.Optional(Type.Boolean({ default: true })),
});
export type WebhookEndpointInput = Static<typeof WebhookEndpointInput>;

export const WebhookIdParams = Type.Object({ id: Id() });

/** An endpoint as listed: never its secret (shown once, at creation and rotation). */
export const WebhookEndpoint = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  description: Type.String(),
  eventTypes: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  /** the secret's first characters, to tell which one a receiver holds */
  secretHint: Type.String({ description: "'whsec_' and the secret's first 4 characters" }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  /** why the endpoint was disabled by the portal (410 Gone from the receiver), null otherwise */
  disabledReason: Type.Union([Type.String(), Type.Null()]),
});
export type WebhookEndpoint = Static<typeof WebhookEndpoint>;

export const WebhookList = Type.Object({
  list: Type.Array(WebhookEndpoint),
  max: Type.Integer({ description: 'endpoints a user may have' }),
});
export type WebhookList = Static<typeof WebhookList>;

/** Creation and rotation answer the secret, once. */
export const WebhookWithSecret = Type.Object({
  endpoint: WebhookEndpoint,
  secret: Type.String({ description: "'whsec_' + base64 of 32 random bytes: shown this once" }),
});
export type WebhookWithSecret = Static<typeof WebhookWithSecret>;

/** A delivery's state: waiting (first try or a retry due), delivered (2xx), failed (tries spent or endpoint gone). */
export const WebhookDeliveryStates = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WebhookDeliveryStates)[number];

/** One line of an endpoint's delivery log. */
export const WebhookDelivery = Type.Object({
  id: Type.Integer(),
  eventId: Type.String({ description: 'the webhook-id header: the same on every try' }),
  eventType: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  state: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  responseStatus: Type.Union([Type.Integer(), Type.Null()], { description: "the last try's HTTP status" }),
  error: Type.Union([Type.String(), Type.Null()], {
    description: 'why the last try failed without a status: timeout, refusedAddress, connection, tls …',
  }),
  lastAttemptAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  nextAttemptAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const WebhookDeliveriesQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: WebhookLimits.logPageMax, default: 50 })),
});

export const WebhookDeliveryList = Type.Object({ list: Type.Array(WebhookDelivery) });
export type WebhookDeliveryList = Static<typeof WebhookDeliveryList>;

export const WebhookTestResult = Type.Object({
  deliveryId: Type.Integer(),
  eventId: Type.String(),
});
export type WebhookTestResult = Static<typeof WebhookTestResult>;

// The payloads: `{type, timestamp, data}` (the specification's recommended shape).

/** `order.status_changed`: every move of an order's status (audit, deliveries, final status, cancel). */
export interface OrderStatusChangedData {
  orderId: number;
  orderNumber: string;
  previousStatus: number;
  status: number;
  /** the order is settled: no further status follows but a cancel of nothing */
  final: boolean;
}

/** `delivery.completed`: a terms entry (a scene, or a tasking capture) delivered with its package. */
export interface DeliveryCompletedData {
  orderId: number;
  orderNumber: string;
  termsId: number;
  sceneIds: string[];
  package: {
    fileName: string;
    bytes: number;
    sha256: string;
    expiresAt: string;
    /** the signed download link; it still needs the owner's credentials */
    url: string;
  };
}

/** `subscription.matched`: one subscription's new scenes of one matching batch (as its mail). */
export interface SubscriptionMatchedData {
  subscriptionId: number;
  name: string;
  count: number;
  /** the first 100 scene ids, in acquisition order */
  sceneIds: string[];
}

export interface WebhookTestData {
  endpointId: number;
  message: string;
}

export type WebhookEvent =
  | { type: 'order.status_changed'; data: OrderStatusChangedData }
  | { type: 'delivery.completed'; data: DeliveryCompletedData }
  | { type: 'subscription.matched'; data: SubscriptionMatchedData }
  | { type: typeof WebhookTestEventType; data: WebhookTestData };

/** Scene ids a `subscription.matched` payload carries at most. */
export const WebhookSceneIdsMax = 100;
