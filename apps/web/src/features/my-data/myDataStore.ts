import type { MyDataScene } from '@satportal/contract';
import { create } from 'zustand';
import { type Mode, type MyDataFilters, noFilters, sceneKeyOf } from './myData';

/**
 * The my-data panel's state (spec 000 §4 "My data"): the filters, the left and right lists (a
 * scene is on one, the other, or neither), the scenes in view, and selection or analysis. Kept
 * outside the panel so closing and reopening it finds the lists as they were.
 */
interface MyDataState {
  filters: MyDataFilters;
  mode: Mode;
  left: MyDataScene[];
  right: MyDataScene[];
  inView: ReadonlySet<string>;
  setFilters(filters: MyDataFilters): void;
  put(scene: MyDataScene, side: 'left' | 'right'): void;
  remove(scene: MyDataScene): void;
  /** Every given scene onto `side` (taken off the other), or off it when all are on it already. */
  toggleAll(scenes: readonly MyDataScene[], side: 'left' | 'right'): void;
  toggleView(scene: MyDataScene): void;
  startAnalysis(): void;
  editAnalysis(): void;
  /** Back to selection with both lists empty (spec: close clears the lists). */
  closeAnalysis(): void;
}

const without = (list: readonly MyDataScene[], keys: ReadonlySet<string>) =>
  list.filter((s) => !keys.has(sceneKeyOf(s)));

export const useMyDataStore = create<MyDataState>()((set) => ({
  filters: noFilters,
  mode: 'selection',
  left: [],
  right: [],
  inView: new Set(),
  setFilters: (filters) => set({ filters }),
  put: (scene, side) =>
    set((s) => {
      const keys = new Set([sceneKeyOf(scene)]);
      const left = without(s.left, keys);
      const right = without(s.right, keys);
      return side === 'left' ? { left: [...left, scene], right } : { left, right: [...right, scene] };
    }),
  remove: (scene) =>
    set((s) => {
      const keys = new Set([sceneKeyOf(scene)]);
      return { left: without(s.left, keys), right: without(s.right, keys) };
    }),
  toggleAll: (scenes, side) =>
    set((s) => {
      const keys = new Set(scenes.map(sceneKeyOf));
      const onSide = new Set(s[side].map(sceneKeyOf));
      const allThere = scenes.length > 0 && scenes.every((scene) => onSide.has(sceneKeyOf(scene)));
      const other = side === 'left' ? 'right' : 'left';
      if (allThere) return { [side]: without(s[side], keys) } as Partial<MyDataState>;
      return {
        [side]: [...without(s[side], keys), ...scenes],
        [other]: without(s[other], keys),
      } as Partial<MyDataState>;
    }),
  toggleView: (scene) =>
    set((s) => {
      const inView = new Set(s.inView);
      const key = sceneKeyOf(scene);
      if (!inView.delete(key)) inView.add(key);
      return { inView };
    }),
  startAnalysis: () => set((s) => (s.left.length && s.right.length ? { mode: 'analysis' } : {})),
  editAnalysis: () => set({ mode: 'selection' }),
  closeAnalysis: () => set({ mode: 'selection', left: [], right: [] }),
}));
