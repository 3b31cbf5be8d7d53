import {
  ApiKeyParam,
  DeliveredXyzRoute,
  hasControlCharacters,
  TileKeyParam,
  WmtsCapabilitiesRestPath,
  WmtsKvpPath,
  WmtsRestTileRoute,
} from '@satportal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from '../../http/api-error';
import { principalOf } from '../../http/auth-plugin';
import { binaryAnswer, errorAnswer, textAnswer } from '../../http/openapi';
import type { Http } from '../../http/types';
import type { DeliveredTile, DeliveredTileRequest, DeliveredTiles } from './delivered/delivered-tiles';
import { wmtsErrorHandler } from './ows-errors';
import { type LonLatBox, parseLonLatBox, splitExtension, tileAddressOf } from './render/xyz';
import {
  capabilitiesXml,
  exceptionReport,
  kvpOf,
  layerParts,
  parseKvp,
  tileOf,
  WMTS_EXCEPTION_XML,
  WMTS_XML,
  type WmtsError,
} from './wmts/wmts';

/**
 * Tiles of the caller's delivered scenes (issue 15): XYZ and WMTS 1.0.0 (KVP and REST). Tile routes
 * accept the session's tile cookie or a tile key (`?key=`, QGIS and other clients) and are counted
 * as tile traffic. A scene not delivered to the caller is not found, whoever else it belongs to.
 * XYZ failures stay the API's JSON envelope (401 with `X-Status` 601 or 401 for a refused key):
 * XYZ clients show no body, and the web app and scripts read the code.
 */

// Tiles of a delivered scene never change (a new delivery has a new package key): kept a day.
const TILE_CACHE_CONTROL = 'private, max-age=86400';
const config = { tiles: true, usage: 'tile' } as const;

// What the OpenAPI document says of the answers (documentation only, http/openapi.ts).
const tileImage = binaryAnswer('the tile (`X-Tile-Source: hit | drawn | blank`), with a strong `ETag`', [
  'image/png',
  'image/webp',
]);
const unchanged = {
  description:
    '`If-None-Match` named the tile’s `ETag`: the caller’s copy is current (no body, not counted as usage)',
};
const owsReport = textAnswer(
  'an OWS 1.1 ExceptionReport: 400 MissingParameterValue, InvalidParameterValue, OperationNotSupported, TileOutOfRange; 404 a layer not delivered to the caller; 401 or 403 refused credentials',
  ['application/xml'],
);
const capabilitiesDoc = textAnswer(
  'the WMTS 1.0.0 capabilities of the caller’s delivered scenes (a `key` or `api_key` of the request carried into every URL)',
  ['application/xml'],
);
const xyzConfig = {
  ...config,
  openapi: {
    response: {
      200: tileImage,
      304: unchanged,
      '4XX': errorAnswer(
        'refused credentials (401 with X-Status 601 or 401, 403), a scene not delivered to the caller (404), a tile off the grid or a bad bbox (400)',
      ),
    },
  },
};
const wmtsTileConfig = {
  ...config,
  openapi: { response: { 200: tileImage, 304: unchanged, '4XX': owsReport } },
};
const wmtsKvpConfig = {
  ...config,
  openapi: {
    description:
      'OGC WMTS key-value parameters (names in any case): SERVICE=WMTS, REQUEST=GetCapabilities | GetTile, VERSION=1.0.0, LAYER, STYLE, FORMAT (image/png, image/webp), TILEMATRIXSET=GoogleMapsCompatible, TILEMATRIX, TILEROW, TILECOL.',
    querystring: {
      type: 'object',
      properties: Object.fromEntries(
        [
          'SERVICE',
          'REQUEST',
          'VERSION',
          'LAYER',
          'STYLE',
          'FORMAT',
          'TILEMATRIXSET',
          'TILEMATRIX',
          'TILEROW',
          'TILECOL',
        ].map((name) => [name, { type: 'string' }]),
      ),
      required: ['SERVICE', 'REQUEST'],
    },
    response: {
      200: {
        description: 'GetTile: the tile; GetCapabilities: the capabilities document',
        content: { ...tileImage.content, ...capabilitiesDoc.content },
      },
      304: unchanged,
      '4XX': owsReport,
    },
  },
};

// Path segments are read by hand (tile grid, extension, OWS errors): the schemas only bound them.
const segment = (maxLength: number) => Type.String({ maxLength });
const xyzSchema = {
  operationId: 'getDeliveredXyzTile',
  summary:
    'A delivered scene’s XYZ tile (EPSG:3857, 256×256, z ≤ 18), `{y}` ending in .png or .webp, drawn from its package’s COG',
  params: Type.Object({
    orderNo: segment(64),
    sceneId: segment(200),
    z: segment(12),
    x: segment(12),
    y: segment(20),
  }),
  querystring: Type.Object({
    bbox: Type.Optional(Type.String({ maxLength: 200, description: 'minLon,minLat,maxLon,maxLat' })),
    [TileKeyParam]: Type.Optional(Type.String({ maxLength: 1000 })),
  }),
};
const wmtsRestSchema = {
  operationId: 'getWmtsTileRest',
  summary:
    'WMTS 1.0.0 GetTile in REST form: the XYZ tile of a layer (`orderNo:sceneId`), row = y, col = x ending in .png or .webp',
  params: Type.Object({
    layer: segment(300),
    style: segment(64),
    matrixSet: segment(64),
    matrix: segment(12),
    row: segment(12),
    col: segment(20),
  }),
  querystring: Type.Object({ [TileKeyParam]: Type.Optional(Type.String({ maxLength: 1000 })) }),
};

/** The tile, or 304 when the caller's copy is it (a 304 is not counted as usage: no bytes go). */
function sendTile(reply: FastifyReply, tile: DeliveredTile) {
  reply
    .type(tile.contentType)
    .header('cache-control', TILE_CACHE_CONTROL)
    .header('etag', tile.etag)
    .header('x-tile-source', tile.source);
  return tile.bytes ? reply.send(tile.bytes) : reply.status(304).send();
}

const ifNoneMatchOf = (request: FastifyRequest) => {
  const value = request.headers['if-none-match'];
  return typeof value === 'string' ? value : undefined;
};

function wmtsException(reply: FastifyReply, error: WmtsError) {
  return reply
    .status(error.status)
    .type(WMTS_EXCEPTION_XML)
    .header('cache-control', 'no-store')
    .send(exceptionReport(error));
}

const layerNotFound = (layer: string): WmtsError => ({
  code: 'InvalidParameterValue',
  locator: 'LAYER',
  text: `no layer ${layer}`,
  status: 404,
});

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** The key the caller came with in the URL, carried into the capabilities' URLs: an API key (`api_key`, issue 27) or a tile key. */
function keyOf(request: FastifyRequest): { key: string | null; keyParam: string } {
  const query = request.query as Record<string, unknown>;
  for (const param of [ApiKeyParam, TileKeyParam]) {
    const key = query[param];
    if (typeof key === 'string' && key !== '') return { key, keyParam: param };
  }
  return { key: null, keyParam: TileKeyParam };
}

export function deliveredTilesRoutes(app: Http, delivered: DeliveredTiles): void {
  app.get(DeliveredXyzRoute, { schema: xyzSchema, config: xyzConfig }, async (request, reply) => {
    const params = request.params as Record<string, string>;
    for (const field of ['orderNo', 'sceneId'] as const) {
      // Control characters (NUL among them) never name a scene, and PostgreSQL refuses NUL in text.
      if (hasControlCharacters(params[field] ?? ''))
        throw ApiError.invalid(field, 'error.controlCharacters', { field });
    }
    const last = splitExtension(params.y ?? '');
    if (!last) throw ApiError.invalid('y');
    const tile = tileAddressOf(params.z ?? '', params.x ?? '', last.stem);
    if (!tile) throw ApiError.invalid('z');
    const bboxParam = (request.query as Record<string, unknown>).bbox;
    let clip: LonLatBox | null = null;
    if (bboxParam !== undefined) {
      clip = typeof bboxParam === 'string' ? parseLonLatBox(bboxParam) : null;
      if (!clip) throw ApiError.invalid('bbox');
    }
    const answer = await delivered.tile(
      principalOf(request).user.id,
      { orderNo: params.orderNo ?? '', sceneId: params.sceneId ?? '', format: last.format, clip, ...tile },
      ifNoneMatchOf(request),
    );
    if (!answer) throw ApiError.notFound();
    return sendTile(reply, answer);
  });

  const capabilities = async (request: FastifyRequest, reply: FastifyReply) => {
    const layers = await delivered.list(principalOf(request).user.id);
    const body = capabilitiesXml(layers, { origin: originOf(request), ...keyOf(request) });
    // The layers change with each delivery: revalidated, never shared.
    return reply.type(WMTS_XML).header('cache-control', 'private, no-cache').send(body);
  };

  const getTile = async (
    request: FastifyRequest,
    reply: FastifyReply,
    layer: string,
    tile: Omit<DeliveredTileRequest, 'orderNo' | 'sceneId' | 'clip'>,
  ) => {
    if (hasControlCharacters(layer)) {
      return wmtsException(reply, {
        code: 'InvalidParameterValue',
        locator: 'LAYER',
        text: 'LAYER holds control characters',
        status: 400,
      });
    }
    const parts = layerParts(layer);
    if (!parts) return wmtsException(reply, layerNotFound(layer));
    const answer = await delivered.tile(
      principalOf(request).user.id,
      { ...parts, ...tile, clip: null },
      ifNoneMatchOf(request),
    );
    if (!answer) return wmtsException(reply, layerNotFound(layer));
    return sendTile(reply, answer);
  };

  // Every WMTS failure, refused credentials included, is an OWS ExceptionReport (ows-errors.ts).
  const errorHandler = wmtsErrorHandler;
  const kvpSchema = {
    operationId: 'wmtsKvp',
    summary: 'WMTS 1.0.0 in key-value form: GetCapabilities and GetTile of the caller’s delivered scenes',
  };
  app.get(WmtsKvpPath, { schema: kvpSchema, config: wmtsKvpConfig, errorHandler }, async (request, reply) => {
    const parsed = parseKvp(kvpOf(request.query as Record<string, unknown>));
    if ('code' in parsed) return wmtsException(reply, parsed);
    if (parsed.kind === 'GetCapabilities') return capabilities(request, reply);
    const { layer, kind: _kind, ...tile } = parsed;
    return getTile(request, reply, layer, tile);
  });

  const capabilitiesSchema = {
    operationId: 'getWmtsCapabilitiesRest',
    summary: 'WMTS 1.0.0 capabilities in REST form: a layer per delivered scene, GoogleMapsCompatible',
  };
  const capabilitiesConfig = { ...config, openapi: { response: { 200: capabilitiesDoc, '4XX': owsReport } } };
  app.get(
    WmtsCapabilitiesRestPath,
    { schema: capabilitiesSchema, config: capabilitiesConfig, errorHandler },
    capabilities,
  );

  app.get(
    WmtsRestTileRoute,
    { schema: wmtsRestSchema, config: wmtsTileConfig, errorHandler },
    async (request, reply) => {
      const params = request.params as Record<string, string>;
      const last = splitExtension(params.col ?? '');
      if (!last) {
        return wmtsException(reply, {
          code: 'InvalidParameterValue',
          locator: 'FORMAT',
          text: 'the tile must end in .png or .webp',
          status: 400,
        });
      }
      const tile = tileOf(
        params.style ?? '',
        params.matrixSet ?? '',
        params.matrix ?? '',
        params.row ?? '',
        last.stem,
      );
      if ('code' in tile) return wmtsException(reply, tile);
      return getTile(request, reply, params.layer ?? '', { ...tile, format: last.format });
    },
  );
}
