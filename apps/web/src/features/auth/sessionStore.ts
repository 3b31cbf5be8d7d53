import type { LoginResponse, User } from '@satportal/contract';
import { create } from 'zustand';
import {
  type KeyValueStorage,
  memoryStorage,
  readSession,
  type Session,
  SessionStorageKeys,
  sessionFromLogin,
  writeSession,
} from './session';

interface SessionState {
  session: Session | null;
  /**
   * The session ended by the user's logout, not by itself (expiry, 3001): the guard then does not
   * keep the place for after the next login, which may be someone else's (issue 28 #6).
   */
  loggedOut: boolean;
  signIn(login: LoginResponse): void;
  /** Forget the session locally (logout, 3001, expiry); the guard then sends to /login. */
  signOut(options?: { loggedOut?: boolean }): void;
  /** Keep the stored user in step with the server's answer to /me. */
  setUser(user: User): void;
  /** Re-read storage after another tab changed it. */
  reload(): void;
}

/** The session store over a given storage: localStorage in the browser, a fake in tests. */
export function createSessionStore(storage: KeyValueStorage) {
  return create<SessionState>()((set, get) => {
    const save = (session: Session | null) => {
      writeSession(storage, session);
      set({ session });
    };
    return {
      session: readSession(storage),
      loggedOut: false,
      signIn: (login) => {
        set({ loggedOut: false });
        save(sessionFromLogin(login));
      },
      signOut: (options) => {
        set({ loggedOut: options?.loggedOut ?? false });
        save(null);
      },
      setUser: (user) => {
        const { session } = get();
        if (session) save({ ...session, user });
      },
      reload: () => set({ session: readSession(storage) }),
    };
  });
}

function browserStorage(): KeyValueStorage {
  try {
    if (typeof window !== 'undefined' && window.localStorage) return window.localStorage;
  } catch {
    // storage blocked: fall through
  }
  return memoryStorage();
}

export const useSessionStore = createSessionStore(browserStorage());

/** Another tab logging in or out changes the same storage: follow it. */
export function followSessionInOtherTabs(target: Window) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || (Object.values(SessionStorageKeys) as string[]).includes(event.key)) {
      useSessionStore.getState().reload();
    }
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
