import type { User } from '@satportal/contract';
import { describe, expect, it } from 'vitest';
import {
  isSessionValid,
  memoryStorage,
  readSession,
  type Session,
  SessionStorageKeys,
  writeSession,
} from './session';

const user = { id: 1, username: 'demo' } as User;
const now = Date.parse('2025-06-01T00:00:00Z');

describe('stored session', () => {
  it('is written under the keys token, expiretime and user and read back', () => {
    const items = new Map<string, string>();
    const storage = memoryStorage(items);
    const session: Session = { token: 't1', expiresAt: '2025-06-01T12:00:00Z', user };
    writeSession(storage, session);
    expect([...items.keys()].sort()).toEqual(['expiretime', 'token', 'user']);
    expect(readSession(storage)).toEqual(session);
  });

  it('is cleared completely', () => {
    const items = new Map<string, string>();
    const storage = memoryStorage(items);
    writeSession(storage, { token: 't1', expiresAt: '2025-06-01T12:00:00Z', user });
    writeSession(storage, null);
    expect(items.size).toBe(0);
    expect(readSession(storage)).toBeNull();
  });

  it('survives a damaged stored user', () => {
    const storage = memoryStorage();
    storage.setItem(SessionStorageKeys.token, 't1');
    storage.setItem(SessionStorageKeys.user, '{not json');
    expect(readSession(storage)).toEqual({ token: 't1', expiresAt: null, user: null });
  });
});

describe('isSessionValid', () => {
  const session = (expiresAt: string | null): Session => ({ token: 't', expiresAt, user });

  it('needs a token', () => {
    expect(isSessionValid(null, now)).toBe(false);
    expect(isSessionValid({ ...session(null), token: '' }, now)).toBe(false);
  });

  it('accepts a token without a stored expiry', () => {
    expect(isSessionValid(session(null), now)).toBe(true);
  });

  it('rejects a passed or unreadable expiry', () => {
    expect(isSessionValid(session('2025-06-01T00:00:01Z'), now)).toBe(true);
    expect(isSessionValid(session('2025-06-01T00:00:00Z'), now)).toBe(false);
    expect(isSessionValid(session('2025-05-31T23:00:00Z'), now)).toBe(false);
    expect(isSessionValid(session('yesterday'), now)).toBe(false);
  });
});
