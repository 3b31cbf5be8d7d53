import type { Queryable } from '../../db/database';
import type { ServedSum } from './usage-ledger';

/** What the operator allows an account (`users` columns of migration 010); -1 unlimited. */
export interface AllowanceRow {
  flow_quota_bytes: number;
  day_flow_limit_bytes: number;
  /** null: the server's default (Config.tiles.defaultHdDailyTiles) */
  hd_daily_tiles: number | null;
  full_hd: boolean;
}

export interface UsageDayRow {
  day: string;
  bytes: number;
  tiles: number;
  downloads: number;
  hd_tiles: number;
}

/** SQL of usage per user and UTC day (`usage_days`) and of the account's allowances. */
export class UsageRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Adds the usage ledger's sums (`usage-ledger.ts`) in one statement, in the order given. Sums of
   * a user deleted meanwhile are dropped (nothing to count against).
   */
  async addServedSums(sums: readonly ServedSum[]): Promise<void> {
    if (!sums.length) return;
    await this.db.query(
      `INSERT INTO usage_days (user_id, day, bytes, tiles, downloads)
       SELECT s.user_id, s.day, s.bytes, s.tiles, s.downloads
         FROM unnest($1::int[], $2::date[], $3::int8[], $4::int[], $5::int[]) WITH ORDINALITY
              AS s(user_id, day, bytes, tiles, downloads, n)
        WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = s.user_id)
        ORDER BY s.n
       ON CONFLICT (user_id, day) DO UPDATE SET bytes = usage_days.bytes + excluded.bytes,
         tiles = usage_days.tiles + excluded.tiles, downloads = usage_days.downloads + excluded.downloads`,
      [
        sums.map((s) => s.userId),
        sums.map((s) => s.day),
        sums.map((s) => s.bytes),
        sums.map((s) => s.tiles),
        sums.map((s) => s.downloads),
      ],
    );
  }

  /**
   * Counts one HD tile unless `limit` (≥ 0) is reached. The update's WHERE is evaluated on the
   * row locked by ON CONFLICT, so two requests at the last tile cannot both pass. Whether it was
   * counted; `limit` null: always.
   */
  async takeHdTile(userId: number, day: string, limit: number | null): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `INSERT INTO usage_days (user_id, day, hd_tiles)
       SELECT $1, $2::date, 1 WHERE $3::integer IS NULL OR $3::integer > 0
       ON CONFLICT (user_id, day) DO UPDATE SET hd_tiles = usage_days.hd_tiles + 1
        WHERE $3::integer IS NULL OR usage_days.hd_tiles < $3::integer`,
      [userId, day, limit],
    );
    return rowCount === 1;
  }

  async allowance(userId: number): Promise<AllowanceRow | undefined> {
    const { rows } = await this.db.query<AllowanceRow>(
      `SELECT flow_quota_bytes::float8 AS flow_quota_bytes, day_flow_limit_bytes::float8 AS day_flow_limit_bytes,
              hd_daily_tiles, full_hd
         FROM users WHERE id = $1`,
      [userId],
    );
    return rows[0];
  }

  /** Sets the given allowances (the operator's CLI); the others stay. */
  async setAllowance(userId: number, change: Partial<AllowanceRow>): Promise<void> {
    await this.db.query(
      `UPDATE users SET
         flow_quota_bytes = COALESCE($2, flow_quota_bytes),
         day_flow_limit_bytes = COALESCE($3, day_flow_limit_bytes),
         hd_daily_tiles = CASE WHEN $4::boolean THEN $5::integer ELSE hd_daily_tiles END,
         full_hd = COALESCE($6, full_hd)
       WHERE id = $1`,
      [
        userId,
        change.flow_quota_bytes ?? null,
        change.day_flow_limit_bytes ?? null,
        'hd_daily_tiles' in change,
        change.hd_daily_tiles ?? null,
        change.full_hd ?? null,
      ],
    );
  }

  /** The user's days with usage in [from, to] (UTC days, inclusive), oldest first. */
  async days(userId: number, from: string, to: string): Promise<UsageDayRow[]> {
    const { rows } = await this.db.query<UsageDayRow>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, bytes::float8 AS bytes, tiles, downloads, hd_tiles
         FROM usage_days WHERE user_id = $1 AND day BETWEEN $2::date AND $3::date ORDER BY day`,
      [userId, from, to],
    );
    return rows;
  }

  /** Years in which the user was served anything, newest first. */
  async years(userId: number): Promise<number[]> {
    const { rows } = await this.db.query<{ year: number }>(
      `SELECT DISTINCT extract(year FROM day)::integer AS year FROM usage_days
        WHERE user_id = $1 AND (bytes > 0 OR hd_tiles > 0) ORDER BY year DESC`,
      [userId],
    );
    return rows.map((r) => r.year);
  }
}
