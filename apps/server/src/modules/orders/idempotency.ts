import { hasControlCharacters } from '@satportal/contract';
import { ApiError } from '../../http/api-error';

/** The longest idempotency key kept (the column's check agrees). */
export const idempotencyKeyMax = 100;

/** The header as the request carries it (`IdempotencyHeader`): absent, one value or several. */
export type IdempotencyHeaderValue = string | string[] | undefined;

/**
 * The submit's `Idempotency-Key` header (one per confirmation dialog), or null without one: then
 * every submit is a new order. The header is read by hand, not by a schema, so that a bad key is
 * answered with its own message: 1–100 characters, no control characters, one value.
 */
export function idempotencyKeyOf(value: IdempotencyHeaderValue): string | null {
  if (value === undefined) return null;
  if (
    typeof value !== 'string' ||
    value.length < 1 ||
    value.length > idempotencyKeyMax ||
    hasControlCharacters(value)
  ) {
    throw ApiError.invalid('Idempotency-Key', 'error.invalidIdempotencyKey', { max: idempotencyKeyMax });
  }
  return value;
}
