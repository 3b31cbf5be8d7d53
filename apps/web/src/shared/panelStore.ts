import { create } from 'zustand';

/** The seven side panels of the workspace, by their position in the left menu (spec 000 §2, 001 §2). */
export const PanelId = {
  AoiCentre: 0,
  SearchCentre: 1,
  PoiCentre: 2,
  MyData: 3,
  OrderCentre: 4,
  AccountCentre: 5,
  SubscriptionCentre: 6,
} as const;
export type PanelId = (typeof PanelId)[keyof typeof PanelId];

interface PanelState {
  /** At most one panel is open. */
  openPanel: PanelId | null;
  /** Open a panel (closing any other), or close it when it is the open one. */
  toggle(id: PanelId): void;
  open(id: PanelId): void;
  close(): void;
}

/**
 * Which side panel is open. The workspace shows it; features open a panel (after a save, an upload,
 * "predict passes") or step aside from it. It lives in shared/ so that no feature imports the shell.
 */
export const usePanelStore = create<PanelState>()((set) => ({
  openPanel: null,
  toggle: (id) => set((s) => ({ openPanel: s.openPanel === id ? null : id })),
  open: (id) => set({ openPanel: id }),
  close: () => set({ openPanel: null }),
}));
