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

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth plugin on every non-public route. */
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** A route reachable without a session (login, health). */
    public?: boolean;
  }
}
