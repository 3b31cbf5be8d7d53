import { createHash, randomUUID } from 'node:crypto';
import {
  canonicalJson,
  hasControlCharacters,
  type OrderSuccessResponse,
  ResultCode,
} from '@satportal/contract';
import { ApiError } from '../../http/api-error';
import type { Claim, KeyedRequest, OrdersRepository, SubmissionRow } from './orders.repository';

// Idempotency of order submits, as the IETF draft "The Idempotency-Key HTTP Header Field"
// (draft-ietf-httpapi-idempotency-key-header) has it: a key names one request of one user. The
// first submit claims the key; a repeat of the same request answers the stored result, or 409 while
// the first is still in flight; the key with another request (route or body) is refused with 422.

/** The longest idempotency key kept (the column's check agrees). */
export const idempotencyKeyMax = 100;

/**
 * How long a claim counts as in flight. Longer than the browser waits for any answer (200 s,
 * `Limits.requestTimeoutMs`): a submit still running then has no client waiting for it. A process
 * killed between claim and commit leaves its claim; a repeat takes it over after this long.
 */
export const claimLeaseSeconds = 300;

/** The header as the request carries it (`IdempotencyHeader`): absent, one value or several. */
export type IdempotencyHeaderValue = string | string[] | undefined;

/**
 * The submit's `Idempotency-Key` header (one per order request of a dialog), or null without one:
 * then every submit is a new order. The header is read by hand, not by a schema, so that a bad key
 * is answered with its own message: 1–100 characters, no control characters, one value.
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

/**
 * The request's fingerprint: SHA-256 of the route and the canonical JSON of the validated body
 * (defaults applied, keys in order), so key order or an omitted default is the same request, and
 * the same body on `/orders/archive` and `/orders/archive/direct` is not.
 */
export function fingerprintOf(route: string, body: unknown): string {
  return createHash('sha256')
    .update(`${route}\n${canonicalJson(body)}`)
    .digest('hex');
}

/** What a key's row says about a new submit with it (pure). */
export type Verdict = 'stored' | 'reused' | 'inFlight' | 'takeOver';

export function verdictOf(row: Omit<SubmissionRow, 'id'>, request: KeyedRequest): Verdict {
  // Rows from before fingerprints know only the kind of order.
  const same = row.fingerprint === null ? row.kind === request.kind : row.fingerprint === request.fingerprint;
  if (row.response) return same ? 'stored' : 'reused';
  if (row.stale) return 'takeOver';
  return same ? 'inFlight' : 'reused';
}

const inFlight = () => new ApiError(ResultCode.Conflict, 'order.idempotencyKeyInFlight');

type Keys = Pick<OrdersRepository, 'claimKey' | 'findSubmission' | 'takeOverClaim'>;

/**
 * Claims the key for this submit, or says what an earlier one left: its stored answer, or a
 * refusal (422 another request, 409 still in flight). A key released between our two statements
 * (its submit was refused) is claimed again; three such turns in a row answer 409.
 */
export async function claimKey(
  keys: Keys,
  userId: number,
  key: string,
  request: KeyedRequest,
): Promise<{ claim: Claim } | { stored: OrderSuccessResponse }> {
  for (let turn = 0; turn < 3; turn++) {
    const token = randomUUID();
    const id = await keys.claimKey(userId, key, request, token);
    if (id !== null) return { claim: { id, token } };
    const row = await keys.findSubmission(userId, key, claimLeaseSeconds);
    if (!row) continue;
    switch (verdictOf(row, request)) {
      case 'stored':
        return { stored: row.response! };
      case 'reused':
        throw new ApiError(ResultCode.IdempotencyKeyReused, 'order.idempotencyKeyReused');
      case 'inFlight':
        throw inFlight();
      case 'takeOver':
        if (await keys.takeOverClaim(row.id, request, token, claimLeaseSeconds)) {
          return { claim: { id: row.id, token } };
        }
    }
  }
  throw inFlight();
}

/** A submit whose claim was taken over (it overran the lease): the repeat that took it orders. */
export const lostClaim = inFlight;
