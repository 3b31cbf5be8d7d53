import type { Credentials } from './auth-plugin';
import type { Principal, TileKeyCheck } from './types';

/**
 * Where the credential cache learns of revocations: a counter in the database that every change
 * of a credential (a session ended, a tile or API key revoked or replaced, a password or an
 * account changed) moves on, whichever process made it (the auth module's triggers, migration 023).
 */
export interface CredentialCacheSettings {
  readEpoch: () => Promise<number>;
  /** How long a checked credential is kept; 0: no cache. */
  ttlMs: number;
  /** At most this many credentials are kept (the oldest go first). */
  maxEntries?: number;
}

interface Entry {
  principal: Principal;
  epoch: number;
  until: number;
}

/**
 * Reads the epoch for callers arriving at once with one query: a caller gets a read that started
 * after it arrived (one in flight may have started before: the next is chained after it, shared
 * by everyone arriving meanwhile), so a revocation committed before a request came is always seen.
 */
export class EpochReader {
  private inFlight: Promise<number> | undefined;
  private next: Promise<number> | undefined;

  constructor(private readonly read: () => Promise<number>) {}

  current(): Promise<number> {
    if (!this.inFlight) return this.start();
    this.next ??= this.inFlight
      .catch(() => 0)
      .then(() => {
        this.next = undefined;
        return this.start();
      });
    return this.next;
  }

  private start(): Promise<number> {
    const run = this.read().finally(() => {
      if (this.inFlight === run) this.inFlight = undefined;
    });
    this.inFlight = run;
    return run;
  }
}

/** A principal shared by the requests of a cache entry: nothing may change it. */
function frozen(principal: Principal): Principal {
  Object.freeze(principal.user);
  if (principal.apiKey) Object.freeze(principal.apiKey);
  return Object.freeze(principal);
}

/**
 * The credential checks of `credentials` answered from a short per-process cache (issue 29): a
 * session token, tile cookie, tile key or API key checked within `ttlMs` opens the route without
 * its statement (and the session's user and organisation joined to it) — for a cached tile, the
 * check cost more than the answer. Every hit first reads the database's credential epoch (one
 * small query shared by the requests that arrive together, `EpochReader`); an entry made under an
 * older epoch is not used, so a logout, a revoked key or a changed password in any process ends
 * what the cache holds at once. An entry never outlives its credential (`expiresAt`); refusals
 * are never kept (they are counted and rate-limited where they happen).
 */
export function cachedCredentials(credentials: Credentials, settings: CredentialCacheSettings): Credentials {
  if (settings.ttlMs <= 0) return credentials;
  const epochs = new EpochReader(settings.readEpoch);
  const entries = new Map<string, Entry>();
  const max = settings.maxEntries ?? 10_000;

  async function cached<T extends Principal | TileKeyCheck | undefined>(
    key: string,
    check: () => Promise<T>,
  ): Promise<T | Principal> {
    const epoch = await epochs.current();
    const hit = entries.get(key);
    const now = Date.now();
    if (hit && hit.epoch === epoch && hit.until > now) return hit.principal;
    if (hit) entries.delete(key);
    const result = await check();
    if (result && typeof result === 'object') {
      const until = Math.min(now + settings.ttlMs, result.expiresAt.getTime());
      if (entries.size >= max) entries.delete(entries.keys().next().value as string);
      // The epoch read before the check: a revocation after it makes the entry stale at once.
      entries.set(key, { principal: frozen(result), epoch, until });
    }
    return result;
  }

  const { auth, tileKeys, apiKeys } = credentials;
  return {
    auth: {
      authenticate: (token) =>
        token ? cached(`s:${token}`, () => auth.authenticate(token)) : auth.authenticate(token),
      authenticateTiles: (tileToken) =>
        tileToken
          ? cached(`t:${tileToken}`, () => auth.authenticateTiles(tileToken))
          : auth.authenticateTiles(tileToken),
    },
    tileKeys: tileKeys && {
      checkTileKey: (key) => cached(`k:${key}`, () => tileKeys.checkTileKey(key)),
    },
    apiKeys: apiKeys && {
      isApiKey: (text) => apiKeys.isApiKey(text),
      checkApiKey: (text) => cached(`a:${text}`, () => apiKeys.checkApiKey(text)),
    },
  };
}
