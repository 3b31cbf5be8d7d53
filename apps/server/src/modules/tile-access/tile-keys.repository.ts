import type { Queryable } from '../../db/database';
import { type UserWithOrgRow, userWithOrgSql } from '../accounts/accounts.repository';

export interface TileKeyRow {
  user_id: number;
  key_id: string;
  device_id: string;
  created_at: Date;
  last_used_at: Date;
}

/** What a key's lookup found: the key's user while it lives, or that it no longer does. */
export type KeyLookup = { state: 'live'; user: UserWithOrgRow } | { state: 'expired' } | { state: 'unknown' };

const columns = 'user_id, key_id, device_id, created_at, last_used_at';
const alive = 'NOT revoked AND last_used_at > now() - make_interval(secs => $2::float8)';

/** SQL of tile keys: one row per user, its current key id (migration 010). */
export class TileKeysRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * The user's key for `deviceId`: the current one when it lives and belongs to that device
   * (its use refreshed), else `newKeyId` for this device, replacing any other.
   */
  async issue(userId: number, deviceId: string, newKeyId: string, idleSeconds: number): Promise<TileKeyRow> {
    const { rows } = await this.db.query<TileKeyRow>(
      `WITH kept AS (
         UPDATE tile_keys SET last_used_at = now()
          WHERE user_id = $1 AND device_id = $3 AND ${alive}
         RETURNING ${columns}
       ), issued AS (
         INSERT INTO tile_keys (user_id, key_id, device_id) SELECT $1, $4, $3 WHERE NOT EXISTS (SELECT 1 FROM kept)
         ON CONFLICT (user_id) DO UPDATE SET key_id = excluded.key_id, device_id = excluded.device_id,
           created_at = now(), last_used_at = now(), revoked = false
         RETURNING ${columns}
       )
       SELECT * FROM kept UNION ALL SELECT * FROM issued`,
      [userId, idleSeconds, deviceId, newKeyId],
    );
    return rows[0]!;
  }

  /** The user's live key, if any. */
  async live(userId: number, idleSeconds: number): Promise<TileKeyRow | undefined> {
    const { rows } = await this.db.query<TileKeyRow>(
      `SELECT ${columns} FROM tile_keys WHERE user_id = $1 AND ${alive}`,
      [userId, idleSeconds],
    );
    return rows[0];
  }

  async revoke(userId: number): Promise<void> {
    await this.db.query('UPDATE tile_keys SET revoked = true WHERE user_id = $1', [userId]);
  }

  /**
   * One statement per keyed tile request: whether `keyId` is the user's live key, with the user.
   * Its use is written at most once per `touchSeconds`, not once per tile.
   */
  async lookup(userId: number, keyId: string, idleSeconds: number, touchSeconds: number): Promise<KeyLookup> {
    const { rows } = await this.db.query<UserWithOrgRow & { live: boolean }>(
      `WITH k AS (
         SELECT user_id, key_id = $3 AND ${alive} AS live FROM tile_keys WHERE user_id = $1
       ), touched AS (
         UPDATE tile_keys SET last_used_at = now()
          WHERE user_id = $1 AND (SELECT live FROM k)
            AND last_used_at < now() - make_interval(secs => $4::float8)
       )
       SELECT k.live, x.* FROM k, LATERAL (${userWithOrgSql} WHERE u.id = k.user_id) x`,
      [userId, idleSeconds, keyId, touchSeconds],
    );
    const row = rows[0];
    if (!row) return { state: 'unknown' };
    if (!row.live) return { state: 'expired' };
    const { live: _live, ...user } = row;
    return { state: 'live', user };
  }
}
