import type { Aoi, OrderSuccessResponse, RequestInfo } from '@satportal/contract';
import type pg from 'pg';
import { inTransaction, type Queryable } from '../../db/database';
import { type CompanyToSave, upsertCompany } from './companies.repository';

/** One order of a submit (one per chosen level), as stored. */
export interface NewOrder {
  kind: 1 | 4;
  level: number;
  priority: number;
  processMode: string;
  clipping: boolean;
  qualityTesting: boolean;
  manualRecheck: boolean;
  taskId: string | null;
  isOrderBySceneId: boolean;
  aois: Aoi[] | null;
  /** the AOIs' union split at ±180° (EWKB hex), null for whole scenes */
  aoi: string | null;
  satGroups: string[];
  satIds: number[];
  sensorType: number;
  condition: unknown;
  sensor: unknown;
  requestType: 1 | 2;
  requestInfo: RequestInfo | null;
  orderArea: number;
  overlapArea: number;
  totalArea: number;
  overlapChargeableArea: number;
  amount: number;
  currency: number;
}

/** A delivery term (`ippis` entry): one scene of an archive order or one pass of a tasking order. */
export interface NewTerm {
  priority: number;
  sceneId: string | null;
  scenes: unknown[];
  pass: unknown;
}

/** A submit's hold on its idempotency key (its row and the random token of this claim). */
export interface Claim {
  id: number;
  token: string;
}

/** What a submit stores with its key: the kind of order and the request's fingerprint. */
export interface KeyedRequest {
  kind: 1 | 4;
  fingerprint: string;
}

/** The row of a key: its request, its answer once placed, and whether its claim outlived the lease. */
export interface SubmissionRow {
  id: number;
  kind: number;
  /** null for rows stored before fingerprints (migration 015): compared by kind */
  fingerprint: string | null;
  response: OrderSuccessResponse | null;
  /** an unanswered claim older than the lease: its submit died (or overran), a repeat may take it */
  stale: boolean;
}

/** SQL of orders: placing them with their terms, the idempotency of submits, the searches ordered from. */
export class OrdersRepository {
  constructor(private readonly pool: pg.Pool) {}

  /**
   * Claims a key of this user for a submit, committed at once so that a repeat sees it in flight;
   * null when the key has a row already. A concurrent claim of the same key waits only for this
   * one statement.
   */
  async claimKey(userId: number, key: string, request: KeyedRequest, token: string): Promise<number | null> {
    const { rows } = await this.pool.query<{ id: number }>(
      `INSERT INTO order_submissions (user_id, idempotency_key, kind, fingerprint, claim)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id`,
      [userId, key, request.kind, request.fingerprint, token],
    );
    return rows[0]?.id ?? null;
  }

  /** The row of a key of this user; `stale` is judged by the database's clock. */
  async findSubmission(userId: number, key: string, leaseSeconds: number): Promise<SubmissionRow | null> {
    const { rows } = await this.pool.query<SubmissionRow>(
      `SELECT id, kind, fingerprint, response,
              (response IS NULL AND claimed_at < now() - make_interval(secs => $3)) AS stale
         FROM order_submissions WHERE user_id = $1 AND idempotency_key = $2`,
      [userId, key, leaseSeconds],
    );
    return rows[0] ?? null;
  }

  /**
   * Takes over a claim that outlived the lease (its submit is gone): true when this token now
   * holds the key. Compare-and-set, so of two repeats only one takes it, and none once the old
   * submit has answered.
   */
  async takeOverClaim(id: number, request: KeyedRequest, token: string, leaseSeconds: number) {
    const { rowCount } = await this.pool.query(
      `UPDATE order_submissions SET claim = $2, claimed_at = now(), kind = $3, fingerprint = $4
        WHERE id = $1 AND response IS NULL AND claimed_at < now() - make_interval(secs => $5)`,
      [id, token, request.kind, request.fingerprint, leaseSeconds],
    );
    return rowCount === 1;
  }

  /** Gives a key back after a refused or failed submit (nothing was stored under it). */
  async releaseClaim(claim: Claim): Promise<void> {
    await this.pool.query('DELETE FROM order_submissions WHERE id = $1 AND claim = $2 AND response IS NULL', [
      claim.id,
      claim.token,
    ]);
  }

  /**
   * Stores the orders (one per level, each with every term), the reseller's end-user company
   * and, under a claimed key, the answer, in one transaction. The answer is written only while
   * the claim is still this submit's: if a repeat took the key over after the lease, everything
   * is rolled back and null answered, so a key never has two order sets.
   */
  async place(
    userId: number,
    claim: Claim | null,
    orders: NewOrder[],
    terms: NewTerm[],
    company: CompanyToSave | null,
  ): Promise<OrderSuccessResponse | null> {
    try {
      return await inTransaction(this.pool, async (client) => {
        const list: OrderSuccessResponse['list'] = [];
        for (const order of orders) list.push(await insertOrder(client, userId, order));
        await insertTerms(
          client,
          list.map((o) => o.orderId),
          terms,
        );
        if (company) await upsertCompany(client, company);
        const response: OrderSuccessResponse = { list };
        if (claim) {
          const answered = await client.query(
            `UPDATE order_submissions SET response = $3, claim = NULL
              WHERE id = $1 AND claim = $2 AND response IS NULL`,
            [claim.id, claim.token, JSON.stringify(response)],
          );
          if (answered.rowCount !== 1) throw new LostClaim();
        }
        return response;
      });
    } catch (e) {
      if (e instanceof LostClaim) return null;
      throw e;
    }
  }

  /**
   * The stored request of an archive or scene-id search of this user (another user's, or a
   * purged one, is not found).
   */
  async findSearchRequest(userId: number, taskId: string): Promise<SearchRequest | null> {
    const { rows } = await this.pool.query<{ request: SearchRequest }>(
      `SELECT request FROM archive_searches WHERE id = $1 AND user_id = $2`,
      [taskId, userId],
    );
    return rows[0]?.request ?? null;
  }
}

/** What an archive search stored of its request (archive.service's `StoredSearch`). */
export interface SearchRequest {
  aois?: Aoi[];
  condition?: unknown;
  satIds?: number[];
  sensor?: unknown;
}

async function insertOrder(client: Queryable, userId: number, o: NewOrder) {
  const { rows } = await client.query<{ orderId: number; orderNumber: string }>(
    `INSERT INTO orders (user_id, kind, level, priority, process_mode, clipping, quality_testing,
                         manual_recheck, task_id, is_order_by_scene_id, aois, aoi, sat_groups, sat_ids,
                         sensor_type, condition, sensor, request_type, request_info, order_area,
                         overlap_area, total_area, overlap_chargeable_area, amount, currency)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::uuid, $10, $11::jsonb,
             ST_Multi($12::text::geometry)::geography, $13::text[], $14::int[], $15, $16::jsonb,
             $17::jsonb, $18, $19::jsonb, $20, $21, $22, $23, $24, $25)
     RETURNING id AS "orderId", order_number AS "orderNumber"`,
    [
      userId,
      o.kind,
      o.level,
      o.priority,
      o.processMode,
      o.clipping,
      o.qualityTesting,
      o.manualRecheck,
      o.taskId,
      o.isOrderBySceneId,
      o.aois && JSON.stringify(o.aois),
      o.aoi,
      o.satGroups,
      o.satIds,
      o.sensorType,
      o.condition == null ? null : JSON.stringify(o.condition),
      o.sensor == null ? null : JSON.stringify(o.sensor),
      o.requestType,
      o.requestInfo && JSON.stringify(o.requestInfo),
      o.orderArea,
      o.overlapArea,
      o.totalArea,
      o.overlapChargeableArea,
      o.amount.toFixed(2),
      o.currency,
    ],
  );
  return rows[0]!;
}

/** Every term under every order of the submit, in one statement. */
async function insertTerms(client: Queryable, orderIds: number[], terms: NewTerm[]) {
  if (!orderIds.length || !terms.length) return;
  await client.query(
    `INSERT INTO order_terms (order_id, position, priority, scene_id, scenes, pass)
     SELECT o.id, t.position, t.priority, t."sceneId", t.scenes, t.pass
       FROM unnest($1::int[]) AS o(id)
      CROSS JOIN jsonb_to_recordset($2::jsonb)
            AS t(position int, priority int, "sceneId" text, scenes jsonb, pass jsonb)`,
    [orderIds, JSON.stringify(terms.map((t, i) => ({ ...t, position: i + 1 })))],
  );
}

/** Thrown inside the order's transaction to roll it back: the key's claim is no longer ours. */
class LostClaim extends Error {}
