import type { Aoi, ArchiveScene } from '@satportal/contract';
import { isRecord } from '../../shared/records';

/**
 * The search the cart's scenes came from: its taskId (the server clips to that search's AOIs) and
 * the AOIs themselves (the order dialog's "enlarge to the minimum" sends them); `aois` null for a
 * scene-id search, whose scenes are ordered whole (`isOrderBySceneId`).
 */
export interface CartSearch {
  taskId: string;
  aois: Aoi[] | null;
}

export interface StoredCart {
  scenes: ArchiveScene[];
  search: CartSearch | null;
}

/** The part of `Storage` the cart needs, so tests can pass a Map-backed fake. */
export type CartStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** One key per user: a different user signing in on the same browser never sees another's cart. */
export const cartStorageKey = (userId: number) => `cart:${userId}`;

/** Enough of a scene for the cart box, the map and an order; anything less is dropped. */
function isScene(value: unknown): value is ArchiveScene {
  return (
    isRecord(value) &&
    typeof value.sceneId === 'string' &&
    value.sceneId !== '' &&
    typeof value.time === 'string' &&
    typeof value.satName === 'string' &&
    typeof value.imageGsd === 'number' &&
    Array.isArray(value.boundaries)
  );
}

function searchOf(value: unknown): CartSearch | null {
  if (!isRecord(value) || typeof value.taskId !== 'string') return null;
  if (value.aois !== null && !Array.isArray(value.aois)) return null;
  return { taskId: value.taskId, aois: value.aois as Aoi[] | null };
}

/**
 * The user's stored cart; an empty one when there is none or it cannot be read (storage written by
 * another version, edited by hand, cut short by a full quota): a broken cart must not break the map.
 */
export function readCart(storage: CartStorage, userId: number): StoredCart {
  let value: unknown;
  try {
    value = JSON.parse(storage.getItem(cartStorageKey(userId)) ?? 'null');
  } catch {
    return { scenes: [], search: null };
  }
  if (!isRecord(value) || !Array.isArray(value.scenes)) return { scenes: [], search: null };
  const scenes = value.scenes.filter(isScene);
  return { scenes, search: scenes.length > 0 ? searchOf(value.search) : null };
}

/** Store the user's cart (an empty cart leaves no key behind); a full or blocked storage is ignored. */
export function writeCart(storage: CartStorage, userId: number, cart: StoredCart) {
  try {
    if (cart.scenes.length === 0) storage.removeItem(cartStorageKey(userId));
    else storage.setItem(cartStorageKey(userId), JSON.stringify(cart));
  } catch {
    // The cart still works for this page; it only will not survive a reload.
  }
}

/** localStorage where the browser allows it, else a storage that lasts the page. */
export function browserCartStorage(): CartStorage {
  try {
    if (typeof window !== 'undefined' && window.localStorage) return window.localStorage;
  } catch {
    // storage blocked: fall through
  }
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}
