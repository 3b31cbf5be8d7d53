import {
  HdTileRoute,
  HdYears,
  Int32,
  Paths,
  TileStatus,
  TileStatusHeader,
  TileZoomMax,
} from '@satportal/contract';
import { Type } from 'typebox';
import { ApiError } from '../../../http/api-error';
import { principalOf } from '../../../http/auth-plugin';
import { ok, responses } from '../../../http/envelope';
import { binaryAnswer, errorAnswer, tileStatusHeader } from '../../../http/openapi';
import type { Http } from '../../../http/types';
import type { HdMosaics } from './hd.service';

/** `GET hd/years` (under the API base): the years of the HD map, newest first. */
export function hdYearsRoutes(app: Http, hd: HdMosaics): void {
  app.get(
    Paths.hdYears,
    {
      config: { scope: 'read' },
      schema: {
        operationId: 'listHdYears',
        tags: ['tiles'],
        summary:
          'HD map years (spec 000 §2 base maps; DESIGN §9): the years with an optical archive mosaic, newest first (at most 3), and the zooms served without and with the HD allowance',
        response: responses(HdYears),
      },
    },
    async () => ok(await hd.years()),
  );
}

const TileParams = Type.Object({
  year: Type.Integer({ minimum: 1, maximum: 9999 }),
  z: Type.Integer({ minimum: 0, maximum: TileZoomMax }),
  x: Int32({ minimum: 0 }),
  y: Int32({ minimum: 0 }),
});

/**
 * `GET /tiles/hd/:year/:z/:x/:y`: a PNG tile of the year's mosaic. The session comes as the
 * tile cookie or a tile key; above zoom 12 each tile takes one from the HD allowance, and a
 * refusal is an empty answer with `X-Status` 602 (429: quota spent) or 403 (no subscription).
 */
export function hdTileRoutes(app: Http, hd: HdMosaics): void {
  app.get(
    HdTileRoute,
    {
      schema: {
        operationId: 'getHdTile',
        summary:
          'HD mosaic tile (PNG 256×256, transparent where no scene) of a year in hd/years; above zoom 12 each tile takes one from the HD allowance',
        params: TileParams,
      },
      config: {
        tiles: true,
        usage: 'tile',
        openapi: {
          response: {
            200: binaryAnswer('the tile', ['image/png'], tileStatusHeader),
            // Refusals of the allowance are empty: map clients read only X-Status.
            403: {
              type: 'null',
              description: 'no HD subscription (X-Status 403), empty',
              headers: tileStatusHeader,
            },
            429: {
              type: 'null',
              description: 'the daily HD quota is spent (X-Status 602), empty',
              headers: tileStatusHeader,
            },
            '4XX': errorAnswer(
              'refused credentials (401, X-Status 601 or 401), a year without a mosaic (404), x or y off the grid (400)',
            ),
          },
        },
      },
    },
    async (request, reply) => {
      const { year, z, x, y } = request.params as { year: number; z: number; x: number; y: number };
      const count = 2 ** z;
      if (x >= count) throw ApiError.invalid('x', 'error.outOfRange', { field: 'x', limit: count - 1 });
      if (y >= count) throw ApiError.invalid('y', 'error.outOfRange', { field: 'y', limit: count - 1 });
      const outcome = await hd.tile(principalOf(request).user.id, year, { z, x, y });
      if (outcome.status === 'noMosaic') throw ApiError.notFound();
      if (outcome.status !== TileStatus.Ok) {
        return reply
          .status(outcome.status === TileStatus.HdQuotaSpent ? 429 : 403)
          .header(TileStatusHeader, String(outcome.status))
          .header('cache-control', 'no-store')
          .send();
      }
      // Per user (the allowance is personal); a year's mosaic changes only with the archive.
      return reply
        .type('image/png')
        .header(TileStatusHeader, String(TileStatus.Ok))
        .header('cache-control', 'private, max-age=3600')
        .send(outcome.png);
    },
  );
}
