import { Limits, type User } from '@satportal/contract';
import { ApiError } from '../../http/api-error';
import { toUser } from './accounts.mapper';
import type { AccountsRepository, OrganisationRow, UserWithOrgRow } from './accounts.repository';
import { hashPassword } from './password';

export interface CreateUserInput {
  username: string;
  password: string;
  /** An existing organisation's name, or the name of the one to create. */
  orgName?: string;
  orgType?: number;
  orderTypes?: number[];
  orgAddress?: string;
  orgContactPerson?: string;
  email?: string;
  phone?: string;
  isTest?: boolean;
  timezone?: string | null;
  language?: 'en' | 'zh' | null;
}

const usernamePattern = /^[A-Za-z0-9._@-]+$/;

export function checkPasswordRules(password: string, field = 'password'): void {
  if (password.length < Limits.passwordMin || password.length > Limits.passwordMax) {
    throw ApiError.invalid(field, 'error.passwordLength', {
      min: Limits.passwordMin,
      max: Limits.passwordMax,
    });
  }
}

/** Organisations and users: the operator's side of accounts (CLI, demo seed). */
export class AccountsService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly onPasswordReset: (userId: number) => Promise<void>,
  ) {}

  async createOrganisation(input: {
    name: string;
    type: number;
    orderTypes: number[];
    address?: string;
    contactPerson?: string;
  }): Promise<OrganisationRow> {
    const name = input.name.trim();
    if (!name || name.length > 200) throw ApiError.invalid('name');
    if (!Number.isInteger(input.type) || input.type < 1 || input.type > 99) throw ApiError.invalid('type');
    for (const t of input.orderTypes) if (![1, 2, 4].includes(t)) throw ApiError.invalid('orderType');
    if (await this.accounts.findOrganisationByName(name)) throw ApiError.invalid('name', 'error.exists');
    return this.accounts.insertOrganisation({ ...input, name });
  }

  async createUser(input: CreateUserInput): Promise<UserWithOrgRow> {
    const username = input.username.trim();
    if (!username || username.length > Limits.usernameMax || !usernamePattern.test(username)) {
      throw ApiError.invalid('username');
    }
    checkPasswordRules(input.password);
    if (input.language && !['en', 'zh'].includes(input.language)) throw ApiError.invalid('language');
    if (input.timezone && !isTimeZone(input.timezone)) throw ApiError.invalid('timezone');
    if (await this.accounts.findUserByUsername(username)) throw ApiError.invalid('username', 'error.exists');

    const orgName = input.orgName?.trim() || `${username} organisation`;
    const org =
      (await this.accounts.findOrganisationByName(orgName)) ??
      (await this.createOrganisation({
        name: orgName,
        type: input.orgType ?? 4,
        orderTypes: input.orderTypes ?? [],
        address: input.orgAddress ?? '',
        contactPerson: input.orgContactPerson ?? '',
      }));
    const user = await this.accounts.insertUser({
      orgId: org.id,
      username,
      email: input.email ?? '',
      phone: input.phone ?? '',
      isTest: input.isTest ?? false,
      timezone: input.timezone ?? null,
      language: input.language ?? null,
      passwordHash: await hashPassword(input.password),
    });
    return (await this.accounts.findUserById(user.id))!;
  }

  /** Operator reset: sets the password and ends every credential of the user (sessions, tile key). */
  async resetPassword(username: string, password: string): Promise<void> {
    checkPasswordRules(password);
    const user = await this.accounts.findUserByUsername(username);
    if (!user) throw ApiError.notFound('error.userNotFound');
    await this.accounts.updatePasswordHash(user.id, await hashPassword(password));
    await this.onPasswordReset(user.id);
  }

  /** The account's time zone (an IANA name the server knows) or null: the browser's own. */
  async setTimeZone(userId: number, timezone: string | null): Promise<User> {
    if (timezone !== null && !isKnownTimeZone(timezone))
      throw ApiError.invalid('timezone', 'error.unknownTimeZone');
    await this.accounts.updateTimeZone(userId, timezone);
    const user = await this.accounts.findUserById(userId);
    if (!user) throw ApiError.notFound('error.userNotFound');
    return toUser(user);
  }

  listUsers(): Promise<UserWithOrgRow[]> {
    return this.accounts.listUsers();
  }

  findUser(username: string): Promise<UserWithOrgRow | undefined> {
    return this.accounts.findUserByUsername(username);
  }
}

let timeZones: Set<string> | undefined;

/**
 * Whether a saved zone may be this name: one of the runtime's canonical IANA zones or UTC, or an
 * IANA alias of one (browsers differ in which of the two they list: "America/Buenos_Aires" and
 * "America/Argentina/Buenos_Aires"). Not a mere other casing of one, nor offsets or abbreviations
 * Intl also accepts: every browser must show times in the saved zone.
 */
function isKnownTimeZone(name: string): boolean {
  timeZones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  if (timeZones.has(name)) return true;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return false;
  }
  return timeZones.has(resolved) && resolved.toLowerCase() !== name.toLowerCase() && name.includes('/');
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
