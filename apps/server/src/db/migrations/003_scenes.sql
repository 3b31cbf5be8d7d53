-- Scenes of the archive, the searches made over them and the users' search histories (issue 3).

-- Footprints and AOIs are GeoJSON: their edges are straight lines in longitude/latitude
-- (RFC 7946 §3.1.1), while PostGIS geography takes an edge as a great-circle arc. The two
-- differ by up to a few hundred metres on a 100 km edge, enough to make a scene covering
-- half an AOI measure 50.001 %. Areas are therefore measured after densifying every edge to
-- 0.1° (≈ 11 km), which makes both readings agree to a few square metres; intersections and
-- unions are computed on the longitude/latitude plane, where the footprints are split at ±180°.
CREATE FUNCTION lonlat_area_km2(g geometry) RETURNS double precision
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT ST_Area(ST_Segmentize(g, 0.1)::geography) / 1e6 $$;

CREATE TABLE scenes (
  -- the provider's scene id (the STAC item id for ingested scenes)
  id               text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 200),
  satellite_id     integer NOT NULL REFERENCES satellites (id),
  -- UTC. For Sentinel-2 items the STAC `datetime` is the datatake start, the tile's overpass
  -- is 0–30 min later; it is kept as published.
  acquired_at      timestamptz NOT NULL,
  -- Split at the antimeridian: no part crosses ±180°, so the longitude/latitude plane is
  -- valid for intersections and unions everywhere but at the poles.
  footprint        geography(MultiPolygon, 4326) NOT NULL,
  -- spec `orbit`: 1 ascending, 2 descending
  orbit_direction  smallint NOT NULL CHECK (orbit_direction IN (1, 2)),
  sensor_type      smallint NOT NULL CHECK (sensor_type BETWEEN 1 AND 5),
  bands            text[] NOT NULL DEFAULT '{}',
  stereo_mode      text NOT NULL DEFAULT 'MONO' CHECK (stereo_mode IN ('MONO', 'STEREO', 'TRISTEREO')),
  product_quality  text NOT NULL CHECK (product_quality IN ('A', 'B')),
  -- NULL: not published or not applicable (radar cloud cover); a filter does not exclude it
  cloud_cover      double precision CHECK (cloud_cover BETWEEN 0 AND 100),
  off_nadir        double precision CHECK (off_nadir BETWEEN 0 AND 90),
  sun_zenith       double precision CHECK (sun_zenith BETWEEN 0 AND 180),
  gsd              double precision NOT NULL CHECK (gsd > 0),
  -- resolution class 1–5 of `gsd` (spec 000 §3), kept for the search filter
  resolution_id    smallint NOT NULL CHECK (resolution_id BETWEEN 1 AND 5),
  area_km2         double precision NOT NULL CHECK (area_km2 > 0),
  -- {quicklook: {href, type} | null, files: [{key, href, type, roles, title}]}
  assets           jsonb NOT NULL DEFAULT '{}',
  provenance       text NOT NULL CHECK (provenance IN ('real', 'simulated')),
  -- the original STAC properties of an ingested item; NULL for simulated scenes
  properties       jsonb,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

-- The spatial filter works on the longitude/latitude plane (see above), so its index is on
-- the geometry of the footprint; `&&` on a 2D box is also cheaper than geography's 3D one.
CREATE INDEX scenes_footprint_idx ON scenes USING gist ((footprint::geometry));
-- Date ranges and the default order (newest first, the id breaking ties); with the spatial
-- index the planner combines both (BitmapAnd) for large areas over narrow dates.
CREATE INDEX scenes_acquired_idx ON scenes (acquired_at, id);
CREATE INDEX scenes_satellite_idx ON scenes (satellite_id, acquired_at);

-- A search is kept under its taskId so that "get more" continues it (spec 000 §4) and later
-- calls (area calculation, ordering) can refer to it.
CREATE TABLE archive_searches (
  id           uuid PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- 'aoi': archive search by criteria; 'ids': scene-id search
  kind         text NOT NULL CHECK (kind IN ('aoi', 'ids')),
  request      jsonb NOT NULL,
  -- the union of the request's AOIs, split at ±180°
  aoi          geography(MultiPolygon, 4326),
  aoi_area_km2 double precision,
  sort_key     text NOT NULL,
  sort_desc    boolean NOT NULL,
  match_count  integer NOT NULL,
  -- percentage of the AOI covered by the union of all matching footprints
  coverage     double precision,
  -- where the last page ended: {start, key, id}; the next page continues from it
  cursor       jsonb,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX archive_searches_user_idx ON archive_searches (user_id, created_at);
CREATE INDEX archive_searches_created_idx ON archive_searches (created_at);

-- Archive search history (spec 001 §2 Histories): the last 10 searches of a user.
CREATE TABLE archive_search_history (
  id          bigserial PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- {condition, sensor, satIds, satGroups, aois}
  entry       jsonb NOT NULL,
  -- the same search repeated moves to the top instead of filling the list
  entry_key   text NOT NULL,
  searched_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, entry_key)
);

-- AOI search history (spec 001 §2 Histories): the last 10 AOIs a user searched.
CREATE TABLE aoi_search_history (
  id            bigserial PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name          text,
  -- the AOI as the user drew it (GeoJSON), and its geodesic area
  geometry      jsonb NOT NULL,
  area_km2      double precision NOT NULL,
  -- digest of the normalised geometry: the same AOI searched again updates its time
  aoi_key       text NOT NULL,
  last_query_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, aoi_key)
);

-- Files ingested at a start in demo mode, by content digest: a later start skips them.
CREATE TABLE ingested_files (
  name        text PRIMARY KEY,
  sha256      text NOT NULL,
  items       integer NOT NULL,
  rejected    integer NOT NULL,
  ingested_at timestamptz NOT NULL DEFAULT now()
);
