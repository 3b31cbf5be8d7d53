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
/**
 * A key lives while unused for less than the idle time (`$2`), not revoked, and while the session
 * that asked for it lives (not revoked, not expired: migration 016). Read in the statement of each
 * keyed request, so a logout or password change ends the key at once — there is no cache, and the
 * throttled write of its use touches only live keys.
 */
const alive = `NOT revoked AND last_used_at > now() - make_interval(secs => $2::float8)
  AND EXISTS (SELECT 1 FROM sessions s WHERE s.id = tile_keys.session_id
                AND s.revoked_at IS NULL AND s.expires_at > now())`;

/** SQL of tile keys: one row per user, its current key id and the session it belongs to. */
export class TileKeysRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * The user's key for `deviceId` asked by `sessionId`: the current one when it lives and belongs
   * to that device and session (its use refreshed), else `newKeyId` for them, replacing any other.
   * Another session gets a new key even on the same device, so each key ends with one session.
   */
  async issue(
    userId: number,
    sessionId: number,
    deviceId: string,
    newKeyId: string,
    idleSeconds: number,
  ): Promise<TileKeyRow> {
    const { rows } = await this.db.query<TileKeyRow>(
      `WITH kept AS (
         UPDATE tile_keys SET last_used_at = now()
          WHERE user_id = $1 AND device_id = $3 AND session_id = $5 AND ${alive}
         RETURNING ${columns}
       ), issued AS (
         INSERT INTO tile_keys (user_id, key_id, device_id, session_id)
         SELECT $1, $4, $3, $5 WHERE NOT EXISTS (SELECT 1 FROM kept)
         ON CONFLICT (user_id) DO UPDATE SET key_id = excluded.key_id, device_id = excluded.device_id,
           session_id = excluded.session_id, created_at = now(), last_used_at = now(), revoked = false
         RETURNING ${columns}
       )
       SELECT * FROM kept UNION ALL SELECT * FROM issued`,
      [userId, idleSeconds, deviceId, newKeyId, sessionId],
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

  /** Ends the user's key, whichever session asked for it (revoke, password change, sign-out everywhere). */
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
