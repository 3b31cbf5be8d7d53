import type { Aoi, SensorChoice, SubscriptionCondition } from '@satportal/contract';
import { create } from 'zustand';

/**
 * What the subscription create panel (search centre, tab "AOI Subscription") is to be filled
 * with when another place opens it: Re-subscribe of an ended subscription (subscription centre)
 * or of an archive order (order centre), or the no-archive dialog. Whoever sets a draft also turns
 * the search centre to its subscription tab and opens the panel (this feature imports neither).
 */
export interface SubscriptionDraft {
  name?: string;
  /** The AOI to subscribe; absent: the map's current AOI. */
  aoi?: { geometry: Aoi; name: string; aoiId: number | null };
  condition?: Partial<SubscriptionCondition>;
  sensor?: SensorChoice;
  satIds?: number[];
}

interface SubscriptionDraftState {
  draft: SubscriptionDraft | null;
  /** Counts drafts, so the form applies a new one even when equal to the last. */
  serial: number;
  setDraft(draft: SubscriptionDraft): void;
  /** The form took the draft over. */
  clearDraft(): void;
}

export const useSubscriptionDraftStore = create<SubscriptionDraftState>()((set) => ({
  draft: null,
  serial: 0,
  setDraft: (draft) => set((s) => ({ draft, serial: s.serial + 1 })),
  clearDraft: () => set({ draft: null }),
}));
