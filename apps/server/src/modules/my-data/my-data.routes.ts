import { MyDataBatches, MyDataList, MyDataListRequest, Paths } from '@satportal/contract';
import { principalOf } from '../../http/auth-plugin';
import { ok, responses } from '../../http/envelope';
import type { Http } from '../../http/types';
import type { MyDataService } from './my-data.service';

/** My data (spec 000 §7 my-data list, batch names): the caller's own delivered scenes only. */
export function myDataRoutes(app: Http, myData: MyDataService): void {
  app.post(
    Paths.myDataScenes,
    {
      config: { scope: 'read' },
      schema: {
        operationId: 'listMyDataScenes',
        tags: ['my data'],
        summary:
          "My-data list (spec 000 §7): the caller's delivered scenes, newest image first, filtered by image time, batch (order number), part of a scene id or an AOI name; 4000 error.validation for an end time before the start time",
        body: MyDataListRequest,
        response: responses(MyDataList),
      },
    },
    async (request) => ok(await myData.list(principalOf(request).user.id, request.body)),
  );

  app.get(
    Paths.myDataBatches,
    {
      config: { scope: 'read' },
      schema: {
        operationId: 'listMyDataBatches',
        tags: ['my data'],
        summary:
          "My-data batch names (spec 000 §7): one per delivered order, with its image times' span, newest first",
        response: responses(MyDataBatches),
      },
    },
    async (request) => ok(await myData.batches(principalOf(request).user.id)),
  );
}
