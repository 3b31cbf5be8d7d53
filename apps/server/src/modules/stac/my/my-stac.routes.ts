import { httpStatusOf, MyStacBase } from '@satportal/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../../http/api-error';
import { principalOf } from '../../../http/auth-plugin';
import { GEOJSON, JSON_TYPE, type Link } from '../stac.mapper';
import { plainText, type RawSearch, StacError, searchParameters } from '../stac.params';
import { stacErrorHandler } from '../stac-error';
import { CREDENTIALS, catchAllOptions, ITEM_LIST, myStacDoc, PLAIN, SEARCH } from './my-stac.docs';
import { hrefOf, type MyLinks, myConformance, myLanding, toMyCollection, toMyItem } from './my-stac.mapper';
import type { MyItemPage, MyStacService } from './my-stac.service';

/**
 * `/tiles/stac/v1`: "My data as STAC" (issue 27 item 4), the caller's delivered scenes as a STAC
 * API (core, collections, item-search) whose items' assets are their COGs (`/tiles/cog/…`). Its
 * routes are tile routes (`config.tiles`): the session, a tile key (`?key=`) or an API key holding
 * `tiles` (header; `?api_key=` for a tiles-only key) opens them, as it opens the COGs, so the one
 * credential a client holds reads the catalogue and its imagery. Every failure, refused
 * credentials included, is STAC's `{code, description}`.
 */

const FORMATS = ['json', 'geojson', 'application/json', 'application/geo+json'];

/** The query string checked against what the resource takes (an unknown parameter is a 400). */
function queryOf(query: unknown, allowed: Set<string>): RawSearch {
  const raw: Record<string, unknown> = {};
  for (const [k, v] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (!allowed.has(k))
      throw new StacError(
        400,
        'BadRequest',
        `unknown parameter "${k.slice(0, 40)}": this resource takes ${[...allowed].join(', ')}`,
      );
    if (Array.isArray(v)) throw new StacError(400, 'BadRequest', `${k} is given more than once`);
    if (k === 'f' && !FORMATS.includes(String(v)))
      throw new StacError(400, 'BadRequest', 'f: this API answers JSON only (f=json)');
    if (k !== 'f' && !CREDENTIALS.includes(k)) raw[k] = v;
  }
  return raw as RawSearch;
}

/** The links' base and the credential the request carried in its query, which they carry on. */
function linksOf(request: FastifyRequest): MyLinks {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const credential = CREDENTIALS.filter((k) => typeof query[k] === 'string')
    .map((k) => `${k}=${encodeURIComponent(query[k] as string)}`)
    .join('&');
  return { base: `${request.protocol}://${request.host}`, credential };
}

function featureCollection(page: MyItemPage, links: MyLinks, pageLinks: Link[]) {
  const features = page.items.map((item) => toMyItem(item, links));
  return { type: 'FeatureCollection' as const, features, links: pageLinks, numberReturned: features.length };
}

/** The GET link of the next page: the same query (credential included) with the token. */
function nextGet(links: MyLinks, path: string, query: unknown, token: string): Link {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries((query ?? {}) as Record<string, unknown>))
    if (k !== 'token' && typeof v === 'string') params.set(k, v);
  params.set('token', token);
  return { rel: 'next', href: `${links.base}${path}?${params}`, type: GEOJSON, method: 'GET' };
}

/** What a refused credential says to a STAC client (it shows the text as it is). */
function refusal(error: ApiError): { code: string; description: string } {
  const texts: Record<string, string> = {
    'error.tileKeyExpired':
      'the tile key has expired, was replaced by another device or revoked: copy a new link',
    'apiKey.invalid': 'the API key is unknown, revoked or expired',
    'apiKey.scopeMissing': `this API key lacks the ${error.details.params?.scope ?? 'tiles'} scope, which opens My data as STAC`,
    'apiKey.urlTilesOnly':
      'an API key in the URL (api_key=) must hold the tiles scope only: send it as X-API-Key',
    'apiKey.notAllowed': 'this API key is not allowed here',
  };
  const status = httpStatusOf(error.code);
  const code =
    status === 401
      ? 'Unauthorized'
      : status === 403
        ? 'Forbidden'
        : status === 404
          ? 'NotFound'
          : 'BadRequest';
  const description =
    texts[error.messageKey] ??
    (status === 401
      ? 'a credential is needed: X-API-Key (an API key holding tiles), Authorization: Bearer, or a tile key as key='
      : status === 404
        ? 'no such STAC resource'
        : error.messageKey);
  return { code, description };
}

function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApiError && httpStatusOf(error.code) !== 429) {
    return reply.status(httpStatusOf(error.code)).type(JSON_TYPE).send(refusal(error));
  }
  return stacErrorHandler(error, request, reply);
}

export function myStacRoutes(app: FastifyInstance, stac: MyStacService): void {
  app.setErrorHandler(errorHandler);
  const userOf = (request: FastifyRequest) => principalOf(request).user.id;

  // Any other path below is this API's 404 (after the credential check: 401 first).
  app.get('/*', catchAllOptions, async () => {
    throw new StacError(404, 'NotFound', 'no such STAC resource');
  });

  app.get('/', myStacDoc('landing'), async (request, reply) => {
    queryOf(request.query, PLAIN);
    reply.type(JSON_TYPE);
    return myLanding(await stac.orders(userOf(request)), linksOf(request));
  });

  app.get('/conformance', myStacDoc('conformance'), async (request, reply) => {
    queryOf(request.query, PLAIN);
    reply.type(JSON_TYPE);
    return { conformsTo: myConformance };
  });

  app.get('/collections', myStacDoc('collections'), async (request, reply) => {
    queryOf(request.query, PLAIN);
    const links = linksOf(request);
    reply.type(JSON_TYPE);
    return {
      collections: (await stac.orders(userOf(request))).map((o) => toMyCollection(o, links)),
      links: [
        { rel: 'self', href: hrefOf(links, `${MyStacBase}/collections`), type: JSON_TYPE },
        { rel: 'root', href: hrefOf(links, MyStacBase), type: JSON_TYPE },
      ],
    };
  });

  app.get<{ Params: { id: string } }>('/collections/:id', myStacDoc('collection'), async (request, reply) => {
    queryOf(request.query, PLAIN);
    const order = await stac.order(userOf(request), plainText(request.params.id, 'collection id'));
    reply.type(JSON_TYPE);
    return toMyCollection(order, linksOf(request));
  });

  app.get<{ Params: { id: string } }>(
    '/collections/:id/items',
    myStacDoc('items'),
    async (request, reply) => {
      const raw = queryOf(request.query, ITEM_LIST);
      const id = plainText(request.params.id, 'collection id');
      const page = await stac.search(userOf(request), raw, { collection: id });
      const links = linksOf(request);
      const collection = `${MyStacBase}/collections/${encodeURIComponent(id)}`;
      const pageLinks: Link[] = [
        { rel: 'self', href: `${links.base}${request.url}`, type: GEOJSON },
        { rel: 'root', href: hrefOf(links, MyStacBase), type: JSON_TYPE },
        { rel: 'collection', href: hrefOf(links, collection), type: JSON_TYPE },
      ];
      if (page.next) pageLinks.push(nextGet(links, `${collection}/items`, request.query, page.next));
      reply.type(GEOJSON);
      return featureCollection(page, links, pageLinks);
    },
  );

  app.get<{ Params: { id: string; itemId: string } }>(
    '/collections/:id/items/:itemId',
    myStacDoc('item'),
    async (request, reply) => {
      queryOf(request.query, PLAIN);
      const { id, itemId } = request.params;
      const page = await stac.search(
        userOf(request),
        { ids: [plainText(itemId, 'item id')], limit: 1 },
        { collection: plainText(id, 'collection id') },
      );
      const item = page.items[0];
      if (!item) throw new StacError(404, 'NotFound', `no item ${itemId} in ${id}`);
      reply.type(GEOJSON);
      return toMyItem(item, linksOf(request));
    },
  );

  app.get('/search', myStacDoc('searchGet'), async (request, reply) => {
    const page = await stac.search(userOf(request), queryOf(request.query, SEARCH));
    const links = linksOf(request);
    const pageLinks: Link[] = [
      { rel: 'self', href: `${links.base}${request.url}`, type: GEOJSON },
      { rel: 'root', href: hrefOf(links, MyStacBase), type: JSON_TYPE },
    ];
    if (page.next) pageLinks.push(nextGet(links, `${MyStacBase}/search`, request.query, page.next));
    reply.type(GEOJSON);
    return featureCollection(page, links, pageLinks);
  });

  app.post('/search', myStacDoc('searchPost'), async (request, reply) => {
    queryOf(request.query, PLAIN);
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body))
      throw new StacError(400, 'BadRequest', 'the body must be a JSON object');
    const allowed = searchParameters.filter((p) => SEARCH.has(p)) as string[];
    const unknown = Object.keys(body).find((k) => !allowed.includes(k));
    if (unknown !== undefined)
      throw new StacError(
        400,
        'BadRequest',
        `unknown field "${unknown.slice(0, 40)}": a search takes ${allowed.join(', ')}`,
      );
    const page = await stac.search(userOf(request), body as RawSearch, { post: true });
    const links = linksOf(request);
    const pageLinks: Link[] = [{ rel: 'root', href: hrefOf(links, MyStacBase), type: JSON_TYPE }];
    if (page.next) {
      pageLinks.push({
        rel: 'next',
        href: hrefOf(links, `${MyStacBase}/search`),
        type: GEOJSON,
        method: 'POST',
        body: { ...(body as object), token: page.next },
        merge: false,
      });
    }
    reply.type(GEOJSON);
    return featureCollection(page, links, pageLinks);
  });
}
