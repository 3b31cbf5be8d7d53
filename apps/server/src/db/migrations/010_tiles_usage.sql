-- Tile keys, usage accounting and per-account allowances (issue 15).

-- One live tile key per user (spec 000 §7: one device at a time). A new device's request
-- overwrites the row with a new key_id, so every key signed over the old key_id stops at once.
-- The key itself is never stored: it is an HMAC over user id and key_id, checked by recomputing.
CREATE TABLE tile_keys (
  user_id      integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  key_id       text NOT NULL,
  device_id    text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  revoked      boolean NOT NULL DEFAULT false
);

-- What each user was served per UTC day. Counted by one upsert per answer (tiles, downloads) or
-- per HD tile, so the figures are exact and survive a crash: nothing is buffered in memory.
CREATE TABLE usage_days (
  user_id   integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day       date NOT NULL,
  bytes     bigint NOT NULL DEFAULT 0,
  tiles     integer NOT NULL DEFAULT 0,
  downloads integer NOT NULL DEFAULT 0,
  -- HD mosaic tiles above zoom 12: what the daily HD allowance counts
  hd_tiles  integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, day)
);

-- Allowances set by the operator (CLI); -1 means unlimited (spec 001 §9).
ALTER TABLE users
  -- bytes allowed over the period asked about in the usage report
  ADD COLUMN flow_quota_bytes     bigint NOT NULL DEFAULT -1 CHECK (flow_quota_bytes >= -1),
  -- bytes a UTC day (reported, not enforced)
  ADD COLUMN day_flow_limit_bytes bigint NOT NULL DEFAULT -1 CHECK (day_flow_limit_bytes >= -1),
  -- HD tiles above zoom 12 a UTC day without full HD: null → the server's default, 0 none
  ADD COLUMN hd_daily_tiles       integer CHECK (hd_daily_tiles >= -1),
  ADD COLUMN full_hd              boolean NOT NULL DEFAULT false;
