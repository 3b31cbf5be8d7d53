import type { FastifyDynamicSwaggerOptions, SwaggerOptions } from '@fastify/swagger';
import {
  ApiKeyHeader,
  ApiKeyParam,
  ErrorEnvelope,
  TileKeyParam,
  TileStatusHeader,
} from '@satportal/contract';
import type { FastifyContextConfig, RouteOptions } from 'fastify';
import { scopeOf, TileCookie } from './auth-plugin';

/**
 * The OpenAPI document (`/api/docs/json`, issue 27 item 7). Route schemas say what a route takes
 * and answers; what a route's config already decides is derived here, in the swagger plugin's
 * `transform`, rather than written a second time on every route: its security (from `public`,
 * `tiles` and `scope`, the marks auth-plugin.ts enforces, so the document cannot drift from
 * what the server does), its tag when it has none (from its path), and its answers that are
 * not JSON (`config.openapi`, documentation only). operationIds are the routes' own
 * (`schema.operationId`): a name derived from method and path (`getApiV1AoisId`) reads worse.
 */

/** Security scheme names of the document (components.securitySchemes). */
const Scheme = {
  session: 'sessionToken',
  apiKeyBearer: 'apiKeyBearer',
  apiKeyHeader: 'apiKeyHeader',
  tilesApiKey: 'tilesApiKeyQuery',
  tileKey: 'tileKey',
  tileCookie: 'tileCookie',
} as const;

const securitySchemes = {
  [Scheme.session]: {
    type: 'http',
    scheme: 'bearer',
    description: 'A session token (`POST /api/v1/auth/login`) as `Authorization: Bearer <token>`.',
  },
  [Scheme.apiKeyBearer]: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'spk_…',
    description:
      'An API key (`spk_…`, `POST /api/v1/api-keys`) as `Authorization: Bearer spk_…`. It opens only operations whose `x-api-key-scope` it holds (docs/API.md "API keys").',
  },
  [Scheme.apiKeyHeader]: {
    type: 'apiKey',
    in: 'header',
    name: ApiKeyHeader,
    description: `The same API key in the \`${ApiKeyHeader}\` header.`,
  },
  [Scheme.tilesApiKey]: {
    type: 'apiKey',
    in: 'query',
    name: ApiKeyParam,
    description: `Tile operations only: an API key whose one scope is \`tiles\`, as \`?${ApiKeyParam}=\` (a key in a URL holding more is refused, 4034).`,
  },
  [Scheme.tileKey]: {
    type: 'apiKey',
    in: 'query',
    name: TileKeyParam,
    description: `Tile operations only: this device's tile key (\`POST /api/v1/tiles/key\`) as \`?${TileKeyParam}=\`; an expired, replaced or revoked key is 401 with \`${TileStatusHeader}: 601\`.`,
  },
  [Scheme.tileCookie]: {
    type: 'apiKey',
    in: 'cookie',
    name: TileCookie,
    description:
      'Tile operations only: the cookie set at login and by `GET /api/v1/me` (path `/tiles/`), for image requests that cannot set a header.',
  },
};

const tags = [
  { name: 'system', description: 'Health and the browser’s configuration.' },
  { name: 'auth', description: 'Login, logout, sessions and passwords.' },
  { name: 'account', description: 'The caller’s own account: time zone, usage.' },
  { name: 'api-keys', description: 'API keys of programs (issue 27); session only.' },
  { name: 'webhooks', description: 'Webhook endpoints and their delivery log (issue 27); session only.' },
  { name: 'catalogue', description: 'Satellites and resolution classes.' },
  { name: 'archive', description: 'Archive search and search histories.' },
  { name: 'aois', description: 'The AOI and POI tree: edit, upload, export.' },
  { name: 'tasking', description: 'Pass predictions of taskable satellites.' },
  { name: 'orders', description: 'Ordering, the order centre and delivered packages.' },
  { name: 'my data', description: 'The caller’s delivered scenes.' },
  { name: 'subscriptions', description: 'AOI subscriptions and their matched scenes.' },
  { name: 'notices', description: 'The operator’s notices.' },
  {
    name: 'tiles',
    description:
      'Map tiles: the quicklook WMS, delivered scenes as XYZ, WMTS and COGs, the HD mosaics, tile keys. Every `/tiles/` operation also takes a tile key, the tile cookie or a tiles-only API key in the URL.',
  },
  {
    name: 'stac',
    description:
      'The public, read-only STAC API 1.0.0 (`/stac/v1`). Its own OpenAPI document, with every parameter and limit, is `/stac/v1/api`.',
  },
];

const none: Array<Record<string, string[]>> = [];
const sessionOnly = [{ [Scheme.session]: [] }];
const sessionOrApiKey = [...sessionOnly, { [Scheme.apiKeyBearer]: [] }, { [Scheme.apiKeyHeader]: [] }];
const tileCredentials = [
  ...sessionOrApiKey,
  { [Scheme.tilesApiKey]: [] },
  { [Scheme.tileKey]: [] },
  { [Scheme.tileCookie]: [] },
];

/** A route's security, from the marks the auth plugin enforces (auth-plugin.ts `installAuth`). */
export function securityOf(config: FastifyContextConfig | undefined) {
  if (config?.public === true) return none;
  if (config?.tiles === true) return tileCredentials;
  const scope = scopeOf(config);
  return scope && scope !== 'account' ? sessionOrApiKey : sessionOnly;
}

/** Documentation the transform adds to a route (FastifyContextConfig `openapi`). */
export interface OpenApiExtras {
  /** Answers by status, replacing the schema's for the document: media types that are not JSON. */
  response?: Record<string, unknown>;
  /** Query parameters the route reads by hand (OGC KVP, STAC): a schema for the document only. */
  querystring?: unknown;
  /** A body the route reads by hand (the STAC search). */
  body?: unknown;
  description?: string;
}

const binary = { type: 'string', format: 'binary' };

/** An answer of bytes in one or more media types (images, files). */
export const binaryAnswer = (
  description: string,
  mediaTypes: string[],
  headers?: Record<string, unknown>,
) => ({
  description,
  ...(headers ? { headers } : {}),
  content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: binary }])),
});

/** An answer of text in one or more media types (XML documents, scripts, pages). */
export const textAnswer = (description: string, mediaTypes: string[]) => ({
  description,
  content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: { type: 'string' } }])),
});

/** An answer of JSON of another media type than the envelope's (STAC, GeoJSON, JSON Schema). */
export const jsonAnswer = (description: string, mediaType: string) => ({
  description,
  content: { [mediaType]: { schema: { type: 'object', additionalProperties: true } } },
});

/** The envelope of a refusal, as every JSON route answers it. */
export const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorEnvelope } },
});

/** The `X-Status` header of tile answers (image clients read no body). */
export const tileStatusHeader = {
  [TileStatusHeader]: {
    type: 'string',
    description:
      '200 a tile; 601 tile key expired, replaced or revoked; 602 HD quota spent; 401 or 403 refused',
  },
};

/** The tag of a route that names none: the part of the product its path lies in. */
function tagOf(url: string): string {
  if (url.startsWith('/stac')) return 'stac';
  if (url.startsWith('/tiles')) return 'tiles';
  return 'system';
}

/** The document's path of a route: a trailing wildcard (the download's object key) as `{key}`. */
const documentPath = (url: string) => url.replace(/\/\*$/, '/{key}');

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;

const transform = (({
  schema,
  url,
  route,
}: {
  schema: Record<string, unknown>;
  url: string;
  route: RouteOptions;
}) => {
  const config = route.config as FastifyContextConfig | undefined;
  const extras = config?.openapi;
  const scope = scopeOf(config);
  const documented: Record<string, unknown> = {
    ...schema,
    tags: (schema?.tags as string[] | undefined) ?? [tagOf(url)],
    security: securityOf(config),
    ...(scope && scope !== 'account' && config?.public !== true ? { 'x-api-key-scope': scope } : {}),
    ...(extras?.description ? { description: extras.description } : {}),
    ...(extras?.querystring ? { querystring: extras.querystring } : {}),
    ...(extras?.body ? { body: extras.body } : {}),
    ...(extras?.response
      ? { response: { ...(schema?.response as object | undefined), ...extras.response } }
      : {}),
  };
  if (url.endsWith('/*') && !schema?.params) {
    documented.params = {
      type: 'object',
      properties: {
        key: { type: 'string', description: 'the object key, slashes included, as the link spells it' },
      },
      required: ['key'],
    };
  }
  // A plugin's `/` route answers at its prefix with and without the slash: documented without,
  // as the route table and clients name it (`/stac`).
  const { routePath, prefix } = route as RouteOptions & { routePath?: string; prefix?: string };
  const path = routePath === '/' && prefix ? prefix : documentPath(url);
  return { schema: documented, url: path };
}) as unknown as Transform;

/**
 * `GET` and `HEAD` registered together share one schema, so one operationId: the HEAD operation
 * gets its own (`…Head`), since operationIds must be unique in the document.
 */
function transformObject({ openapiObject }: { openapiObject: Record<string, unknown> }) {
  const paths = (openapiObject.paths ?? {}) as Record<string, Record<string, { operationId?: string }>>;
  for (const item of Object.values(paths)) {
    const head = item.head;
    if (head?.operationId && head.operationId === item.get?.operationId) {
      item.head = { ...head, operationId: `${head.operationId}Head` };
    }
  }
  return openapiObject;
}

/** The swagger plugin's options: info, servers, tags, security schemes and the transforms. */
export function openApiOptions(version: string, supportEmail: string | undefined): SwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'Satportal API',
        version,
        description:
          'Every `/api/v1` response is `{code, message, data}` (docs/API.md). Tiles answer images and OGC XML, STAC its own JSON, downloads bytes with ranges.',
        ...(supportEmail ? { contact: { name: 'Satportal support', email: supportEmail } } : {}),
        // The product has no open-source licence: the terms are the end-user licence agreement that
        // every order accepts (scripts/make-eula.mjs), served beside the app.
        license: { name: 'Satportal end-user licence agreement', url: '/legal/eula.pdf' },
      },
      // Relative: the document is right wherever the server is reached (proxies, other hosts).
      servers: [{ url: '/', description: 'this server' }],
      tags,
      components: { securitySchemes } as never,
    },
    transform,
    transformObject: transformObject as never,
  } as SwaggerOptions;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Documentation only (http/openapi.ts): answers that are not JSON, parameters read by hand. */
    openapi?: OpenApiExtras;
  }
}
