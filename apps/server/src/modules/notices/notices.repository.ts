import type { Queryable } from '../../db/database';

export interface NoticeRow {
  id: number;
  type: number;
  title: string;
  content: string;
  org_id: number | null;
  published_at: Date;
}

/** A notice as the operator's list shows it: whom it reaches and how many have read it. */
export interface NoticeReachRow extends NoticeRow {
  org_name: string | null;
  reads: number;
}

// "Meant for the user": to everyone, or to the organisation the user belongs to now (read from
// the users table, not from the session, so a user moved to another organisation follows it).
const meantFor = (notice: string, userParam: string) =>
  `(${notice}.org_id IS NULL OR ${notice}.org_id = (SELECT org_id FROM users WHERE id = ${userParam}))`;

/** SQL of notices and their reads (migration 012). */
export class NoticesRepository {
  constructor(private readonly db: Queryable) {}

  async insert(notice: { type: number; title: string; content: string; orgId: number | null }) {
    const { rows } = await this.db.query<NoticeRow>(
      `INSERT INTO notices (type, title, content, org_id) VALUES ($1, $2, $3, $4)
       RETURNING id, type, title, content, org_id, published_at`,
      [notice.type, notice.title, notice.content, notice.orgId],
    );
    return rows[0]!;
  }

  /** The user's unread notices, newest first (ties by id, so the order is total). */
  async unread(userId: number, limit: number): Promise<NoticeRow[]> {
    const { rows } = await this.db.query<NoticeRow>(
      `SELECT n.id, n.type, n.title, n.content, n.org_id, n.published_at
         FROM notices n
        WHERE ${meantFor('n', '$1')}
          AND NOT EXISTS (SELECT 1 FROM notice_reads r WHERE r.user_id = $1 AND r.notice_id = n.id)
        ORDER BY n.published_at DESC, n.id DESC
        LIMIT $2`,
      [userId, limit],
    );
    return rows;
  }

  /**
   * Notes the notice read by the user, once. False when there is no such notice meant for the
   * user: then nothing is written (one statement, so a notice deleted meanwhile cannot slip in).
   */
  async markRead(noticeId: number, userId: number): Promise<boolean> {
    const { rows } = await this.db.query<{ found: number }>(
      `WITH n AS (SELECT id FROM notices n WHERE n.id = $1 AND ${meantFor('n', '$2')}),
            read AS (INSERT INTO notice_reads (notice_id, user_id) SELECT id, $2 FROM n ON CONFLICT DO NOTHING)
       SELECT count(*)::int AS found FROM n`,
      [noticeId, userId],
    );
    return rows[0]!.found > 0;
  }

  async listWithReach(): Promise<NoticeReachRow[]> {
    const { rows } = await this.db.query<NoticeReachRow>(
      `SELECT n.id, n.type, n.title, n.content, n.org_id, n.published_at, o.name AS org_name,
              (SELECT count(*)::int FROM notice_reads r WHERE r.notice_id = n.id) AS reads
         FROM notices n LEFT JOIN organisations o ON o.id = n.org_id
        ORDER BY n.published_at DESC, n.id DESC`,
    );
    return rows;
  }

  async organisationNamed(name: string): Promise<{ id: number; name: string } | undefined> {
    const { rows } = await this.db.query<{ id: number; name: string }>(
      'SELECT id, name FROM organisations WHERE lower(name) = lower($1) ORDER BY id LIMIT 1',
      [name],
    );
    return rows[0];
  }
}
