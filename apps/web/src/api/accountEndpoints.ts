import {
  type ApiKeyCreated,
  type ApiKeyCreateRequest,
  type ApiKeyList,
  apiPath,
  type HdYears,
  type MyDataBatch,
  type MyDataList,
  type MyDataListRequest,
  type Notice,
  Paths,
  ResultCode,
  type Subscription,
  type SubscriptionCreateRequest,
  type SubscriptionCreateResponse,
  type SubscriptionItemsQuery,
  type SubscriptionItemsResponse,
  type SubscriptionListQuery,
  type SubscriptionListResponse,
  type SubscriptionStatusResponse,
  type TileKey,
  type TileKeyStatus,
  type Usage,
  type UsageRequest,
  type User,
  type WebhookDeliveryList,
  type WebhookEndpoint,
  type WebhookEndpointInput,
  type WebhookList,
  type WebhookTestResult,
  type WebhookWithSecret,
} from '@satportal/contract';
import type { ApiClient } from './client';
import { type Extra, pathWithId } from './endpointParts';

/**
 * What the account owns and watches: its delivered data, usage, time zone, tile and API keys,
 * subscriptions, notices and webhooks (a part of `bindEndpoints`, apart to keep files short).
 */
export function bindAccountEndpoints(client: ApiClient) {
  return {
    /** My data (spec 000 §7 my-data list): the caller's delivered scenes. */
    myDataScenes: (body: MyDataListRequest, extra: Extra = {}) =>
      client.request<MyDataList>(apiPath(Paths.myDataScenes), { method: 'POST', body, ...extra }),

    myDataBatches: (extra: Extra = {}) => client.request<MyDataBatch[]>(apiPath(Paths.myDataBatches), extra),

    /** Usage (spec 001 §7 POST common/user/statistics/flow/usage). */
    usage: (body: UsageRequest, extra: Extra = {}) =>
      client.request<Usage>(apiPath(Paths.usage), { method: 'POST', body, ...extra }),

    /** The account's time zone (IANA name) or null for the browser's. */
    saveTimeZone: (timezone: string | null, extra: Extra = {}) =>
      client.request<User>(apiPath(Paths.meTimeZone), { method: 'PUT', body: { timezone }, ...extra }),

    /** This device's tile key (links for QGIS and other clients); another device's key is replaced. */
    tileKey: (deviceId: string, extra: Extra = {}) =>
      client.request<TileKey>(apiPath(Paths.tileKey), { method: 'POST', body: { deviceId }, ...extra }),

    tileKeyStatus: (deviceId: string, extra: Extra = {}) =>
      client.request<TileKeyStatus>(apiPath(Paths.tileKey), { query: { deviceId }, ...extra }),

    revokeTileKey: (extra: Extra = {}) =>
      client.request<null>(apiPath(Paths.tileKey), { method: 'DELETE', ...extra }),

    /** The caller's API keys (issue 27): never their text, which only the create answer holds. */
    apiKeys: (extra: Extra = {}) => client.request<ApiKeyList>(apiPath(Paths.apiKeys), extra),

    createApiKey: (body: ApiKeyCreateRequest, extra: Extra = {}) =>
      client.request<ApiKeyCreated>(apiPath(Paths.apiKeys), { method: 'POST', body, ...extra }),

    revokeApiKey: (id: number, extra: Extra = {}) =>
      client.request<null>(pathWithId(Paths.apiKey, id), { method: 'DELETE', ...extra }),

    hdYears: (extra: Extra = {}) => client.request<HdYears>(apiPath(Paths.hdYears), extra),

    /** Subscription create (spec 000 §7): 4154 (same AOI, overlapping period) and 4000 are the panel's to show. */
    createSubscription: (body: SubscriptionCreateRequest, extra: Extra = {}) =>
      client.request<SubscriptionCreateResponse>(apiPath(Paths.subscriptions), {
        method: 'POST',
        body,
        handles: [ResultCode.OverlappingSubscription, ResultCode.ValidationFailed],
        ...extra,
      }),

    subscriptions: (query: SubscriptionListQuery, extra: Extra = {}) =>
      client.request<SubscriptionListResponse>(apiPath(Paths.subscriptions), { query, ...extra }),

    /** One subscription (a link to it, issue 28 #6); another user's is 4004. */
    subscription: (id: number, extra: Extra = {}) =>
      client.request<Subscription>(pathWithId(Paths.subscription, id), extra),

    deleteSubscription: (id: number, extra: Extra = {}) =>
      client.request<null>(pathWithId(Paths.subscription, id), { method: 'DELETE', ...extra }),

    subscriptionItems: (id: number, query: SubscriptionItemsQuery, extra: Extra = {}) =>
      client.request<SubscriptionItemsResponse>(pathWithId(Paths.subscriptionItems, id), { query, ...extra }),

    subscriptionStatus: (extra: Extra = {}) =>
      client.request<SubscriptionStatusResponse>(apiPath(Paths.subscriptionStatus), extra),

    markSubscriptionsRead: (extra: Extra = {}) =>
      client.request<null>(apiPath(Paths.subscriptionStatus), { method: 'PUT', ...extra }),

    /** The newest unread notice (spec 000 §7 "Unread notice", limit 1). */
    unreadNotices: (extra: Extra = {}) =>
      client.request<{ list: Notice[] }>(apiPath(Paths.unreadNotices), { query: { limit: 1 }, ...extra }),

    markNoticeRead: (id: number, extra: Extra = {}) =>
      client.request<null>(pathWithId(Paths.noticeRead, id), { method: 'PUT', ...extra }),

    /** Webhooks (issue 27): a refused URL (4000) and too many (4009) are the form's to show. */
    webhooks: (extra: Extra = {}) => client.request<WebhookList>(apiPath(Paths.webhooks), extra),

    createWebhook: (body: WebhookEndpointInput, extra: Extra = {}) =>
      client.request<WebhookWithSecret>(apiPath(Paths.webhooks), {
        method: 'POST',
        body,
        handles: [ResultCode.ValidationFailed, ResultCode.Conflict],
        ...extra,
      }),

    updateWebhook: (id: number, body: WebhookEndpointInput, extra: Extra = {}) =>
      client.request<WebhookEndpoint>(pathWithId(Paths.webhook, id), { method: 'PUT', body, ...extra }),

    deleteWebhook: (id: number, extra: Extra = {}) =>
      client.request<null>(pathWithId(Paths.webhook, id), { method: 'DELETE', ...extra }),

    rotateWebhookSecret: (id: number, extra: Extra = {}) =>
      client.request<WebhookWithSecret>(pathWithId(Paths.webhookSecret, id), { method: 'POST', ...extra }),

    testWebhook: (id: number, extra: Extra = {}) =>
      client.request<WebhookTestResult>(pathWithId(Paths.webhookTest, id), { method: 'POST', ...extra }),

    webhookDeliveries: (id: number, extra: Extra = {}) =>
      client.request<WebhookDeliveryList>(pathWithId(Paths.webhookDeliveries, id), {
        query: { limit: 20 },
        ...extra,
      }),
  };
}
