import { describe, expect, it } from 'vitest';
import type { Credentials } from './auth-plugin';
import { cachedCredentials, EpochReader } from './credential-cache';
import type { Principal } from './types';

const user = { id: 7, username: 'u' } as unknown as Principal['user'];
const principal = (expiresInMs = 3_600_000): Principal => ({
  user: { ...user },
  sessionId: 1,
  expiresAt: new Date(Date.now() + expiresInMs),
});

/** Credentials whose checks count their calls; `live` says which tokens pass. */
function counting(live: Set<string>, expiresInMs?: number) {
  const calls: string[] = [];
  const credentials: Credentials = {
    auth: {
      authenticate: async (token) => {
        calls.push(`s:${token}`);
        if (!token || !live.has(token)) throw new Error('3001');
        return principal(expiresInMs);
      },
      authenticateTiles: async (token) => {
        calls.push(`t:${token}`);
        if (!token || !live.has(token)) throw new Error('3001');
        return principal(expiresInMs);
      },
    },
    tileKeys: {
      checkTileKey: async (key) => {
        calls.push(`k:${key}`);
        return live.has(key) ? principal(expiresInMs) : 'expired';
      },
    },
    apiKeys: {
      isApiKey: () => true,
      checkApiKey: async (text) => {
        calls.push(`a:${text}`);
        return live.has(text) ? principal(expiresInMs) : undefined;
      },
    },
  };
  return { credentials, calls };
}

describe('cachedCredentials', () => {
  it('checks each credential once while the epoch stays, and again once it moves', async () => {
    const live = new Set(['tok', 'tile', 'key', 'api']);
    const { credentials, calls } = counting(live);
    let epoch = 1;
    const cached = cachedCredentials(credentials, { readEpoch: async () => epoch, ttlMs: 60_000 });
    for (let i = 0; i < 3; i++) {
      await cached.auth.authenticate('tok');
      await cached.auth.authenticateTiles('tile');
      await cached.tileKeys!.checkTileKey('key');
      await cached.apiKeys!.checkApiKey('api');
    }
    expect(calls).toEqual(['s:tok', 't:tile', 'k:key', 'a:api']);
    // A revocation somewhere: the epoch moves, every kept check is made again.
    live.delete('tok');
    epoch = 2;
    await expect(cached.auth.authenticate('tok')).rejects.toThrow('3001');
    await cached.auth.authenticateTiles('tile');
    expect(calls.slice(4)).toEqual(['s:tok', 't:tile']);
    // A refusal is never kept.
    await expect(cached.auth.authenticate('tok')).rejects.toThrow('3001');
    expect(calls.filter((c) => c === 's:tok')).toHaveLength(3);
  });

  it('keeps a check no longer than its time to live nor its credential', async () => {
    const live = new Set(['tok', 'short']);
    const { credentials, calls } = counting(live, 40);
    const cached = cachedCredentials(credentials, { readEpoch: async () => 1, ttlMs: 60_000 });
    await cached.auth.authenticate('tok');
    await new Promise((r) => setTimeout(r, 60));
    await cached.auth.authenticate('tok');
    expect(calls).toEqual(['s:tok', 's:tok']);

    const long = counting(new Set(['tok']));
    const shortLived = cachedCredentials(long.credentials, { readEpoch: async () => 1, ttlMs: 40 });
    await shortLived.auth.authenticate('tok');
    await new Promise((r) => setTimeout(r, 60));
    await shortLived.auth.authenticate('tok');
    expect(long.calls).toEqual(['s:tok', 's:tok']);
  });

  it('a check made while a revocation lands is not used after it (the epoch read before the check)', async () => {
    const live = new Set(['tok']);
    const { credentials, calls } = counting(live);
    let epoch = 1;
    const slow: Credentials = {
      ...credentials,
      auth: {
        ...credentials.auth,
        authenticate: async (token) => {
          const found = await credentials.auth.authenticate(token);
          // The revocation commits after the check read the session as live.
          live.delete('tok');
          epoch = 2;
          return found;
        },
      },
    };
    const cached = cachedCredentials(slow, { readEpoch: async () => epoch, ttlMs: 60_000 });
    await cached.auth.authenticate('tok');
    await expect(cached.auth.authenticate('tok')).rejects.toThrow('3001');
    expect(calls).toEqual(['s:tok', 's:tok']);
  });

  it('keeps nothing with a time to live of 0, and nothing beyond its size', async () => {
    const { credentials, calls } = counting(new Set(['a', 'b', 'c']));
    const none = cachedCredentials(credentials, { readEpoch: async () => 1, ttlMs: 0 });
    expect(none).toBe(credentials);
    const small = cachedCredentials(credentials, { readEpoch: async () => 1, ttlMs: 60_000, maxEntries: 2 });
    for (const t of ['a', 'b', 'c', 'c', 'a']) await small.auth.authenticate(t);
    // 'a' was the oldest when 'c' came: checked again.
    expect(calls).toEqual(['s:a', 's:b', 's:c', 's:a']);
  });

  it('hands out a principal nobody can change', async () => {
    const { credentials } = counting(new Set(['tok']));
    const cached = cachedCredentials(credentials, { readEpoch: async () => 1, ttlMs: 60_000 });
    const p = await cached.auth.authenticate('tok');
    expect(() => {
      (p.user as { username: string }).username = 'other';
    }).toThrow(TypeError);
  });
});

describe('EpochReader', () => {
  it('answers callers arriving together with one read that started after each arrived', async () => {
    let reads = 0;
    let value = 0;
    const gates: Array<() => void> = [];
    const reader = new EpochReader(
      () =>
        new Promise<number>((done) => {
          reads++;
          const seen = value;
          gates.push(() => done(seen));
        }),
    );
    const a = reader.current();
    // The revocation commits while a's read is in flight: b and c must not get that read.
    value = 5;
    const b = reader.current();
    const c = reader.current();
    expect(reads).toBe(1);
    gates.shift()!();
    expect(await a).toBe(0);
    await new Promise((r) => setTimeout(r, 0));
    expect(reads).toBe(2);
    gates.shift()!();
    expect(await b).toBe(5);
    expect(await c).toBe(5);
  });
});
