import type { Queryable } from '../../../db/database';

/** What a subscription mail says and to whom; null fields: the user has no address or language. */
export interface SubscriptionMailRow {
  id: number;
  email: string;
  userName: string;
  language: 'en' | 'zh';
  subscriptionName: string;
  aoiName: string;
  scenes: { id: string; acquiredAt: Date }[];
}

/** SQL of the mails matching writes: the unsent ones, their facts, marking them sent. */
export class SubscriptionMailsRepository {
  constructor(private readonly db: Queryable) {}

  async unsentIds(): Promise<number[]> {
    const { rows } = await this.db.query<{ id: number }>(
      'SELECT id FROM subscription_mails WHERE sent_at IS NULL ORDER BY id',
    );
    return rows.map((r) => r.id);
  }

  /** An unsent mail with what it says (its scenes in the batch's order); null once sent or gone. */
  async unsent(id: number): Promise<SubscriptionMailRow | null> {
    const { rows } = await this.db.query<
      Omit<SubscriptionMailRow, 'scenes'> & { scenes: { id: string; acquiredAt: string }[] }
    >(
      `SELECT m.id, u.email, u.username AS "userName", coalesce(u.language, 'en') AS language,
              sub.name AS "subscriptionName", sub.aoi_name AS "aoiName",
              coalesce((SELECT json_agg(json_build_object('id', s.id, 'acquiredAt', s.acquired_at) ORDER BY x.n)
                          FROM unnest(m.scene_ids) WITH ORDINALITY AS x(id, n)
                          JOIN scenes s ON s.id = x.id), '[]'::json) AS scenes
         FROM subscription_mails m
         JOIN subscriptions sub ON sub.id = m.subscription_id
         JOIN users u ON u.id = sub.user_id
        WHERE m.id = $1 AND m.sent_at IS NULL`,
      [id],
    );
    const row = rows[0];
    if (!row) return null;
    return { ...row, scenes: row.scenes.map((s) => ({ id: s.id, acquiredAt: new Date(s.acquiredAt) })) };
  }

  async markSent(id: number): Promise<void> {
    await this.db.query('UPDATE subscription_mails SET sent_at = now() WHERE id = $1 AND sent_at IS NULL', [
      id,
    ]);
  }
}
