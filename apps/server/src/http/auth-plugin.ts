import { ApiBase } from '@satportal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthService } from '../modules/auth/auth.service';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header && /^Bearer\s+([A-Za-z0-9_-]{10,200})$/i.exec(header.trim());
  return match?.[1];
}

/** Tile paths: image requests of a map library cannot set headers, so the token may come in the query. */
export const TilesBase = '/tiles/';

/** The session token of a tile request: the Authorization header, else an `access_token` query parameter. */
export function tileToken(request: FastifyRequest): string | undefined {
  const fromHeader = bearerToken(request);
  if (fromHeader) return fromHeader;
  const raw = (request.query as Record<string, unknown> | undefined)?.access_token;
  return typeof raw === 'string' && /^[A-Za-z0-9_-]{10,200}$/.test(raw) ? raw : undefined;
}

/**
 * Every API route needs a live session unless it is marked `config: { public: true }`:
 * forgetting the mark fails closed. Any missing, expired or revoked token is 3001 / 401.
 * Tile routes (`/tiles/…`) are checked the same way, the token also accepted as `access_token`
 * in the query. `/stac/v1` is outside both: the public catalogue (see the STAC module).
 */
export function installAuth(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('principal', null);
  // onRequest: before body parsing and validation, so an anonymous caller learns nothing of the schemas.
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.public) return;
    if (request.url.startsWith(ApiBase)) request.principal = await auth.authenticate(bearerToken(request));
    else if (request.url.startsWith(TilesBase))
      request.principal = await auth.authenticate(tileToken(request));
  });
}

/** The caller of a non-public route (the hook has already refused anyone else). */
export function principalOf(request: FastifyRequest) {
  if (!request.principal) throw new Error('principalOf called on a public route');
  return request.principal;
}
