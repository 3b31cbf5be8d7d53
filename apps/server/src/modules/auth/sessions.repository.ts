import type { Queryable } from '../../db/database';
import { type UserWithOrgRow, userWithOrgSql } from '../accounts/accounts.repository';

/** SQL of sessions and failed logins. Tokens arrive here only as digests. */
export class SessionsRepository {
  constructor(private readonly db: Queryable) {}

  async insert(userId: number, tokenHash: string, remember: boolean, expiresAt: Date): Promise<void> {
    await this.db.query(
      'INSERT INTO sessions (user_id, token_hash, remember, expires_at) VALUES ($1, $2, $3, $4)',
      [userId, tokenHash, remember, expiresAt],
    );
  }

  /**
   * A session that exists, is not revoked and has not expired, with its user: one statement,
   * as every authenticated request asks it.
   */
  async findLive(tokenHash: string): Promise<{ sessionId: number; user: UserWithOrgRow } | undefined> {
    const { rows } = await this.db.query<UserWithOrgRow & { session_id: number }>(
      `SELECT x.*, s.id AS session_id
         FROM sessions s, LATERAL (${userWithOrgSql} WHERE u.id = s.user_id) x
        WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
      [tokenHash],
    );
    const row = rows[0];
    if (!row) return undefined;
    const { session_id: sessionId, ...user } = row;
    return { sessionId, user };
  }

  async revoke(sessionId: number): Promise<void> {
    await this.db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [
      sessionId,
    ]);
  }

  async revokeAllOfUser(userId: number, exceptSessionId?: number): Promise<void> {
    await this.db.query(
      'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND id IS DISTINCT FROM $2',
      [userId, exceptSessionId ?? null],
    );
  }

  async recordLoginFailure(username: string, clientIp: string): Promise<void> {
    await this.db.query('INSERT INTO login_failures (username, client_ip) VALUES ($1, $2)', [
      username,
      clientIp,
    ]);
  }

  /** Failures in the window, by username and by client address. */
  async countRecentFailures(
    username: string,
    clientIp: string,
    windowMinutes: number,
  ): Promise<{ byUsername: number; byIp: number }> {
    const { rows } = await this.db.query<{ by_username: number; by_ip: number }>(
      `SELECT
         (SELECT count(*) FROM login_failures
           WHERE lower(username) = lower($1) AND failed_at > now() - make_interval(mins => $3))::int AS by_username,
         (SELECT count(*) FROM login_failures
           WHERE client_ip = $2 AND failed_at > now() - make_interval(mins => $3))::int AS by_ip`,
      [username, clientIp, windowMinutes],
    );
    return { byUsername: rows[0]!.by_username, byIp: rows[0]!.by_ip };
  }

  /** Old rows serve no purpose: sessions long expired and failures out of every window. */
  async purgeOld(): Promise<void> {
    await this.db.query("DELETE FROM sessions WHERE expires_at < now() - interval '30 days'");
    await this.db.query("DELETE FROM login_failures WHERE failed_at < now() - interval '1 day'");
  }
}
