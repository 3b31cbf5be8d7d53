import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ResultCode } from '@satportal/contract';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import {
  fallbackScope,
  frameworkErrorHandler,
  installAuth,
  publicScope,
  scopeOf,
  underProtectedPrefix,
} from './auth-plugin';
import { installCompression } from './compression';
import {
  type ConnectionSettings,
  capConnections,
  defaultConnectionSettings,
  serverTimeoutOptions,
} from './connections';
import { type CredentialCacheSettings, cachedCredentials } from './credential-cache';
import { answerClientError, installErrorHandler } from './error-handler';
import { installNumberRule } from './number-rule';
import { openApiOptions, textAnswer } from './openapi';
import { defaultRateLimits, installRateLimits, type RateLimitSettings } from './rate-limits';
import { installSecurityHeaders } from './security-headers';
import type {
  ApiKeyAuthenticator,
  Authenticator,
  Http,
  RegisteredRoute,
  RouteModule,
  TileKeyAuthenticator,
  UsageMeter,
} from './types';
import { installUsage } from './usage-plugin';

export interface AppDeps {
  version: string;
  /** The session check (the auth module's service). */
  auth: Authenticator;
  /** The tile key check of tile routes (the tile-access module's service); absent: no key opens anything. */
  tileKeys?: TileKeyAuthenticator;
  /** The API key check (the api-keys module's service); absent: no key opens anything. */
  apiKeys?: ApiKeyAuthenticator;
  /** Counts answers of routes marked `usage` (the usage module's service); absent: nothing counted. */
  usage?: UsageMeter;
  /** Keeps checked credentials a few seconds (`credential-cache.ts`); absent: each request is checked. */
  credentialCache?: CredentialCacheSettings;
  /** Every module's routes, from the composition root (`src/routes.ts`): this layer knows no module. */
  routes: RouteModule[];
  /** Requests per minute (defaults: `defaultRateLimits`); false: none (benchmarks of raw capacity). */
  rateLimits?: RateLimitSettings | false;
  /** Server timeouts and connection caps (default: `defaultConnectionSettings`). */
  connections?: ConnectionSettings;
  /** Built browser application; absent in API-only tests. */
  webDist?: string;
  publicConfig?: { tiandituKey?: string | undefined; supportEmail: string; salesEmail?: string };
  logger?: FastifyServerOptions['logger'];
  /** Per-request log lines are noise in a terminal; errors are logged regardless. */
  disableRequestLogging?: boolean;
}

/** Builds the HTTP application: plugins, the API under /api/v1, OpenAPI, the SPA. */
export async function buildApp(deps: AppDeps): Promise<Http> {
  const connections = deps.connections ?? defaultConnectionSettings;
  const app = Fastify({
    ...serverTimeoutOptions(connections),
    logger: deps.logger ?? false,
    logController: new LogController({ disableRequestLogging: deps.disableRequestLogging ?? false }),
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    // Our codes for the router's and Node's parser's refusals too (never the framework's own body).
    frameworkErrors: frameworkErrorHandler(deps.auth),
    clientErrorHandler: answerClientError,
    ajv: {
      // strictNumbers: NaN and Infinity are invalid numbers. A text coerced to a number is not
      // checked again, so the number rule (number-rule.ts) lets through only canonical spellings.
      customOptions: {
        removeAdditional: true,
        coerceTypes: 'array',
        useDefaults: true,
        allErrors: false,
        strictNumbers: true,
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  capConnections(app.server, connections);

  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Base-map tiles come from third-party hosts; antd and OpenLayers set inline styles.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        workerSrc: ["'self'", 'blob:'],
        scriptSrc: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Before every route and the static files: its hooks are added to each route as it is declared.
  await installCompression(app);

  // Every route is recorded as registered, so tests can walk them all (auth and fuzz tests).
  const routeTable: RegisteredRoute[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routeTable.push({
        method,
        url: route.url,
        // Read when asked: a scope's own onRoute hook (publicScope) runs after this one.
        get public() {
          return route.config?.public === true;
        },
        get scope() {
          return scopeOf(route.config);
        },
        schema: route.schema as RegisteredRoute['schema'],
      });
    }
  });

  installErrorHandler(app);
  // The limits' hooks are the routes' own, so they run after authentication whatever the order;
  // installed first because authentication counts its refusals with them.
  const countAuthFailure =
    deps.rateLimits === false
      ? undefined
      : await installRateLimits(app, deps.rateLimits ?? defaultRateLimits);
  const credentials = { auth: deps.auth, tileKeys: deps.tileKeys, apiKeys: deps.apiKeys };
  installAuth(
    app,
    deps.credentialCache ? cachedCredentials(credentials, deps.credentialCache) : credentials,
    countAuthFailure,
  );
  installNumberRule(app);
  if (deps.usage) installUsage(app, deps.usage);

  // The document's security, tags and non-JSON answers are derived from the routes' config (openapi.ts).
  await app.register(swagger, openApiOptions(deps.version, deps.publicConfig?.supportEmail));
  await app.register(async (docs) => {
    publicScope(docs);
    await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });

  for (const module of deps.routes) {
    await app.register(
      async (scope) => {
        if (module.public) publicScope(scope);
        await module.register(scope as unknown as Http);
      },
      { prefix: module.prefix },
    );
  }

  // The browser reads its public configuration synchronously before the app starts.
  const configScript = {
    schema: {
      operationId: 'getBrowserConfig',
      summary:
        'The browser’s public configuration as a script (window.__SATPORTAL_CONFIG__: version, support mailbox, map key)',
    },
    config: {
      public: true,
      rateLimitClass: 'shell' as const,
      openapi: { response: { 200: textAnswer('the script', ['application/javascript']) } },
    },
  };
  app.get('/config.js', configScript, async (_request, reply) => {
    const config = { version: deps.version, ...deps.publicConfig };
    reply.type('application/javascript').header('cache-control', 'no-store');
    return `window.__SATPORTAL_CONFIG__ = ${JSON.stringify(config)};\n`;
  });

  const webDist = deps.webDist && existsSync(join(deps.webDist, 'index.html')) ? deps.webDist : undefined;
  if (webDist) {
    // `reply.sendFile` for the SPA fallback below; the file routes themselves are public.
    // The build's .br and .gz copies are sent to a browser that takes them (preCompressed).
    await app.register(fastifyStatic, { root: webDist, serve: false, preCompressed: true });
    await app.register(async (files) => {
      fallbackScope(files);
      // Looked up per request (wildcard), so a rebuild while the server runs is served at once.
      await files.register(fastifyStatic, {
        root: webDist,
        wildcard: true,
        decorateReply: false,
        index: ['index.html'],
        preCompressed: true,
        // Hashed build assets never change; the page itself must be revalidated to pick up a new build.
        setHeaders: (res, path) =>
          res.header(
            'cache-control',
            path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
          ),
      });
    });
  }

  app.setNotFoundHandler((request, reply) => {
    // The SPA owns every other GET path (its router sends unknown paths to `/`), never the API's
    // or the tiles' (however spelled). A missing file (a path with an extension) is a 404, not the
    // page: a stale chunk must fail visibly.
    const isFile = /\.[A-Za-z0-9]+$/.test(request.url.split('?')[0] ?? '');
    if (request.method === 'GET' && webDist && !isFile && !underProtectedPrefix(request.url)) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html', webDist);
    }
    return reply.status(404).send({ code: ResultCode.NotFound, message: 'error.notFound', data: null });
  });

  return app as unknown as Http;
}
