import { ApiBase } from '@satportal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthService } from '../modules/auth/auth.service';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header && /^Bearer\s+([A-Za-z0-9_-]{10,200})$/i.exec(header.trim());
  return match?.[1];
}

/**
 * Every API route needs a live session unless it is marked `config: { public: true }`:
 * forgetting the mark fails closed. Any missing, expired or revoked token is 3001 / 401.
 */
export function installAuth(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('principal', null);
  // onRequest: before body parsing and validation, so an anonymous caller learns nothing of the schemas.
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith(ApiBase) || request.routeOptions.config?.public) return;
    request.principal = await auth.authenticate(bearerToken(request));
  });
}

/** The caller of a non-public route (the hook has already refused anyone else). */
export function principalOf(request: FastifyRequest) {
  if (!request.principal) throw new Error('principalOf called on a public route');
  return request.principal;
}
