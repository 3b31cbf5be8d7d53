import type { Queryable } from '../../db/database';
import { type UserWithOrgRow, userWithOrgSql } from '../accounts/accounts.repository';

export interface IdleTimeouts {
  normalSeconds: number;
  rememberedSeconds: number;
}

export interface RecentFailures {
  byUsernameAndIp: number;
  /** Seconds since the last failure of this username from this address; null without one. */
  secondsSinceLast: number | null;
  byIp: number;
}

/** SQL of sessions and failed logins. Tokens arrive here only as digests. */
export class SessionsRepository {
  constructor(private readonly db: Queryable) {}

  async insert(
    userId: number,
    digests: { token: string; tileToken: string },
    remember: boolean,
    expiresAt: Date,
  ): Promise<void> {
    await this.db.query(
      'INSERT INTO sessions (user_id, token_hash, tile_token_hash, remember, expires_at) VALUES ($1, $2, $3, $4, $5)',
      [userId, digests.token, digests.tileToken, remember, expiresAt],
    );
  }

  /**
   * A live session with its user: not revoked, not expired, and used within its idle timeout
   * (`idle.normalSeconds`, or `idle.rememberedSeconds` for "remember me"). One statement, as every
   * authenticated request asks it; `last_seen_at` is written at most once a minute per session.
   * `by` says which credential the digest is: the bearer token, or the tile cookie.
   */
  async findLive(
    digest: string,
    idle: IdleTimeouts,
    by: 'token' | 'tileToken' = 'token',
  ): Promise<{ sessionId: number; expiresAt: Date; user: UserWithOrgRow } | undefined> {
    const column = by === 'token' ? 'token_hash' : 'tile_token_hash';
    const { rows } = await this.db.query<UserWithOrgRow & { session_id: number; session_expires_at: Date }>(
      `WITH live AS (
         SELECT s.id, s.user_id, s.expires_at FROM sessions s
          WHERE s.${column} = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
            AND s.last_seen_at > now() - make_interval(secs => CASE WHEN s.remember THEN $3::float8 ELSE $2::float8 END)
       ), touched AS (
         UPDATE sessions SET last_seen_at = now()
          WHERE id = (SELECT id FROM live) AND last_seen_at < now() - interval '1 minute'
       )
       SELECT x.*, live.id AS session_id, live.expires_at AS session_expires_at
         FROM live, LATERAL (${userWithOrgSql} WHERE u.id = live.user_id) x`,
      [digest, idle.normalSeconds, idle.rememberedSeconds],
    );
    const row = rows[0];
    if (!row) return undefined;
    const { session_id: sessionId, session_expires_at: expiresAt, ...user } = row;
    return { sessionId, expiresAt, user };
  }

  /** The credential epoch (migration 023): moves on whenever any credential changes anywhere. */
  async credentialEpoch(): Promise<number> {
    const { rows } = await this.db.query<{ epoch: number }>('SELECT epoch FROM credential_epoch');
    return rows[0]?.epoch ?? 0;
  }

  /** Sessions from before tile cookies get their tile credential on their next `/me`. */
  async setTileToken(sessionId: number, tileTokenHash: string): Promise<void> {
    await this.db.query(
      'UPDATE sessions SET tile_token_hash = $2 WHERE id = $1 AND tile_token_hash IS DISTINCT FROM $2',
      [sessionId, tileTokenHash],
    );
  }

  async revoke(sessionId: number): Promise<void> {
    await this.db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [
      sessionId,
    ]);
  }

  /** Ends the user's live sessions but `exceptSessionId`; answers how many. */
  async revokeAllOfUser(userId: number, exceptSessionId?: number): Promise<number> {
    const { rowCount } = await this.db.query(
      'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND id IS DISTINCT FROM $2',
      [userId, exceptSessionId ?? null],
    );
    return rowCount ?? 0;
  }

  async recordLoginFailure(username: string, clientIp: string): Promise<void> {
    await this.db.query('INSERT INTO login_failures (username, client_ip) VALUES ($1, $2)', [
      username,
      clientIp,
    ]);
  }

  /**
   * Failures in the window: of this username from this client address (with the time since the
   * last of them, in the database's clock), and of any username from this address.
   */
  async countRecentFailures(
    username: string,
    clientIp: string,
    windowMinutes: number,
  ): Promise<RecentFailures> {
    const { rows } = await this.db.query<{ pair: number; since_last: number | null; by_ip: number }>(
      `SELECT count(*)::int AS pair,
              extract(epoch FROM now() - max(failed_at))::float8 AS since_last,
              (SELECT count(*) FROM login_failures
                WHERE client_ip = $2 AND failed_at > now() - make_interval(mins => $3))::int AS by_ip
         FROM login_failures
        WHERE lower(username) = lower($1) AND client_ip = $2 AND failed_at > now() - make_interval(mins => $3)`,
      [username, clientIp, windowMinutes],
    );
    const row = rows[0]!;
    return { byUsernameAndIp: row.pair, secondsSinceLast: row.since_last, byIp: row.by_ip };
  }

  /** Old rows serve no purpose: sessions long expired and failures out of every window. */
  async purgeOld(): Promise<void> {
    await this.db.query("DELETE FROM sessions WHERE expires_at < now() - interval '30 days'");
    await this.db.query("DELETE FROM login_failures WHERE failed_at < now() - interval '1 day'");
  }
}
