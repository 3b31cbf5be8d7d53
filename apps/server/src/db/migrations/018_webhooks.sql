-- Webhooks (issue 27 item 2): a customer's endpoints and the outbox of their deliveries.

CREATE TABLE webhook_endpoints (
  id             serial PRIMARY KEY,
  user_id        integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  url            text NOT NULL CHECK (char_length(url) BETWEEN 1 AND 2048),
  description    text NOT NULL DEFAULT '' CHECK (char_length(description) <= 200),
  event_types    text[] NOT NULL,
  enabled        boolean NOT NULL DEFAULT true,
  -- why the portal disabled it (the receiver answered 410 Gone); null when the customer did or it is on
  disabled_reason text,
  -- the signing secret, AES-256-GCM under the server's webhook key (modules/webhooks/secrets.ts):
  -- it must be readable to sign, so it is encrypted, not hashed; a database dump alone reveals none
  secret         text NOT NULL,
  secret_hint    text NOT NULL,
  -- after a rotation the previous secret still signs (a second signature) until this time
  previous_secret text,
  previous_secret_until timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_endpoints_user_idx ON webhook_endpoints (user_id, id);

-- One row per event and endpoint: written in the same transaction as the state change that causes
-- it (the outbox), so a committed change always has its events and a rolled-back one none. The row
-- is also the delivery log line the account centre shows. `body` is the exact JSON signed and sent
-- on every try; `event_id` (webhook-id) is the same on every try and for every endpoint of the event.
CREATE TABLE webhook_deliveries (
  id              bigserial PRIMARY KEY,
  endpoint_id     integer NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  event_id        text NOT NULL,
  event_type      text NOT NULL,
  body            text NOT NULL,
  state           text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts        integer NOT NULL DEFAULT 0,
  -- when the next try is due; while a try runs, the end of its lease (a killed sender's row comes back)
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_attempt_at timestamptz,
  response_status integer,
  last_error      text,
  delivered_at    timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (endpoint_id, event_id)
);
-- the log of one endpoint, newest first
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, id DESC);
-- the sweep: what is due
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE state = 'pending';
