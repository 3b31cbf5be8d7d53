import {
  ApiKeyHeader,
  ApiKeyParam,
  ApiKeyPattern,
  type ApiKeyScope,
  httpStatusOf,
  ResultCode,
  type RouteScope,
  TileKeyParam,
  TileStatus,
  TileStatusHeader,
} from '@satportal/contract';
import type {
  FastifyContextConfig,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import { ApiError } from './api-error';
import { clientErrorOf } from './error-handler';
import type { ApiKeyAuthenticator, Authenticator, Principal, TileKeyAuthenticator } from './types';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header && /^Bearer\s+([A-Za-z0-9_-]{10,200})$/i.exec(header.trim());
  return match?.[1];
}

/** The cookie that opens tile paths: image requests of a map library cannot set headers. */
export const TileCookie = 'satportal_tiles';
export const TileCookiePath = '/tiles/';

function tileCookie(request: FastifyRequest): string | undefined {
  const raw = request.headers.cookie;
  if (!raw) return undefined;
  for (const part of raw.split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === TileCookie && value && /^[A-Za-z0-9_-]{10,200}$/.test(value)) return value;
  }
  return undefined;
}

/**
 * Sets the tile cookie: HttpOnly (page scripts never read it), SameSite=Strict (no other site's
 * page sends it), scoped to `/tiles/` (the API never accepts it), Secure over HTTPS.
 */
export function setTileCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  tileToken: string,
  expiresAt: Date,
): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${TileCookie}=${tileToken}; Path=${TileCookiePath}; Expires=${expiresAt.toUTCString()}; HttpOnly; SameSite=Strict${secure}`,
  );
}

export function clearTileCookie(reply: FastifyReply): void {
  reply.header(
    'set-cookie',
    `${TileCookie}=; Path=${TileCookiePath}; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Strict`,
  );
}

/** A query parameter of a request: undefined without it, '' when sent more than once. */
function queryParam(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : '';
}

/** The `X-API-Key` header: undefined without one, '' when sent more than once. */
function apiKeyHeaderOf(request: FastifyRequest): string | undefined {
  const value = request.headers[ApiKeyHeader.toLowerCase()];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value.trim() : '';
}

/** The credentials the HTTP layer checks: sessions (and their tile cookies), tile keys, API keys. */
export interface Credentials {
  auth: Authenticator;
  tileKeys?: TileKeyAuthenticator | undefined;
  apiKeys?: ApiKeyAuthenticator | undefined;
}

/** The caller behind an API key, or 3001 `apiKey.invalid` (unknown, revoked, expired: not said which). */
async function keyCaller(text: string, apiKeys: ApiKeyAuthenticator | undefined): Promise<Principal> {
  const principal = text && apiKeys ? await apiKeys.checkApiKey(text) : undefined;
  if (!principal) throw new ApiError(ResultCode.InvalidSession, 'apiKey.invalid');
  return principal;
}

/**
 * The caller of an API route: `Authorization: Bearer` with a session token or an API key (told
 * apart by the key's form, `ApiKeyPattern`), else an `X-API-Key` header. Never a query string.
 */
async function apiCaller(request: FastifyRequest, credentials: Credentials): Promise<Principal> {
  const bearer = bearerToken(request);
  if (bearer !== undefined)
    return ApiKeyPattern.test(bearer)
      ? keyCaller(bearer, credentials.apiKeys)
      : credentials.auth.authenticate(bearer);
  const header = apiKeyHeaderOf(request);
  if (header !== undefined) return keyCaller(header, credentials.apiKeys);
  return credentials.auth.authenticate(undefined);
}

/** The scope an API key needs for a route: its own mark; tile routes `tiles`; none: refused to keys. */
export function scopeOf(config: FastifyContextConfig | undefined): RouteScope | undefined {
  return config?.scope ?? (config?.tiles === true ? 'tiles' : undefined);
}

/**
 * Why an API key with `scopes` may not use a route needing `scope`, or undefined when it may:
 * 4034 for the account's own routes and routes that name no scope (deny by default), 4033 naming
 * the scope it lacks.
 */
export function apiKeyRefusal(
  scope: RouteScope | undefined,
  scopes: readonly ApiKeyScope[],
): ApiError | undefined {
  if (scope === undefined || scope === 'account')
    return new ApiError(ResultCode.ApiKeyNotAllowed, 'apiKey.notAllowed');
  if (!scopes.includes(scope))
    return new ApiError(ResultCode.ApiKeyScopeMissing, 'apiKey.scopeMissing', { params: { scope } });
  return undefined;
}

/**
 * The caller of a tile route: the bearer token (a session's or an API key) or `X-API-Key`, else an
 * API key in `?api_key=`, else a tile key, else the tile cookie. A key in the URL must hold the
 * one scope `tiles` (URLs end up in logs, histories and Referer headers: such a key opens nothing
 * else). A refusal says why in `X-Status` too (image clients read no body): 601 for a tile key
 * that has expired, was replaced by another device or revoked; 403 for a key not allowed; 401
 * for anything else.
 */
async function tileCaller(
  request: FastifyRequest,
  reply: FastifyReply,
  credentials: Credentials,
): Promise<Principal> {
  const { auth, tileKeys } = credentials;
  try {
    if (bearerToken(request) || apiKeyHeaderOf(request) !== undefined)
      return await apiCaller(request, credentials);
    const apiKey = queryParam(request, ApiKeyParam);
    if (apiKey !== undefined) {
      const principal = await keyCaller(apiKey, credentials.apiKeys);
      if (principal.apiKey?.scopes.some((s) => s !== 'tiles')) {
        reply.header(TileStatusHeader, TileStatus.ApiKeyNotAllowed);
        throw new ApiError(ResultCode.ApiKeyNotAllowed, 'apiKey.urlTilesOnly');
      }
      return principal;
    }
    const key = queryParam(request, TileKeyParam);
    if (key === undefined) return await auth.authenticateTiles(tileCookie(request));
    const check = key && tileKeys ? await tileKeys.checkTileKey(key) : 'invalid';
    if (check === 'expired') {
      reply.header(TileStatusHeader, TileStatus.KeyExpired);
      throw new ApiError(ResultCode.InvalidSession, 'error.tileKeyExpired');
    }
    if (check === 'invalid') throw new ApiError(ResultCode.InvalidSession, 'error.invalidSession');
    return check;
  } catch (e) {
    if (!reply.hasHeader(TileStatusHeader)) reply.header(TileStatusHeader, TileStatus.NoCredential);
    throw e;
  }
}

/** What a route needs from its caller; decided by the route, never by the request's URL text. */
export type RouteAccess = 'session' | 'tiles' | 'public';

/**
 * Deny by default (issue 11): every matched route needs a live session unless it is marked
 * `config: { public: true }`; forgetting the mark fails closed. The decision is made from the route
 * the router matched (`request.routeOptions`), so no spelling of its path (percent-encoding, double
 * slashes, dot segments, case) can reach a handler without the check. Routes marked
 * `config: { tiles: true }` also take the tile cookie (OpenLayers' image requests cannot set a
 * header) and a tile key (`?key=`: links for other clients); the session token is never accepted
 * in a query string, and a tile key nowhere else. An API key (issue 27) is taken where a session
 * token is, and on tile routes also as `?api_key=`; it opens only routes whose scope it holds.
 * Requests that match no route go to the not-found handler (the SPA or a 404), which serves
 * nothing of anyone's.
 */
export function installAuth(
  app: FastifyInstance,
  credentials: Credentials,
  countFailure?: AuthFailureCounter,
): void {
  app.decorateRequest('principal', null);
  // onRequest: before body parsing and validation, so an anonymous caller learns nothing of the schemas.
  app.addHook('onRequest', async (request, reply) => {
    try {
      await authenticate(request, reply);
    } catch (e) {
      const refused = e instanceof ApiError && e.code === ResultCode.InvalidSession;
      throw refused && countFailure ? await countFailure(request, reply, e) : e;
    }
  });

  async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const fallback = request.routeOptions.config?.fallback === true;
    if (request.is404 || fallback) {
      // No route matched (or only the browser application's catch-all): nothing is served, but an
      // anonymous caller under the API or tile paths learns nothing of which routes exist either
      // (401 before 404, in every spelling of the path), and the application's files never answer
      // there: a caller with a session gets 404.
      if (underProtectedPrefix(request.url)) {
        request.principal = await apiCaller(request, credentials);
        if (fallback) throw ApiError.notFound();
      }
      return;
    }
    const access = accessOf(request);
    if (access === 'public') return;
    const principal =
      access === 'tiles'
        ? await tileCaller(request, reply, credentials)
        : await apiCaller(request, credentials);
    if (principal.apiKey) {
      // An API key opens only the routes that name a scope it holds (issue 27).
      const refusal = apiKeyRefusal(scopeOf(request.routeOptions.config), principal.apiKey.scopes);
      if (refusal) {
        if (access === 'tiles') reply.header(TileStatusHeader, TileStatus.ApiKeyNotAllowed);
        throw refusal;
      }
    }
    request.principal = principal;
    // Personal answers are never kept by a browser or a proxy, unless the route says otherwise.
    reply.header('cache-control', 'no-store');
  }
}

/**
 * Counts a refused credential (401, 3001: missing, forged, expired, revoked) for its client
 * address and answers the refusal to send: the 401, or a 429 past the address's limit
 * (rate-limits.ts). Only refusals are counted: a valid credential is never refused by it.
 */
export type AuthFailureCounter = (
  request: FastifyRequest,
  reply: FastifyReply,
  refusal: ApiError,
) => Promise<ApiError>;

/**
 * Whether a path, read as leniently as any router or proxy might (percent-decoded, case folded,
 * slashes collapsed, dot segments resolved), lies under `/api/` or `/tiles/`.
 */
export function underProtectedPrefix(url: string): boolean {
  let path = url.split('?')[0] ?? '';
  for (let i = 0; i < 3 && path.includes('%'); i++) {
    try {
      path = decodeURIComponent(path);
    } catch {
      break;
    }
  }
  path = path
    .replaceAll('\\', '/')
    .replace(/\/{2,}/g, '/')
    .toLowerCase();
  try {
    path = new URL(path, 'http://satportal.invalid').pathname;
  } catch {
    return true;
  }
  return /^\/(api|tiles)(\/|$)/.test(path);
}

export function accessOf(request: FastifyRequest): RouteAccess {
  const config = request.routeOptions.config;
  if (config?.public === true) return 'public';
  return config?.tiles === true ? 'tiles' : 'session';
}

/**
 * Marks every route registered in `scope` (and in plugins it registers) public: for plugins whose
 * routes we do not write (the OpenAPI UI, static files) and for the public STAC API.
 */
export function publicScope(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), public: true };
  });
}

/**
 * Marks the routes of `scope` public and as the browser application's catch-all (its files and
 * pages): the deny-by-default hook treats them as matching nothing under `/api/` and `/tiles/`.
 */
export function fallbackScope(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), public: true, fallback: true };
  });
}

/**
 * Fastify's `frameworkErrors`: the router's refusals before any route or hook runs (a broken
 * percent-encoding, a path segment longer than it reads). Under the API and tile paths an
 * anonymous caller gets 401 as for any other path there; everyone gets our code, never the
 * framework's (whose own answer echoed the path and named its error code).
 */
export function frameworkErrorHandler(auth: Authenticator) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const answer = async () => {
      if (underProtectedPrefix(request.url)) await auth.authenticate(bearerToken(request));
      const { code, messageKey } = clientErrorOf(error);
      return reply.status(httpStatusOf(code)).send({ code, message: messageKey, data: null });
    };
    answer().catch((e: unknown) => {
      if (e instanceof ApiError)
        return reply.status(httpStatusOf(e.code)).send({ code: e.code, message: e.messageKey, data: null });
      request.log.error({ err: e, reqId: request.id }, 'unexpected error');
      return reply.status(500).send({
        code: ResultCode.InternalError,
        message: 'error.internal',
        data: { requestId: String(request.id) },
      });
    });
  };
}

/** The caller of a non-public route (the hook has already refused anyone else). */
export function principalOf(request: FastifyRequest) {
  if (!request.principal) throw new Error('principalOf called on a public route');
  return request.principal;
}
