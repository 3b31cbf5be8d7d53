import { create } from 'zustand';

interface LoginDialogState {
  /**
   * Open where the spec asks for a dialog instead of the login page (a 3001 during the scene-id
   * search), so the user keeps the work on the map.
   */
  open: boolean;
  show(): void;
  hide(): void;
}

export const useLoginDialogStore = create<LoginDialogState>()((set) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
}));
