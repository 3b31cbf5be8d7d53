import { httpStatusOf, multiLinePattern, ResultCode, singleLinePattern } from '@satportal/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError } from './api-error';

/** The field a schema validation error is about: `/a/b` → `a.b`, or the missing property. */
export function fieldOf(error: FastifyError): string | undefined {
  const first = error.validation?.[0];
  if (!first) return undefined;
  const path = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const missing = (first.params as { missingProperty?: string } | undefined)?.missingProperty;
  return [path, missing].filter(Boolean).join('.') || undefined;
}

/**
 * The message key of a schema failure the user can act on: text with control characters
 * (our text patterns) and numbers out of a column's range say so; anything else is generic.
 */
export function validationKeyOf(error: FastifyError): string {
  const first = error.validation?.[0];
  const pattern = (first?.params as { pattern?: string } | undefined)?.pattern;
  if (first?.keyword === 'pattern' && (pattern === singleLinePattern || pattern === multiLinePattern))
    return 'error.controlCharacters';
  if (first && ['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum'].includes(first.keyword))
    return 'error.outOfRange';
  if (first && ['maxLength', 'maxItems'].includes(first.keyword)) return 'error.tooLong';
  return 'error.validation';
}

/**
 * One place turns every failure into the envelope: refusals keep their code,
 * schema violations name the field, anything unexpected is logged with the
 * request id and answered without internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      const data = Object.keys(error.details).length ? error.details : null;
      const wait = error.details.params?.seconds;
      if (httpStatusOf(error.code) === 429 && typeof wait === 'number')
        reply.header('retry-after', String(wait));
      return reply
        .status(httpStatusOf(error.code))
        .send({ code: error.code, message: error.messageKey, data });
    }
    if (error.validation) {
      const field = fieldOf(error);
      const rule = error.validation[0]?.keyword;
      const params: Record<string, string | number> = {};
      if (rule) params.rule = rule;
      if (field) params.field = field;
      const limit = (error.validation[0]?.params as { limit?: number } | undefined)?.limit;
      if (typeof limit === 'number') params.limit = limit;
      return reply.status(400).send({
        code: ResultCode.ValidationFailed,
        message: validationKeyOf(error),
        data: { field, params },
      });
    }
    if (error.statusCode === 429) {
      return reply
        .status(429)
        .send({ code: ResultCode.RateLimited, message: 'error.rateLimited', data: null });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, wrong content type, body too large: the client's fault, said plainly.
      const code = error.statusCode === 404 ? ResultCode.NotFound : ResultCode.ValidationFailed;
      return reply.status(error.statusCode).send({
        code,
        message: 'error.badRequest',
        data: { params: { reason: error.code ?? 'bad request' } },
      });
    }
    request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    return reply.status(500).send({
      code: ResultCode.InternalError,
      message: 'error.internal',
      data: { requestId: String(request.id) },
    });
  });
}
