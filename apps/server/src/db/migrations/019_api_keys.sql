-- API keys of programs (issue 27). The key itself is never stored: only the SHA-256 digest of its
-- text (a 256-bit random secret, as sessions), looked up by that digest in the one statement of
-- each keyed request. `visible_id` is the short part after `spk_` that users see to tell keys
-- apart (not secret, not unique). Revoked keys stay as rows (revoked_at) and are not listed;
-- a user holds at most 20 keys that are not revoked (api-keys.repository.ts, under a lock of the
-- user's row). Keys end with their account (ON DELETE CASCADE), a revoke, their expiry, a
-- password change, an operator's reset and "sign out everywhere".
CREATE TABLE api_keys (
  id           serial PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name         text NOT NULL,
  visible_id   text NOT NULL,
  key_hash     text NOT NULL UNIQUE,
  scopes       text[] NOT NULL CHECK (cardinality(scopes) > 0),
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz,
  -- written at most once a minute per key, in the statement that checks it
  last_used_at timestamptz,
  revoked_at   timestamptz
);
CREATE INDEX api_keys_user_idx ON api_keys (user_id) WHERE revoked_at IS NULL;
