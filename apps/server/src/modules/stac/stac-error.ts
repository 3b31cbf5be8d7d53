import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** A refusal of the STAC API, answered as the STAC API's `{code, description}` (stac.routes.ts). */
export class StacError extends Error {
  constructor(
    readonly status: number,
    readonly code: 'BadRequest' | 'NotFound' | 'MethodNotAllowed',
    readonly description: string,
  ) {
    super(description);
  }
}

const JSON_TYPE = 'application/json';

/**
 * Every failure of a STAC scope as STAC's `{code, description}`: STAC clients (GDAL, pystac-client,
 * QGIS) read that, never the `/api/v1` envelope nor the web application's page. Shared by the
 * public archive catalogue and "My data as STAC" (which first maps its refused credentials).
 */
export function stacErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof StacError) {
    return reply
      .status(error.status)
      .type(JSON_TYPE)
      .send({ code: error.code, description: error.description });
  }
  if (error.statusCode === 429) {
    // The rate limit (its Retry-After header is already set).
    return reply
      .status(429)
      .type(JSON_TYPE)
      .send({ code: 'TooManyRequests', description: 'too many requests: wait and try again' });
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return reply
      .status(error.statusCode)
      .type(JSON_TYPE)
      .send({ code: 'BadRequest', description: error.message });
  }
  request.log.error({ err: error, reqId: request.id }, 'unexpected error');
  return reply
    .status(500)
    .type(JSON_TYPE)
    .send({ code: 'InternalServerError', description: `internal error (request ${request.id})` });
}
