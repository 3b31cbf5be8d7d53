import type { CompanyEntry, RequestInfo } from '@satportal/contract';
import type { Queryable } from '../../db/database';

export interface CompanyToSave {
  orgId: number;
  info: RequestInfo;
}

/** The most entries the look-up answers (spec 001 §3 company list). */
export const companiesListed = 20;

/** A LIKE pattern matching the text literally: its %, _ and \ are not wildcards. */
const containing = (text: string) => `%${text.replace(/[\\%_]/gu, (c) => `\\${c}`)}%`;

/** SQL of the end-user companies of an organisation (resellers' requester look-up). */
export class CompaniesRepository {
  constructor(private readonly db: Queryable) {}

  /** The organisation's companies whose name contains the text (any case), by name. */
  async list(orgId: number, text: string): Promise<CompanyEntry[]> {
    const { rows } = await this.db.query<CompanyEntry>(
      `SELECT id, company, contact, application, email, address
         FROM end_user_companies
        WHERE org_id = $1 AND company ILIKE $2
        ORDER BY lower(company), id
        LIMIT ${companiesListed}`,
      [orgId, containing(text)],
    );
    return rows;
  }

  async countOf(orgId: number): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM end_user_companies WHERE org_id = $1',
      [orgId],
    );
    return rows[0]?.n ?? 0;
  }

  async save(company: CompanyToSave): Promise<void> {
    await upsertCompany(this.db, company);
  }
}

/** The company by name (case-insensitive) in the organisation's list: new, or its details updated. */
export async function upsertCompany(db: Queryable, { orgId, info }: CompanyToSave): Promise<void> {
  await db.query(
    `INSERT INTO end_user_companies (org_id, company, contact, application, email, address)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (org_id, lower(company)) DO UPDATE
        SET contact = EXCLUDED.contact, application = EXCLUDED.application, email = EXCLUDED.email,
            address = EXCLUDED.address, updated_at = now()`,
    [orgId, info.company, info.contact, info.application, info.email, info.address],
  );
}
