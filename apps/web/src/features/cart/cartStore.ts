import type { ArchiveScene } from '@satportal/contract';
import { create } from 'zustand';
import { useSessionStore } from '../auth/sessionStore';
import {
  browserCartStorage,
  type CartSearch,
  type CartStorage,
  readCart,
  writeCart,
} from './cartPersistence';

export type { CartSearch } from './cartPersistence';

/**
 * The cart (spec 000 §4 "Scene in cart"): scenes picked from the result list by their checkbox or a
 * group's, removed by unchecking, by the cart box's delete or clear, or by the group. It remembers
 * the search the scenes came from (the last one scenes were added from), so the area calculation
 * clips to that search's AOIs. It is kept per user in localStorage and survives a reload.
 */
export interface CartState {
  scenes: ReadonlyMap<string, ArchiveScene>;
  /** The search of the last scenes added; null while the cart is empty. */
  search: CartSearch | null;
  /** Whose cart this is; null signed out (then nothing is stored). */
  userId: number | null;
  /** The cart box shows (it opens with an add and stays, showing zeros, once emptied until closed). */
  boxOpen: boolean;
  /** Add scenes; `search` (where they were found) becomes the cart's search. */
  add(scenes: readonly ArchiveScene[], search?: CartSearch): void;
  remove(sceneIds: readonly string[]): void;
  toggle(scene: ArchiveScene, search?: CartSearch): void;
  clear(): void;
  setBoxOpen(open: boolean): void;
  /** Switch to this user's stored cart (sign in, another user, sign out: null). */
  forUser(userId: number | null): void;
}

type Contents = Pick<CartState, 'scenes' | 'search'>;

/** The cart over a given storage: localStorage in the browser, a fake in tests. */
export function createCartStore(storage: CartStorage) {
  return create<CartState>()((set, get) => {
    /** Apply a change of the contents and store the result for the current user. */
    const change = (next: (state: CartState) => Contents, opensBox = false) => {
      const state = get();
      const contents = next(state);
      // An emptied cart belongs to no search any more: the next add sets it afresh.
      const search = contents.scenes.size === 0 ? null : contents.search;
      set({ scenes: contents.scenes, search, ...(opensBox ? { boxOpen: true } : {}) });
      if (state.userId !== null)
        writeCart(storage, state.userId, { scenes: [...contents.scenes.values()], search });
    };
    const withScenes = (
      state: CartState,
      scenes: readonly ArchiveScene[],
      search: CartSearch | undefined,
    ) => {
      const next = new Map(state.scenes);
      for (const scene of scenes) next.set(scene.sceneId, scene);
      return { scenes: next, search: search ?? state.search };
    };
    const without = (state: CartState, sceneIds: readonly string[]) => {
      const next = new Map(state.scenes);
      for (const id of sceneIds) next.delete(id);
      return { scenes: next, search: state.search };
    };

    return {
      scenes: new Map(),
      search: null,
      userId: null,
      boxOpen: false,
      add: (scenes, search) => change((s) => withScenes(s, scenes, search), scenes.length > 0),
      remove: (sceneIds) => change((s) => without(s, sceneIds)),
      toggle: (scene, search) => {
        const adding = !get().scenes.has(scene.sceneId);
        change((s) => (adding ? withScenes(s, [scene], search) : without(s, [scene.sceneId])), adding);
      },
      clear: () => change(() => ({ scenes: new Map(), search: null })),
      setBoxOpen: (boxOpen) => set({ boxOpen }),
      forUser: (userId) => {
        if (userId === get().userId) return;
        const stored = userId === null ? { scenes: [], search: null } : readCart(storage, userId);
        const scenes = new Map(stored.scenes.map((scene) => [scene.sceneId, scene]));
        set({ userId, scenes, search: stored.search, boxOpen: scenes.size > 0 });
      },
    };
  });
}

export const useCartStore = createCartStore(browserCartStorage());

/** The cart follows the signed-in user: another user's login or a logout swaps it at once. */
const followUser = () =>
  useCartStore.getState().forUser(useSessionStore.getState().session?.user?.id ?? null);
followUser();
useSessionStore.subscribe(followUser);
