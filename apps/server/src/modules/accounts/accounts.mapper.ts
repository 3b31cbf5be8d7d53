import type { User } from '@satportal/contract';
import type { UserWithOrgRow } from './accounts.repository';

/** Rows leave only through this mapping to the contract's user object (spec 000 §3, 001 §3). */
export function toUser(row: UserWithOrgRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    phone: row.phone,
    isTest: row.is_test,
    timezone: row.timezone,
    language: row.language,
    org: {
      id: row.org.id,
      name: row.org.name,
      type: row.org.type,
      address: row.org.address,
      orgContactPerson: { contactPerson: row.org.contact_person },
      auth: { orderType: [...row.org.order_types] },
    },
  };
}
