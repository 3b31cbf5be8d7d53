import { Paths, TileKey, TileKeyRequest, TileKeyStatus, TileKeyStatusQuery } from '@satportal/contract';
import { Type } from 'typebox';
import { principalOf } from '../../http/auth-plugin';
import { ok, responses } from '../../http/envelope';
import type { Http } from '../../http/types';
import type { TileKeysService } from './tile-keys.service';

/**
 * The caller's tile key (spec 000 §7). API routes: they take the session only, never a tile key,
 * so a leaked key cannot mint itself a successor.
 */
export function tileKeyRoutes(app: Http, keys: TileKeysService): void {
  app.post(
    Paths.tileKey,
    {
      config: { scope: 'account' },
      schema: {
        operationId: 'issueTileKey',
        tags: ['tiles'],
        summary:
          "This device's tile key for tile links outside the browser (`?key=`): the same while it lives; another device's key is replaced (its links answer 401 with X-Status 601). The key belongs to the caller's session and ends with it (logout, password change, sign out everywhere)",
        body: TileKeyRequest,
        response: responses(TileKey),
      },
    },
    async (request) => {
      const { user, sessionId } = principalOf(request);
      return ok(await keys.issue(user.id, sessionId, request.body.deviceId));
    },
  );

  app.get(
    Paths.tileKey,
    {
      config: { scope: 'account' },
      schema: {
        operationId: 'getTileKeyStatus',
        tags: ['tiles'],
        summary: "The caller's live tile key: its device and last use, never the key; null without one",
        querystring: TileKeyStatusQuery,
        response: responses(TileKeyStatus),
      },
    },
    async (request) => ok(await keys.status(principalOf(request).user.id, request.query.deviceId)),
  );

  app.delete(
    Paths.tileKey,
    {
      config: { scope: 'account' },
      schema: {
        operationId: 'revokeTileKey',
        tags: ['tiles'],
        summary: "Revokes the caller's tile key: its links answer 401 with X-Status 601",
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      await keys.revoke(principalOf(request).user.id);
      return ok(null);
    },
  );
}
