import type { Aoi, NotShotReason, RequestInfo } from '@satportal/contract';
import type pg from 'pg';
import { inTransaction } from '../../db/database';
import { type EventOutbox, noOutbox } from '../../db/outbox';

/** What the order list asks for: the user's orders filtered, one page. */
export interface OrderFilter {
  /** the tab's statuses; null: all */
  statuses: readonly number[] | null;
  tag: string | null;
  /** part of the order number or of an AOI name, any case; null: no search */
  text: string | null;
  start: number;
  length: number;
}

export interface OrderListRow {
  id: number;
  number: string;
  time: Date;
  type: 1 | 4;
  status: number;
  tag: string | null;
  processMode: 'GEOTIFF' | 'STREAMING_GEOTIFF';
  aoiNames: (string | null)[];
}

export interface OrderRow {
  id: number;
  order_number: string;
  created_at: Date;
  status: number;
  kind: 1 | 4;
  level: 10 | 11 | 20 | 21 | 22;
  priority: 1 | 2 | 3;
  process_mode: 'GEOTIFF' | 'STREAMING_GEOTIFF';
  clipping: boolean;
  quality_testing: boolean;
  manual_recheck: boolean;
  is_order_by_scene_id: boolean;
  sat_groups: string[];
  sat_ids: number[];
  condition: unknown;
  sensor: unknown;
  tag: string | null;
  request_type: 1 | 2;
  request_info: RequestInfo | null;
  order_area: number;
  overlap_area: number;
  total_area: number;
  overlap_chargeable_area: number;
  amount: number;
  currency: 1 | 2;
  /** each ordered AOI with its geodesic area, km² */
  aois: { aoi: Aoi; area: number }[];
}

export interface TermRow {
  id: string;
  priority: 1 | 2 | 3;
  state: number;
  scenes: Record<string, unknown>[];
  pass: unknown;
  package_key: string | null;
  package_bytes: string | null;
  package_expires_at: Date | null;
  not_shot_reasons: NotShotReason[];
}

/** How a cancel ended: not the user's order, refused in its status, or cancelled. */
export type CancelOutcome =
  | { kind: 'notFound' }
  | { kind: 'refused'; status: number }
  | { kind: 'cancelled'; cancelled: number; kept: number };

/** Terms not delivered and not ended yet: a cancel ends them; complete (5) and ended ones stay. */
const openTermStates = [-2, -1, 1, 4, 100];
const completeTermState = 5;

const filterSql = `o.user_id = $1
   AND ($2::int[] IS NULL OR o.status = ANY($2::int[]))
   AND ($3::text IS NULL OR o.tag = $3)
   AND ($4::text IS NULL
        OR strpos(lower(o.order_number), lower($4)) > 0
        OR EXISTS (SELECT 1 FROM jsonb_array_elements(o.aois) AS a
                    WHERE strpos(lower(a->>'name'), lower($4)) > 0))`;

/** SQL of the order centre: a user's orders, one order with its terms, and cancelling one. */
export class OrderCentreRepository {
  constructor(
    private readonly pool: pg.Pool,
    /** a cancel is an `order.status_changed` event, recorded in the cancel's transaction */
    private readonly outbox: EventOutbox = noOutbox,
  ) {}

  async list(userId: number, f: OrderFilter): Promise<{ rows: OrderListRow[]; total: number }> {
    const params = [userId, f.statuses, f.tag, f.text];
    const [page, count] = await Promise.all([
      this.pool.query<OrderListRow>(
        `SELECT o.id, o.order_number AS number, o.created_at AS time, o.kind AS type, o.status, o.tag,
                o.process_mode AS "processMode",
                coalesce((SELECT array_agg(a->>'name' ORDER BY n)
                            FROM jsonb_array_elements(o.aois) WITH ORDINALITY AS x(a, n)),
                         '{}') AS "aoiNames"
           FROM orders o
          WHERE ${filterSql}
          ORDER BY o.created_at DESC, o.id DESC
         OFFSET $5 LIMIT $6`,
        [...params, f.start, f.length],
      ),
      this.pool.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM orders o WHERE ${filterSql}`,
        params,
      ),
    ]);
    return { rows: page.rows, total: count.rows[0]?.total ?? 0 };
  }

  /** The order with its AOIs measured, if it is the user's. */
  async find(userId: number, orderId: number): Promise<OrderRow | null> {
    const { rows } = await this.pool.query<OrderRow>(
      `SELECT o.id, o.order_number, o.created_at, o.status, o.kind, o.level, o.priority, o.process_mode,
              o.clipping, o.quality_testing, o.manual_recheck, o.is_order_by_scene_id, o.sat_groups,
              o.sat_ids, o.condition, o.sensor, o.tag, o.request_type, o.request_info, o.order_area,
              o.overlap_area, o.total_area, o.overlap_chargeable_area, o.amount::float8 AS amount,
              o.currency,
              -- measured as the search measures an AOI: wrapped into ±180°, geodesic
              coalesce((SELECT jsonb_agg(jsonb_build_object(
                                 'aoi', a,
                                 'area', lonlat_area_km2(ST_CollectionExtract(ST_WrapX(ST_WrapX(
                                           ST_SetSRID(ST_GeomFromGeoJSON(a - 'name'), 4326),
                                           180, -360), -180, 360), 3)))
                               ORDER BY n)
                          FROM jsonb_array_elements(o.aois) WITH ORDINALITY AS x(a, n)),
                       '[]'::jsonb) AS aois
         FROM orders o
        WHERE o.id = $1 AND o.user_id = $2`,
      [orderId, userId],
    );
    return rows[0] ?? null;
  }

  async terms(orderId: number): Promise<TermRow[]> {
    const { rows } = await this.pool.query<TermRow>(
      `SELECT id, priority, state, scenes, pass, package_key, package_bytes, package_expires_at, not_shot_reasons
         FROM order_terms WHERE order_id = $1 ORDER BY position`,
      [orderId],
    );
    return rows;
  }

  /**
   * Cancels the user's order if its status allows it: the open terms become 99, the complete
   * ones stay delivered, the order 41. The order row is locked first, so a fulfilment step that
   * locks it too (issue 14) either finishes before or sees the cancel, never half of it.
   */
  async cancel(userId: number, orderId: number, cancellable: readonly number[]): Promise<CancelOutcome> {
    return inTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ status: number; order_number: string }>(
        'SELECT status, order_number FROM orders WHERE id = $1 AND user_id = $2 FOR UPDATE',
        [orderId, userId],
      );
      const order = rows[0];
      if (!order) return { kind: 'notFound' };
      if (!cancellable.includes(order.status)) return { kind: 'refused', status: order.status };
      const cancelled = await client.query(
        `UPDATE order_terms SET state = 99, updated_at = now()
          WHERE order_id = $1 AND state = ANY($2::int[])`,
        [orderId, openTermStates],
      );
      const kept = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM order_terms WHERE order_id = $1 AND state = $2',
        [orderId, completeTermState],
      );
      await client.query('UPDATE orders SET status = 41, updated_at = now() WHERE id = $1', [orderId]);
      await this.outbox.record(client, userId, {
        type: 'order.status_changed',
        data: {
          orderId,
          orderNumber: order.order_number,
          previousStatus: order.status,
          status: 41,
          final: true,
        },
      });
      return { kind: 'cancelled', cancelled: cancelled.rowCount ?? 0, kept: kept.rows[0]?.n ?? 0 };
    });
  }
}
