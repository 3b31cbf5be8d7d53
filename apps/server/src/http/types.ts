import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { Principal } from '../modules/auth/auth.service';

/** The Fastify instance every route module receives: TypeBox schemas type the handlers. */
export type Http = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** A registered route as the router holds it: what the route-table and fuzz tests walk. */
export interface RegisteredRoute {
  method: string;
  url: string;
  public: boolean;
  schema: { body?: unknown; querystring?: unknown; params?: unknown } | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the application, filled as routes are registered. */
    routeTable: RegisteredRoute[];
  }
  interface FastifyRequest {
    /** Set by the auth plugin on every non-public route. */
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** A route reachable without a session (login, health). */
    public?: boolean;
    /** A tile route: the session may also come as the tile cookie (image requests cannot set headers). */
    tiles?: boolean;
    /** A stricter rate limit of its own (`rate-limits.ts`): logins per address, uploads per user. */
    rateLimitClass?: import('./rate-limits').RateLimitClass;
  }
}
