import {
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyCreateRequest,
  ApiKeyLimits,
  type ApiKeyList,
  type ApiKeyScope,
  ApiKeyScopes,
  ResultCode,
  stripBidiControls,
} from '@satportal/contract';
import { ApiError } from '../../http/api-error';
import type { ApiKeyAuthenticator, Principal } from '../../http/types';
import { toUser } from '../accounts/accounts.mapper';
import { digestApiKey, isApiKeyText, newApiKeyText, prefixOf } from './api-key-text';
import type { ApiKeyRow, ApiKeysRepository } from './api-keys.repository';

/** Scopes in one order, each once, whatever order they came in. */
export const canonicalScopes = (scopes: readonly string[]): ApiKeyScope[] =>
  ApiKeyScopes.filter((s) => scopes.includes(s));

/**
 * The expiry of a new key: null (never), or an instant after `now` and within
 * `ApiKeyLimits.expiryMaxDays`; anything else is 4000 naming `expiresAt`.
 */
export function expiryOf(value: string | null | undefined, now: Date): Date | null {
  if (value === undefined || value === null) return null;
  const at = new Date(value);
  const latest = now.getTime() + ApiKeyLimits.expiryMaxDays * 86_400_000;
  if (Number.isNaN(at.getTime()) || at.getTime() <= now.getTime() || at.getTime() > latest)
    throw ApiError.invalid('expiresAt', 'apiKey.badExpiry', { days: ApiKeyLimits.expiryMaxDays });
  return at;
}

const toApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: prefixOf(row.visible_id),
  scopes: canonicalScopes(row.scopes),
  createdAt: row.created_at.toISOString(),
  expiresAt: row.expires_at?.toISOString() ?? null,
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
  expired: row.expired,
});

/** A key without an expiry: the principal's end is only a formality (no tile cookie is set for a key). */
const farFuture = new Date('9999-12-31T00:00:00Z');

/**
 * API keys (issue 27): created, listed and revoked by their owner (the account centre, with a
 * session only) or the operator (CLI); checked by the HTTP layer on every keyed request.
 */
export class ApiKeysService implements ApiKeyAuthenticator {
  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A new key: its text is in this answer only. 4009 when the user holds the most keys already. */
  async create(userId: number, input: ApiKeyCreateRequest): Promise<ApiKeyCreated> {
    const name = stripBidiControls(input.name).trim();
    if (!name) throw ApiError.invalid('name', 'apiKey.nameRequired');
    const scopes = canonicalScopes(input.scopes);
    if (!scopes.length) throw ApiError.invalid('scopes', 'apiKey.scopesRequired');
    const expiresAt = expiryOf(input.expiresAt, this.now());
    const key = newApiKeyText();
    const row = await this.keys.insertCapped(
      userId,
      { name, visibleId: key.visibleId, digest: key.digest, scopes, expiresAt },
      ApiKeyLimits.perUser,
    );
    if (row === 'full')
      throw new ApiError(ResultCode.Conflict, 'apiKey.tooMany', { params: { max: ApiKeyLimits.perUser } });
    return { ...toApiKey(row), key: key.text };
  }

  async list(userId: number): Promise<ApiKeyList> {
    return { list: (await this.keys.list(userId)).map(toApiKey), max: ApiKeyLimits.perUser };
  }

  /** Revokes one of the caller's keys at once; another user's id and an unknown one are alike 4004. */
  async revoke(userId: number, id: number): Promise<void> {
    if (!(await this.keys.revoke(userId, id))) throw ApiError.notFound('apiKey.notFound');
  }

  /** Revokes every key of the account (sign out everywhere, password change, operator reset). */
  revokeAll(userId: number): Promise<number> {
    return this.keys.revokeAllOfUser(userId);
  }

  isApiKey(text: string): boolean {
    return isApiKeyText(text);
  }

  async checkApiKey(text: string): Promise<Principal | undefined> {
    if (!isApiKeyText(text)) return undefined;
    const found = await this.keys.findLive(digestApiKey(text));
    if (!found) return undefined;
    return {
      user: toUser(found.user),
      sessionId: 0,
      expiresAt: found.expiresAt ?? farFuture,
      apiKey: { id: found.keyId, scopes: canonicalScopes(found.scopes) },
    };
  }
}
