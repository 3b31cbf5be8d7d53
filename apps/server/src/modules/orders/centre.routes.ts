import {
  OrderCancelResponse,
  OrderDetailResponse,
  OrderIdBody,
  OrderListQuery,
  OrderListResponse,
  Paths,
} from '@satportal/contract';
import { principalOf } from '../../http/auth-plugin';
import { ok, responses } from '../../http/envelope';
import type { Http } from '../../http/types';
import type { OrderCentreService } from './centre.service';

/** The order centre (spec 001 §7 order list, detail, cancel); every caller needs a session. */
export function orderCentreRoutes(app: Http, centre: OrderCentreService): void {
  app.get(
    Paths.orders,
    {
      config: { scope: 'read' },
      schema: {
        operationId: 'listOrders',
        tags: ['orders'],
        summary:
          "Order list (spec 001 §7 GET order list): the caller's orders newest first, by tab (status), tag and a part of the number or an AOI name",
        querystring: OrderListQuery,
        response: responses(OrderListResponse),
      },
    },
    async (request) => ok(await centre.list(principalOf(request).user.id, request.query)),
  );

  app.post(
    Paths.orderDetail,
    {
      config: { scope: 'read' },
      schema: {
        operationId: 'getOrderDetail',
        tags: ['orders'],
        summary: 'Order detail (spec 001 §7 POST order detail): `oi.od`; another user’s order is 4004',
        body: OrderIdBody,
        response: responses(OrderDetailResponse),
      },
    },
    async (request) => ok(await centre.detail(principalOf(request).user.id, request.body.id)),
  );

  app.post(
    Paths.orderCancel,
    {
      config: { scope: 'order' },
      schema: {
        operationId: 'cancelOrder',
        tags: ['orders'],
        summary:
          'Order cancel (spec 001 §7 POST order cancel): 2000 cancelled; 2001 cancelled but for the terms already delivered, which stay; only in status 11, 21, 31, 34 (else 4000 order.notCancellable)',
        body: OrderIdBody,
        response: responses(OrderCancelResponse),
      },
    },
    async (request) => centre.cancel(principalOf(request).user.id, request.body.id),
  );
}
