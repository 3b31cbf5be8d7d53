import {
  OrderIdParams,
  OrderTagRename,
  OrderTagsRequest,
  OrderTagsResponse,
  Paths,
} from '@satportal/contract';
import { Type } from 'typebox';
import { principalOf } from '../../http/auth-plugin';
import { ok, responses } from '../../http/envelope';
import type { Http } from '../../http/types';
import type { TagsService } from './tags.service';

/** Order tags (spec 001 §7 v1/order/tags, {orderId}/tags); every caller needs a session. */
export function tagsRoutes(app: Http, tags: TagsService): void {
  app.get(
    Paths.orderTags,
    {
      config: { scope: 'read' },
      schema: {
        operationId: 'listOrderTags',
        tags: ['orders'],
        summary: "The caller's order tags, each with its orders (spec 001 §7 GET v1/order/tags)",
        response: responses(OrderTagsResponse),
      },
    },
    async (request) => ok(await tags.list(principalOf(request).user.id)),
  );

  app.put(
    Paths.orderTags,
    {
      config: { scope: 'write' },
      schema: {
        operationId: 'tagOrders',
        tags: ['orders'],
        summary:
          'Tag orders (spec 001 §7 PUT v1/order/tags): all of them the caller’s, or 404 and none changes',
        body: OrderTagsRequest,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      await tags.tagOrders(principalOf(request).user.id, request.body.orderIds, request.body.tag);
      return ok(null);
    },
  );

  app.put(
    Paths.orderTag,
    {
      config: { scope: 'write' },
      schema: {
        operationId: 'setOrderTag',
        tags: ['orders'],
        summary: "Set or rename one order's tag (spec 001 §7 PUT {orderId}/tags)",
        params: OrderIdParams,
        body: OrderTagRename,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      await tags.setTag(principalOf(request).user.id, request.params.id, request.body.tag);
      return ok(null);
    },
  );

  app.delete(
    Paths.orderTag,
    {
      config: { scope: 'write' },
      schema: {
        operationId: 'deleteOrderTag',
        tags: ['orders'],
        summary: "Remove one order's tag (spec 001 §7 DELETE {orderId}/tags)",
        params: OrderIdParams,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      await tags.removeTag(principalOf(request).user.id, request.params.id);
      return ok(null);
    },
  );
}
