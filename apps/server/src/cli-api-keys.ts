import { type ApiKey, ApiKeyLimits, ApiKeyScopes, hasControlCharacters } from '@satportal/contract';
import { ApiError } from './http/api-error';
import type { AccountsService } from './modules/accounts/accounts.service';
import type { ApiKeysService } from './modules/api-keys';

/**
 * The operator's API key commands (issue 27): make a key for an account (printed once), list an
 * account's keys, revoke one. The same rules as the account centre (scopes, expiry, 20 a user).
 */
export const apiKeyCommandsUsage = `  apikey create --username U --name N [--scopes read,write,order,tiles] [--expires 2027-01-01]
                      make an API key for the account (scopes default: read; --expires a date,
                      its UTC midnight, or an ISO instant; default: never); the key is printed
                      once, alone on the second line (only its digest is stored)
  apikey list --username U
                      the account's keys that are not revoked: id, prefix, name, scopes, expiry,
                      last use (never the key)
  apikey revoke --username U --id N
                      revoke one key of the account at once`;

export const apiKeyCommands = ['apikey create', 'apikey list', 'apikey revoke'];

export const apiKeyOptions = {
  scopes: { type: 'string' },
  expires: { type: 'string' },
  id: { type: 'string' },
} as const;

export class ApiKeyCommandError extends Error {}

function scopesOf(text: string | undefined): string[] {
  if (text === undefined) return ['read'];
  const scopes = text.split(',').map((s) => s.trim());
  const unknown = scopes.filter((s) => !(ApiKeyScopes as readonly string[]).includes(s));
  if (unknown.length || !scopes.length)
    throw new ApiKeyCommandError(`--scopes takes ${ApiKeyScopes.join(', ')}; got "${text}"`);
  return scopes;
}

/** A date (its UTC midnight) or an ISO instant, as the API takes it. */
function expiryOf(text: string | undefined): string | null {
  if (text === undefined) return null;
  const at = new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text);
  if (Number.isNaN(at.getTime()))
    throw new ApiKeyCommandError(`--expires must be a date YYYY-MM-DD or an ISO instant, got "${text}"`);
  return at.toISOString();
}

const describeKey = (k: ApiKey) =>
  `${String(k.id).padStart(4)}  ${k.prefix}…  "${k.name}"  ${k.scopes.join(',')}  expires ${
    k.expiresAt ?? 'never'
  }${k.expired ? ' (expired)' : ''}  last used ${k.lastUsedAt ?? 'never'}`;

/** What the API would answer 4000/4009 with, said for an operator. */
function explained(e: unknown): unknown {
  if (!(e instanceof ApiError)) return e;
  if (e.messageKey === 'apiKey.tooMany')
    return new ApiKeyCommandError(
      `the account holds ${e.details.params?.max} keys already: revoke one first`,
    );
  if (e.messageKey === 'apiKey.badExpiry')
    return new ApiKeyCommandError(
      `--expires must be in the future and within ${e.details.params?.days} days`,
    );
  if (e.messageKey === 'apiKey.nameRequired') return new ApiKeyCommandError('--name must not be blank');
  if (e.messageKey === 'apiKey.notFound')
    return new ApiKeyCommandError('the account has no such key (or it is revoked)');
  return e;
}

export async function runApiKeyCommand(
  command: string,
  values: { username?: string; name?: string; scopes?: string; expires?: string; id?: string },
  deps: { accounts: AccountsService; apiKeys: ApiKeysService },
  out: (line: string) => void,
): Promise<number> {
  if (!values.username) throw new ApiKeyCommandError('--username is required');
  const user = await deps.accounts.findUser(values.username);
  if (!user) throw new ApiKeyCommandError(`no user "${values.username}"`);
  const owner = `user ${user.username} (id ${user.id})`;
  try {
    if (command === 'apikey create') {
      if (values.name === undefined) throw new ApiKeyCommandError('--name is required');
      if (values.name.length > ApiKeyLimits.nameMax || hasControlCharacters(values.name))
        throw new ApiKeyCommandError('--name must be one line of at most 50 characters');
      const created = await deps.apiKeys.create(user.id, {
        name: values.name,
        scopes: scopesOf(values.scopes) as ApiKey['scopes'],
        expiresAt: expiryOf(values.expires),
      });
      out(
        `created API key ${created.id} "${created.name}" of ${owner}: ${created.scopes.join(',')}, expires ${created.expiresAt ?? 'never'}; shown once:`,
      );
      out(created.key);
      return 0;
    }
    if (command === 'apikey list') {
      const { list, max } = await deps.apiKeys.list(user.id);
      for (const k of list) out(describeKey(k));
      out(`${list.length} of ${max} keys of ${owner}`);
      return 0;
    }
    const id = Number(values.id);
    if (!values.id || !/^\d{1,10}$/.test(values.id) || id < 1 || id > 2_147_483_647)
      throw new ApiKeyCommandError('--id must be a key id (apikey list)');
    await deps.apiKeys.revoke(user.id, id);
    out(`API key ${id} of ${owner} revoked`);
    return 0;
  } catch (e) {
    throw explained(e);
  }
}
