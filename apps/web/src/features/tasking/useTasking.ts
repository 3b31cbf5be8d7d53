import type { TaskingPredictionRequest } from '@satportal/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/context';
import { useToast } from '../../shared/ui/toast';
import { emptyPredictionText } from './passes';
import { useTaskingStore } from './taskingStore';

/**
 * The prediction (spec 000 §4 "Tasking panel"): step 1 while it runs and with its passes; any
 * failure returns to step 0. The API client shows the failure's translated message, and a 3001
 * opens the login dialog (the endpoint asks for it), so the conditions stay as they were. An
 * empty prediction (total 0) is the spec's `order.nullbody`: a warning, back at step 0, so there
 * is nothing to order.
 */
export function usePrediction() {
  const api = useApi();
  const { t } = useTranslation();
  const message = useToast();
  const store = useTaskingStore;
  return useMutation({
    mutationFn: (request: TaskingPredictionRequest) => api.taskingPrediction(request),
    onMutate: () => store.getState().showPrediction(null),
    onSuccess: (data) => {
      const prediction = data[0];
      if (prediction?.total) {
        store.getState().showPrediction(prediction);
        return;
      }
      store.getState().back();
      void message.warning({ key: 'tasking:order.nullbody', content: emptyPredictionText(prediction, t) });
    },
    onError: () => store.getState().back(),
  });
}
