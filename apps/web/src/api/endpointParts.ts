/** What the endpoint binders share (`endpoints.ts`, `accountEndpoints.ts`). */
import { apiPath, type Paths } from '@satportal/contract';
import type { CallOptions } from './client';

/** A path with an `:id` (`/aois/:id…`, `/orders/:id/tags`) with the id filled in. */
export const pathWithId = (
  path:
    | typeof Paths.aoi
    | typeof Paths.aoiMove
    | typeof Paths.orderTag
    | typeof Paths.apiKey
    | typeof Paths.subscription
    | typeof Paths.subscriptionItems
    | typeof Paths.noticeRead
    | typeof Paths.webhook
    | typeof Paths.webhookSecret
    | typeof Paths.webhookTest
    | typeof Paths.webhookDeliveries,
  id: number,
) => apiPath(path).replace(':id', String(id));

/** Options a caller may add to an endpoint call (who handles which code, which token). */
export type Extra = Pick<CallOptions, 'handles' | 'quiet' | 'token' | 'onInvalidSession' | 'signal'>;
