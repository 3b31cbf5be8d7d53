-- Idempotency-Key as the IETF draft (draft-ietf-httpapi-idempotency-key-header) has it (issue 26):
-- a key names ONE request. Its repeat answers the stored result; the key sent with another request
-- (another route or another body) is refused; a repeat while the first is still being processed
-- answers 409 at once instead of waiting for it.
--
-- fingerprint: SHA-256 (hex) of the route and the canonical JSON of the validated body. Rows from
--   before it have none: they are compared by kind, as they were.
-- claim, claimed_at: a submit claims its key in a short transaction of its own before it sizes the
--   order, and the order's transaction sets the response only while it still holds the claim (and
--   clears it). A claim is in flight while it is younger than the lease (orders/idempotency.ts); a
--   process killed between the two leaves a claim that a repeat may take over once it is older, so
--   no key stays blocked. Rows before this file always have a response (it was written in the
--   order's own transaction).
ALTER TABLE order_submissions
  ADD COLUMN fingerprint text CHECK (fingerprint ~ '^[0-9a-f]{64}$'),
  ADD COLUMN claim uuid,
  ADD COLUMN claimed_at timestamptz NOT NULL DEFAULT now();

-- A row is either answered or claimed, never neither (nothing before this file left one).
DELETE FROM order_submissions WHERE response IS NULL;
ALTER TABLE order_submissions
  ADD CONSTRAINT order_submissions_answered_or_claimed CHECK (response IS NOT NULL OR claim IS NOT NULL);
