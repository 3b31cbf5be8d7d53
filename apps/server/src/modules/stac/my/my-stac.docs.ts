import { ApiKeyParam, TileKeyParam } from '@satportal/contract';
import { jsonAnswer } from '../../../http/openapi';
import { type StacDoc, stacRouteOptions } from '../stac.docs';
import { GEOJSON, JSON_TYPE } from '../stac.mapper';

/**
 * What each route of "My data as STAC" takes, and what the server's OpenAPI document says of it
 * (documentation only, as for the public catalogue: stac.docs.ts). The query parameters named
 * here are the ones the routes accept; any other is a 400.
 */

export const CREDENTIALS: readonly string[] = [TileKeyParam, ApiKeyParam];
export const PLAIN = new Set(['f', ...CREDENTIALS]);
export const ITEM_LIST = new Set(['limit', 'bbox', 'datetime', 'token', ...PLAIN]);
export const SEARCH = new Set([
  'bbox',
  'intersects',
  'datetime',
  'ids',
  'collections',
  'limit',
  'token',
  ...PLAIN,
]);

const described =
  'The caller’s delivered scenes (tile route: a session, a tile key as `key=`, or an API key holding `tiles`); the query’s credential is carried on in links and asset hrefs.';

const docs = {
  landing: {
    operationId: 'getMyStacLanding',
    summary: 'My data as STAC: the landing Catalog, a child per order with delivered scenes',
    answer: { 200: jsonAnswer('the landing Catalog', JSON_TYPE) },
    query: PLAIN,
  },
  conformance: {
    operationId: 'getMyStacConformance',
    summary: 'My data as STAC: the conformance classes (core, collections, item-search)',
    answer: { 200: jsonAnswer('`{conformsTo}`', JSON_TYPE) },
    query: PLAIN,
  },
  collections: {
    operationId: 'listMyStacCollections',
    summary: 'My data as STAC: one collection per order with delivered scenes',
    answer: { 200: jsonAnswer('`{collections, links}`', JSON_TYPE) },
    query: PLAIN,
  },
  collection: {
    operationId: 'getMyStacCollection',
    summary: 'My data as STAC: one order’s collection (id = the order number)',
    answer: { 200: jsonAnswer('the Collection', JSON_TYPE) },
    query: PLAIN,
  },
  items: {
    operationId: 'listMyStacItems',
    summary: 'My data as STAC: an order’s delivered scenes, whose assets are their COGs',
    answer: { 200: jsonAnswer('a FeatureCollection (next page: the `next` link)', GEOJSON) },
    query: ITEM_LIST,
  },
  item: {
    operationId: 'getMyStacItem',
    summary: 'My data as STAC: one delivered scene (proj and file fields read from its COG)',
    answer: { 200: jsonAnswer('the Item', GEOJSON) },
    query: PLAIN,
  },
  searchGet: {
    operationId: 'searchMyStac',
    summary: 'My data as STAC: search the delivered scenes (bbox, intersects, datetime, ids, collections)',
    answer: { 200: jsonAnswer('a FeatureCollection (next page: the `next` link)', GEOJSON) },
    query: SEARCH,
  },
  searchPost: {
    operationId: 'searchMyStacPost',
    summary: 'My data as STAC: the same search as a JSON body',
    answer: { 200: jsonAnswer('a FeatureCollection (next page: the `next` link, a POST)', GEOJSON) },
    query: PLAIN,
    body: true,
  },
} satisfies Record<string, StacDoc>;

/** A route's options: a tile route, with what the document says of it. */
export function myStacDoc(name: keyof typeof docs) {
  const options = stacRouteOptions(docs[name], described);
  return { ...options, config: { ...options.config, tiles: true } };
}

/** The catch-all (this API's 404): not an operation, so not in the document. */
export const catchAllOptions = { schema: { hide: true }, config: { tiles: true } } as const;
