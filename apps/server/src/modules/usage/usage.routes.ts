import { Paths, Usage, UsageRequest } from '@satportal/contract';
import { principalOf } from '../../http/auth-plugin';
import { ok, responses } from '../../http/envelope';
import type { Http } from '../../http/types';
import type { UsageService } from './usage.service';

/** The caller's usage report (spec 001 §7 POST common/user/statistics/flow/usage). */
export function usageRoutes(app: Http, usage: UsageService): void {
  app.post(
    Paths.usage,
    {
      config: { scope: 'read' },
      schema: {
        operationId: 'getUsage',
        tags: ['account'],
        summary:
          "The caller's traffic over a period (at most 400 days; 4000 naming beginTime or endTime otherwise) and today: bytes of tiles and downloads per UTC day, -1 for unlimited; the HD allowance",
        body: UsageRequest,
        response: responses(Usage),
      },
    },
    async (request) => ok(await usage.report(principalOf(request).user.id, request.body)),
  );
}
