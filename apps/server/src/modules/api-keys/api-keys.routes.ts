import {
  ApiKeyCreated,
  ApiKeyCreateRequest,
  ApiKeyIdParams,
  ApiKeyList,
  Int32Max,
  Paths,
} from '@satportal/contract';
import { Type } from 'typebox';
import { ApiError } from '../../http/api-error';
import { principalOf } from '../../http/auth-plugin';
import { ok, responses } from '../../http/envelope';
import type { Http } from '../../http/types';
import type { ApiKeysService } from './api-keys.service';

/**
 * The key id of the path. Ajv coerces "1e999" to Infinity, which passes `integer` and every range
 * keyword (they skip numbers that are not finite): refused here, as the schema would (the fuzz
 * test found the 500 it caused in PostgreSQL).
 */
function pathId(request: { params: { id: number } }): number {
  const { id } = request.params;
  if (!Number.isFinite(id))
    throw ApiError.invalid('id', 'error.outOfRange', { field: 'id', limit: Int32Max });
  return id;
}

/**
 * The caller's API keys (issue 27). Account routes (`scope: 'account'`): a session only, never a
 * key, so a leaked key cannot make more keys, list them or outlive its own revocation.
 */
export function apiKeyRoutes(app: Http, keys: ApiKeysService): void {
  const config = { scope: 'account' } as const;
  app.post(
    Paths.apiKeys,
    {
      config,
      schema: {
        operationId: 'createApiKey',
        tags: ['api-keys'],
        summary:
          'Creates an API key for programs; its text is in this answer only (stored as a digest). 4009 past 20 keys',
        body: ApiKeyCreateRequest,
        response: responses(ApiKeyCreated),
      },
    },
    async (request) => ok(await keys.create(principalOf(request).user.id, request.body), 'apiKey.created'),
  );

  app.get(
    Paths.apiKeys,
    {
      config,
      schema: {
        operationId: 'listApiKeys',
        tags: ['api-keys'],
        summary:
          "The caller's keys that are not revoked, newest first: name, prefix, scopes, expiry, last use",
        response: responses(ApiKeyList),
      },
    },
    async (request) => ok(await keys.list(principalOf(request).user.id)),
  );

  app.delete(
    Paths.apiKey,
    {
      config,
      schema: {
        operationId: 'revokeApiKey',
        tags: ['api-keys'],
        summary: "Revokes one of the caller's keys at once (4004 for an unknown or another user's id)",
        params: ApiKeyIdParams,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      await keys.revoke(principalOf(request).user.id, pathId(request));
      return ok(null, 'apiKey.revoked');
    },
  );
}
