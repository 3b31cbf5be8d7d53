import {
  ResultCode,
  type WebhookDeliveryList,
  type WebhookEndpoint,
  type WebhookEndpointInput,
  WebhookLimits,
  type WebhookList,
  WebhookTestEventType,
  type WebhookTestResult,
  type WebhookWithSecret,
} from '@satportal/contract';
import { ApiError } from '../../http/api-error';
import { payloadOf } from './outbox';
import { newEventId, newSecret, type SecretBox, secretHint } from './secrets';
import { parseTarget, resolvesToRefused, type TargetPolicy } from './target';
import type { DeliveryRow, EndpointRow, WebhooksRepository } from './webhooks.repository';

/** How long a rotated-out secret still signs (a second signature), so receivers can switch over. */
export const RotationGraceSeconds = 24 * 3600;

const toEndpoint = (r: EndpointRow): WebhookEndpoint => ({
  id: r.id,
  url: r.url,
  description: r.description,
  eventTypes: r.eventTypes,
  enabled: r.enabled,
  secretHint: r.secretHint,
  disabledReason: r.disabledReason,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const toDelivery = (r: DeliveryRow) => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  lastAttemptAt: r.lastAttemptAt?.toISOString() ?? null,
  nextAttemptAt: r.nextAttemptAt?.toISOString() ?? null,
});

/**
 * A customer's webhook endpoints (account centre, API): list, create with a secret shown once,
 * change, delete, rotate the secret, send a test event, read the delivery log. Only the caller's
 * own endpoints are ever found (another user's id is 4004, as an unknown one).
 */
export class WebhooksService {
  constructor(
    private readonly repository: WebhooksRepository,
    private readonly secrets: SecretBox,
    private readonly policy: TargetPolicy,
    /** after a test event is written: the workers look at once */
    private readonly nudge: () => void = () => {},
  ) {}

  async list(userId: number): Promise<WebhookList> {
    return { list: (await this.repository.list(userId)).map(toEndpoint), max: WebhookLimits.endpointsMax };
  }

  async create(userId: number, input: WebhookEndpointInput): Promise<WebhookWithSecret> {
    const endpoint = await this.checked(input);
    const secret = newSecret();
    const row = await this.repository.create(
      userId,
      endpoint,
      (owner) => ({ sealed: this.secrets.seal(secret, owner), hint: secretHint(secret) }),
      WebhookLimits.endpointsMax,
    );
    if (!row)
      throw new ApiError(ResultCode.Conflict, 'webhook.tooMany', {
        params: { max: WebhookLimits.endpointsMax },
      });
    return { endpoint: toEndpoint(row), secret };
  }

  async update(userId: number, id: number, input: WebhookEndpointInput): Promise<WebhookEndpoint> {
    const row = await this.repository.update(userId, id, await this.checked(input));
    if (!row) throw ApiError.notFound('webhook.notFound');
    return toEndpoint(row);
  }

  async delete(userId: number, id: number): Promise<void> {
    if (!(await this.repository.delete(userId, id))) throw ApiError.notFound('webhook.notFound');
  }

  async rotate(userId: number, id: number): Promise<WebhookWithSecret> {
    const secret = newSecret();
    const row = await this.repository.rotate(
      userId,
      id,
      { sealed: this.secrets.seal(secret, userId), hint: secretHint(secret) },
      RotationGraceSeconds,
    );
    if (!row) throw ApiError.notFound('webhook.notFound');
    return { endpoint: toEndpoint(row), secret };
  }

  /** A `webhook.test` event for this endpoint only, through the queue like any other. */
  async test(userId: number, id: number): Promise<WebhookTestResult> {
    const eventId = newEventId();
    const body = payloadOf({
      type: WebhookTestEventType,
      data: { endpointId: id, message: 'This is a test event from Satportal.' },
    });
    const deliveryId = await this.repository.recordTest(userId, id, eventId, WebhookTestEventType, body);
    if (deliveryId === null) throw ApiError.notFound('webhook.notFound');
    this.nudge();
    return { deliveryId, eventId };
  }

  async deliveries(userId: number, id: number, limit: number): Promise<WebhookDeliveryList> {
    const rows = await this.repository.log(userId, id, limit);
    if (!rows) throw ApiError.notFound('webhook.notFound');
    return { list: rows.map(toDelivery) };
  }

  /** The URL's form and target (webhook.url*), the description trimmed. */
  private async checked(input: WebhookEndpointInput) {
    const text = input.url.trim();
    const url = parseTarget(text, this.policy);
    if (typeof url === 'string') throw ApiError.invalid('url', url);
    // The parser's spelling (percent-encoding) may be longer than what was sent: the column's bound holds.
    if (url.href.length > WebhookLimits.urlMax) throw ApiError.invalid('url', 'webhook.urlInvalid');
    if (await resolvesToRefused(url, this.policy)) throw ApiError.invalid('url', 'webhook.urlPrivate');
    return {
      url: url.href,
      description: (input.description ?? '').trim(),
      eventTypes: [...new Set(input.eventTypes)],
      enabled: input.enabled ?? true,
    };
  }
}
