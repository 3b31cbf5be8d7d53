import { GEOJSON, JSON_TYPE, OPENAPI_TYPE, SCHEMA_TYPE, STAC_VERSION, StacBase } from './stac.mapper';
import { itemListParameters, propertyParameters, STAC_DEFAULT_LIMIT, STAC_MAX_LIMIT } from './stac.params';
import { STAC_COUNT_CAP } from './stac.service';

/**
 * The OpenAPI 3.0 description of the STAC API itself (the landing page's `service-desc`, OGC
 * API Features "oas30"). Clients read it: GDAL and QGIS take their page size from the `limit`
 * parameter's maximum, OWSLib's `api()` opens it by this media type. Every parameter the API
 * takes is declared here, and only those: any other is a 400.
 */

const ref = (name: string) => ({ $ref: `#/components/parameters/${name}` });
const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const json = (schema: unknown, type = JSON_TYPE) => ({ content: { [type]: { schema } } });
const ok = (description: string, schema: unknown, type = JSON_TYPE) => ({
  200: { description, ...json(schema, type) },
  400: { description: 'A parameter is wrong or unknown', ...json(schemaRef('Exception')) },
  429: {
    description: 'Too many requests from this address: wait (Retry-After)',
    ...json(schemaRef('Exception')),
  },
});
const notFound = { 404: { description: 'No such collection or item', ...json(schemaRef('Exception')) } };

const parameters = {
  collectionId: { name: 'collectionId', in: 'path', required: true, schema: { type: 'string' } },
  featureId: { name: 'featureId', in: 'path', required: true, schema: { type: 'string' } },
  f: {
    name: 'f',
    in: 'query',
    description: 'The answer format: JSON (GeoJSON for items) is the only one.',
    schema: { type: 'string', enum: ['json', 'geojson'] },
  },
  limit: {
    name: 'limit',
    in: 'query',
    description: `Items per page (a larger limit is served as ${STAC_MAX_LIMIT}).`,
    schema: { type: 'integer', minimum: 1, maximum: STAC_MAX_LIMIT, default: STAC_DEFAULT_LIMIT },
  },
  bbox: {
    name: 'bbox',
    in: 'query',
    description: 'west,south,east,north in longitude/latitude (west > east crosses ±180°).',
    style: 'form',
    explode: false,
    schema: { type: 'array', minItems: 4, maxItems: 6, items: { type: 'number' } },
  },
  datetime: {
    name: 'datetime',
    in: 'query',
    description: 'An RFC 3339 instant or an interval a/b, ../b, a/.. (inclusive).',
    schema: { type: 'string' },
  },
  token: {
    name: 'token',
    in: 'query',
    description: "The next page (from a 'next' link).",
    schema: { type: 'string' },
  },
  sortby: {
    name: 'sortby',
    in: 'query',
    description:
      'Sort extension: comma-separated, - descending, + or nothing ascending; sortable: datetime, id, eo:cloud_cover (default -datetime).',
    schema: { type: 'string', example: '-properties.eo:cloud_cover,+datetime' },
  },
  fields: {
    name: 'fields',
    in: 'query',
    description:
      'Fields extension: names to include, - before a name to exclude (e.g. id,-geometry,properties.eo:cloud_cover).',
    schema: { type: 'string' },
  },
  filter: {
    name: 'filter',
    in: 'query',
    description: 'Filter extension: a CQL2 expression over the queryables (cql2-text by default).',
    schema: { type: 'string', example: "eo:cloud_cover < 10 AND platform = 'landsat-8'" },
  },
  'filter-lang': {
    name: 'filter-lang',
    in: 'query',
    description: "cql-text is the drafts' name of cql2-text (GDAL 3.6 sends it).",
    schema: { type: 'string', enum: ['cql2-text', 'cql2-json', 'cql-text'], default: 'cql2-text' },
  },
  'filter-crs': {
    name: 'filter-crs',
    in: 'query',
    schema: { type: 'string', enum: ['http://www.opengis.net/def/crs/OGC/1.3/CRS84'] },
  },
  intersects: {
    name: 'intersects',
    in: 'query',
    description: 'A GeoJSON Polygon or MultiPolygon (JSON text).',
    schema: { type: 'string' },
  },
  ...Object.fromEntries(
    Object.entries(propertyParameters).map(([name, type]) => [
      name,
      { name, in: 'query', description: `Items whose ${name} equals this.`, schema: { type } },
    ]),
  ),
  ids: {
    name: 'ids',
    in: 'query',
    style: 'form',
    explode: false,
    schema: { type: 'array', items: { type: 'string' } },
  },
  collections: {
    name: 'collections',
    in: 'query',
    style: 'form',
    explode: false,
    schema: { type: 'array', items: { type: 'string' } },
  },
};

const object = { type: 'object', additionalProperties: true };
const link = {
  type: 'object',
  required: ['href', 'rel'],
  properties: {
    href: { type: 'string', format: 'uri' },
    rel: { type: 'string' },
    type: { type: 'string' },
    title: { type: 'string' },
    method: { type: 'string' },
    body: object,
  },
};

const schemas = {
  Exception: {
    type: 'object',
    required: ['code', 'description'],
    properties: { code: { type: 'string' }, description: { type: 'string' } },
  },
  Link: link,
  Links: { type: 'array', items: schemaRef('Link') },
  LandingPage: {
    type: 'object',
    required: ['id', 'description', 'links', 'conformsTo', 'stac_version', 'type'],
    properties: {
      type: { type: 'string' },
      id: { type: 'string' },
      title: { type: 'string' },
      description: { type: 'string' },
      stac_version: { type: 'string' },
      conformsTo: { type: 'array', items: { type: 'string' } },
      links: schemaRef('Links'),
    },
  },
  Conformance: {
    type: 'object',
    required: ['conformsTo'],
    properties: { conformsTo: { type: 'array', items: { type: 'string' } } },
  },
  Collection: {
    type: 'object',
    required: ['id', 'description', 'extent', 'license', 'links', 'stac_version', 'type'],
    properties: {
      id: { type: 'string' },
      title: { type: 'string' },
      extent: object,
      links: schemaRef('Links'),
    },
    additionalProperties: true,
  },
  Collections: {
    type: 'object',
    required: ['collections', 'links'],
    properties: { collections: { type: 'array', items: schemaRef('Collection') }, links: schemaRef('Links') },
  },
  Item: {
    type: 'object',
    required: ['type', 'id', 'geometry', 'properties', 'links', 'assets'],
    properties: {
      type: { type: 'string', enum: ['Feature'] },
      id: { type: 'string' },
      collection: { type: 'string' },
      geometry: object,
      bbox: { type: 'array', items: { type: 'number' } },
      properties: object,
      assets: object,
      links: schemaRef('Links'),
    },
    additionalProperties: true,
  },
  ItemCollection: {
    type: 'object',
    required: ['type', 'features'],
    properties: {
      type: { type: 'string', enum: ['FeatureCollection'] },
      features: { type: 'array', items: schemaRef('Item') },
      links: schemaRef('Links'),
      numberMatched: {
        type: 'integer',
        minimum: 0,
        description: `Exact, on first pages, while at most ${STAC_COUNT_CAP.byIndex} items match (${STAC_COUNT_CAP.byRows} with bbox, intersects or filter); else absent.`,
      },
      numberReturned: { type: 'integer', minimum: 0 },
    },
  },
  SearchBody: {
    type: 'object',
    additionalProperties: false,
    properties: {
      bbox: { type: 'array', minItems: 4, maxItems: 6, items: { type: 'number' } },
      intersects: object,
      datetime: { type: 'string' },
      ids: { type: 'array', items: { type: 'string' } },
      collections: { type: 'array', items: { type: 'string' } },
      limit: { type: 'integer', minimum: 1, maximum: STAC_MAX_LIMIT, default: STAC_DEFAULT_LIMIT },
      token: { type: 'string' },
      sortby: {
        type: 'array',
        items: {
          type: 'object',
          required: ['field'],
          properties: { field: { type: 'string' }, direction: { type: 'string', enum: ['asc', 'desc'] } },
        },
      },
      fields: {
        type: 'object',
        properties: {
          include: { type: 'array', items: { type: 'string' } },
          exclude: { type: 'array', items: { type: 'string' } },
        },
      },
      filter: { description: 'CQL2 JSON (or CQL2 text with filter-lang cql2-text)' },
      'filter-lang': { type: 'string', enum: ['cql2-json', 'cql2-text'], default: 'cql2-json' },
      'filter-crs': { type: 'string', enum: ['http://www.opengis.net/def/crs/OGC/1.3/CRS84'] },
    },
  },
  Queryables: { type: 'object', required: ['properties'], properties: { properties: object } },
};

export function stacOpenApi(base: string, version: string) {
  const get = (operationId: string, summary: string, params: string[], responses: unknown) => ({
    get: { operationId, summary, tags: ['STAC'], parameters: params.map(ref), responses },
  });
  return {
    openapi: '3.0.3',
    info: {
      title: 'Satportal STAC API',
      version,
      description: `The public archive of Satportal as STAC API ${STAC_VERSION} and OGC API - Features: read-only, no session. Errors are {code, description}.`,
      license: { name: 'Proprietary (archive metadata, public to read)' },
    },
    servers: [{ url: `${base}${StacBase}` }],
    tags: [{ name: 'STAC' }],
    paths: {
      '/': get('getLandingPage', 'Landing page', ['f'], ok('The landing page', schemaRef('LandingPage'))),
      '/api': get(
        'getOpenApi',
        'This OpenAPI description',
        ['f'],
        ok('OpenAPI 3.0', { type: 'object' }, OPENAPI_TYPE),
      ),
      '/conformance': get(
        'getConformance',
        'Conformance classes',
        ['f'],
        ok('Conformance', schemaRef('Conformance')),
      ),
      '/queryables': get(
        'getQueryables',
        'What a filter can use',
        ['f'],
        ok('JSON Schema of the queryables', schemaRef('Queryables'), SCHEMA_TYPE),
      ),
      '/collections': get(
        'getCollections',
        'Collections (one per satellite group)',
        ['f'],
        ok('Collections', schemaRef('Collections')),
      ),
      '/collections/{collectionId}': get('getCollection', 'A collection', ['collectionId', 'f'], {
        ...ok('The collection', schemaRef('Collection')),
        ...notFound,
      }),
      '/collections/{collectionId}/queryables': get(
        'getCollectionQueryables',
        'What a filter of this collection can use',
        ['collectionId', 'f'],
        { ...ok('JSON Schema of the queryables', schemaRef('Queryables'), SCHEMA_TYPE), ...notFound },
      ),
      '/collections/{collectionId}/items': get(
        'getFeatures',
        'Items of a collection',
        ['collectionId', ...itemListParameters, ...Object.keys(propertyParameters)],
        { ...ok('A page of items', schemaRef('ItemCollection'), GEOJSON), ...notFound },
      ),
      '/collections/{collectionId}/items/{featureId}': get(
        'getFeature',
        'An item',
        ['collectionId', 'featureId', 'f'],
        { ...ok('The item', schemaRef('Item'), GEOJSON), ...notFound },
      ),
      '/search': {
        ...get(
          'getItemSearch',
          'Item search',
          [...itemListParameters, 'intersects', 'ids', 'collections'],
          ok('A page of items', schemaRef('ItemCollection'), GEOJSON),
        ),
        post: {
          operationId: 'postItemSearch',
          summary: 'Item search',
          tags: ['STAC'],
          requestBody: { required: false, ...json(schemaRef('SearchBody')) },
          responses: ok('A page of items', schemaRef('ItemCollection'), GEOJSON),
        },
      },
    },
    components: { parameters, schemas },
  };
}
