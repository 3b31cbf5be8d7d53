import type { TaskingPass } from '@satportal/contract';
import { create } from 'zustand';

/**
 * Which order dialog is open (spec 001 §2): the confirmation dialog for the cart's archive scenes,
 * or the simpler dialog for a tasking prediction. The cart box and the tasking panel open them;
 * the dialogs read the cart and the prediction themselves.
 */
export type OrderDialog =
  | { kind: 'archive' }
  | { kind: 'tasking'; taskId: string; passes: readonly TaskingPass[] }
  | null;

interface OrderDialogState {
  dialog: OrderDialog;
  openArchive(): void;
  openTasking(taskId: string, passes: readonly TaskingPass[]): void;
  close(): void;
}

export const useOrderDialogStore = create<OrderDialogState>()((set) => ({
  dialog: null,
  openArchive: () => set({ dialog: { kind: 'archive' } }),
  openTasking: (taskId, passes) => set({ dialog: { kind: 'tasking', taskId, passes } }),
  close: () => set({ dialog: null }),
}));
