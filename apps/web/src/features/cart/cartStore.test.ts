import type { ArchiveScene } from '@satportal/contract';
import { describe, expect, it } from 'vitest';
import { type CartStorage, cartStorageKey, readCart } from './cartPersistence';
import { createCartStore } from './cartStore';

function fakeStorage(items = new Map<string, string>()): CartStorage & { items: Map<string, string> } {
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const scene = (sceneId: string, satName = 'SAT-1'): ArchiveScene =>
  ({
    sceneId,
    satName,
    time: '2025-05-01T03:04:05Z',
    imageGsd: 0.5,
    boundaries: [
      [
        [10, 0],
        [11, 0],
        [11, 1],
        [10, 0],
      ],
    ],
  }) as ArchiveScene;

const searchA = { taskId: '11111111-1111-4111-8111-111111111111', aois: [] };
const searchB = { taskId: '22222222-2222-4222-8222-222222222222', aois: null };

const ids = (store: ReturnType<typeof createCartStore>) => [...store.getState().scenes.keys()];

describe('the cart', () => {
  it('takes scenes by checkbox and group, and returns them by uncheck, delete and group', () => {
    const store = createCartStore(fakeStorage());
    store.getState().forUser(1);
    store.getState().toggle(scene('a'), searchA);
    store.getState().add([scene('b'), scene('c'), scene('a')], searchA);
    expect(ids(store)).toEqual(['a', 'b', 'c']);
    expect(store.getState().boxOpen).toBe(true);
    store.getState().toggle(scene('a'));
    store.getState().remove(['b']);
    expect(ids(store)).toEqual(['c']);
    store.getState().remove(['b', 'c']);
    expect(ids(store)).toEqual([]);
  });

  it('belongs to the search of the last scenes added, and to none once empty', () => {
    const store = createCartStore(fakeStorage());
    store.getState().add([scene('a')], searchA);
    expect(store.getState().search).toEqual(searchA);
    store.getState().toggle(scene('b'), searchB);
    expect(store.getState().search).toEqual(searchB);
    // Taking a scene out keeps the search while others remain.
    store.getState().toggle(scene('b'));
    expect(store.getState().search).toEqual(searchB);
    store.getState().remove(['a']);
    expect(store.getState().search).toBeNull();
    expect(store.getState().scenes.size).toBe(0);
  });

  it('keeps the box open, empty, after the last scene is deleted, until it is closed', () => {
    const store = createCartStore(fakeStorage());
    store.getState().add([scene('a')], searchA);
    store.getState().remove(['a']);
    expect(store.getState().boxOpen).toBe(true);
    store.getState().setBoxOpen(false);
    store.getState().add([], searchA);
    expect(store.getState().boxOpen).toBe(false);
  });

  it('survives a reload for the same user, and another user never sees it', () => {
    const storage = fakeStorage();
    const first = createCartStore(storage);
    first.getState().forUser(7);
    first.getState().add([scene('a'), scene('b')], searchA);

    const reloaded = createCartStore(storage);
    reloaded.getState().forUser(7);
    expect(ids(reloaded)).toEqual(['a', 'b']);
    expect(reloaded.getState().search).toEqual(searchA);
    expect(reloaded.getState().boxOpen).toBe(true);

    reloaded.getState().forUser(null);
    expect(ids(reloaded)).toEqual([]);
    reloaded.getState().forUser(8);
    expect(ids(reloaded)).toEqual([]);
    reloaded.getState().add([scene('z')], searchB);
    reloaded.getState().forUser(7);
    expect(ids(reloaded)).toEqual(['a', 'b']);
    reloaded.getState().forUser(8);
    expect(ids(reloaded)).toEqual(['z']);
  });

  it('stores nothing while signed out, and no key for an emptied cart', () => {
    const storage = fakeStorage();
    const store = createCartStore(storage);
    store.getState().add([scene('a')], searchA);
    expect(storage.items.size).toBe(0);
    store.getState().forUser(3);
    store.getState().add([scene('a')], searchA);
    expect(storage.items.has(cartStorageKey(3))).toBe(true);
    store.getState().clear();
    expect(storage.items.has(cartStorageKey(3))).toBe(false);
  });

  it('ignores a corrupt stored cart, and scenes it cannot use', () => {
    for (const text of ['{not json', '42', '[]', '{"scenes": "a"}', 'null']) {
      const store = createCartStore(fakeStorage(new Map([[cartStorageKey(5), text]])));
      store.getState().forUser(5);
      expect(ids(store)).toEqual([]);
      expect(store.getState().search).toBeNull();
    }
    const mixed = JSON.stringify({
      scenes: [scene('ok'), { sceneId: 'no-time' }, null, 'x'],
      search: { taskId: 7 },
    });
    expect(readCart(fakeStorage(new Map([[cartStorageKey(5), mixed]])), 5)).toEqual({
      scenes: [scene('ok')],
      search: null,
    });
  });

  it('keeps working when the storage refuses to write', () => {
    const storage = fakeStorage();
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const store = createCartStore(storage);
    store.getState().forUser(1);
    store.getState().add([scene('a')], searchA);
    expect(ids(store)).toEqual(['a']);
  });
});
