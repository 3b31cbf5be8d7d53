import type { LoginResponse, User } from '@satportal/contract';

/** The localStorage keys of the session, as the spec names them (001 §3 "User (stored locally)"). */
export const SessionStorageKeys = { token: 'token', expiresAt: 'expiretime', user: 'user' } as const;

export interface Session {
  token: string;
  /** ISO 8601 UTC; null when no expiry is stored (then only the server decides) */
  expiresAt: string | null;
  user: User | null;
}

/** The part of `Storage` the session needs, so tests can pass a Map-backed fake. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Storage in a Map: for tests, and for browsers that block localStorage (the session lasts the page). */
export function memoryStorage(items = new Map<string, string>()): KeyValueStorage {
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

function parseUser(text: string | null): User | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    // A stored user is ours, but may come from an older version: keep it only if it looks like one.
    return typeof value === 'object' && value !== null && typeof (value as User).username === 'string'
      ? (value as User)
      : null;
  } catch {
    return null;
  }
}

export function readSession(storage: KeyValueStorage): Session | null {
  const token = storage.getItem(SessionStorageKeys.token);
  if (!token) return null;
  return {
    token,
    expiresAt: storage.getItem(SessionStorageKeys.expiresAt) || null,
    user: parseUser(storage.getItem(SessionStorageKeys.user)),
  };
}

export function writeSession(storage: KeyValueStorage, session: Session | null) {
  if (!session) {
    for (const key of Object.values(SessionStorageKeys)) storage.removeItem(key);
    return;
  }
  storage.setItem(SessionStorageKeys.token, session.token);
  if (session.expiresAt) storage.setItem(SessionStorageKeys.expiresAt, session.expiresAt);
  else storage.removeItem(SessionStorageKeys.expiresAt);
  if (session.user) storage.setItem(SessionStorageKeys.user, JSON.stringify(session.user));
  else storage.removeItem(SessionStorageKeys.user);
}

export const sessionFromLogin = (login: LoginResponse): Session => ({
  token: login.token,
  expiresAt: login.expiresAt,
  user: login.user,
});

/**
 * Milliseconds until the stored expiry; null when none is stored; an unreadable expiry counts as
 * already passed so a damaged session leads to the login page rather than to a string of 3001s.
 */
export function msUntilExpiry(session: Session, now: number): number | null {
  if (!session.expiresAt) return null;
  const expiry = Date.parse(session.expiresAt);
  return Number.isNaN(expiry) ? 0 : expiry - now;
}

/** The guard's rule (spec 000 §2): a token is stored and, where an expiry is stored, it has not passed. */
export function isSessionValid(session: Session | null, now: number): session is Session {
  if (!session?.token) return false;
  const remaining = msUntilExpiry(session, now);
  return remaining === null || remaining > 0;
}
