import { HealthResponse, Paths } from '@satportal/contract';
import { ok, responses } from '../../http/envelope';
import type { Http } from '../../http/types';
import type { HealthService } from './health.service';

export function healthRoutes(app: Http, health: HealthService): void {
  app.get(
    Paths.health,
    {
      config: { public: true },
      schema: {
        operationId: 'getHealth',
        tags: ['system'],
        summary: 'Health: database kind and version',
        response: responses(HealthResponse),
      },
    },
    async () => ok(await health.check()),
  );
}
