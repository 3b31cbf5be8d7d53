-- Accounts: organisations, users, sessions and login attempts (issue 2).
CREATE EXTENSION IF NOT EXISTS postgis;

CREATE TABLE organisations (
  id             serial PRIMARY KEY,
  name           text NOT NULL,
  type           integer NOT NULL,
  address        text NOT NULL DEFAULT '',
  contact_person text NOT NULL DEFAULT '',
  -- spec `auth.orderType`: 1 archive ordering, 4 tasking ordering
  order_types    integer[] NOT NULL DEFAULT '{}',
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX organisations_name_key ON organisations (lower(name));

CREATE TABLE users (
  id            serial PRIMARY KEY,
  org_id        integer NOT NULL REFERENCES organisations (id),
  username      text NOT NULL,
  email         text NOT NULL DEFAULT '',
  phone         text NOT NULL DEFAULT '',
  is_test       boolean NOT NULL DEFAULT false,
  timezone      text,
  language      text CHECK (language IN ('en', 'zh')),
  password_hash text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  password_changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));

-- Tokens are random and stored only as their SHA-256 digest.
CREATE TABLE sessions (
  id          bigserial PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash  text NOT NULL UNIQUE,
  remember    boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- Failed logins, counted per username and per client address for throttling.
CREATE TABLE login_failures (
  id           bigserial PRIMARY KEY,
  username     text NOT NULL,
  client_ip    text NOT NULL,
  failed_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_username_idx ON login_failures (lower(username), failed_at);
CREATE INDEX login_failures_ip_idx ON login_failures (client_ip, failed_at);
