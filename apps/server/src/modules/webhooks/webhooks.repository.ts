import type pg from 'pg';
import { inTransaction, type Queryable } from '../../db/database';

/** An endpoint row as the account centre lists it (never its secret). */
export interface EndpointRow {
  id: number;
  url: string;
  description: string;
  eventTypes: string[];
  enabled: boolean;
  secretHint: string;
  disabledReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What a try needs of its endpoint: where, and the sealed secrets that sign. */
export interface SendingEndpoint {
  id: number;
  userId: number;
  url: string;
  enabled: boolean;
  secret: string;
  /** the secret before the last rotation while it still signs */
  previousSecret: string | null;
}

export interface DeliveryRow {
  id: number;
  eventId: string;
  eventType: string;
  createdAt: Date;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  responseStatus: number | null;
  error: string | null;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
}

/** A try taken: the row's message and how many tries it has had, this one included. */
export type Claim =
  | {
      kind: 'claimed';
      endpointId: number;
      eventId: string;
      eventType: string;
      body: string;
      attempts: number;
    }
  | { kind: 'notDue'; at: Date }
  | { kind: 'gone' };

export interface NewEndpoint {
  url: string;
  description: string;
  eventTypes: string[];
  enabled: boolean;
}

const endpointColumns = `id, url, description, event_types AS "eventTypes", enabled, secret_hint AS "secretHint",
  disabled_reason AS "disabledReason", created_at AS "createdAt", updated_at AS "updatedAt"`;

/** The SQL of webhooks: endpoints of a user, and the outbox rows that are also the delivery log. */
export class WebhooksRepository {
  constructor(private readonly pool: pg.Pool) {}

  async list(userId: number): Promise<EndpointRow[]> {
    const { rows } = await this.pool.query<EndpointRow>(
      `SELECT ${endpointColumns} FROM webhook_endpoints WHERE user_id = $1 ORDER BY id`,
      [userId],
    );
    return rows;
  }

  /**
   * Adds an endpoint unless the user has `max` already: the user's row is locked first, so two
   * requests at once cannot both pass the count. Null: the cap is reached.
   */
  async create(
    userId: number,
    e: NewEndpoint,
    sealedSecret: (userId: number) => { sealed: string; hint: string },
    max: number,
  ): Promise<EndpointRow | null> {
    return inTransaction(this.pool, async (tx) => {
      await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
      const { rows: count } = await tx.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM webhook_endpoints WHERE user_id = $1',
        [userId],
      );
      if (count[0]!.n >= max) return null;
      const secret = sealedSecret(userId);
      const { rows } = await tx.query<EndpointRow>(
        `INSERT INTO webhook_endpoints (user_id, url, description, event_types, enabled, secret, secret_hint)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${endpointColumns}`,
        [userId, e.url, e.description, e.eventTypes, e.enabled, secret.sealed, secret.hint],
      );
      return rows[0]!;
    });
  }

  /** Changes the user's endpoint; turning it on again clears the portal's reason for turning it off. */
  async update(userId: number, id: number, e: NewEndpoint): Promise<EndpointRow | null> {
    const { rows } = await this.pool.query<EndpointRow>(
      `UPDATE webhook_endpoints
          SET url = $3, description = $4, event_types = $5, enabled = $6,
              disabled_reason = CASE WHEN $6 THEN NULL ELSE disabled_reason END, updated_at = now()
        WHERE id = $2 AND user_id = $1 RETURNING ${endpointColumns}`,
      [userId, id, e.url, e.description, e.eventTypes, e.enabled],
    );
    return rows[0] ?? null;
  }

  async delete(userId: number, id: number): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      'DELETE FROM webhook_endpoints WHERE id = $2 AND user_id = $1',
      [userId, id],
    );
    return (rowCount ?? 0) > 0;
  }

  /** A new secret; the old one goes on signing (a second signature) for `graceSeconds`. */
  async rotate(
    userId: number,
    id: number,
    secret: { sealed: string; hint: string },
    graceSeconds: number,
  ): Promise<EndpointRow | null> {
    const { rows } = await this.pool.query<EndpointRow>(
      `UPDATE webhook_endpoints
          SET previous_secret = secret, previous_secret_until = now() + make_interval(secs => $5),
              secret = $3, secret_hint = $4, updated_at = now()
        WHERE id = $2 AND user_id = $1 RETURNING ${endpointColumns}`,
      [userId, id, secret.sealed, secret.hint, graceSeconds],
    );
    return rows[0] ?? null;
  }

  async sendingEndpoint(id: number): Promise<SendingEndpoint | null> {
    const { rows } = await this.pool.query<SendingEndpoint>(
      `SELECT id, user_id AS "userId", url, enabled, secret,
              CASE WHEN previous_secret_until > now() THEN previous_secret END AS "previousSecret"
         FROM webhook_endpoints WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** The portal turns an endpoint off (its receiver answered 410 Gone). */
  async disable(id: number, reason: string): Promise<void> {
    await this.pool.query(
      'UPDATE webhook_endpoints SET enabled = false, disabled_reason = $2, updated_at = now() WHERE id = $1',
      [id, reason],
    );
  }

  /**
   * The outbox: one row per enabled endpoint of the user that takes this event type, in the
   * caller's transaction (`tx`). A user without such an endpoint costs one indexed lookup.
   */
  async recordEvent(
    tx: Queryable,
    userId: number,
    eventId: string,
    type: string,
    body: string,
  ): Promise<number> {
    const { rowCount } = await tx.query(
      `INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, body)
       SELECT id, $2, $3, $4 FROM webhook_endpoints
        WHERE user_id = $1 AND enabled AND $3 = ANY(event_types)`,
      [userId, eventId, type, body],
    );
    return rowCount ?? 0;
  }

  /** A test event for one of the user's endpoints (on or off); null when it is not theirs. */
  async recordTest(userId: number, endpointId: number, eventId: string, type: string, body: string) {
    const { rows } = await this.pool.query<{ id: string }>(
      `INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, body)
       SELECT id, $3, $4, $5 FROM webhook_endpoints WHERE id = $2 AND user_id = $1
       RETURNING id`,
      [userId, endpointId, eventId, type, body],
    );
    return rows[0] ? Number(rows[0].id) : null;
  }

  /**
   * Takes a due try: counts it and moves `next_attempt_at` to the end of a lease, so the sweep
   * leaves it alone while it runs and brings it back if the process dies mid-try (kill -9). A
   * row not due yet answers when it is; a settled or deleted one, nothing.
   */
  async claim(id: number, leaseSeconds: number): Promise<Claim> {
    const { rows } = await this.pool.query<{
      endpointId: number;
      eventId: string;
      eventType: string;
      body: string;
      attempts: number;
    }>(
      `UPDATE webhook_deliveries
          SET attempts = attempts + 1, last_attempt_at = now(),
              next_attempt_at = now() + make_interval(secs => $2)
        WHERE id = $1 AND state = 'pending' AND next_attempt_at <= now()
       RETURNING endpoint_id AS "endpointId", event_id AS "eventId", event_type AS "eventType", body, attempts`,
      [id, leaseSeconds],
    );
    if (rows[0]) return { kind: 'claimed', ...rows[0] };
    const { rows: waiting } = await this.pool.query<{ at: Date }>(
      `SELECT next_attempt_at AS at FROM webhook_deliveries WHERE id = $1 AND state = 'pending'`,
      [id],
    );
    return waiting[0] ? { kind: 'notDue', at: waiting[0].at } : { kind: 'gone' };
  }

  /**
   * Records a try's outcome, only while the row is still the claimed try's (a later claim by a
   * second worker wins). `retryInSeconds` null settles the row (delivered or failed for good).
   */
  async settle(
    id: number,
    attempts: number,
    outcome: {
      delivered: boolean;
      status: number | null;
      error: string | null;
      retryInSeconds: number | null;
    },
  ): Promise<Date | null> {
    const state = outcome.delivered ? 'delivered' : outcome.retryInSeconds === null ? 'failed' : 'pending';
    const { rows } = await this.pool.query<{ at: Date }>(
      `UPDATE webhook_deliveries
          SET state = $3, response_status = $4, last_error = $5,
              delivered_at = CASE WHEN $3 = 'delivered' THEN now() END,
              next_attempt_at = CASE WHEN $6::float8 IS NULL THEN next_attempt_at
                                     ELSE now() + make_interval(secs => $6::float8) END
        WHERE id = $1 AND attempts = $2 AND state = 'pending'
       RETURNING next_attempt_at AS at`,
      [id, attempts, state, outcome.status, outcome.error, outcome.retryInSeconds],
    );
    return state === 'pending' ? (rows[0]?.at ?? null) : null;
  }

  /** Pending rows due within `windowSeconds`, soonest first (the sweep puts them on the queue). */
  async due(windowSeconds: number, limit: number): Promise<{ id: number; at: Date }[]> {
    const { rows } = await this.pool.query<{ id: string; at: Date }>(
      `SELECT id, next_attempt_at AS at FROM webhook_deliveries
        WHERE state = 'pending' AND next_attempt_at <= now() + make_interval(secs => $1)
        ORDER BY next_attempt_at LIMIT $2`,
      [windowSeconds, limit],
    );
    return rows.map((r) => ({ id: Number(r.id), at: r.at }));
  }

  /** An endpoint's log, newest first; null when the endpoint is not the user's. */
  async log(userId: number, endpointId: number, limit: number): Promise<DeliveryRow[] | null> {
    const owner = await this.pool.query('SELECT 1 FROM webhook_endpoints WHERE id = $2 AND user_id = $1', [
      userId,
      endpointId,
    ]);
    if (!owner.rowCount) return null;
    const { rows } = await this.pool.query<DeliveryRow & { id: string }>(
      `SELECT id, event_id AS "eventId", event_type AS "eventType", created_at AS "createdAt", state, attempts,
              response_status AS "responseStatus", last_error AS error, last_attempt_at AS "lastAttemptAt",
              CASE WHEN state = 'pending' THEN next_attempt_at END AS "nextAttemptAt"
         FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY id DESC LIMIT $2`,
      [endpointId, limit],
    );
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  /**
   * Bounds the log: settled rows older than `days`, and beyond the newest `keep` of an endpoint,
   * go. Pending rows stay whatever their age (their tries are not over).
   */
  async prune(days: number, keep: number): Promise<number> {
    const { rowCount } = await this.pool.query(
      `DELETE FROM webhook_deliveries d
        WHERE d.state <> 'pending'
          AND (d.created_at < now() - make_interval(days => $1)
               OR d.id < (SELECT min(k.id) FROM (SELECT id FROM webhook_deliveries
                                                   WHERE endpoint_id = d.endpoint_id
                                                   ORDER BY id DESC LIMIT $2) k))`,
      [days, keep],
    );
    return rowCount ?? 0;
  }
}
