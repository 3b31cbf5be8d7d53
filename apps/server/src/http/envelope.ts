import { type ApiEnvelope, Envelope, ErrorEnvelope, ResultCode } from '@satportal/contract';
import type { TSchema } from 'typebox';

export const ok = <T>(data: T, message = 'ok'): ApiEnvelope<T> => ({
  code: ResultCode.Success,
  message,
  data,
});

/** Response schemas of a route: its data on 200, the error envelope otherwise (OpenAPI shows both). */
export const responses = <T extends TSchema>(data: T) => ({
  200: Envelope(data),
  '4xx': ErrorEnvelope,
  '5xx': ErrorEnvelope,
});
