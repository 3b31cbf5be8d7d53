import { create } from 'zustand';

/**
 * A node to reveal in the AOI tree or the POI list (issue 18): what was just moved or uploaded
 * must not vanish into a closed folder. Kept until the tree holding it has it (the panel may open
 * later, the list may still be loading), then taken by that tree.
 */
export interface RevealTarget {
  tree: 'aois' | 'pois';
  id: number;
  /** Open the node itself too: an upload's folder shows what it holds. */
  open: boolean;
}

interface RevealState {
  target: RevealTarget | null;
  reveal(target: RevealTarget): void;
  revealed(): void;
}

export const useRevealStore = create<RevealState>()((set) => ({
  target: null,
  reveal: (target) => set({ target }),
  revealed: () => set({ target: null }),
}));
