import { httpStatusOf, ResultCode, TileKeyParam, TileStatus, TileStatusHeader } from '@satportal/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error';
import { clientErrorOf } from './error-handler';
import type { Authenticator, Principal, TileKeyAuthenticator } from './types';

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

/** The tile key of a request (`?key=`): undefined without one, '' when sent more than once. */
function tileKeyOf(request: FastifyRequest): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[TileKeyParam];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : '';
}

/**
 * The caller of a tile route: the bearer token, else a tile key, else the tile cookie. A refusal
 * says why in `X-Status` too (image clients read no body): 601 for a key that has expired, was
 * replaced by another device or revoked; 401 for anything else.
 */
async function tileCaller(
  request: FastifyRequest,
  reply: FastifyReply,
  auth: Authenticator,
  tileKeys: TileKeyAuthenticator | undefined,
): Promise<Principal> {
  try {
    const bearer = bearerToken(request);
    if (bearer) return await auth.authenticate(bearer);
    const key = tileKeyOf(request);
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
 * in a query string, and a tile key nowhere else. Requests that match no route go to the not-found
 * handler (the SPA or a 404), which serves nothing of anyone's.
 */
export function installAuth(
  app: FastifyInstance,
  auth: Authenticator,
  tileKeys?: TileKeyAuthenticator,
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
        request.principal = await auth.authenticate(bearerToken(request));
        if (fallback) throw ApiError.notFound();
      }
      return;
    }
    const access = accessOf(request);
    if (access === 'public') return;
    request.principal =
      access === 'tiles'
        ? await tileCaller(request, reply, auth, tileKeys)
        : await auth.authenticate(bearerToken(request));
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
