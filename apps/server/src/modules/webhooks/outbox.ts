import type { WebhookEvent } from '@satportal/contract';
import type { Queryable } from '../../db/database';
import type { EventOutbox } from '../../db/outbox';
import { newEventId } from './secrets';
import type { WebhooksRepository } from './webhooks.repository';

/** The payload as sent: `{type, timestamp, data}`, minified; the exact bytes every try signs. */
export function payloadOf(event: WebhookEvent, at = new Date()): string {
  return JSON.stringify({ type: event.type, timestamp: at.toISOString(), data: event.data });
}

/**
 * The outbox (db/outbox.ts's port): an event becomes rows of `webhook_deliveries` in the
 * transaction of the change that caused it. After it, `nudge` (set by the workers of this process)
 * has the sweep look soon; a change committed by another process (the CLI) is found by the
 * sweep's period, and a nudge before the commit finds nothing and does no harm.
 */
export class WebhookOutbox implements EventOutbox {
  nudge: () => void = () => {};

  constructor(private readonly repository: WebhooksRepository) {}

  async record(tx: Queryable, userId: number, event: WebhookEvent): Promise<void> {
    const rows = await this.repository.recordEvent(tx, userId, newEventId(), event.type, payloadOf(event));
    if (rows) this.nudge();
  }
}
