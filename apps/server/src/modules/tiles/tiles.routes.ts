import type { FastifyReply } from 'fastify';
import type { Http } from '../../http/types';
import { cogRoutes } from './cog.routes';
import { deliveredTilesRoutes } from './delivered.routes';
import {
  blankPng,
  parseGetMap,
  serviceExceptionReport,
  WMS_EXCEPTION_CONTENT_TYPE,
  type WmsError,
  type WmsExceptionsFormat,
  wmsErrorStatus,
} from './render';
import type { TilesService } from './tiles.service';

/** The quicklook WMS endpoint (issue 3 "Quicklooks"); OpenLayers' ImageWMS adds the GetMap parameters. */
export const QuicklookWmsPath = '/tiles/quicklooks/wms';

async function exception(
  reply: FastifyReply,
  error: WmsError,
  format: WmsExceptionsFormat,
  size: { width: number; height: number } | null,
) {
  // BLANK (and INIMAGE, drawn blank: no text rendering here) answer an image of the asked size.
  if (format !== 'xml' && size) {
    return reply
      .type('image/png')
      .header('cache-control', 'no-store')
      .send(await blankPng(size.width, size.height));
  }
  return reply
    .status(wmsErrorStatus(error))
    .type(WMS_EXCEPTION_CONTENT_TYPE)
    .header('cache-control', 'no-store')
    .send(serviceExceptionReport(error));
}

/**
 * `GET /tiles/quicklooks/wms`: WMS 1.3.0 GetMap, LAYERS = scene id. A session is required (the
 * auth plugin: Bearer header or the tile cookie, never a token in the query); failures are WMS exception
 * reports, an unknown scene is LayerNotDefined. Delivered scenes' XYZ and WMTS tiles join when the
 * service has them.
 */
export function tilesRoutes(app: Http, tiles: TilesService): void {
  app.get(
    QuicklookWmsPath,
    { schema: { hide: true }, config: { tiles: true, usage: 'tile' } },
    async (request, reply) => {
      const parsed = parseGetMap(request.query as Record<string, unknown>);
      if (!parsed.ok) return exception(reply, parsed.error, parsed.exceptions, parsed.size);
      const { request: getMap } = parsed;
      const drawn = await tiles.quicklook(getMap);
      if ('error' in drawn) {
        return exception(reply, drawn.error, getMap.exceptions, {
          width: getMap.width,
          height: getMap.height,
        });
      }
      // Per user: private, but a scene's picture does not change.
      return reply.type('image/png').header('cache-control', 'private, max-age=3600').send(drawn.png);
    },
  );
  if (tiles.delivered) {
    deliveredTilesRoutes(app, tiles.delivered);
    cogRoutes(app, tiles.delivered);
  }
}
