-- Orders (issue 13): archive and tasking orders, their delivery terms, the idempotency of order
-- submits and the end-user companies of resellers. Issue 14 (fulfilment) moves the states; the
-- columns it will fill are here already, empty, so it adds no migration of these tables.

-- Order numbers are for people (support calls, invoices): 'SP' + the UTC day + at least 6 digits.
-- The digits come from a sequence, never from a count, so two concurrent orders cannot share one.
CREATE SEQUENCE order_number_seq;

CREATE FUNCTION next_order_number() RETURNS text
  LANGUAGE sql VOLATILE
  AS $$
    SELECT 'SP' || to_char(now() AT TIME ZONE 'UTC', 'YYYYMMDD')
           -- lpad cuts longer text: the width grows past a million instead of wrapping.
           || lpad(s.n::text, greatest(6, length(s.n::text)), '0')
      FROM (SELECT nextval('order_number_seq') AS n) AS s
  $$;

CREATE TABLE orders (
  id              serial PRIMARY KEY,
  order_number    text NOT NULL UNIQUE DEFAULT next_order_number(),
  -- Orders are business records: deleting a user with orders is refused, not cascaded.
  user_id         integer NOT NULL REFERENCES users (id),
  -- spec 001 §3 order list `type`: 1 archive, 4 tasking (2 is an older tasking code, never written)
  kind            smallint NOT NULL CHECK (kind IN (1, 4)),
  -- spec 001 §4: 11 auditing, 12 audit failed, 21 processing, 22 process failed, 31 paying,
  -- 32 pay finished, 33 pay failed, 34 partial delivery, 41 cancelled by the user, 42 by the platform
  status          smallint NOT NULL DEFAULT 11
                  CHECK (status IN (11, 12, 21, 22, 31, 32, 33, 34, 41, 42)),
  -- one order per chosen level (spec 001 §3 order success: one number each)
  level           smallint NOT NULL CHECK (level IN (10, 11, 20, 21, 22)),
  priority        smallint NOT NULL CHECK (priority IN (1, 2, 3)),
  process_mode    text NOT NULL DEFAULT 'GEOTIFF' CHECK (process_mode IN ('GEOTIFF', 'STREAMING_GEOTIFF')),
  clipping        boolean NOT NULL DEFAULT false,
  quality_testing boolean NOT NULL DEFAULT false,
  manual_recheck  boolean NOT NULL DEFAULT false,
  -- the archive search or tasking prediction ordered from; no foreign key: searches are purged
  -- after a while, the order keeps what it needs of them below
  task_id         uuid,
  is_order_by_scene_id boolean NOT NULL DEFAULT false,
  -- the AOIs as ordered (names and geometry, as the order detail shows them); null: whole scenes
  aois            jsonb,
  -- their union split at ±180°, for spatial questions about orders (fulfilment's clipping)
  aoi             geography(MultiPolygon, 4326),
  sat_groups      text[] NOT NULL DEFAULT '{}',
  sat_ids         integer[] NOT NULL DEFAULT '{}',
  sensor_type     smallint NOT NULL CHECK (sensor_type BETWEEN 1 AND 5),
  -- the search or prediction parameters the order detail reuses (Archive search, Re-subscribe)
  condition       jsonb,
  sensor          jsonb,
  -- requester (spec 001 §3 orderRequestInfo): 1 for an end user, 2 for internal use
  request_type    smallint NOT NULL CHECK (request_type IN (1, 2)),
  request_info    jsonb,
  -- the sizing's figures, km² (docs/ORDERING.md): an order keeps the figures it was priced with
  order_area      double precision NOT NULL,
  overlap_area    double precision NOT NULL DEFAULT 0,
  total_area      double precision NOT NULL,
  overlap_chargeable_area double precision NOT NULL DEFAULT 0,
  -- the estimate at ordering (list price of this level); money is never a float
  amount          numeric(14, 2) NOT NULL,
  currency        smallint NOT NULL CHECK (currency IN (1, 2)),
  -- spec 001 §5: at most 30 characters, never empty (no tag is NULL)
  tag             text CHECK (char_length(tag) BETWEEN 1 AND 30),
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
-- the order centre: a user's orders, newest first, filtered by status or tag
CREATE INDEX orders_user_idx ON orders (user_id, created_at DESC);
CREATE INDEX orders_user_tag_idx ON orders (user_id, tag) WHERE tag IS NOT NULL;

-- Delivery terms (spec 001 §3 `ippis`): one per scene of an archive order, one per predicted pass
-- of a tasking order; fulfilment delivers and states each one on its own.
CREATE TABLE order_terms (
  id               bigserial PRIMARY KEY,
  order_id         integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  -- the terms' order in the order detail (the cart's or the passes' order)
  position         integer NOT NULL,
  priority         smallint NOT NULL CHECK (priority IN (1, 2, 3)),
  -- spec 001 §4: -3 failed, -2 initialised, -1 submitted, 1 executing, 4 partially complete,
  -- 5 complete, 10 closed, 98 rejected, 99 cancelled, 100 unknown
  state            smallint NOT NULL DEFAULT -2 CHECK (state IN (-3, -2, -1, 1, 4, 5, 10, 98, 99, 100)),
  -- archive: the ordered scene; the catalogue row may change later, the order keeps what was sold
  scene_id         text,
  -- the `ips` entries as the order detail shows them (sceneId, time, satellite, gsd, cloud,
  -- angles, quality, area, footprint); a tasking term gets its captured scenes from fulfilment
  scenes           jsonb NOT NULL DEFAULT '[]',
  -- tasking: the predicted pass (times, satellite, look geometry, footprint)
  pass             jsonb,
  -- filled by fulfilment (issue 14): the package, its size and the link's expiry, and the
  -- reasons a pass was not shot (spec 001 §2 shooting-process list)
  package_key      text,
  package_bytes    bigint,
  package_expires_at timestamptz,
  not_shot_reasons jsonb NOT NULL DEFAULT '[]',
  updated_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (order_id, position),
  CHECK (scene_id IS NOT NULL OR pass IS NOT NULL)
);
-- fulfilment's work list: the terms in a given state
CREATE INDEX order_terms_state_idx ON order_terms (state, order_id);

-- Idempotency of order submits: one row per key and user, written first in the order's
-- transaction, so a concurrent identical submit waits on the unique index and then reads the
-- stored answer instead of ordering twice.
CREATE TABLE order_submissions (
  id              bigserial PRIMARY KEY,
  user_id         integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  idempotency_key text NOT NULL CHECK (char_length(idempotency_key) BETWEEN 1 AND 100),
  -- the kind of order submitted: a key reused for another kind is a client error, not a repeat
  kind            smallint NOT NULL CHECK (kind IN (1, 4)),
  -- the order success response; set before the transaction commits, so never seen empty
  response        jsonb,
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, idempotency_key)
);

-- End-user companies a reseller orders for (spec 001 §3 company list): the requester block's
-- look-up offers them again; one entry per company name in an organisation.
CREATE TABLE end_user_companies (
  id          serial PRIMARY KEY,
  org_id      integer NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  company     text NOT NULL CHECK (char_length(btrim(company)) > 0),
  contact     text NOT NULL DEFAULT '',
  application text NOT NULL DEFAULT '',
  email       text NOT NULL DEFAULT '',
  address     text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX end_user_companies_org_name_key ON end_user_companies (org_id, lower(company));
