import { canonicalJson, ResultCode } from '@satportal/contract';

/**
 * The keys a dialog has sent, by the canonical JSON of the body each was sent with.
 *
 * The server refuses a key sent with another body (4220, HTTP 422: IETF
 * draft-ietf-httpapi-idempotency-key-header) and answers a key's repeat with its first result. So a
 * body takes a key of its own: the same body always the same key (a double click, a retry after a
 * timeout, or going back to choices already sent, answer the first order and never make a second),
 * a changed body a new one (its own order, never mistaken for the earlier one).
 */
export type SentKeys = ReadonlyMap<string, string>;

export function keyFor(sent: SentKeys, body: unknown, newKey: () => string): { key: string; sent: SentKeys } {
  const text = canonicalJson(body);
  const known = sent.get(text);
  if (known !== undefined) return { key: known, sent };
  const key = newKey();
  return { key, sent: new Map(sent).set(text, key) };
}

/** The answers about a key that the order dialogs show themselves (409 in flight, 422 another body). */
export const keyRefusalCodes = [ResultCode.Conflict, ResultCode.IdempotencyKeyReused];
