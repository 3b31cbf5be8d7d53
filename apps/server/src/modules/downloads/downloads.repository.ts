import { TermStates } from '@satportal/contract';
import type pg from 'pg';

/** A delivered package as the download needs it. */
export interface OwnedPackage {
  termsId: string;
  orderNumber: string;
  expiresAt: Date | null;
}

export class DownloadsRepository {
  constructor(private readonly pool: pg.Pool) {}

  /**
   * The complete terms entry whose package is `key`, if its order is the user's; null for another
   * user's key and an unknown one alike. Starting from the user's orders (orders_user_idx) and
   * their terms (the order_id index), so no index on package_key is needed.
   */
  async findOwnedPackage(userId: number, key: string): Promise<OwnedPackage | null> {
    const { rows } = await this.pool.query<{
      id: string;
      order_number: string;
      package_expires_at: Date | null;
    }>(
      `SELECT t.id, o.order_number, t.package_expires_at
         FROM orders o
         JOIN order_terms t ON t.order_id = o.id
        WHERE o.user_id = $1 AND t.package_key = $2 AND t.state = $3
        LIMIT 1`,
      [userId, key, TermStates.Complete],
    );
    const row = rows[0];
    return row ? { termsId: row.id, orderNumber: row.order_number, expiresAt: row.package_expires_at } : null;
  }
}
