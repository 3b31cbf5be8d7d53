import { httpStatusOf, ResultCode, TileKeyParam } from '@satportal/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error';
import {
  serviceExceptionReport,
  WMS_111_EXCEPTION_CONTENT_TYPE,
  WMS_EXCEPTION_CONTENT_TYPE,
  type WmsExceptionCode,
} from './render';
import { exceptionReport, WMTS_EXCEPTION_XML, type WmtsExceptionCode } from './wmts/wmts';

/**
 * Every failure of the WMS and WMTS routes as the OGC exception report their clients read
 * (issue 27): a dead, idle, replaced or missing tile key and a missing credential (thrown by the
 * HTTP layer's authentication before the route runs), rate limits, bad input, the unexpected.
 * Installed as the routes' own `errorHandler`, so the API's envelope handler (http/) stays as it
 * is and knows no OGC. The HTTP status and `X-Status` stay what the tile routes answer elsewhere
 * (401 with 601 or 401); the text, in English as the standards' examples are, says what to do.
 */

/** The exception to report: OGC code, parameter at fault, text, HTTP status. */
export interface OwsFault {
  /** the codes WMS 1.3.0 and OWS Common share for what is not a parameter's own fault */
  code: Extract<WmsExceptionCode, WmtsExceptionCode>;
  locator: string | null;
  text: string;
  status: number;
}

const RENEW =
  'Renew the link: copy it again from Satportal (My data, the copy link button), then update this connection with it.';

/** The texts of refused credentials (server texts: an OGC client shows them as they are). */
export const OwsTexts = {
  keyExpired: `The tile key of this link has expired: it was unused for too long, replaced by a newer key from another device, or revoked. ${RENEW}`,
  keyInvalid: `The tile key of this link is not valid. ${RENEW}`,
  apiKeyInvalid:
    'The API key of this link is unknown, revoked or expired: make a new key in Satportal (Account centre, API keys) and put it in this connection’s address.',
  noCredential:
    'This service needs a Satportal sign-in or a tile key. Copy the link from Satportal (My data), which carries your tile key as key=, and use it as this connection’s address.',
} as const;

function sentKey(request: FastifyRequest): boolean {
  return (request.query as Record<string, unknown> | undefined)?.[TileKeyParam] !== undefined;
}

/** The fault of an error thrown in a WMS or WMTS route (or before it, by the HTTP layer). */
export function owsFaultOf(error: FastifyError | Error, request: FastifyRequest): OwsFault {
  if (error instanceof ApiError) {
    const status = httpStatusOf(error.code);
    if (error.code === ResultCode.InvalidSession) {
      const keyed = sentKey(request);
      if (error.messageKey === 'apiKey.invalid') {
        return { code: 'NoApplicableCode', locator: null, text: OwsTexts.apiKeyInvalid, status };
      }
      const text =
        error.messageKey === 'error.tileKeyExpired'
          ? OwsTexts.keyExpired
          : keyed
            ? OwsTexts.keyInvalid
            : OwsTexts.noCredential;
      return { code: 'NoApplicableCode', locator: keyed ? TileKeyParam : null, text, status };
    }
    if (error.code === ResultCode.ApiKeyScopeMissing || error.code === ResultCode.ApiKeyNotAllowed) {
      // An API key that may not open this service (issue 27): which scope it lacks, in words.
      const scope = error.details.params?.scope;
      const text =
        error.code === ResultCode.ApiKeyScopeMissing
          ? `This API key lacks the ${scope ?? 'tiles'} scope: use a key that holds it.`
          : 'An API key in a link must hold the tiles scope and nothing else: make such a key in Satportal (Account centre, API keys).';
      return { code: 'NoApplicableCode', locator: null, text, status };
    }
    if (error.code === ResultCode.RateLimited) {
      const seconds = error.details.params?.seconds;
      return {
        code: 'NoApplicableCode',
        locator: null,
        text: `Too many requests: wait ${seconds ?? 'a few'} seconds, then try again.`,
        status,
      };
    }
    const field = error.details.field ?? null;
    return {
      code: 'InvalidParameterValue',
      locator: field,
      text:
        status === 404
          ? 'Not found: no such layer delivered to you.'
          : `The request is not valid${field ? ` (${field})` : ''}.`,
      status: status >= 400 && status < 500 ? status : 400,
    };
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const path = fastifyError.validation[0]?.instancePath.replace(/^\//, '') || null;
    return { code: 'InvalidParameterValue', locator: path, text: 'A parameter is not valid.', status: 400 };
  }
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    return { code: 'InvalidParameterValue', locator: null, text: 'The request is not valid.', status };
  }
  return {
    code: 'NoApplicableCode',
    locator: null,
    text: `Internal server error (request ${request.id}).`,
    status: 500,
  };
}

function answer(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const fault = owsFaultOf(error, request);
  if (fault.status >= 500) request.log.error({ err: error, reqId: request.id }, 'unexpected error');
  const wait = error instanceof ApiError ? error.details.params?.seconds : undefined;
  if (fault.status === 429 && typeof wait === 'number') reply.header('retry-after', String(wait));
  return { fault, reply: reply.status(fault.status).header('cache-control', 'no-store') };
}

/** The WMS routes' error handler: a ServiceExceptionReport in the version the request asked. */
export function wmsErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const { fault, reply: r } = answer(error, request, reply);
  const query = (request.query ?? {}) as Record<string, unknown>;
  const version = Object.entries(query).find(([k]) => k.toUpperCase() === 'VERSION')?.[1];
  const v111 = typeof version === 'string' && version.trim() === '1.1.1';
  return r
    .type(v111 ? WMS_111_EXCEPTION_CONTENT_TYPE : WMS_EXCEPTION_CONTENT_TYPE)
    .send(
      serviceExceptionReport(
        { code: fault.code, locator: fault.locator, message: fault.text },
        v111 ? '1.1.1' : '1.3.0',
      ),
    );
}

/** The WMTS routes' error handler: an OWS 1.1 ExceptionReport. */
export function wmtsErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const { fault, reply: r } = answer(error, request, reply);
  return r.type(WMTS_EXCEPTION_XML).send(exceptionReport(fault));
}
