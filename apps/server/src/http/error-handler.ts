import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
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

/** Our answer to a client error of Fastify or a plugin, by its code, else by its HTTP status. */
const frameworkCodes: Record<string, { code: number; messageKey: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: ResultCode.ValidationFailed, messageKey: 'error.malformedJson' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: ResultCode.ValidationFailed, messageKey: 'error.malformedJson' },
  FST_ERR_BAD_URL: { code: ResultCode.ValidationFailed, messageKey: 'error.badUrl' },
  // A path segment longer than the router reads: it names nothing there is.
  FST_ERR_MAX_PARAM_LENGTH: { code: ResultCode.NotFound, messageKey: 'error.notFound' },
  // The static files refuse dot segments and empty segments ("//"): no file has such a name.
  FST_STATIC_FORBIDDEN_PATH: { code: ResultCode.NotFound, messageKey: 'error.notFound' },
};
const statusCodes: Record<number, { code: number; messageKey: string }> = {
  403: { code: ResultCode.Forbidden, messageKey: 'error.forbidden' },
  404: { code: ResultCode.NotFound, messageKey: 'error.notFound' },
  408: { code: ResultCode.RequestTimeout, messageKey: 'error.timeout' },
  409: { code: ResultCode.Conflict, messageKey: 'error.conflict' },
  413: { code: ResultCode.PayloadTooLarge, messageKey: 'error.bodyTooLarge' },
  415: { code: ResultCode.UnsupportedMediaType, messageKey: 'error.unsupportedMediaType' },
  429: { code: ResultCode.RateLimited, messageKey: 'error.rateLimited' },
  431: { code: ResultCode.HeadersTooLarge, messageKey: 'error.headersTooLarge' },
};

/**
 * The business code and message of a 4xx error that is not ours: never the framework's code or
 * text (they name internals), and a status that agrees with the code (any other 4xx is a 400).
 */
export function clientErrorOf(error: { code?: string; statusCode?: number }): {
  code: number;
  messageKey: string;
} {
  return (
    (error.code !== undefined ? frameworkCodes[error.code] : undefined) ??
    statusCodes[error.statusCode ?? 400] ?? {
      code: ResultCode.ValidationFailed,
      messageKey: 'error.badRequest',
    }
  );
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (an unknown method, a malformed
 * request line, headers too large, a request not received in time): the envelope, written on
 * the socket, instead of the framework's own body.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const { code, messageKey } = clientErrorOf({ statusCode: status });
  const body = JSON.stringify({ code, message: messageKey, data: null });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
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
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, wrong content type, body too large: the client's fault, said in our words.
      const { code, messageKey } = clientErrorOf(error);
      return reply.status(httpStatusOf(code)).send({ code, message: messageKey, data: null });
    }
    request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    return reply.status(500).send({
      code: ResultCode.InternalError,
      message: 'error.internal',
      data: { requestId: String(request.id) },
    });
  });
}
