import type { FastifyReply } from 'fastify';
import type { Http } from '../../http/types';
import {
  blankPng,
  layerNotDefined,
  parseGetMap,
  type QuicklookRenderer,
  serviceExceptionReport,
  toQuicklookRequest,
  WMS_EXCEPTION_CONTENT_TYPE,
  type WmsError,
  type WmsExceptionsFormat,
  wmsErrorStatus,
} from '../../tiles';
import type { ArchiveRepository } from '../archive/archive.repository';

/** The quicklook WMS endpoint (issue 3 "Quicklooks"); OpenLayers' ImageWMS adds the GetMap parameters. */
export const QuicklookWmsPath = '/tiles/quicklooks/wms';

export interface QuicklookDeps {
  renderer: QuicklookRenderer;
  /** The archive's scene lookup (any scene of the archive is visible to every signed-in user). */
  scenes: Pick<ArchiveRepository, 'findScenes'>;
}

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
 * reports, an unknown scene is LayerNotDefined.
 */
export function quicklookRoutes(app: Http, deps: QuicklookDeps): void {
  app.get(QuicklookWmsPath, { schema: { hide: true }, config: { tiles: true } }, async (request, reply) => {
    const parsed = parseGetMap(request.query as Record<string, unknown>);
    if (!parsed.ok) return exception(reply, parsed.error, parsed.exceptions, parsed.size);
    const { request: getMap } = parsed;
    const [row] = await deps.scenes.findScenes([getMap.layer]);
    if (!row) {
      return exception(reply, layerNotDefined(getMap.layer), getMap.exceptions, {
        width: getMap.width,
        height: getMap.height,
      });
    }
    const png = await deps.renderer.render(
      {
        id: row.id,
        footprint: row.footprint,
        cloudCover: row.cloud_cover,
        provenance: row.provenance,
        sensorType: row.sensor_type,
        assets: row.assets,
      },
      toQuicklookRequest(getMap),
    );
    // Per user (the URL may carry a token): private, but a scene's picture does not change.
    return reply.type('image/png').header('cache-control', 'private, max-age=3600').send(png);
  });
}
