import type { TaskingPrediction, TaskingPredictionRequest } from '@satportal/contract';
import { create } from 'zustand';
import { isSearchedShape } from '../../shared/conditions/conditions';
import { type ConditionsState, conditionsState } from '../../shared/conditions/conditionsStore';
import { browserTimeZone } from '../../shared/format/dates';
import { defaultTaskingConditions, type TaskingConditions } from './taskingForm';

interface TaskingState extends ConditionsState<TaskingConditions> {
  /** Spec 000 §4 "Tasking panel": 0 conditions, 1 prediction results. */
  step: 0 | 1;
  prediction: TaskingPrediction | null;
  /** What was asked for the prediction: a tasking order repeats it (its `tsr`). */
  predictionRequest: TaskingPredictionRequest | null;
  /** The pass under the pointer in the list (its footprint stands out on the map). */
  hoveredPass: string | null;

  /** Step 1 while predicting (prediction null) and with the result. */
  showPrediction(prediction: TaskingPrediction | null): void;
  setPredictionRequest(request: TaskingPredictionRequest): void;
  back(): void;
  setHoveredPass(passId: string | null): void;
  /** An AOI left the map (its drawing or saved AOI deleted): a prediction for it goes, with its passes. */
  clearPredictionOfAoi(shape: { type: string; coordinates: unknown }): void;
}

/** The tasking panel's state, kept while the panel is closed (DESIGN §6: one small store per feature). */
export const useTaskingStore = create<TaskingState>()((set) => ({
  ...conditionsState(set, defaultTaskingConditions, browserTimeZone()),
  step: 0,
  prediction: null,
  predictionRequest: null,
  hoveredPass: null,

  showPrediction: (prediction) => set({ step: 1, prediction, hoveredPass: null }),
  setPredictionRequest: (predictionRequest) => set({ predictionRequest }),
  back: () => set({ step: 0, prediction: null, hoveredPass: null }),
  setHoveredPass: (hoveredPass) => set({ hoveredPass }),
  clearPredictionOfAoi: (shape) =>
    set((s) =>
      s.predictionRequest?.aois.some((aoi) => isSearchedShape(aoi, shape))
        ? { step: 0, prediction: null, predictionRequest: null, hoveredPass: null }
        : {},
    ),
}));
