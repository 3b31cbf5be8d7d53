import rateLimit from '@fastify/rate-limit';
import { ResultCode } from '@satportal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './api-error';
import { accessOf } from './auth-plugin';

// Routes say which class they are in (`config.rateLimitClass`, a `RateLimitClass` of types.ts).

/**
 * Requests per minute (issue 11 "Rate limits"). A signed-in caller is counted per user, anyone
 * else per client address; logins per address and uploads per user have stricter limits of their
 * own, because each costs far more than a read (a memory-hard hash; parsing and shaping a file).
 * Counters live in memory per process (@fastify/rate-limit's LRU store): one process serves the
 * embedded default; behind a load balancer each process counts its own share (docs/SECURITY.md).
 */
export interface RateLimitSettings {
  /** API calls of one signed-in user */
  userPerMinute: number;
  /** tile and quicklook requests of one signed-in user (a map view asks many at once) */
  tilesPerMinute: number;
  /** requests of one client address without a session (public routes: login page, STAC, files) */
  addressPerMinute: number;
  /** login attempts of one client address (on top of the soft lockout per username) */
  loginPerMinute: number;
  /** uploads of one user */
  uploadPerMinute: number;
}

export const defaultRateLimits: RateLimitSettings = {
  userPerMinute: 600,
  tilesPerMinute: 3000,
  addressPerMinute: 1200,
  loginPerMinute: 30,
  uploadPerMinute: 10,
};

const keyOf = (request: FastifyRequest) =>
  request.principal ? `user:${request.principal.user.id}` : `address:${request.ip}`;

/**
 * Installs the limits. Runs after the authentication hook (route-level hooks follow the instance's),
 * so a caller is counted as the user it proved to be; a request refused by authentication costs
 * one token lookup and is not counted. Answers 429 with code 4290, `Retry-After` and the seconds
 * to wait in `data.params.seconds`.
 */
export async function installRateLimits(app: FastifyInstance, settings: RateLimitSettings): Promise<void> {
  // Before the plugin's own onRoute hook: a route's class becomes its own limit.
  app.addHook('onRoute', (route) => {
    const kind = route.config?.rateLimitClass;
    if (kind === 'login')
      route.config = {
        ...route.config,
        rateLimit: { max: settings.loginPerMinute, keyGenerator: (r) => `login:${r.ip}` },
      };
    else if (kind === 'upload')
      route.config = {
        ...route.config,
        rateLimit: { max: settings.uploadPerMinute, keyGenerator: (r) => `upload:${keyOf(r)}` },
      };
  });
  await app.register(rateLimit, {
    global: true,
    timeWindow: 60_000,
    keyGenerator: (request) => `${accessOf(request)}:${keyOf(request)}`,
    max: (request) =>
      !request.principal
        ? settings.addressPerMinute
        : accessOf(request) === 'tiles'
          ? settings.tilesPerMinute
          : settings.userPerMinute,
    errorResponseBuilder: (_request, context) =>
      new ApiError(ResultCode.RateLimited, 'error.rateLimited', {
        params: { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) },
      }),
  });
}
