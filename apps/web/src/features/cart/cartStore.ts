import type { ArchiveScene } from '@satportal/contract';
import { create } from 'zustand';

/**
 * The cart (spec 000 §4 "Scene in cart"): scenes picked from the result list by their checkbox or
 * a group's. The cart box, its area calculation and ordering arrive with the ordering issue.
 */
interface CartState {
  scenes: ReadonlyMap<string, ArchiveScene>;
  add(scenes: readonly ArchiveScene[]): void;
  remove(sceneIds: readonly string[]): void;
  toggle(scene: ArchiveScene): void;
  clear(): void;
}

export const useCartStore = create<CartState>()((set) => ({
  scenes: new Map(),
  add: (scenes) =>
    set((s) => {
      const next = new Map(s.scenes);
      for (const scene of scenes) next.set(scene.sceneId, scene);
      return { scenes: next };
    }),
  remove: (sceneIds) =>
    set((s) => {
      const next = new Map(s.scenes);
      for (const id of sceneIds) next.delete(id);
      return { scenes: next };
    }),
  toggle: (scene) =>
    set((s) => {
      const next = new Map(s.scenes);
      if (next.has(scene.sceneId)) next.delete(scene.sceneId);
      else next.set(scene.sceneId, scene);
      return { scenes: next };
    }),
  clear: () => set({ scenes: new Map() }),
}));
