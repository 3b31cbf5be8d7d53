import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ApiKeyScope, RouteScope, User } from '@satportal/contract';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';

/** The Fastify instance every route module receives: TypeBox schemas type the handlers. */
export type Http = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/**
 * A route's own rate limit (`rate-limits.ts` holds the numbers): stricter for logins and uploads;
 * none for `shell`, the browser application's own files (its configuration script).
 */
export type RateLimitClass = 'login' | 'upload' | 'shell';

/** The caller of a request, as the session check proves it. */
export interface Principal {
  user: User;
  sessionId: number;
  /** The session's absolute end (the tile cookie expires with it). */
  expiresAt: Date;
  /**
   * The caller came with a tile key (`?key=`), not a session: only tile routes accept one, and
   * `sessionId` is then 0.
   */
  byTileKey?: boolean;
  /**
   * The caller came with an API key (issue 27), not a session: `sessionId` is then 0, and the
   * route must name a scope the key holds (`config.scope`); account routes refuse it.
   */
  apiKey?: { id: number; scopes: readonly ApiKeyScope[] };
}

/** The session check the HTTP layer needs (the auth module provides it): 3001 for anyone else. */
export interface Authenticator {
  /** The caller behind a bearer token. */
  authenticate(token: string | undefined): Promise<Principal>;
  /** The caller behind a tile cookie: opens `/tiles/` only. */
  authenticateTiles(tileToken: string | undefined): Promise<Principal>;
}

/** What a tile key opens: its user while it lives; 'expired' (idle, replaced, revoked: 601); 'invalid'. */
export type TileKeyCheck = Principal | 'expired' | 'invalid';

/** The tile key check (the tile-access module provides it), asked on `tiles` routes only. */
export interface TileKeyAuthenticator {
  checkTileKey(key: string): Promise<TileKeyCheck>;
}

/** The API key check (the api-keys module provides it). */
export interface ApiKeyAuthenticator {
  /** Whether a credential is written as an API key (a session token never is). */
  isApiKey(text: string): boolean;
  /** The key's user and scopes while it lives; undefined for an unknown, revoked or expired key. */
  checkApiKey(text: string): Promise<Principal | undefined>;
}

/** What a route's answers are counted as in the usage accounting (`config: { usage }`). */
export type UsageKind = 'tile' | 'download';

/** Counts an answer served with 200 or 206 (the usage module provides it). */
export interface UsageMeter {
  /** `count`: tiles or downloads the answer is (0 for a part of a file that does not start it) */
  record(userId: number, kind: UsageKind, bytes: number, count?: number): void;
  /** Writes what is counted but not yet written (the server's stop). */
  flush(): Promise<void>;
}

/**
 * A module's routes as the composition root hands them to the HTTP layer, which knows no module:
 * registered under `prefix` (`/api/v1` for the API), in a scope of their own; `public` makes every
 * route of the scope public (the STAC API).
 */
export interface RouteModule {
  prefix: string;
  public?: boolean;
  register(app: Http): void | Promise<void>;
}

/** A registered route as the router holds it: what the route-table and fuzz tests walk. */
export interface RegisteredRoute {
  method: string;
  url: string;
  public: boolean;
  /** The scope an API key needs (`scopeOf` of auth-plugin.ts): undefined, refused to keys. */
  scope: RouteScope | undefined;
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
    /** The browser application's catch-all (auth-plugin.ts `fallbackScope`): never under /api/ or /tiles/. */
    fallback?: boolean;
    /** Every 200 answer is counted for the caller (bytes per UTC day): tiles, downloads. */
    usage?: UsageKind;
    /** A rate limit of its own (`rate-limits.ts`): logins per address, uploads per user, none for the shell. */
    rateLimitClass?: RateLimitClass;
    /**
     * The scope an API key needs for this route (issue 27); `account`: never with a key. A route
     * that names none is refused to keys (deny by default), but tile routes, which need `tiles`.
     */
    scope?: RouteScope;
  }
}
