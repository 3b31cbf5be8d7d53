import type { LoginResponse, User } from '@satportal/contract';
import { expect, it } from 'vitest';
import { memoryStorage } from './session';
import { createSessionStore } from './sessionStore';

const user = { id: 7, username: 'demo', email: 'demo@example.com' } as User;
const login: LoginResponse = { token: 'tok', expiresAt: '2030-01-01T00:00:00Z', user };

it('signs in, keeps the user in step and signs out, mirroring localStorage', () => {
  const items = new Map<string, string>();
  const storage = memoryStorage(items);
  const store = createSessionStore(storage);
  expect(store.getState().session).toBeNull();

  store.getState().signIn(login);
  expect(store.getState().session).toEqual({ token: 'tok', expiresAt: '2030-01-01T00:00:00Z', user });
  expect(storage.getItem('token')).toBe('tok');

  store.getState().setUser({ ...user, email: 'new@example.com' });
  expect(JSON.parse(storage.getItem('user') ?? '{}').email).toBe('new@example.com');

  store.getState().signOut();
  expect(store.getState().session).toBeNull();
  expect(items.size).toBe(0);
});

it('starts from what is stored', () => {
  const storage = memoryStorage();
  createSessionStore(storage).getState().signIn(login);
  expect(createSessionStore(storage).getState().session?.token).toBe('tok');
});

it('remembers whether the session ended by a logout until the next login', () => {
  const store = createSessionStore(memoryStorage());
  store.getState().signIn(login);
  store.getState().signOut();
  expect(store.getState().loggedOut).toBe(false);
  store.getState().signIn(login);
  store.getState().signOut({ loggedOut: true });
  expect(store.getState()).toMatchObject({ session: null, loggedOut: true });
  store.getState().signIn(login);
  expect(store.getState().loggedOut).toBe(false);
});
