import type { OrderTagEntry } from '@satportal/contract';
import type { Queryable } from '../../db/database';

/** SQL of order tags (spec 001 §3 Tag): a text on the order, at most one per order. */
export class TagsRepository {
  constructor(private readonly db: Queryable) {}

  /** The user's tags with the ids of their orders, by name. */
  async list(userId: number): Promise<OrderTagEntry[]> {
    const { rows } = await this.db.query<OrderTagEntry>(
      `SELECT tag, array_agg(id ORDER BY id) AS "orderIds"
         FROM orders
        WHERE user_id = $1 AND tag IS NOT NULL
        GROUP BY tag
        ORDER BY lower(tag), tag`,
      [userId],
    );
    return rows;
  }

  /**
   * Sets (null: removes) the tag of these orders of the user, only if every id is one of the
   * user's orders: one statement, so either all change or none. Answers whether they changed.
   */
  async setTag(userId: number, orderIds: number[], tag: string | null): Promise<boolean> {
    const ids = [...new Set(orderIds)];
    const r = await this.db.query(
      `UPDATE orders SET tag = $3, updated_at = now()
        WHERE user_id = $1 AND id = ANY($2::int[])
          AND (SELECT count(*) FROM orders WHERE user_id = $1 AND id = ANY($2::int[])) = $4`,
      [userId, ids, tag, ids.length],
    );
    return (r.rowCount ?? 0) === ids.length;
  }
}
