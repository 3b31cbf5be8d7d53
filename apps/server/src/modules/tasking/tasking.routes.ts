import { Paths, TaskingPredictionRequest, TaskingPredictionResponse } from '@satportal/contract';
import { ok, responses } from '../../http/envelope';
import type { Http } from '../../http/types';
import type { TaskingService } from './tasking.service';

/** Tasking prediction; like every /api/v1 route it needs a session. */
export function taskingRoutes(app: Http, tasking: TaskingService): void {
  app.post(
    Paths.taskingPredictions,
    {
      schema: {
        tags: ['tasking'],
        summary:
          'Tasking prediction (spec 000 §7): the passes in which the chosen satellites can image the AOIs; data[0] holds them grouped by day, with the AOI coverage of their footprints',
        body: TaskingPredictionRequest,
        response: responses(TaskingPredictionResponse),
      },
    },
    async (request) => ok(await tasking.predict(request.body)),
  );
}
