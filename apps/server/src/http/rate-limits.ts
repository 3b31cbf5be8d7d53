import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { ResultCode, TileStatus, TileStatusHeader } from '@satportal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './api-error';
import { type AuthFailureCounter, accessOf } from './auth-plugin';

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
  /** refused credentials (401, 3001) of one client address, an IPv6 /64 counting as one */
  failedAuthPerMinute: number;
  /** API calls of one API key (issue 27), within its user's: one runaway program leaves the rest */
  apiKeyPerMinute: number;
  /** tile requests of one API key */
  apiKeyTilesPerMinute: number;
}

export const defaultRateLimits: RateLimitSettings = {
  userPerMinute: 600,
  tilesPerMinute: 3000,
  addressPerMinute: 1200,
  loginPerMinute: 30,
  uploadPerMinute: 10,
  // A browser whose session has just ended sees a few API calls and the tiles of its map view
  // refused (a full-screen view asks ~40 tiles per layer, up to three layers) before its login
  // dialog stops the map; an office behind one NAT address shares the count. A guesser's 4,542
  // a minute reach it within seconds.
  failedAuthPerMinute: 300,
  // Half the user's: a program looping on one key leaves the browser and the user's other
  // programs their share.
  apiKeyPerMinute: 300,
  apiKeyTilesPerMinute: 1500,
};

/**
 * The browser application's page, its build files and its configuration script: a refusal costs
 * the server what serving the file does, so limiting them protects nothing, and it would lock an
 * office behind one address out of the login page (a visit asks ~40 files before anyone signs in).
 * Requests to them are bounded by the connection caps (`config.http`), like every other.
 */
const isAppShell = (request: FastifyRequest) => {
  const config = request.routeOptions.config;
  return config?.fallback === true || config?.rateLimitClass === 'shell';
};

/** The counters made with `createRateLimit` take the global settings, allow list included. */
const countsEveryRequest = () => false;

const keyOf = (request: FastifyRequest) =>
  request.principal ? `user:${request.principal.user.id}` : `address:${request.ip}`;

/**
 * Installs the limits. Runs after the authentication hook (route-level hooks follow the instance's),
 * so a caller is counted as the user it proved to be; a request refused by authentication is
 * counted by the returned counter instead (`installAuth` calls it). Answers 429 with code 4290,
 * `Retry-After` and the seconds to wait in `data.params.seconds`.
 */
export async function installRateLimits(
  app: FastifyInstance,
  settings: RateLimitSettings,
): Promise<AuthFailureCounter> {
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
    allowList: isAppShell,
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
  limitPerApiKey(app, settings);
  return failedAuthCounter(app, settings.failedAuthPerMinute);
}

/**
 * Requests per API key (issue 27), on top of the per-user limit that counts them too: in the
 * plugin's store, keyed by the key's id. Runs before the body is parsed (every onRequest hook,
 * authentication among them, has run), so a refused request costs no parsing.
 */
function limitPerApiKey(app: FastifyInstance, settings: RateLimitSettings): void {
  const tiles = (request: FastifyRequest) => accessOf(request) === 'tiles';
  const count = app.createRateLimit({
    timeWindow: 60_000,
    allowList: countsEveryRequest,
    max: (request) => (tiles(request) ? settings.apiKeyTilesPerMinute : settings.apiKeyPerMinute),
    keyGenerator: (request) =>
      `api-key:${tiles(request) ? 'tiles' : 'api'}:${request.principal?.apiKey?.id ?? 0}`,
  });
  app.addHook('preParsing', async (request, reply) => {
    if (!request.principal?.apiKey) return;
    const counted = await count(request);
    if (counted.isAllowed || !counted.isExceeded) return;
    const seconds = Math.max(1, counted.ttlInSeconds);
    if (tiles(request)) reply.header(TileStatusHeader, TileStatus.RateLimited);
    throw new ApiError(ResultCode.RateLimited, 'error.rateLimited', { params: { seconds } });
  });
}

/**
 * Refused credentials per client address (issue 26: token guessing was free), in the plugin's
 * store. Only refusals are counted and a credential is always checked first, so a valid session
 * from the same address (a colleague behind the office's NAT, everyone behind a proxy) is never
 * refused; past the limit a refusal answers 429 instead of 401, with `X-Status: 429` on tile
 * routes (image clients read no body).
 */
function failedAuthCounter(app: FastifyInstance, perMinute: number): AuthFailureCounter {
  const count = app.createRateLimit({
    allowList: countsEveryRequest,
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `auth-failure:${normalizeIP(request.ip)}`,
  });
  return async (request, reply, refusal) => {
    const counted = await count(request);
    if (counted.isAllowed || !counted.isExceeded) return refusal;
    if (accessOf(request) === 'tiles') reply.header(TileStatusHeader, TileStatus.RateLimited);
    return new ApiError(ResultCode.RateLimited, 'error.rateLimited', {
      params: { seconds: Math.max(1, counted.ttlInSeconds) },
    });
  };
}
