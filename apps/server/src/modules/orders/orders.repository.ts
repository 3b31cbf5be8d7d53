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

export interface Submission {
  key: string;
  kind: 1 | 4;
}

/** What a submit ended in: the new orders, or the answer stored for its key by an earlier submit. */
export type Placement =
  | { repeated: false; response: OrderSuccessResponse }
  | { repeated: true; kind: number; response: OrderSuccessResponse };

/** SQL of orders: placing them with their terms, the idempotency of submits, the searches ordered from. */
export class OrdersRepository {
  constructor(private readonly pool: pg.Pool) {}

  /** The answer stored for a key of this user, if a submit with it completed. */
  async findSubmission(
    userId: number,
    key: string,
  ): Promise<{ kind: number; response: OrderSuccessResponse } | null> {
    const { rows } = await this.pool.query<{ kind: number; response: OrderSuccessResponse | null }>(
      'SELECT kind, response FROM order_submissions WHERE user_id = $1 AND idempotency_key = $2',
      [userId, key],
    );
    const row = rows[0];
    return row?.response ? { kind: row.kind, response: row.response } : null;
  }

  /**
   * Stores the orders (one per level, each with every term), the reseller's end-user company
   * and the submit's answer in one transaction. With a key, its row is inserted first: a
   * concurrent submit with the same key waits on the unique index until this one commits, then
   * finds the row and answers what was stored, creating nothing (or, if this one rolled back,
   * goes on as the first).
   */
  async place(
    userId: number,
    submission: Submission | null,
    orders: NewOrder[],
    terms: NewTerm[],
    company: CompanyToSave | null,
  ): Promise<Placement> {
    return inTransaction(this.pool, async (client) => {
      if (submission) {
        const claimed = await client.query(
          `INSERT INTO order_submissions (user_id, idempotency_key, kind) VALUES ($1, $2, $3)
           ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id`,
          [userId, submission.key, submission.kind],
        );
        if (!claimed.rowCount) {
          const { rows } = await client.query<{ kind: number; response: OrderSuccessResponse }>(
            'SELECT kind, response FROM order_submissions WHERE user_id = $1 AND idempotency_key = $2',
            [userId, submission.key],
          );
          const row = rows[0]!;
          return { repeated: true, kind: row.kind, response: row.response };
        }
      }
      const list: OrderSuccessResponse['list'] = [];
      for (const order of orders) list.push(await insertOrder(client, userId, order));
      await insertTerms(
        client,
        list.map((o) => o.orderId),
        terms,
      );
      if (company) await upsertCompany(client, company);
      const response: OrderSuccessResponse = { list };
      if (submission) {
        await client.query(
          'UPDATE order_submissions SET response = $3 WHERE user_id = $1 AND idempotency_key = $2',
          [userId, submission.key, JSON.stringify(response)],
        );
      }
      return { repeated: false, response };
    });
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
