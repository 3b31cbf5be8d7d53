import { WebhookTestEventType } from '@satportal/contract';
import type { SecretBox } from './secrets';
import { sign } from './secrets';
import { type SendOutcome, type SendPolicy, sendWebhook } from './sender';
import type { WebhooksRepository } from './webhooks.repository';

/** How deliveries are tried (config `webhooks`). */
export interface DeliveryPolicy extends SendPolicy {
  /**
   * Seconds before each retry: the n-th failed try waits `retrySeconds[n-1]` (± 10 % jitter);
   * tries in all = its length + 1. Default 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: 8 tries over
   * about 27 hours (the specification's example schedule, cut at a day).
   */
  retrySeconds: readonly number[];
  /** a `Retry-After` asks for a longer wait up to this */
  maxRetryAfterSeconds: number;
}

/** What one try did (logs, tests). */
export type TryResult =
  | { kind: 'delivered'; status: number }
  | { kind: 'retry'; at: Date; status: number | null; error: string | null }
  | { kind: 'failed'; status: number | null; error: string | null }
  | { kind: 'notDue'; at: Date }
  | { kind: 'nothing' };

/** The lease of a try: longer than its deadline, so a live try is never taken twice by the sweep. */
export const leaseSecondsOf = (policy: Pick<DeliveryPolicy, 'timeoutMs'>) =>
  Math.ceil(policy.timeoutMs / 1000) + 50;

export type Sender = (url: string, headers: Record<string, string>, body: string) => Promise<SendOutcome>;

/**
 * Tries one delivery (a job of the `webhook-delivery` queue): claims the row, signs the stored
 * body with the endpoint's secret (and the previous one during a rotation) at this try's
 * timestamp, posts it, and records the answer: 2xx delivered; 410 Gone turns the endpoint off
 * (the specification's advice); anything else waits its turn in the back-off schedule until the
 * tries are spent. The webhook-id and body are the row's, the same on every try, so receivers can
 * drop a repeat — delivery is at least once (a crash between the answer and its record sends again).
 */
export class WebhookDelivery {
  private readonly send: Sender;
  private readonly random: () => number;

  constructor(
    private readonly repository: WebhooksRepository,
    private readonly secrets: SecretBox,
    private readonly policy: DeliveryPolicy,
    options: { send?: Sender; random?: () => number } = {},
  ) {
    this.send = options.send ?? ((url, headers, body) => sendWebhook(url, headers, body, policy));
    this.random = options.random ?? Math.random;
  }

  async attempt(deliveryId: number): Promise<TryResult> {
    const claim = await this.repository.claim(deliveryId, leaseSecondsOf(this.policy));
    if (claim.kind === 'notDue') return claim;
    if (claim.kind === 'gone') return { kind: 'nothing' };
    const endpoint = await this.repository.sendingEndpoint(claim.endpointId);
    if (!endpoint) return { kind: 'nothing' };
    const settle = async (status: number | null, error: string | null, retryInSeconds: number | null) =>
      this.repository.settle(deliveryId, claim.attempts, {
        delivered: status !== null && status >= 200 && status < 300,
        status,
        error,
        retryInSeconds,
      });
    // An endpoint turned off after the event was written gets nothing more (a test event still goes).
    if (!endpoint.enabled && claim.eventType !== WebhookTestEventType) {
      await settle(null, 'disabled', null);
      return { kind: 'failed', status: null, error: 'disabled' };
    }
    const timestamp = Math.floor(Date.now() / 1000);
    const secrets = [endpoint.secret, endpoint.previousSecret].filter((s): s is string => !!s);
    const signatures = secrets.map((s) =>
      sign(this.secrets.open(s, endpoint.userId), claim.eventId, timestamp, claim.body),
    );
    const outcome = await this.send(
      endpoint.url,
      {
        'webhook-id': claim.eventId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatures.join(' '),
      },
      claim.body,
    );
    const { status, error } = outcome;
    if (status !== null && status >= 200 && status < 300) {
      await settle(status, null, null);
      return { kind: 'delivered', status };
    }
    if (status === 410) {
      await this.repository.disable(endpoint.id, 'gone');
      await settle(status, null, null);
      return { kind: 'failed', status, error };
    }
    const delay = this.retryDelay(claim.attempts, outcome.retryAfterSeconds);
    if (delay === null) {
      await settle(status, error, null);
      return { kind: 'failed', status, error };
    }
    const at = await settle(status, error, delay);
    return at ? { kind: 'retry', at, status, error } : { kind: 'nothing' };
  }

  /** Seconds before the next try after `attempts` tries, or null when they are spent. */
  retryDelay(attempts: number, retryAfterSeconds: number | null): number | null {
    const base = this.policy.retrySeconds[attempts - 1];
    if (base === undefined) return null;
    const jittered = base * (0.9 + 0.2 * this.random());
    const asked = Math.min(retryAfterSeconds ?? 0, this.policy.maxRetryAfterSeconds);
    return Math.max(jittered, asked);
  }
}
