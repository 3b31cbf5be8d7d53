import {
  CogMediaType,
  DeliveredCogRoute,
  hasControlCharacters,
  ResultCode,
  TileKeyParam,
} from '@satportal/contract';
import { create as contentDispositionOf } from 'content-disposition';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from '../../http/api-error';
import { principalOf } from '../../http/auth-plugin';
import { planRangeOf, rangeHeaders, unsatisfiableHeaders } from '../../http/byte-ranges';
import { binaryAnswer, errorAnswer } from '../../http/openapi';
import type { Http } from '../../http/types';
import { readLocalFile, statFile } from '../../storage';
import type { DeliveredTiles } from './delivered/delivered-tiles';

/**
 * `GET|HEAD /tiles/cog/{orderNo}/{sceneId}.tif` (issue 27): a delivered scene's COG by its own URL,
 * served by byte ranges from the copy the tiles already take out of the package (the COG cache),
 * so GDAL's `/vsicurl/`, QGIS and STAC clients read a window without the package. Opened like
 * every tile route (session, tile cookie, `?key=`); another user's scene is not found.
 */

const schema = {
  operationId: 'getDeliveredCog',
  summary:
    'A delivered scene’s Cloud-Optimized GeoTIFF (`{file}` = `<sceneId>.tif`), byte for byte its package’s, by single byte ranges (GDAL /vsicurl/, QGIS)',
  params: Type.Object({ orderNo: Type.String({ maxLength: 64 }), file: Type.String({ maxLength: 210 }) }),
  querystring: Type.Object({ [TileKeyParam]: Type.Optional(Type.String({ maxLength: 1000 })) }),
};

/** Headers of a COG answer, for the OpenAPI document. */
const cogHeaders = {
  'accept-ranges': { type: 'string', description: 'bytes' },
  etag: { type: 'string' },
  'last-modified': { type: 'string' },
};

/** A COG of a delivered scene does not change (a new delivery has a new package): kept a day. */
const CACHE_CONTROL = 'private, max-age=86400';

/** The scene id of `<sceneId>.tif`, or null. */
function sceneIdOf(file: string): string | null {
  return file.length > 4 && file.endsWith('.tif') ? file.slice(0, -4) : null;
}

export function cogRoutes(app: Http, delivered: DeliveredTiles): void {
  app.route({
    method: ['GET', 'HEAD'],
    url: DeliveredCogRoute,
    schema,
    config: {
      tiles: true,
      usage: 'download',
      openapi: {
        response: {
          200: binaryAnswer(
            'the whole COG; its file name in content-disposition',
            [CogMediaType],
            cogHeaders,
          ),
          206: binaryAnswer('the asked byte range (`Range`, `If-Range`)', [CogMediaType], {
            ...cogHeaders,
            'content-range': { type: 'string', description: 'bytes first-last/size' },
          }),
          '4XX': errorAnswer(
            'refused credentials (401 with X-Status, 403), a scene not delivered to the caller (404), a range past the end (416, 4160, Content-Range: bytes */size)',
          ),
        },
      },
    },
    handler: async (request: FastifyRequest, reply) => {
      const { orderNo = '', file = '' } = request.params as Record<string, string>;
      for (const [field, value] of [
        ['orderNo', orderNo],
        ['file', file],
      ] as const) {
        if (hasControlCharacters(value)) throw ApiError.invalid(field, 'error.controlCharacters', { field });
      }
      const sceneId = sceneIdOf(file);
      if (!sceneId) throw ApiError.notFound();
      const userId = principalOf(request).user.id;
      // The cached copy may be evicted between finding and opening it: then it is made again, once.
      for (let attempt = 0; attempt < 2; attempt++) {
        const cog = await delivered.cog(userId, orderNo, sceneId);
        if (!cog) throw ApiError.notFound();
        const info = await statFile(cog.path, CogMediaType);
        if (!info) continue;
        const plan = planRangeOf(request, info);
        if (plan.kind === 'unsatisfiable') {
          unsatisfiableHeaders(reply, info);
          throw new ApiError(ResultCode.RangeNotSatisfiable, 'download.rangeNotSatisfiable');
        }
        reply
          .type(CogMediaType)
          .header('cache-control', CACHE_CONTROL)
          .header('content-disposition', contentDispositionOf(cog.fileName));
        if (request.method === 'HEAD') return rangeHeaders(reply, info, null).send();
        const range = plan.kind === 'partial' ? { first: plan.first, last: plan.last } : undefined;
        const object = await readLocalFile(
          cog.path,
          async () => CogMediaType,
          range ? { range, ifMatch: info.etag } : {},
        );
        if (!object) continue;
        return rangeHeaders(reply, object, object.range).send(object.body);
      }
      throw ApiError.notFound();
    },
  });
}
