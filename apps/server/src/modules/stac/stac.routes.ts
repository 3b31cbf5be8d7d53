import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { queryablesSchema } from './queryables';
import { applyFields } from './sort-fields';
import { stacDoc } from './stac.docs';
import {
  conformance,
  GEOJSON,
  JSON_TYPE,
  type Link,
  OPENAPI_TYPE,
  QUERYABLES_REL,
  SCHEMA_TYPE,
  STAC_VERSION,
  StacBase,
  toStacCollection,
  toStacItem,
} from './stac.mapper';
import {
  itemListParameters,
  plainText,
  propertyParameters,
  type RawSearch,
  StacError,
  searchParameters,
} from './stac.params';
import type { ItemPage, StacService } from './stac.service';
import { stacDocPage } from './stac-doc-page';
import { stacErrorHandler } from './stac-error';
import { stacOpenApi } from './stac-openapi';

/** Scheme, host and port the client used: STAC links are absolute. */
const baseOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

function featureCollection(page: ItemPage, base: string, links: Link[]) {
  const features = page.rows.map((r) => applyFields(toStacItem(r, base), page.fields));
  return {
    type: 'FeatureCollection' as const,
    features,
    links,
    ...(page.matched === undefined ? {} : { numberMatched: page.matched }),
    numberReturned: features.length,
  };
}

/** The query parameters each kind of resource takes (declared in stac-openapi.ts); any other is a 400. */
const ITEM_LIST = new Set<string>(itemListParameters);
const SEARCH = new Set([...searchParameters, 'f']);
const PLAIN = new Set(['f']);
const FORMATS = ['json', 'geojson', 'application/json', 'application/geo+json'];

/**
 * The query string checked against what the resource takes (OGC API Features: an unknown
 * parameter is a 400, not silently ignored) and turned into a search; a name given twice is refused.
 */
function queryOf(query: unknown, allowed: Set<string>, properties = false): RawSearch {
  const q = (query ?? {}) as Record<string, unknown>;
  const raw: RawSearch & Record<string, unknown> = {};
  for (const [k, v] of Object.entries(q)) {
    const property = properties && k in propertyParameters;
    if (!allowed.has(k) && !property) {
      const takes = [...allowed, ...(properties ? Object.keys(propertyParameters) : [])].join(', ');
      throw new StacError(
        400,
        'BadRequest',
        `unknown parameter "${k.slice(0, 40)}": this resource takes ${takes}`,
      );
    }
    if (Array.isArray(v)) throw new StacError(400, 'BadRequest', `${k} is given more than once`);
    if (k === 'f') {
      if (!FORMATS.includes(String(v)))
        throw new StacError(400, 'BadRequest', 'f: this API answers JSON only (f=json)');
    } else if (property) raw.properties = { ...raw.properties, [k]: v };
    else raw[k] = v;
  }
  return raw;
}

/** The GET link of the next page: the same query with the token. */
function nextGet(url: string, query: unknown, token: string): Link {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (k !== 'token' && typeof v === 'string') params.set(k, v);
  }
  params.set('token', token);
  return { rel: 'next', href: `${url}?${params}`, type: GEOJSON, method: 'GET' };
}

/** The API's resources and their methods, for 405 (a known path, another method) against 404. */
const RESOURCES: [RegExp, string[]][] = [
  [/^\/v1\/?$/, ['GET']],
  [/^\/v1\/(api|api\.html|conformance|queryables|collections)$/, ['GET']],
  [/^\/v1\/collections\/[^/]+(\/items(\/[^/]+)?|\/queryables)?$/, ['GET']],
  [/^\/v1\/search$/, ['GET', 'POST']],
];

function notFound(request: FastifyRequest, reply: FastifyReply) {
  const path = (request.url.split('?')[0] ?? '').replace(/^\/stac/, '');
  const methods = RESOURCES.find(([re]) => re.test(path))?.[1];
  if (methods && !methods.includes(request.method)) {
    return reply
      .status(405)
      .header('allow', [...methods, ...(methods.includes('GET') ? ['HEAD'] : [])].join(', '))
      .type(JSON_TYPE)
      .send({
        code: 'MethodNotAllowed',
        description: `${request.method} is not allowed here: ${methods.join(', ')}`,
      });
  }
  return reply.status(404).type(JSON_TYPE).send({ code: 'NotFound', description: 'no such STAC resource' });
}

/**
 * `/stac/v1`: STAC API 1.0.0 (core, collections, item-search, ogcapi-features; fields, sort,
 * filter with CQL2), read-only and public, registered under `/stac` so that everything below
 * it answers JSON, never the web application's page. Errors are the STAC API's
 * `{code, description}`, not the `/api/v1` envelope: STAC clients read theirs.
 */
export function stacRoutes(app: FastifyInstance, stac: StacService, version: string): void {
  app.setErrorHandler(stacErrorHandler);
  app.setNotFoundHandler(notFound);
  const v1 = StacBase.replace(/^\/stac/, '');

  // `/stac` leads to the API; every other GET below /stac that no route takes is this API's 404
  // (the web application's file server would otherwise answer it with its page).
  app.get('/', stacDoc('stacRoot'), async (request, reply) =>
    reply.redirect(`${baseOf(request)}${StacBase}`),
  );
  // Not an operation: this API's 404 and 405 for every other path, left out of the document.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => notFound(request, reply));

  const landing = async (request: FastifyRequest, reply: FastifyReply) => {
    queryOf(request.query, PLAIN);
    const base = baseOf(request);
    const root = `${base}${StacBase}`;
    const groups = await stac.groups();
    reply.type(JSON_TYPE);
    return {
      type: 'Catalog',
      stac_version: STAC_VERSION,
      stac_extensions: [],
      id: 'satportal',
      title: 'Satportal archive',
      description: 'The satellite imagery archive of Satportal: real and simulated scenes.',
      conformsTo: conformance,
      links: [
        { rel: 'self', href: root, type: JSON_TYPE },
        { rel: 'root', href: root, type: JSON_TYPE },
        { rel: 'service-desc', href: `${root}/api`, type: OPENAPI_TYPE, title: 'OpenAPI 3.0 of this API' },
        { rel: 'service-doc', href: `${root}/api.html`, type: 'text/html', title: 'This API, for people' },
        { rel: 'conformance', href: `${root}/conformance`, type: JSON_TYPE },
        { rel: 'data', href: `${root}/collections`, type: JSON_TYPE },
        { rel: 'search', href: `${root}/search`, type: GEOJSON, method: 'GET' },
        { rel: 'search', href: `${root}/search`, type: GEOJSON, method: 'POST' },
        { rel: QUERYABLES_REL, href: `${root}/queryables`, type: SCHEMA_TYPE },
        ...groups.map((g) => {
          const c = toStacCollection(g, base);
          return { rel: 'child', href: c.links[0]!.href, type: JSON_TYPE, title: c.title };
        }),
      ],
    };
  };
  app.get(v1, stacDoc('landing'), landing);
  app.get(`${v1}/`, stacDoc('landingSlash'), landing);

  app.get(`${v1}/api`, stacDoc('api'), async (request, reply) => {
    queryOf(request.query, PLAIN);
    // Bytes, so the media type goes out as written: GDAL compares its parameters token by
    // token, and Fastify rewrites a text answer's type (`version="3.0"; charset=utf-8`).
    reply.header('content-type', OPENAPI_TYPE);
    return Buffer.from(JSON.stringify(stacOpenApi(baseOf(request), version)));
  });

  app.get(`${v1}/api.html`, stacDoc('apiHtml'), async (request, reply) => {
    queryOf(request.query, new Set());
    reply.type('text/html; charset=utf-8');
    return stacDocPage(stacOpenApi(baseOf(request), version), conformance);
  });

  app.get(`${v1}/conformance`, stacDoc('conformance'), async (request, reply) => {
    queryOf(request.query, PLAIN);
    reply.type(JSON_TYPE);
    return { conformsTo: conformance };
  });

  app.get(`${v1}/queryables`, stacDoc('queryables'), async (request, reply) => {
    queryOf(request.query, PLAIN);
    reply.type(SCHEMA_TYPE);
    return queryablesSchema(await stac.queryables(), `${baseOf(request)}${StacBase}`);
  });

  app.get(`${v1}/collections`, stacDoc('collections'), async (request, reply) => {
    queryOf(request.query, PLAIN);
    const base = baseOf(request);
    reply.type(JSON_TYPE);
    return {
      collections: (await stac.groups()).map((g) => toStacCollection(g, base)),
      links: [
        { rel: 'self', href: `${base}${StacBase}/collections`, type: JSON_TYPE },
        { rel: 'root', href: `${base}${StacBase}`, type: JSON_TYPE },
      ],
    };
  });

  app.get<{ Params: { id: string } }>(
    `${v1}/collections/:id`,
    stacDoc('collection'),
    async (request, reply) => {
      queryOf(request.query, PLAIN);
      reply.type(JSON_TYPE);
      return toStacCollection(
        await stac.group(plainText(request.params.id, 'collection id')),
        baseOf(request),
      );
    },
  );

  app.get<{ Params: { id: string } }>(
    `${v1}/collections/:id/queryables`,
    stacDoc('collectionQueryables'),
    async (request, reply) => {
      queryOf(request.query, PLAIN);
      const id = plainText(request.params.id, 'collection id');
      reply.type(SCHEMA_TYPE);
      return queryablesSchema(await stac.queryables(id), `${baseOf(request)}${StacBase}`, id);
    },
  );

  app.get<{ Params: { id: string } }>(
    `${v1}/collections/:id/items`,
    stacDoc('items'),
    async (request, reply) => {
      const raw = queryOf(request.query, ITEM_LIST, true);
      const page = await stac.search(raw, { collection: plainText(request.params.id, 'collection id') });
      const base = baseOf(request);
      const self = `${base}${StacBase}/collections/${encodeURIComponent(request.params.id)}`;
      const links: Link[] = [
        { rel: 'self', href: `${base}${request.url}`, type: GEOJSON },
        { rel: 'root', href: `${base}${StacBase}`, type: JSON_TYPE },
        { rel: 'collection', href: self, type: JSON_TYPE },
      ];
      if (page.next) links.push(nextGet(`${self}/items`, request.query, page.next));
      reply.type(GEOJSON);
      return featureCollection(page, base, links);
    },
  );

  app.get<{ Params: { id: string; itemId: string } }>(
    `${v1}/collections/:id/items/:itemId`,
    stacDoc('item'),
    async (request, reply) => {
      queryOf(request.query, PLAIN);
      const page = await stac.search(
        { ids: [plainText(request.params.itemId, 'item id')], limit: 1 },
        { collection: plainText(request.params.id, 'collection id') },
      );
      const row = page.rows[0];
      if (!row)
        throw new StacError(404, 'NotFound', `no item ${request.params.itemId} in ${request.params.id}`);
      reply.type(GEOJSON);
      return toStacItem(row, baseOf(request));
    },
  );

  app.get(`${v1}/search`, stacDoc('searchGet'), async (request, reply) => {
    const page = await stac.search(queryOf(request.query, SEARCH));
    const base = baseOf(request);
    const links: Link[] = [
      { rel: 'self', href: `${base}${request.url}`, type: GEOJSON },
      { rel: 'root', href: `${base}${StacBase}`, type: JSON_TYPE },
    ];
    if (page.next) links.push(nextGet(`${base}${StacBase}/search`, request.query, page.next));
    reply.type(GEOJSON);
    return featureCollection(page, base, links);
  });

  app.post(`${v1}/search`, stacDoc('searchPost'), async (request, reply) => {
    queryOf(request.query, PLAIN);
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body))
      throw new StacError(400, 'BadRequest', 'the body must be a JSON object');
    const unknown = Object.keys(body).find((k) => !(searchParameters as readonly string[]).includes(k));
    if (unknown !== undefined)
      throw new StacError(
        400,
        'BadRequest',
        `unknown field "${unknown.slice(0, 40)}": a search takes ${searchParameters.join(', ')}`,
      );
    const page = await stac.search(body as RawSearch, { post: true });
    const base = baseOf(request);
    const links: Link[] = [{ rel: 'root', href: `${base}${StacBase}`, type: JSON_TYPE }];
    if (page.next) {
      links.push({
        rel: 'next',
        href: `${base}${StacBase}/search`,
        type: GEOJSON,
        method: 'POST',
        body: { ...(body as object), token: page.next },
        merge: false,
      });
    }
    reply.type(GEOJSON);
    return featureCollection(page, base, links);
  });
}
