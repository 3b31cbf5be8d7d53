import { Paths, TaskingPredictionRequest, TaskingPredictionResponse } from '@satportal/contract';
import { principalOf } from '../../http/auth-plugin';
import { ok, responses } from '../../http/envelope';
import type { Http } from '../../http/types';
import type { TaskingService } from './tasking.service';

/** Tasking prediction; like every /api/v1 route it needs a session. */
export function taskingRoutes(app: Http, tasking: TaskingService): void {
  app.post(
    Paths.taskingPredictions,
    {
      config: { scope: 'read' },
      schema: {
        operationId: 'predictPasses',
        tags: ['tasking'],
        summary:
          'Tasking prediction (spec 000 §7): the passes in which the chosen satellites can image the AOIs within the cloud and coverage limits; data[0] holds them grouped by day, with the AOI coverage of their footprints, under the taskId it is stored as (total 0: an empty prediction, order.nullbody)',
        body: TaskingPredictionRequest,
        response: responses(TaskingPredictionResponse),
      },
    },
    async (request) => ok(await tasking.predict(principalOf(request).user, request.body)),
  );
}
