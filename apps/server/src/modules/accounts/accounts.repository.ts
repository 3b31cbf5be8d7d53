import type { Queryable } from '../../db/database';

export interface OrganisationRow {
  id: number;
  name: string;
  type: number;
  address: string;
  contact_person: string;
  order_types: number[];
}

export interface UserRow {
  id: number;
  org_id: number;
  username: string;
  email: string;
  phone: string;
  is_test: boolean;
  timezone: string | null;
  language: 'en' | 'zh' | null;
  password_hash: string;
}

export type UserWithOrgRow = UserRow & { org: OrganisationRow };

export interface NewOrganisation {
  name: string;
  type: number;
  address?: string;
  contactPerson?: string;
  orderTypes: number[];
}

export interface NewUser {
  orgId: number;
  username: string;
  email?: string;
  phone?: string;
  isTest?: boolean;
  timezone?: string | null;
  language?: 'en' | 'zh' | null;
  passwordHash: string;
}

/** A user with their organisation (`UserWithOrgRow`); callers add the WHERE clause. */
export const userWithOrgSql = `
  SELECT u.id, u.org_id, u.username, u.email, u.phone, u.is_test, u.timezone, u.language, u.password_hash,
         json_build_object('id', o.id, 'name', o.name, 'type', o.type, 'address', o.address,
                           'contact_person', o.contact_person, 'order_types', o.order_types) AS org
    FROM users u JOIN organisations o ON o.id = u.org_id`;

/** SQL of organisations and users. */
export class AccountsRepository {
  constructor(private readonly db: Queryable) {}

  async insertOrganisation(org: NewOrganisation): Promise<OrganisationRow> {
    const { rows } = await this.db.query<OrganisationRow>(
      `INSERT INTO organisations (name, type, address, contact_person, order_types)
       VALUES ($1, $2, $3, $4, $5) RETURNING *`,
      [org.name, org.type, org.address ?? '', org.contactPerson ?? '', org.orderTypes],
    );
    return rows[0]!;
  }

  async findOrganisationByName(name: string): Promise<OrganisationRow | undefined> {
    const { rows } = await this.db.query<OrganisationRow>(
      'SELECT * FROM organisations WHERE lower(name) = lower($1)',
      [name],
    );
    return rows[0];
  }

  async insertUser(user: NewUser): Promise<UserRow> {
    const { rows } = await this.db.query<UserRow>(
      `INSERT INTO users (org_id, username, email, phone, is_test, timezone, language, password_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
      [
        user.orgId,
        user.username,
        user.email ?? '',
        user.phone ?? '',
        user.isTest ?? false,
        user.timezone ?? null,
        user.language ?? null,
        user.passwordHash,
      ],
    );
    return rows[0]!;
  }

  async findUserByUsername(username: string): Promise<UserWithOrgRow | undefined> {
    const { rows } = await this.db.query<UserWithOrgRow>(
      `${userWithOrgSql} WHERE lower(u.username) = lower($1)`,
      [username],
    );
    return rows[0];
  }

  async findUserById(id: number): Promise<UserWithOrgRow | undefined> {
    const { rows } = await this.db.query<UserWithOrgRow>(`${userWithOrgSql} WHERE u.id = $1`, [id]);
    return rows[0];
  }

  async listUsers(): Promise<UserWithOrgRow[]> {
    const { rows } = await this.db.query<UserWithOrgRow>(`${userWithOrgSql} ORDER BY u.id`);
    return rows;
  }

  async updateTimeZone(userId: number, timezone: string | null): Promise<void> {
    await this.db.query('UPDATE users SET timezone = $2 WHERE id = $1', [userId, timezone]);
  }

  async updatePasswordHash(userId: number, passwordHash: string): Promise<void> {
    await this.db.query('UPDATE users SET password_hash = $2, password_changed_at = now() WHERE id = $1', [
      userId,
      passwordHash,
    ]);
  }
}
