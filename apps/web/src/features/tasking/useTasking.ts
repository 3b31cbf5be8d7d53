import type { TaskingPredictionRequest } from '@satportal/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';
import { useTaskingStore } from './taskingStore';

/** The taskable satellites (GET /satellites?taskable=true), fetched once per session. */
export function useTaskableCatalogue() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.satellites(true),
    queryFn: () => api.satellites(true),
    staleTime: 60 * 60 * 1000,
  });
}

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
