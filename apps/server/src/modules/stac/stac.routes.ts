import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import {
  conformance,
  GEOJSON,
  JSON_TYPE,
  type Link,
  STAC_VERSION,
  StacBase,
  toStacCollection,
  toStacItem,
} from './stac.mapper';
import { plainText, type RawSearch, StacError } from './stac.params';
import type { ItemPage, StacService } from './stac.service';

/** Scheme, host and port the client used: STAC links are absolute. */
const baseOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

function featureCollection(page: ItemPage, base: string, links: Link[]) {
  const features = page.rows.map((r) => toStacItem(r, base));
  return { type: 'FeatureCollection' as const, features, links, numberReturned: features.length };
}

const RAW_KEYS = ['bbox', 'intersects', 'datetime', 'ids', 'collections', 'limit', 'token'] as const;

/** The query string's search parameters (a name given twice is refused). */
function rawOfQuery(query: unknown): RawSearch {
  const q = (query ?? {}) as Record<string, unknown>;
  const raw: RawSearch = {};
  for (const k of RAW_KEYS) {
    const v = q[k];
    if (Array.isArray(v)) throw new StacError(400, 'BadRequest', `${k} is given more than once`);
    if (v !== undefined) raw[k] = v;
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

/**
 * `/stac/v1`: STAC API 1.0.0 (core, collections, item-search, ogcapi-features), read-only and
 * public. Errors are the STAC API's `{code, description}`, not the `/api/v1` envelope: STAC
 * clients read theirs.
 */
export function stacRoutes(app: FastifyInstance, stac: StacService): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof StacError) {
      return reply
        .status(error.status)
        .type(JSON_TYPE)
        .send({ code: error.code, description: error.description });
    }
    if (error.statusCode === 429) {
      // The rate limit (its Retry-After header is already set).
      return reply
        .status(429)
        .type(JSON_TYPE)
        .send({ code: 'TooManyRequests', description: 'too many requests: wait and try again' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .status(error.statusCode)
        .type(JSON_TYPE)
        .send({ code: 'BadRequest', description: error.message });
    }
    request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    return reply
      .status(500)
      .type(JSON_TYPE)
      .send({ code: 'InternalServerError', description: `internal error (request ${request.id})` });
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).type(JSON_TYPE).send({ code: 'NotFound', description: 'no such STAC resource' }),
  );
  const hide = { schema: { hide: true } };

  app.get('', hide, async (request, reply) => {
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
        { rel: 'conformance', href: `${root}/conformance`, type: JSON_TYPE },
        { rel: 'data', href: `${root}/collections`, type: JSON_TYPE },
        { rel: 'search', href: `${root}/search`, type: GEOJSON, method: 'GET' },
        { rel: 'search', href: `${root}/search`, type: GEOJSON, method: 'POST' },
        ...groups.map((g) => {
          const c = toStacCollection(g, base);
          return { rel: 'child', href: c.links[0]!.href, type: JSON_TYPE, title: c.title };
        }),
      ],
    };
  });

  app.get('/conformance', hide, async (_request, reply) => {
    reply.type(JSON_TYPE);
    return { conformsTo: conformance };
  });

  app.get('/collections', hide, async (request, reply) => {
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

  app.get<{ Params: { id: string } }>('/collections/:id', hide, async (request, reply) => {
    reply.type(JSON_TYPE);
    return toStacCollection(await stac.group(plainText(request.params.id, 'collection id')), baseOf(request));
  });

  app.get<{ Params: { id: string } }>('/collections/:id/items', hide, async (request, reply) => {
    const raw = rawOfQuery(request.query);
    for (const k of ['ids', 'collections', 'intersects'] as const) {
      if (raw[k] !== undefined)
        throw new StacError(400, 'BadRequest', `${k} is not a parameter of this endpoint`);
    }
    const page = await stac.search(raw, plainText(request.params.id, 'collection id'));
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
  });

  app.get<{ Params: { id: string; itemId: string } }>(
    '/collections/:id/items/:itemId',
    hide,
    async (request, reply) => {
      const page = await stac.search(
        { ids: [plainText(request.params.itemId, 'item id')], limit: 1 },
        plainText(request.params.id, 'collection id'),
      );
      const row = page.rows[0];
      if (!row)
        throw new StacError(404, 'NotFound', `no item ${request.params.itemId} in ${request.params.id}`);
      reply.type(GEOJSON);
      return toStacItem(row, baseOf(request));
    },
  );

  app.get('/search', hide, async (request, reply) => {
    const page = await stac.search(rawOfQuery(request.query));
    const base = baseOf(request);
    const links: Link[] = [
      { rel: 'self', href: `${base}${request.url}`, type: GEOJSON },
      { rel: 'root', href: `${base}${StacBase}`, type: JSON_TYPE },
    ];
    if (page.next) links.push(nextGet(`${base}${StacBase}/search`, request.query, page.next));
    reply.type(GEOJSON);
    return featureCollection(page, base, links);
  });

  app.post('/search', hide, async (request, reply) => {
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body))
      throw new StacError(400, 'BadRequest', 'the body must be a JSON object');
    const raw: RawSearch = {};
    for (const k of ['bbox', 'intersects', 'datetime', 'ids', 'collections', 'limit', 'token'] as const) {
      const v = (body as Record<string, unknown>)[k];
      if (v !== undefined) raw[k] = v;
    }
    const page = await stac.search(raw);
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

  // Any other GET under the STAC API is the API's 404: the browser application's catch-all (which
  // answers unknown GET paths with its page) would otherwise answer a STAC client 200 with HTML.
  app.get('/*', hide, async () => {
    throw new StacError(404, 'NotFound', 'no such STAC resource');
  });
}
