import fc from 'fast-check';
import type { Fixture, FuzzCall } from './fuzz-call';
import { anyOf, junkQuery } from './fuzz-shared';
import { stacCalls, stacCanonical } from './fuzz-stac';
import { uploadCall, uploadCanonical } from './fuzz-upload';
import { wmsCall, wmsCanonical } from './fuzz-wms';
import { wmtsCall, wmtsCanonical } from './fuzz-wmts';
import { overlong } from './hostile-values';

// The OpenAPI UI (its own plugin's routes) and the browser's configuration script: no input.

const docsPaths = [
  'swagger-ui.css',
  'index.html',
  '../../../package.json',
  '..%2f..%2f..%2fpackage.json',
  '%2e%2e/%2e%2e/package.json',
  '%00',
  'a%00.js',
  overlong(5000),
  '%E0%A4%A',
  '....//....//etc/passwd',
  'C:%5cwindows%5cwin.ini',
];

/**
 * Routes whose input is not a schema: each with why and its arbitrary. Everything else must be
 * derivable from its schema (a new route without one fails the test).
 */
export const handWritten: Record<
  string,
  { why: string; calls: (f: Fixture) => fc.Arbitrary<FuzzCall>; canonical?: (f: Fixture) => FuzzCall[] }
> = {
  'GET /tiles/quicklooks/wms': {
    why: 'WMS GetMap parameters, case-insensitive names (tiles/wms.ts parseGetMap)',
    calls: wmsCall,
    canonical: wmsCanonical,
  },
  'GET /tiles/wmts': {
    why: 'WMTS KVP parameters, case-insensitive names (tiles/wmts/wmts.ts parseKvp)',
    calls: wmtsCall,
    canonical: wmtsCanonical,
  },
  'POST /api/v1/aois/upload': {
    why: 'multipart form (aois.routes.ts readUpload) and the file readers',
    calls: uploadCall,
    canonical: uploadCanonical,
  },
  ...Object.fromEntries(
    [
      'GET /stac',
      'GET /stac/*',
      'GET /stac/v1',
      'GET /stac/v1/',
      'GET /stac/v1/api',
      'GET /stac/v1/api.html',
      'GET /stac/v1/queryables',
      'GET /stac/v1/collections/:id/queryables',
      'GET /stac/v1/conformance',
      'GET /stac/v1/collections',
      'GET /stac/v1/collections/:id',
      'GET /stac/v1/collections/:id/items',
      'GET /stac/v1/collections/:id/items/:itemId',
      'GET /stac/v1/search',
      'POST /stac/v1/search',
    ].map((key) => [
      key,
      {
        why: 'STAC API parameters (stac.params.ts parseSearch)',
        calls: (f: Fixture) => stacCalls(f)[key]!,
        canonical: (f: Fixture) => stacCanonical(f)[key] ?? [],
      },
    ]),
  ),
  // "My data as STAC" takes the public API's parameters (a subset, the rest refused): its calls.
  ...Object.fromEntries(
    [
      ['GET /tiles/stac/v1', 'GET /stac/v1'],
      ['GET /tiles/stac/v1/*', 'GET /stac/*'],
      ['GET /tiles/stac/v1/conformance', 'GET /stac/v1/conformance'],
      ['GET /tiles/stac/v1/collections', 'GET /stac/v1/collections'],
      ['GET /tiles/stac/v1/collections/:id', 'GET /stac/v1/collections/:id'],
      ['GET /tiles/stac/v1/collections/:id/items', 'GET /stac/v1/collections/:id/items'],
      ['GET /tiles/stac/v1/collections/:id/items/:itemId', 'GET /stac/v1/collections/:id/items/:itemId'],
      ['GET /tiles/stac/v1/search', 'GET /stac/v1/search'],
      ['POST /tiles/stac/v1/search', 'POST /stac/v1/search'],
    ].map(([key, as]) => [
      key!,
      {
        why: 'My data as STAC: the STAC API parameters (stac.params.ts parseSearch, my-stac.routes.ts)',
        calls: (f: Fixture) => stacCalls(f)[as!]!,
        canonical: (f: Fixture) => stacCanonical(f)[as!] ?? [],
      },
    ]),
  ),
  ...Object.fromEntries(
    [
      'GET /api/docs',
      'GET /api/docs/static/index.html',
      'GET /api/docs/static/swagger-initializer.js',
      'GET /api/docs/json',
      'GET /api/docs/yaml',
      'GET /config.js',
      'GET /tiles/wmts/1.0.0/WMTSCapabilities.xml',
    ].map((key) => [
      key,
      {
        why: 'no input (OpenAPI UI plugin, browser configuration, WMTS capabilities)',
        calls: () => junkQuery,
      },
    ]),
  ),
  'GET /api/v1/oss/*': {
    why: 'the object key is the path itself, read as sent (downloads.routes.ts keyAsSent)',
    calls: () =>
      fc
        .tuple(
          anyOf([...docsPaths, 'orders/SP1/1/SP1_1_L1C.zip', 'orders%2FSP1%2F1%2Fa.zip', 'a/./b', '']),
          fc.oneof(
            junkQuery,
            fc
              .tuple(fc.integer({ min: 0, max: 2 ** 40 }), fc.stringMatching(/^[0-9a-f]{64}$/))
              .map(([Expires, Signature]) => ({ query: { Expires, Signature } })),
          ),
        )
        .map(([wildcard, q]) => ({ ...q, wildcard })),
  },
  'GET /stac/*': {
    why: "the STAC API's 404 for any other path (stac.routes.ts): the path only",
    calls: () => fc.tuple(anyOf(docsPaths), junkQuery).map(([wildcard, q]) => ({ ...q, wildcard })),
  },
  'GET /api/docs/static/*': {
    why: 'static files of the OpenAPI UI plugin (path only)',
    calls: () => fc.tuple(anyOf(docsPaths), junkQuery).map(([wildcard, q]) => ({ ...q, wildcard })),
  },
};
