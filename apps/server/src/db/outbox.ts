import type { WebhookEvent } from '@satportal/contract';
import type { Queryable } from './database';

/**
 * The port through which a module records an event for a customer's webhooks in its own
 * transaction (the outbox): fulfilment, the order centre's cancel and subscription matching hand
 * it the transaction that moves the state, so the event commits or rolls back with the change.
 * The webhooks module implements it; the composition root hands it in (no module imports another
 * for it). `tx` must be the caller's transaction client, never the pool.
 */
export interface EventOutbox {
  record(tx: Queryable, userId: number, event: WebhookEvent): Promise<void>;
}

/** Records nothing: for compositions without webhooks (benchmarks, child processes of tests). */
export const noOutbox: EventOutbox = { record: async () => {} };
