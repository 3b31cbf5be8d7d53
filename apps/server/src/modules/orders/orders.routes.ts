import {
  ArchiveOrderRequest,
  CompanyListResponse,
  CompanyQuery,
  IdempotencyHeader,
  OrderSuccessResponse,
  Paths,
  TaskingOrderRequest,
  TaskingPriceRequest,
  TaskingPriceResponse,
} from '@satportal/contract';
import { principalOf } from '../../http/auth-plugin';
import { ok, responses } from '../../http/envelope';
import type { Http } from '../../http/types';
import type { OrdersService } from './orders.service';

const idempotencyNote =
  ' An `Idempotency-Key` header (1–100 characters) names one request: its repeat answers the first result and creates nothing; the key with another body or route is 4220 (HTTP 422), a repeat while the first is still processed 4009 (HTTP 409).';

/** Archive and tasking orders, the tasking price and the company list; every caller needs a session. */
export function ordersRoutes(app: Http, orders: OrdersService): void {
  for (const [path, direct] of [
    [Paths.archiveOrders, false],
    [Paths.archiveOrdersDirect, true],
  ] as const) {
    app.post(
      path,
      {
        config: { scope: 'order' },
        schema: {
          operationId: direct ? 'orderArchiveScenesById' : 'orderArchiveScenes',
          tags: ['orders'],
          summary: direct
            ? `Archive order by scene id (spec 001 §7 v2/order/add/archive/direct): whole scenes, no AOI, one order per level.${idempotencyNote}`
            : `Archive order (spec 001 §7 v2/order/add/archive): the cart, one order per level.${idempotencyNote}`,
          body: ArchiveOrderRequest,
          response: responses(OrderSuccessResponse),
        },
      },
      async (request) => {
        const key = request.headers[IdempotencyHeader];
        return ok(await orders.orderArchive(principalOf(request).user, request.body, key, direct));
      },
    );
  }

  app.post(
    Paths.taskingPrice,
    {
      config: { scope: 'read' },
      schema: {
        operationId: 'priceTasking',
        tags: ['orders'],
        summary: 'Tasking price (spec 000 §7): the estimate of a stored prediction (taskId) per level',
        body: TaskingPriceRequest,
        response: responses(TaskingPriceResponse),
      },
    },
    async (request) => ok(await orders.taskingPrice(principalOf(request).user, request.body)),
  );

  app.post(
    Paths.taskingOrders,
    {
      config: { scope: 'order' },
      schema: {
        operationId: 'orderTasking',
        tags: ['orders'],
        summary: `Tasking order (spec 001 §7): the stored prediction's passes (taskId), one order per level.${idempotencyNote}`,
        body: TaskingOrderRequest,
        response: responses(OrderSuccessResponse),
      },
    },
    async (request) => {
      const key = request.headers[IdempotencyHeader];
      return ok(await orders.orderTasking(principalOf(request).user, request.body, key));
    },
  );

  app.get(
    Paths.companies,
    {
      config: { scope: 'read' },
      schema: {
        operationId: 'searchCompanies',
        tags: ['orders'],
        summary:
          "Company list (spec 001 §7): the caller's organisation's end-user companies containing the text, at most 20, by name",
        querystring: CompanyQuery,
        response: responses(CompanyListResponse),
      },
    },
    async (request) => ok(await orders.listCompanies(principalOf(request).user, request.query.company)),
  );
}
