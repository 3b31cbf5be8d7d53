import { create } from 'zustand';

/** The upload dialog (spec 001 §2): opened by the right tool bar and by the AOI and POI centres. */
interface UploadDialogState {
  isOpen: boolean;
  open(): void;
  close(): void;
}

export const useUploadDialogStore = create<UploadDialogState>()((set) => ({
  isOpen: false,
  open: () => set({ isOpen: true }),
  close: () => set({ isOpen: false }),
}));
