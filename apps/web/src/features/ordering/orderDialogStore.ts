import type { OrderSuccessResponse, TaskingPass, TaskingPredictionRequest } from '@satportal/contract';
import { create } from 'zustand';

/**
 * Which order dialog is open (spec 001 §2): the confirmation dialog for the cart's archive scenes,
 * the simpler dialog for a tasking prediction, or the order-success dialog. The cart box and the
 * tasking panel open them; the archive dialog reads the cart itself, the tasking dialog gets what
 * was predicted (the prediction's request: the order repeats it as `tsr`).
 */
export type OrderDialog =
  | { kind: 'archive' }
  | {
      kind: 'tasking';
      taskId: string;
      passes: readonly TaskingPass[];
      request: TaskingPredictionRequest;
    }
  | { kind: 'success'; orders: OrderSuccessResponse['list'] }
  | null;

interface OrderDialogState {
  dialog: OrderDialog;
  openArchive(): void;
  openTasking(taskId: string, passes: readonly TaskingPass[], request: TaskingPredictionRequest): void;
  showSuccess(orders: OrderSuccessResponse['list']): void;
  close(): void;
}

export const useOrderDialogStore = create<OrderDialogState>()((set) => ({
  dialog: null,
  openArchive: () => set({ dialog: { kind: 'archive' } }),
  openTasking: (taskId, passes, request) => set({ dialog: { kind: 'tasking', taskId, passes, request } }),
  showSuccess: (orders) => set({ dialog: { kind: 'success', orders } }),
  close: () => set({ dialog: null }),
}));
