-- Fulfilment (issue 14): what the order life cycle records beside the states of 008. The job
-- queue (pg-boss) keeps its own tables in the schema `pgboss`, made by the library at start.

-- Who audited an order and when: an operator's name, or 'auto' in demo mode. Set in the same
-- transaction as the move out of 11, so an audit is decided once.
ALTER TABLE orders
  ADD COLUMN audited_by  text,
  ADD COLUMN audited_at  timestamptz,
  -- When the order reached its final status (32, 34, 22, 12, 41, 42): the order mail is about it.
  ADD COLUMN settled_at  timestamptz,
  -- The status the orderer was last mailed about; the mail job sends only when it differs, so a
  -- repeated job mails once.
  ADD COLUMN mailed_status smallint;

ALTER TABLE order_terms
  -- Why a terms entry failed (operators' eyes; the customer sees the state).
  ADD COLUMN failure text,
  -- Tasking: when the capture is due on the fulfilment clock (the pass start, brought nearer by the
  -- demo's clock factor); the capture job is scheduled for it.
  ADD COLUMN capture_due_at timestamptz,
  -- The package's checksum (SHA-256 of the zip), for support and the reliability test.
  ADD COLUMN package_sha256 text;

-- Fulfilment's sweep: terms not settled yet, by order.
CREATE INDEX order_terms_open_idx ON order_terms (order_id) WHERE state IN (-2, -1, 1);
-- Packages are written under one key each; two terms never share one.
CREATE UNIQUE INDEX order_terms_package_key_idx ON order_terms (package_key) WHERE package_key IS NOT NULL;
-- Orders still to audit or to settle (the sweep).
CREATE INDEX orders_open_idx ON orders (status) WHERE status IN (11, 21, 34);
