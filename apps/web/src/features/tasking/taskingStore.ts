import type { SensorType, TaskingPrediction } from '@satportal/contract';
import { create } from 'zustand';
import { browserTimeZone } from '../../shared/format/dates';
import { conditionsChange, dayIn, defaultDatesChange } from '../search/archiveForm';
import type { SensorSelection } from '../search/sensorChoice';
import { defaultTaskingConditions, type TaskingConditions } from './taskingForm';

interface TaskingState {
  conditions: TaskingConditions;
  type: SensorType;
  selection: SensorSelection;
  /** Set once the form has been built from the taskable catalogue and the saved `sats`. */
  initialised: boolean;
  /** The time zone whose days the default dates are; null once the user has picked dates. */
  datesZone: string | null;
  /** Spec 000 §4 "Tasking panel": 0 conditions, 1 prediction results. */
  step: 0 | 1;
  prediction: TaskingPrediction | null;
  /** The pass under the pointer in the list (its footprint stands out on the map). */
  hoveredPass: string | null;

  setConditions(change: Partial<TaskingConditions>): void;
  /** The default window in the account's zone, unless the user has picked dates (`datesZone`). */
  defaultDatesIn(timeZone: string): void;
  setSensor(type: SensorType, selection: SensorSelection): void;
  /** Step 1 while predicting (prediction null) and with the result. */
  showPrediction(prediction: TaskingPrediction | null): void;
  back(): void;
  setHoveredPass(passId: string | null): void;
}

/** The tasking panel's state, kept while the panel is closed (DESIGN §6: one small store per feature). */
export const useTaskingStore = create<TaskingState>()((set) => ({
  conditions: defaultTaskingConditions(dayIn(new Date(), browserTimeZone())),
  datesZone: browserTimeZone(),
  type: 1,
  selection: { bands: [], stereo: null, resolutions: [], satGroups: [] },
  initialised: false,
  step: 0,
  prediction: null,
  hoveredPass: null,

  setConditions: (change) => set((s) => conditionsChange(s, change)),
  defaultDatesIn: (timeZone) => set((s) => defaultDatesChange(s, timeZone, defaultTaskingConditions)),
  setSensor: (type, selection) => set({ type, selection, initialised: true }),
  showPrediction: (prediction) => set({ step: 1, prediction, hoveredPass: null }),
  back: () => set({ step: 0, prediction: null, hoveredPass: null }),
  setHoveredPass: (hoveredPass) => set({ hoveredPass }),
}));
