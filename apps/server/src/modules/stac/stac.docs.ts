import { errorAnswer, jsonAnswer, textAnswer } from '../../http/openapi';
import { GEOJSON, JSON_TYPE, OPENAPI_TYPE, SCHEMA_TYPE } from './stac.mapper';
import { itemListParameters, propertyParameters, searchParameters } from './stac.params';

/**
 * What the server's OpenAPI document (`/api/docs/json`) says of each STAC route. Documentation
 * only (`config.openapi`, http/openapi.ts): the routes check their parameters by hand and answer
 * STAC's own JSON, which a response schema would have Fastify serialise (and strip). The STAC
 * API's own document (`/stac/v1/api`, stac-openapi.ts) stays the full description: every
 * parameter's form and limit, for GDAL, QGIS and OWSLib.
 */

const seeOwn = 'Every parameter’s form and limit: the STAC API’s own OpenAPI document, `/stac/v1/api`.';

/** Query parameters by name, as strings (their forms in `/stac/v1/api`). */
const query = (names: Iterable<string>) => ({
  type: 'object',
  properties: Object.fromEntries([...names].map((name) => [name, { type: 'string' }])),
});

const stacError = {
  ...errorAnswer(
    'STAC’s `{code, description}`: 400 BadRequest (an unknown or malformed parameter), 404 NotFound',
  ),
  content: {
    [JSON_TYPE]: {
      schema: {
        type: 'object',
        properties: { code: { type: 'string' }, description: { type: 'string' } },
        required: ['code', 'description'],
      },
    },
  },
};

export interface StacDoc {
  operationId: string;
  summary: string;
  answer: Record<string, unknown>;
  query?: Iterable<string>;
  body?: boolean;
}

const docs = {
  stacRoot: {
    operationId: 'redirectToStac',
    summary: 'Redirects to the STAC API’s landing page, /stac/v1',
    answer: { 302: { type: 'null', description: 'Location: /stac/v1' } },
  },
  landing: {
    operationId: 'getStacLanding',
    summary: 'STAC landing Catalog: links to the conformance, the collections, search and queryables',
    answer: { 200: jsonAnswer('the landing Catalog', JSON_TYPE) },
    query: ['f'],
  },
  landingSlash: {
    operationId: 'getStacLandingSlash',
    summary: 'STAC landing Catalog, the same at /stac/v1/',
    answer: { 200: jsonAnswer('the landing Catalog', JSON_TYPE) },
    query: ['f'],
  },
  api: {
    operationId: 'getStacOpenApi',
    summary: 'The STAC API’s own OpenAPI 3.0 document (service-desc)',
    answer: { 200: jsonAnswer('the OpenAPI document', OPENAPI_TYPE) },
    query: ['f'],
  },
  apiHtml: {
    operationId: 'getStacApiPage',
    summary: 'The STAC API’s description as an HTML page (service-doc)',
    answer: { 200: textAnswer('the page', ['text/html']) },
  },
  conformance: {
    operationId: 'getStacConformance',
    summary: 'The conformance classes of the STAC API',
    answer: { 200: jsonAnswer('`{conformsTo}`', JSON_TYPE) },
    query: ['f'],
  },
  queryables: {
    operationId: 'getStacQueryables',
    summary: 'What a filter can name, across every collection (JSON Schema)',
    answer: { 200: jsonAnswer('the queryables', SCHEMA_TYPE) },
    query: ['f'],
  },
  collections: {
    operationId: 'listStacCollections',
    summary: 'The collections: one per satellite group',
    answer: { 200: jsonAnswer('`{collections, links}`', JSON_TYPE) },
    query: ['f'],
  },
  collection: {
    operationId: 'getStacCollection',
    summary: 'One collection by its id (the satellite group’s STAC name)',
    answer: { 200: jsonAnswer('the Collection', JSON_TYPE) },
    query: ['f'],
  },
  collectionQueryables: {
    operationId: 'getStacCollectionQueryables',
    summary: 'What a filter can name in one collection (JSON Schema)',
    answer: { 200: jsonAnswer('the queryables', SCHEMA_TYPE) },
    query: ['f'],
  },
  items: {
    operationId: 'listStacCollectionItems',
    summary:
      'A collection’s items, a page at a time: bbox, datetime, sortby, fields, CQL2 filter, equality on a queryable',
    answer: { 200: jsonAnswer('a FeatureCollection (next page: the `next` link)', GEOJSON) },
    query: [...itemListParameters, ...Object.keys(propertyParameters)],
  },
  item: {
    operationId: 'getStacItem',
    summary: 'One item of a collection',
    answer: { 200: jsonAnswer('the Item', GEOJSON) },
    query: ['f'],
  },
  searchGet: {
    operationId: 'searchStac',
    summary:
      'Item search across collections (GET): bbox, intersects, datetime, ids, collections, CQL2 filter',
    answer: { 200: jsonAnswer('a FeatureCollection (next page: the `next` link)', GEOJSON) },
    query: [...searchParameters, 'f'],
  },
  searchPost: {
    operationId: 'searchStacPost',
    summary: 'Item search across collections (POST): the same fields as a JSON body, CQL2 JSON filters',
    answer: { 200: jsonAnswer('a FeatureCollection (next page: the `next` link, a POST)', GEOJSON) },
    query: ['f'],
    body: true,
  },
} satisfies Record<string, StacDoc>;

/** A STAC route's options: its operationId and summary, and what the document says of it. */
export function stacDoc(name: keyof typeof docs) {
  return stacRouteOptions(docs[name]);
}

/** The options of a route of either STAC catalogue (the public archive, my data) from its doc. */
export function stacRouteOptions(doc: StacDoc, description = seeOwn) {
  return {
    schema: { operationId: doc.operationId, summary: doc.summary },
    config: {
      openapi: {
        description,
        ...(doc.query ? { querystring: query(doc.query) } : {}),
        ...(doc.body
          ? {
              body: {
                type: 'object',
                description: `the search, any of ${searchParameters.join(', ')}`,
                additionalProperties: true,
              },
            }
          : {}),
        response: { ...doc.answer, '4XX': stacError },
      },
    },
  };
}
