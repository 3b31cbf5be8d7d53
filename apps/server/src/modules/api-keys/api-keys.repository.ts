import type pg from 'pg';
import { inTransaction } from '../../db/database';
import { type UserWithOrgRow, userWithOrgSql } from '../accounts/accounts.repository';

export interface ApiKeyRow {
  id: number;
  name: string;
  visible_id: string;
  scopes: string[];
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
  expired: boolean;
}

export interface NewApiKey {
  name: string;
  visibleId: string;
  digest: string;
  scopes: string[];
  expiresAt: Date | null;
}

/** A live key with its user, as the check of a keyed request finds it. */
export interface LiveApiKey {
  keyId: number;
  scopes: string[];
  expiresAt: Date | null;
  user: UserWithOrgRow;
}

const columns = `id, name, visible_id, scopes, created_at, expires_at, last_used_at,
  coalesce(expires_at <= now(), false) AS expired`;

/** SQL of API keys. Keys arrive here only as digests. */
export class ApiKeysRepository {
  constructor(private readonly pool: pg.Pool) {}

  /**
   * Inserts the key unless the user already holds `cap` keys that are not revoked: counted with
   * the user's row locked, so two creations at once cannot both take the last place.
   */
  async insertCapped(userId: number, key: NewApiKey, cap: number): Promise<ApiKeyRow | 'full'> {
    return inTransaction(this.pool, async (client) => {
      await client.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
      const { rows: held } = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL',
        [userId],
      );
      if (held[0]!.n >= cap) return 'full';
      const { rows } = await client.query<ApiKeyRow>(
        `INSERT INTO api_keys (user_id, name, visible_id, key_hash, scopes, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${columns}`,
        [userId, key.name, key.visibleId, key.digest, key.scopes, key.expiresAt],
      );
      return rows[0]!;
    });
  }

  /** The user's keys that are not revoked, newest first (expired ones too, marked). */
  async list(userId: number): Promise<ApiKeyRow[]> {
    const { rows } = await this.pool.query<ApiKeyRow>(
      `SELECT ${columns} FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL ORDER BY id DESC`,
      [userId],
    );
    return rows;
  }

  /** Revokes one of the user's keys; false when the user has no such key (another's, unknown, revoked). */
  async revoke(userId: number, id: number): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      'UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL',
      [id, userId],
    );
    return (rowCount ?? 0) > 0;
  }

  /** Revokes every key of the user; answers how many. */
  async revokeAllOfUser(userId: number): Promise<number> {
    const { rowCount } = await this.pool.query(
      'UPDATE api_keys SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL',
      [userId],
    );
    return rowCount ?? 0;
  }

  /**
   * One statement per keyed request: the key with this digest while it lives (not revoked, not
   * expired) and its user. Its use is written at most once a minute, not once per request.
   */
  async findLive(digest: string): Promise<LiveApiKey | undefined> {
    const { rows } = await this.pool.query<
      UserWithOrgRow & { key_id: number; key_scopes: string[]; key_expires_at: Date | null }
    >(
      `WITH live AS (
         SELECT k.id, k.user_id, k.scopes, k.expires_at FROM api_keys k
          WHERE k.key_hash = $1 AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())
       ), touched AS (
         UPDATE api_keys SET last_used_at = now()
          WHERE id = (SELECT id FROM live)
            AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')
       )
       SELECT x.*, live.id AS key_id, live.scopes AS key_scopes, live.expires_at AS key_expires_at
         FROM live, LATERAL (${userWithOrgSql} WHERE u.id = live.user_id) x`,
      [digest],
    );
    const row = rows[0];
    if (!row) return undefined;
    const { key_id: keyId, key_scopes: scopes, key_expires_at: expiresAt, ...user } = row;
    return { keyId, scopes, expiresAt, user };
  }
}
