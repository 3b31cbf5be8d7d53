-- Session hardening (issue 11): an idle timeout on top of the absolute lifetime, and a
-- second credential that opens only the tile paths (sent as a cookie scoped to /tiles).
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE sessions ADD COLUMN tile_token_hash text UNIQUE;

-- Soft lockout: failures are counted per username and client address together.
CREATE INDEX login_failures_username_ip_idx ON login_failures (lower(username), client_ip, failed_at);
