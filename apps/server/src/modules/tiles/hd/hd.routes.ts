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
import type { Http } from '../../../http/types';
import type { HdMosaics } from './hd.service';

/** `GET hd/years` (under the API base): the years of the HD map, newest first. */
export function hdYearsRoutes(app: Http, hd: HdMosaics): void {
  app.get(
    Paths.hdYears,
    {
      config: { scope: 'read' },
      schema: {
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
      schema: { hide: true, params: TileParams },
      config: { tiles: true, usage: 'tile' },
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
