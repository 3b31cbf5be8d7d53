import {
  AoiEnlargementRequest,
  AoiEnlargementResponse,
  AreaCalculationRequest,
  AreaCalculationResponse,
  OrderRulesQuery,
  OrderRulesResponse,
  Paths,
} from '@satportal/contract';
import { principalOf } from '../../../http/auth-plugin';
import { ok, responses } from '../../../http/envelope';
import type { Http } from '../../../http/types';
import type { OrderSizingService } from './types';

/** Area calculation, satellite-group rules and "enlarge to the minimum"; every caller needs a session. */
export function sizingRoutes(app: Http, sizing: OrderSizingService): void {
  app.post(
    Paths.areaCalculation,
    {
      config: { scope: 'read' },
      schema: {
        operationId: 'calculateOrderArea',
        tags: ['orders'],
        summary: 'Area calculation (spec 000 §7): the cart’s areas, gap, group minimums and estimates',
        body: AreaCalculationRequest,
        response: responses(AreaCalculationResponse),
      },
    },
    async (request) => ok(await sizing.calculate(principalOf(request).user.id, request.body)),
  );

  app.get(
    Paths.orderRules,
    {
      config: { scope: 'read' },
      schema: {
        operationId: 'getOrderRules',
        tags: ['orders'],
        summary: 'Satellite-group rules (spec 000 §7): the minimum area and AOI width of each group',
        querystring: OrderRulesQuery,
        response: responses(OrderRulesResponse),
      },
    },
    async (request) => ok(await sizing.rules(request.query)),
  );

  app.post(
    Paths.aoiEnlargement,
    {
      config: { scope: 'read' },
      schema: {
        operationId: 'enlargeAoiToMinimum',
        tags: ['orders'],
        summary: 'Enlarge to the minimum (issue 13): the smallest buffer of the AOI meeting every minimum',
        body: AoiEnlargementRequest,
        response: responses(AoiEnlargementResponse),
      },
    },
    async (request) => ok(await sizing.enlarge(principalOf(request).user.id, request.body)),
  );
}
