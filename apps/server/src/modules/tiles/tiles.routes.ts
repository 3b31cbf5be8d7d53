import { TileKeyParam } from '@satportal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { principalOf } from '../../http/auth-plugin';
import { textAnswer } from '../../http/openapi';
import type { Http } from '../../http/types';
import { notUsage } from '../../http/usage-plugin';
import { cogRoutes } from './cog.routes';
import { deliveredTilesRoutes } from './delivered.routes';
import { wmsErrorHandler } from './ows-errors';
import {
  blankPng,
  parseGetCapabilities,
  parseGetMap,
  serviceExceptionReport,
  WMS_111_EXCEPTION_CONTENT_TYPE,
  WMS_CAPABILITIES_CONTENT_TYPE,
  WMS_EXCEPTION_CONTENT_TYPE,
  type WmsError,
  type WmsExceptionsFormat,
  type WmsVersion,
  wmsCapabilitiesXml,
  wmsErrorStatus,
  wmsOperationOf,
} from './render';
import type { TilesService } from './tiles.service';

/** The WMS parameters, for the OpenAPI document only: the route reads them by hand, in any case. */
const wmsQuery = {
  type: 'object',
  properties: Object.fromEntries(
    [
      'SERVICE',
      'REQUEST',
      'VERSION',
      'LAYERS',
      'STYLES',
      'CRS',
      'SRS',
      'BBOX',
      'WIDTH',
      'HEIGHT',
      'FORMAT',
      'TRANSPARENT',
      'EXCEPTIONS',
    ].map((name) => [name, { type: 'string' }]),
  ),
  required: ['REQUEST'],
};

/** The quicklook WMS endpoint (issue 3 "Quicklooks"); OpenLayers' ImageWMS adds the GetMap parameters. */
export const QuicklookWmsPath = '/tiles/quicklooks/wms';

async function exception(
  reply: FastifyReply,
  error: WmsError,
  version: WmsVersion,
  format: WmsExceptionsFormat,
  size: { width: number; height: number } | null,
) {
  // BLANK (and INIMAGE, drawn blank: no text rendering here) answer an image of the asked size —
  // an exception all the same: no tile counted in the caller's usage.
  if (format !== 'xml' && size) {
    return notUsage(reply)
      .type('image/png')
      .header('cache-control', 'no-store')
      .send(await blankPng(size.width, size.height));
  }
  return reply
    .status(wmsErrorStatus(error))
    .type(version === '1.1.1' ? WMS_111_EXCEPTION_CONTENT_TYPE : WMS_EXCEPTION_CONTENT_TYPE)
    .header('cache-control', 'no-store')
    .send(serviceExceptionReport(error, version));
}

function keyOf(request: FastifyRequest): string | null {
  const key = (request.query as Record<string, unknown>)[TileKeyParam];
  return typeof key === 'string' && key !== '' ? key : null;
}

/**
 * `GET /tiles/quicklooks/wms`: WMS 1.3.0 GetCapabilities (the caller's latest search's scenes as
 * layers) and GetMap (1.3.0, and 1.1.1), LAYERS = scene id. A session is required (the auth
 * plugin: Bearer header, the tile cookie or a tile key, never a session token in the query);
 * every failure, refused credentials included, is a WMS exception report (ows-errors.ts), an
 * unknown scene LayerNotDefined. Delivered scenes' XYZ, WMTS and COGs join when the service has them.
 */
export function tilesRoutes(app: Http, tiles: TilesService): void {
  app.get(
    QuicklookWmsPath,
    {
      schema: {
        operationId: 'quicklookWms',
        summary:
          'Quicklook WMS: GetCapabilities (1.3.0; the scenes of the caller’s latest archive search as layers) and GetMap (1.3.0 and 1.1.1; LAYERS = a scene id)',
      },
      config: {
        tiles: true,
        usage: 'tile',
        openapi: {
          description:
            'OGC WMS key-value parameters, read as the standard says (names in any case): SERVICE=WMS, REQUEST=GetCapabilities | GetMap, VERSION, LAYERS, STYLES, CRS (1.3.0) or SRS (1.1.1): EPSG:3857, EPSG:4326, CRS:84, BBOX, WIDTH, HEIGHT, FORMAT=image/png, TRANSPARENT, EXCEPTIONS (XML, BLANK, INIMAGE). Every failure, refused credentials included, is a ServiceExceptionReport.',
          querystring: wmsQuery,
          response: {
            200: {
              description:
                'GetMap: the quicklook (PNG, transparent outside the footprint; a blank image for EXCEPTIONS=BLANK or INIMAGE); GetCapabilities: the capabilities document',
              content: {
                'image/png': { schema: { type: 'string', format: 'binary' } },
                'text/xml': { schema: { type: 'string' } },
              },
            },
            '4XX': textAnswer(
              'a ServiceExceptionReport (1.3.0 text/xml, 1.1.1 application/vnd.ogc.se_xml): 404 LayerNotDefined, 401 or 403 refused credentials, 400 others',
              ['text/xml', 'application/vnd.ogc.se_xml'],
            ),
          },
        },
      },
      errorHandler: wmsErrorHandler,
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      if (wmsOperationOf(query) === 'GetCapabilities') {
        const parsed = parseGetCapabilities(query);
        if (!parsed.ok) return exception(reply, parsed.error, '1.3.0', 'xml', null);
        const layers = await tiles.capabilityLayers(principalOf(request).user.id);
        const body = wmsCapabilitiesXml({
          origin: `${request.protocol}://${request.host}`,
          path: QuicklookWmsPath,
          key: keyOf(request),
          ...layers,
        });
        // The layers change with each search: revalidated, never shared.
        return reply
          .type(WMS_CAPABILITIES_CONTENT_TYPE)
          .header('cache-control', 'private, no-cache')
          .send(body);
      }
      const parsed = parseGetMap(query);
      if (!parsed.ok) return exception(reply, parsed.error, parsed.version, parsed.exceptions, parsed.size);
      const { request: getMap } = parsed;
      const drawn = await tiles.quicklook(getMap);
      if ('error' in drawn) {
        return exception(reply, drawn.error, getMap.version, getMap.exceptions, {
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
