import {
  Int32Max,
  Paths,
  WebhookDeliveriesQuery,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointInput,
  WebhookIdParams,
  WebhookList,
  WebhookTestResult,
  WebhookWithSecret,
} from '@satportal/contract';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from '../../http/api-error';
import { principalOf } from '../../http/auth-plugin';
import { ok, responses } from '../../http/envelope';
import type { Http } from '../../http/types';
import type { WebhooksService } from './webhooks.service';

/**
 * Webhook endpoints of the caller (issue 27, docs/API.md "Webhooks"). Every route needs the
 * caller's session and reaches only their own endpoints: another user's id is 4004.
 */
export function webhooksRoutes(app: Http, webhooks: WebhooksService): void {
  const userOf = (request: FastifyRequest) => principalOf(request).user.id;
  /** Ajv coerces "1e999" (and "-1e999") to ±Infinity, which passes `integer` and its bounds: refused here. */
  const finite = (field: string, value: number) => {
    if (!Number.isFinite(value))
      throw ApiError.invalid(field, 'error.outOfRange', { field, limit: Int32Max });
    return value;
  };
  const idOf = (request: { params: { id: number } }) => finite('id', request.params.id);
  const tags = ['webhooks'];

  app.get(
    Paths.webhooks,
    {
      schema: {
        operationId: 'listWebhooks',
        tags,
        summary: "The caller's webhook endpoints (never their secrets) and how many one may have",
        response: responses(WebhookList),
      },
    },
    async (request) => ok(await webhooks.list(userOf(request))),
  );

  app.post(
    Paths.webhooks,
    {
      schema: {
        operationId: 'createWebhook',
        tags,
        summary:
          'Registers an endpoint and answers its signing secret, once. 4000 webhook.urlInvalid | urlNotHttps | urlCredentials | urlPrivate (an address that is not public, also by DNS); 4009 webhook.tooMany beyond 10',
        body: WebhookEndpointInput,
        response: responses(WebhookWithSecret),
      },
    },
    async (request) => ok(await webhooks.create(userOf(request), request.body)),
  );

  app.put(
    Paths.webhook,
    {
      schema: {
        operationId: 'updateWebhook',
        tags,
        summary: 'Changes an endpoint (URL checked as at creation); turning it on clears a portal-made off',
        params: WebhookIdParams,
        body: WebhookEndpointInput,
        response: responses(WebhookEndpoint),
      },
    },
    async (request) => ok(await webhooks.update(userOf(request), idOf(request), request.body)),
  );

  app.delete(
    Paths.webhook,
    {
      schema: {
        operationId: 'deleteWebhook',
        tags,
        summary: 'Deletes an endpoint and its delivery log; its waiting deliveries are dropped',
        params: WebhookIdParams,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      await webhooks.delete(userOf(request), idOf(request));
      return ok(null);
    },
  );

  app.post(
    Paths.webhookSecret,
    {
      schema: {
        operationId: 'rotateWebhookSecret',
        tags,
        summary:
          'Rotates the signing secret and answers the new one, once; the old one adds a second signature for 24 h',
        params: WebhookIdParams,
        response: responses(WebhookWithSecret),
      },
    },
    async (request) => ok(await webhooks.rotate(userOf(request), idOf(request))),
  );

  app.post(
    Paths.webhookTest,
    {
      schema: {
        operationId: 'testWebhook',
        tags,
        summary: 'Sends a webhook.test event to the endpoint through the delivery queue (its log shows it)',
        params: WebhookIdParams,
        response: responses(WebhookTestResult),
      },
    },
    async (request) => ok(await webhooks.test(userOf(request), idOf(request))),
  );

  app.get(
    Paths.webhookDeliveries,
    {
      schema: {
        operationId: 'listWebhookDeliveries',
        tags,
        summary:
          "The endpoint's delivery log, newest first: event, state, tries, last HTTP status or error, next try",
        params: WebhookIdParams,
        querystring: WebhookDeliveriesQuery,
        response: responses(WebhookDeliveryList),
      },
    },
    async (request) =>
      ok(
        await webhooks.deliveries(userOf(request), idOf(request), finite('limit', request.query.limit ?? 50)),
      ),
  );
}
