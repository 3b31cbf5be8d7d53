import { HealthResponse, Paths } from '@satportal/contract';
import type { Queryable } from '../../db/database';
import { ok, responses } from '../../http/envelope';
import type { Http } from '../../http/types';

export function healthRoutes(
  app: Http,
  deps: { db: Queryable; kind: 'pglite' | 'postgres'; version: string },
): void {
  app.get(
    Paths.health,
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Health: database kind and version',
        response: responses(HealthResponse),
      },
    },
    async () => {
      await deps.db.query('SELECT 1');
      return ok({ db: deps.kind, version: deps.version });
    },
  );
}
