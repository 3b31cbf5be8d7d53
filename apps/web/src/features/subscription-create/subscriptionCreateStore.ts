import type { SensorType } from '@satportal/contract';
import { create } from 'zustand';
import { type ConditionsState, conditionsState } from '../../shared/conditions/conditionsStore';
import type { SensorSelection } from '../../shared/conditions/sensorChoice';
import { browserTimeZone } from '../../shared/format/dates';
import type { Day } from '../../shared/format/days';
import type { SubscriptionDraft } from './subscriptionDraftStore';
import {
  defaultSubscriptionConditions,
  type SubscriptionAoi,
  type SubscriptionFormConditions,
} from './subscriptionForm';

interface SubscriptionCreateState extends ConditionsState<SubscriptionFormConditions> {
  /** As typed; empty lets the server name it after the AOI. */
  name: string;
  /** The AOI a draft brought; null: the map's current AOI. */
  draftAoi: SubscriptionAoi | null;
  setName(name: string): void;
  backToMapAoi(): void;
  /**
   * Fills the form from a draft: its AOI, name, conditions over the defaults (the window today …
   * +90 in the account's zone unless the draft has one), its sensor and satellite groups.
   */
  applyDraft(
    draft: SubscriptionDraft,
    today: Day,
    sensor: { type: SensorType; selection: SensorSelection },
  ): void;
  /** After a subscription was created: the same form again, named anew. */
  resetName(): void;
}

/** The subscription create panel's state, kept while the panel is closed (as the Archive and Tasking tabs'). */
export const useSubscriptionCreateStore = create<SubscriptionCreateState>()((set) => ({
  ...conditionsState(set, defaultSubscriptionConditions, browserTimeZone()),
  name: '',
  draftAoi: null,
  setName: (name) => set({ name }),
  backToMapAoi: () => set({ draftAoi: null }),
  applyDraft: (draft, today, sensor) =>
    set({
      name: draft.name ?? '',
      draftAoi: draft.aoi ? { ...draft.aoi, name: draft.aoi.name || null } : null,
      conditions: {
        ...defaultSubscriptionConditions(today),
        ...draft.condition,
      } as SubscriptionFormConditions,
      // Dates set here are chosen, as if picked: the account's zone arriving later must not move them.
      datesZone: null,
      type: sensor.type,
      selection: sensor.selection,
      initialised: true,
    }),
  resetName: () => set({ name: '' }),
}));
