-- AOI subscriptions, the arrivals of new scenes they are matched against, their mails, the living
-- archive's progress, and notices (issue 16).

CREATE TABLE subscriptions (
  id              serial PRIMARY KEY,
  user_id         integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name            text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 50),
  aoi_name        text NOT NULL,
  -- the saved AOI it was made from; no foreign key: deleting the AOI later keeps the subscription
  aoi_id          integer,
  -- the AOI as sent (GeoJSON, echoed as `boundaries`) and its union split at ±180°
  boundaries      jsonb NOT NULL,
  aoi             geography(MultiPolygon, 4326) NOT NULL,
  aoi_area_km2    double precision NOT NULL CHECK (aoi_area_km2 > 0),
  -- the window, UTC days, inclusive
  fdate           date NOT NULL,
  tdate           date NOT NULL,
  -- the condition as columns, for the set-based matching (the jsonb below is what the centre shows)
  max_cloud_cover   double precision NOT NULL,
  min_coverage      double precision NOT NULL,
  max_off_nadir     double precision NOT NULL,
  -- 0: no limit (spec's "solar angle, at least"), else the sun zenith must be ≤ 90 − this
  min_sun_elevation double precision NOT NULL,
  orbit           smallint NOT NULL DEFAULT 0 CHECK (orbit IN (0, 1, 2)),
  qualities       text[] NOT NULL,
  sat_ids         integer[] NOT NULL,
  sensor_type     smallint,
  resolution_ids  integer[] NOT NULL DEFAULT '{}',
  stereo_mode     text,
  bands           text[] NOT NULL DEFAULT '{}',
  condition       jsonb NOT NULL,
  sensor          jsonb NOT NULL DEFAULT '{}',
  -- spec `nums` and `imageTime`: matched scenes so far, the newest acquisition among them
  nums            integer NOT NULL DEFAULT 0,
  image_time      timestamptz,
  -- when a match last changed this subscription (the list's lastUpdateTime)
  matched_at      timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  CHECK (fdate <= tdate)
);
CREATE INDEX subscriptions_user_idx ON subscriptions (user_id, created_at DESC);
-- matching joins the batch of new scenes to the subscriptions whose AOI they touch
CREATE INDEX subscriptions_aoi_idx ON subscriptions USING gist ((aoi::geometry));
CREATE INDEX subscriptions_tdate_idx ON subscriptions (tdate);

-- Which scenes each subscription matched: the key makes matching idempotent.
CREATE TABLE subscription_matches (
  subscription_id integer NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  scene_id        text NOT NULL REFERENCES scenes (id) ON DELETE CASCADE,
  -- the scene's share of the AOI, %, when it matched
  coverage        double precision NOT NULL,
  matched_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (subscription_id, scene_id)
);

-- New scenes waiting to be matched, whatever wrote them (simulator, living archive, STAC ingest,
-- tasking captures): the trigger below notes every inserted row (an upsert that updates a known
-- scene adds none). Matching deletes the rows it took in the transaction that records their
-- matches, so each arrival is matched exactly once, and a crash rolls both back together.
-- A queue table rather than a sequence cursor: sequence numbers are taken at insert and become
-- visible at commit, in another order, so a cursor could pass over a scene still uncommitted.
CREATE TABLE scene_arrivals (
  scene_id   text PRIMARY KEY REFERENCES scenes (id) ON DELETE CASCADE,
  arrived_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION note_scene_arrivals() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO scene_arrivals (scene_id) SELECT id FROM arrived ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

-- Statement level with a transition table: one insert per batch of scenes, not one per row. For
-- INSERT … ON CONFLICT DO UPDATE the INSERT trigger's transition table holds the inserted rows only.
CREATE TRIGGER scenes_arrivals AFTER INSERT ON scenes
  REFERENCING NEW TABLE AS arrived
  FOR EACH STATEMENT EXECUTE FUNCTION note_scene_arrivals();

-- One mail per subscription per matching batch: written with the matches, sent by a job, marked
-- sent after (at least once: a crash between sending and marking sends it again).
CREATE TABLE subscription_mails (
  id              bigserial PRIMARY KEY,
  subscription_id integer NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  -- the scenes of this batch the mail announces
  scene_ids       text[] NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  sent_at         timestamptz
);
CREATE INDEX subscription_mails_unsent_idx ON subscription_mails (id) WHERE sent_at IS NULL;

-- The red dot of the subscription centre (spec 000 §2): set by a match, cleared by opening it.
ALTER TABLE users ADD COLUMN subscriptions_unread boolean NOT NULL DEFAULT false;

-- A subscription's matched scenes answer like a search (a taskId the cart and ordering use).
ALTER TABLE archive_searches DROP CONSTRAINT archive_searches_kind_check;
ALTER TABLE archive_searches ADD CONSTRAINT archive_searches_kind_check
  CHECK (kind IN ('aoi', 'ids', 'subscription'));

-- The living archive (demo provider): how far the simulated archive reaches, with the density and
-- seed it was made with, so each extension generates exactly the scenes the whole window would.
CREATE TABLE living_archive (
  id            boolean PRIMARY KEY DEFAULT true CHECK (id),
  density       double precision NOT NULL CHECK (density > 0 AND density <= 1),
  seed          integer NOT NULL,
  simulated_to  timestamptz NOT NULL,
  updated_at    timestamptz NOT NULL DEFAULT now()
);

-- Notices (spec 000 §2 "Notice dialog", §3): published by the operator to everyone or to one
-- organisation; read per user.
CREATE TABLE notices (
  id           serial PRIMARY KEY,
  -- 0 Notification, 1 System Upgrade Notification, 2 Website Maintenance in process, 3 New Feature Released
  type         smallint NOT NULL CHECK (type IN (0, 1, 2, 3)),
  title        text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  content      text NOT NULL CHECK (char_length(content) <= 10000),
  -- null: every user
  org_id       integer REFERENCES organisations (id) ON DELETE CASCADE,
  published_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notices_published_idx ON notices (published_at DESC);

CREATE TABLE notice_reads (
  notice_id integer NOT NULL REFERENCES notices (id) ON DELETE CASCADE,
  user_id   integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  read_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, notice_id)
);
