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
 * empty prediction (total 0) is the spec's `order.nullbody`: a warning, and nothing to order;
 * its capture plan stays on show (step 1) when it has one, else the form comes back.
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
      void message.warning({ key: 'tasking:order.nullbody', content: emptyPredictionText(prediction, t) });
      // Nothing to order, but a capture plan to show: the passes that loosening would list (issue 28).
      if (prediction?.plan) store.getState().showPrediction(prediction);
      else store.getState().back();
    },
    onError: () => store.getState().back(),
  });
}
