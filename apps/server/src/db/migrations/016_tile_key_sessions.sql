-- Credential revocation (issue 26): a tile key belongs to the session that asked for it and ends
-- with it — logout, a password change, "sign out everywhere", an operator reset, the session's
-- expiry. A key is live only while its session is (tile-keys.repository.ts checks both in the one
-- statement of each keyed request). Keys from before have no session and so end here: the device
-- asks again and gets a key bound to its session.
ALTER TABLE tile_keys ADD COLUMN session_id bigint REFERENCES sessions (id) ON DELETE CASCADE;
CREATE INDEX tile_keys_session_idx ON tile_keys (session_id);
