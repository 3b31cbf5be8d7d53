import type { HealthResponse } from '@satportal/contract';
import type { Queryable } from '../../db/database';

/** The server's health: the database answers, of which kind, at which product version. */
export class HealthService {
  constructor(
    private readonly db: Queryable,
    private readonly kind: 'pglite' | 'postgres',
    private readonly version: string,
  ) {}

  async check(): Promise<HealthResponse> {
    await this.db.query('SELECT 1');
    return { db: this.kind, version: this.version };
  }
}
