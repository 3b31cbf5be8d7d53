import { type DeliveryCompletedData, type NotShotReason, OrderStatus, TermStates } from '@satportal/contract';
import type pg from 'pg';
import { inTransaction } from '../../db/database';
import { type EventOutbox, noOutbox } from '../../db/outbox';
import type { MailFacts, OperatorOrderRow, OrderHead } from './fulfilment.rows';
import { OpenTermStates, statusFromTerms, WorkingStatuses } from './life-cycle';

export type { MailFacts, OperatorOrderRow } from './fulfilment.rows';

/** A terms entry with what fulfilment needs of its order. */
export interface TermWork {
  id: number;
  orderId: number;
  orderNumber: string;
  userId: number;
  kind: 1 | 4;
  /** the order's area, km² (a tasking capture's ordered area) */
  orderArea: number;
  level: number;
  clipping: boolean;
  manualRecheck: boolean;
  orderStatus: number;
  orderedAt: Date;
  condition: Record<string, unknown> | null;
  state: number;
  position: number;
  sceneId: string | null;
  scenes: Record<string, unknown>[];
  pass: Record<string, unknown> | null;
  captureDueAt: Date | null;
  /** The order's AOIs as GeoJSON (their union, split at ±180°) when it clips; null otherwise. */
  clipAoi: { type: 'MultiPolygon'; coordinates: number[][][][] } | null;
}

/** What an audit did: nothing (not 11 any more), or the order's new status and its terms. */
export type AuditOutcome =
  | { kind: 'skipped'; status: number }
  | {
      kind: 'audited';
      status: number;
      /** the order waits for a manual recheck before its deliveries */
      manualRecheck: boolean;
      terms: { id: number; captureDueAt: Date | null }[];
    };

/** What settling a terms entry did to its order. */
export type SettleOutcome =
  | { kind: 'stale' }
  | { kind: 'settled'; orderId: number; status: number; orderSettled: boolean };

/** A package as stored: key, size, checksum, link expiry. */
export interface StoredPackage {
  key: string;
  bytes: number;
  sha256: string;
  expiresAt: Date;
}

/** The sweep's view: what should be in the queue. */
export interface OpenWork {
  /** Orders in 11 (auditing) with their order time: due for the automatic audit. */
  auditing: { id: number; orderedAt: Date }[];
  /** Terms waiting or being made in working orders, with when they are due. */
  terms: {
    id: number;
    kind: 1 | 4;
    state: number;
    captureDueAt: Date | null;
    manualRecheck: boolean;
    auditedAt: Date;
    /** a tasking term whose capture is recorded (its scenes are known): only its package is left */
    captured: boolean;
  }[];
  /** Settled orders whose orderer has not been mailed about the final status yet. */
  unmailed: number[];
}

const termWorkSql = `
  SELECT t.id, t.order_id AS "orderId", o.order_number AS "orderNumber", o.user_id AS "userId",
         o.kind, o.order_area AS "orderArea", o.level, o.clipping, o.manual_recheck AS "manualRecheck", o.status AS "orderStatus",
         o.created_at AS "orderedAt", o.condition, t.state, t.position, t.scene_id AS "sceneId",
         t.scenes, t.pass, t.capture_due_at AS "captureDueAt",
         CASE WHEN o.clipping AND o.aoi IS NOT NULL
              THEN ST_AsGeoJSON(ST_Multi(o.aoi::geometry), 9)::jsonb END AS "clipAoi"
    FROM order_terms t JOIN orders o ON o.id = t.order_id
   WHERE t.id = $1`;

/**
 * The SQL of fulfilment: audits, claims and settles terms, each move a compare-and-set. Each move
 * of an order's status, and each delivery, is an event in the outbox of the same transaction.
 */
export class FulfilmentRepository {
  constructor(
    private readonly pool: pg.Pool,
    private readonly outbox: EventOutbox = noOutbox,
  ) {}

  /**
   * Decides an order's audit once: approve moves 11 → 21 and its terms −2 → −1 (submitted),
   * reject 11 → 12 and its terms → 98. Any other status is left as it is (a repeated job, a cancel).
   * `captureDueAt` gives each tasking term its capture time on the fulfilment clock.
   */
  async audit(
    orderId: number,
    decision: 'approve' | 'reject',
    by: string,
    captureDueAt: (pass: Record<string, unknown>, orderedAt: Date) => Date,
  ): Promise<AuditOutcome> {
    return inTransaction(this.pool, async (client) => {
      const { rows } = await client.query<OrderHead & { created_at: Date; manual_recheck: boolean }>(
        `SELECT status, created_at, manual_recheck, user_id AS "userId", order_number AS "orderNumber"
           FROM orders WHERE id = $1 FOR UPDATE`,
        [orderId],
      );
      const order = rows[0];
      if (!order) return { kind: 'skipped', status: 0 };
      if (order.status !== OrderStatus.Auditing) return { kind: 'skipped', status: order.status };
      const approve = decision === 'approve';
      const status = approve ? OrderStatus.Processing : OrderStatus.AuditFailed;
      await client.query(
        `UPDATE orders SET status = $2::smallint, audited_by = $3, audited_at = now(), updated_at = now(),
                settled_at = CASE WHEN $2::int = ${OrderStatus.AuditFailed} THEN now() END
          WHERE id = $1`,
        [orderId, status, by],
      );
      await this.statusEvent(client, { ...order, id: orderId }, status, !approve);
      const terms = await client.query<{ id: number; pass: Record<string, unknown> | null }>(
        'SELECT id, pass FROM order_terms WHERE order_id = $1 AND state = $2 ORDER BY position',
        [orderId, TermStates.Initialised],
      );
      const scheduled: { id: number; captureDueAt: Date | null }[] = [];
      for (const t of terms.rows) {
        const due = approve && t.pass ? captureDueAt(t.pass, order.created_at) : null;
        await client.query(
          'UPDATE order_terms SET state = $2, capture_due_at = $3, updated_at = now() WHERE id = $1',
          [t.id, approve ? TermStates.Submitted : TermStates.Rejected, due],
        );
        scheduled.push({ id: Number(t.id), captureDueAt: due });
      }
      return {
        kind: 'audited',
        status,
        manualRecheck: order.manual_recheck,
        terms: approve ? scheduled : [],
      };
    });
  }

  async findTerm(termsId: number): Promise<TermWork | null> {
    const { rows } = await this.pool.query<TermWork>(termWorkSql, [termsId]);
    const row = rows[0];
    return row ? { ...row, id: Number(row.id) } : null;
  }

  /**
   * Takes a submitted term into work (−1 → 1) while its order is in work; a term already
   * executing (a job retried after a crash) is taken again. False: nothing to do any more.
   */
  async claim(termsId: number): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `UPDATE order_terms t SET state = ${TermStates.Executing}, updated_at = now()
         FROM orders o
        WHERE t.id = $1 AND o.id = t.order_id
          AND t.state IN (${TermStates.Submitted}, ${TermStates.Executing})
          AND o.status = ANY($2::int[])`,
      [termsId, WorkingStatuses],
    );
    return (rowCount ?? 0) > 0;
  }

  /** A tasking capture's scenes (the `ips` of the term), recorded before its package is made. */
  async recordCapture(termsId: number, scenes: Record<string, unknown>[]): Promise<void> {
    await this.pool.query('UPDATE order_terms SET scenes = $2, updated_at = now() WHERE id = $1', [
      termsId,
      JSON.stringify(scenes),
    ]);
  }

  /**
   * Delivered: 1 → 5 with the package, and the order's status follows (life-cycle.ts); the
   * `delivery.completed` event is recorded only when this call moved the term.
   */
  async deliver(termsId: number, pkg: StoredPackage, event?: DeliveryCompletedData): Promise<SettleOutcome> {
    return this.settle(termsId, async (client, order) => {
      const moved = await client.query(
        `UPDATE order_terms SET state = ${TermStates.Complete}, package_key = $2, package_bytes = $3,
                package_sha256 = $4, package_expires_at = $5, failure = NULL, updated_at = now()
          WHERE id = $1 AND state = ${TermStates.Executing}`,
        [termsId, pkg.key, pkg.bytes, pkg.sha256, pkg.expiresAt],
      );
      if (moved.rowCount && event)
        await this.outbox.record(client, order.userId, { type: 'delivery.completed', data: event });
      return moved;
    });
  }

  /** Failed for good (retries spent, or a pass not shot): → −3, with the reason. */
  async fail(termsId: number, failure: string, notShot: NotShotReason | null): Promise<SettleOutcome> {
    return this.settle(termsId, (client) =>
      client.query(
        `UPDATE order_terms SET state = ${TermStates.Failed}, failure = $2,
                not_shot_reasons = CASE WHEN $3::jsonb IS NULL THEN not_shot_reasons
                                        ELSE not_shot_reasons || jsonb_build_array($3::jsonb) END,
                updated_at = now()
          WHERE id = $1 AND state = ANY($4::int[])`,
        [termsId, failure, notShot ? JSON.stringify(notShot) : null, OpenTermStates],
      ),
    );
  }

  /**
   * One settle: the order row locked first (as the cancel locks it), the term moved only if it is
   * still open (a cancel or an earlier run may have settled it: then `stale`, nothing changes), and
   * the order's status recomputed from all its terms in the same transaction.
   */
  private async settle(
    termsId: number,
    move: (client: pg.PoolClient, order: OrderHead & { id: number }) => Promise<pg.QueryResult>,
  ): Promise<SettleOutcome> {
    return inTransaction(this.pool, async (client) => {
      const { rows } = await client.query<OrderHead & { id: number }>(
        `SELECT o.id, o.status, o.user_id AS "userId", o.order_number AS "orderNumber"
           FROM orders o JOIN order_terms t ON t.order_id = o.id
          WHERE t.id = $1 FOR UPDATE OF o`,
        [termsId],
      );
      const order = rows[0];
      if (!order || !WorkingStatuses.includes(order.status)) return { kind: 'stale' };
      if (!(await move(client, order)).rowCount) return { kind: 'stale' };
      const states = await client.query<{ state: number }>(
        'SELECT state FROM order_terms WHERE order_id = $1',
        [order.id],
      );
      const next = statusFromTerms(states.rows.map((r) => r.state));
      await client.query(
        `UPDATE orders SET status = $2::smallint, updated_at = now(),
                settled_at = CASE WHEN $3::boolean THEN now() ELSE settled_at END
          WHERE id = $1`,
        [order.id, next.status, next.settled],
      );
      if (next.status !== order.status || next.settled)
        await this.statusEvent(client, order, next.status, next.settled);
      return { kind: 'settled', orderId: order.id, status: next.status, orderSettled: next.settled };
    });
  }

  /** `order.status_changed` in the transaction that moved the status. */
  private statusEvent(
    client: pg.PoolClient,
    order: OrderHead & { id: number },
    status: number,
    final: boolean,
  ) {
    return this.outbox.record(client, order.userId, {
      type: 'order.status_changed',
      data: {
        orderId: order.id,
        orderNumber: order.orderNumber,
        previousStatus: order.status,
        status,
        final,
      },
    });
  }

  /** Earlier approved orders' passes of the same satellite overlapping a time window (the conflict rule). */
  async committedPasses(
    orderId: number,
    satId: number,
    from: Date,
    to: Date,
  ): Promise<{ orderNumber: string; enterTime: string; leaveTime: string }[]> {
    const { rows } = await this.pool.query<{ orderNumber: string; enterTime: string; leaveTime: string }>(
      `SELECT o.order_number AS "orderNumber", t.pass->>'enterTime' AS "enterTime",
              t.pass->>'leaveTime' AS "leaveTime"
         FROM order_terms t JOIN orders o ON o.id = t.order_id
        WHERE (t.pass->>'satId')::int = $2
          AND o.id <> $1
          AND (o.created_at, o.id) < (SELECT created_at, id FROM orders WHERE id = $1)
          -- a commitment: an approved order's pass not given up (an order still in its audit
          -- holds nothing yet; a failed, rejected or cancelled pass frees the satellite)
          AND t.state IN (${TermStates.Submitted}, ${TermStates.Executing}, ${TermStates.Complete})
          AND o.status IN (${OrderStatus.Processing}, ${OrderStatus.PartialDelivery},
                           ${OrderStatus.Finished})
          AND (t.pass->>'enterTime')::timestamptz < $4
          AND (t.pass->>'leaveTime')::timestamptz > $3`,
      [orderId, satId, from, to],
    );
    return rows;
  }

  /** What the queue should hold now (the sweep after a start, and every little while). */
  async openWork(): Promise<OpenWork> {
    const [auditing, terms, unmailed] = await Promise.all([
      this.pool.query<{ id: number; orderedAt: Date }>(
        `SELECT id, created_at AS "orderedAt" FROM orders WHERE status = ${OrderStatus.Auditing} ORDER BY id`,
      ),
      this.pool.query<OpenWork['terms'][number]>(
        `SELECT t.id, o.kind, t.state, t.capture_due_at AS "captureDueAt", o.manual_recheck AS "manualRecheck",
                coalesce(o.audited_at, o.created_at) AS "auditedAt", jsonb_array_length(t.scenes) > 0 AS captured
           FROM order_terms t JOIN orders o ON o.id = t.order_id
          WHERE t.state IN (${TermStates.Submitted}, ${TermStates.Executing})
            AND o.status = ANY($1::int[])
          ORDER BY t.id`,
        [WorkingStatuses],
      ),
      this.pool.query<{ id: number }>(
        `SELECT id FROM orders
          WHERE settled_at IS NOT NULL AND status IN (${OrderStatus.Finished}, ${OrderStatus.PartialDelivery},
                                                      ${OrderStatus.ProcessFailed}, ${OrderStatus.AuditFailed})
            AND mailed_status IS DISTINCT FROM status
          ORDER BY id`,
      ),
    ]);
    return {
      auditing: auditing.rows,
      terms: terms.rows.map((t) => ({ ...t, id: Number(t.id) })),
      unmailed: unmailed.rows.map((r) => r.id),
    };
  }

  /** The orderer and the order's final state, for its mail; null when already mailed about it. */
  async mailFacts(orderId: number): Promise<MailFacts | null> {
    const { rows } = await this.pool.query<MailFacts>(
      `SELECT o.id, o.order_number AS "orderNumber", o.status, u.email, u.username AS "userName",
              coalesce(u.language, 'en') AS language,
              (SELECT count(*)::int FROM order_terms t WHERE t.order_id = o.id AND t.state = ${TermStates.Complete})
                AS delivered,
              (SELECT count(*)::int FROM order_terms t WHERE t.order_id = o.id AND t.state = ${TermStates.Failed})
                AS failed,
              (SELECT count(*)::int FROM order_terms t WHERE t.order_id = o.id) AS terms,
              (SELECT max(package_expires_at) FROM order_terms t WHERE t.order_id = o.id) AS "downloadUntil"
         FROM orders o JOIN users u ON u.id = o.user_id
        WHERE o.id = $1 AND o.settled_at IS NOT NULL AND o.mailed_status IS DISTINCT FROM o.status`,
      [orderId],
    );
    return rows[0] ?? null;
  }

  async markMailed(orderId: number, status: number): Promise<void> {
    await this.pool.query('UPDATE orders SET mailed_status = $2 WHERE id = $1', [orderId, status]);
  }

  /** Every package key a terms entry holds (the reliability test's and the orphan sweep's view). */
  /** Orders for the operator CLI, newest first, with their terms' states. */
  async operatorList(filter: {
    status?: number;
    username?: string;
    limit: number;
  }): Promise<OperatorOrderRow[]> {
    const { rows } = await this.pool.query<OperatorOrderRow>(
      `SELECT o.id, o.order_number AS "orderNumber", u.username, o.kind, o.status, o.level,
              o.created_at AS "createdAt", o.audited_by AS "auditedBy",
              coalesce((SELECT array_agg(t.state ORDER BY t.position) FROM order_terms t WHERE t.order_id = o.id),
                       '{}') AS "termStates"
         FROM orders o JOIN users u ON u.id = o.user_id
        WHERE ($1::int IS NULL OR o.status = $1) AND ($2::text IS NULL OR lower(u.username) = lower($2))
        ORDER BY o.created_at DESC, o.id DESC
        LIMIT $3`,
      [filter.status ?? null, filter.username ?? null, filter.limit],
    );
    return rows;
  }

  /** An order's terms waiting for delivery (submitted), or the one of a scene. */
  async waitingTerms(orderId: number, sceneId: string | null): Promise<number[]> {
    const { rows } = await this.pool.query<{ id: number }>(
      `SELECT id FROM order_terms
        WHERE order_id = $1 AND state = ${TermStates.Submitted} AND ($2::text IS NULL OR scene_id = $2)
        ORDER BY position`,
      [orderId, sceneId],
    );
    return rows.map((r) => Number(r.id));
  }

  async orderIdOf(orderNumber: string): Promise<number | null> {
    const { rows } = await this.pool.query<{ id: number }>('SELECT id FROM orders WHERE order_number = $1', [
      orderNumber,
    ]);
    return rows[0]?.id ?? null;
  }

  async holdsPackage(key: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('SELECT 1 FROM order_terms WHERE package_key = $1', [key]);
    return (rowCount ?? 0) > 0;
  }

  async packageKeys(): Promise<string[]> {
    const { rows } = await this.pool.query<{ key: string }>(
      'SELECT package_key AS key FROM order_terms WHERE package_key IS NOT NULL',
    );
    return rows.map((r) => r.key);
  }
}
