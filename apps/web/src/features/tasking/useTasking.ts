import type { TaskingPredictionRequest } from '@satportal/contract';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../api/context';
import { useTaskingStore } from './taskingStore';

/**
 * The prediction (spec 000 §4 "Tasking panel"): step 1 while it runs and with its passes; any
 * failure returns to step 0. The API client shows the failure's translated message, and a 3001
 * opens the login dialog (the endpoint asks for it), so the conditions stay as they were.
 */
export function usePrediction() {
  const api = useApi();
  const store = useTaskingStore;
  return useMutation({
    mutationFn: (request: TaskingPredictionRequest) => api.taskingPrediction(request),
    onMutate: () => store.getState().showPrediction(null),
    onSuccess: (data) => {
      const prediction = data[0];
      if (prediction) store.getState().showPrediction(prediction);
      else store.getState().back();
    },
    onError: () => store.getState().back(),
  });
}
