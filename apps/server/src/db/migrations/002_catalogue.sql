-- Satellite catalogue and orbital elements (issue 3). The rows of the default
-- constellation are written by the catalogue seed at every start, not here, so
-- that corrections to the published figures reach existing databases.

CREATE TABLE satellite_groups (
  id            serial PRIMARY KEY,
  -- spec `category`: the group's name as the search panel lists it
  category      text NOT NULL UNIQUE,
  -- resolution class 1–5 of the group's best sensor (spec 000 §3)
  resolution_id integer NOT NULL CHECK (resolution_id BETWEEN 1 AND 5),
  sort_order    integer NOT NULL DEFAULT 0
);

CREATE TABLE satellites (
  id                 serial PRIMARY KEY,
  -- the NORAD catalogue number links a satellite to its orbital elements
  norad_id           integer NOT NULL UNIQUE,
  name               text NOT NULL UNIQUE,
  group_id           integer NOT NULL REFERENCES satellite_groups (id),
  operator           text NOT NULL DEFAULT '',
  taskable           boolean NOT NULL DEFAULT false,
  status             text NOT NULL DEFAULT 'operational' CHECK (status IN ('operational', 'retired')),
  launch_date        date,
  altitude_km        double precision NOT NULL CHECK (altitude_km > 0),
  swath_km           double precision NOT NULL CHECK (swath_km > 0),
  max_off_nadir_deg  double precision NOT NULL CHECK (max_off_nadir_deg BETWEEN 0 AND 90),
  pan_gsd_m          double precision CHECK (pan_gsd_m > 0),
  ms_gsd_m           double precision CHECK (ms_gsd_m > 0),
  node               text CHECK (node IN ('descending', 'ascending')),
  node_local_time    text CHECK (node_local_time ~ '^[0-2][0-9]:[0-5][0-9]$'),
  sort_order         integer NOT NULL DEFAULT 0,
  updated_at         timestamptz NOT NULL DEFAULT now(),
  CHECK ((node IS NULL) = (node_local_time IS NULL)),
  -- a tasking order needs a satellite that still captures
  CHECK (NOT taskable OR status = 'operational')
);
CREATE INDEX satellites_group_idx ON satellites (group_id);

-- spec `cap.caps`: one row per sensor type of a satellite
CREATE TABLE satellite_capabilities (
  satellite_id        integer NOT NULL REFERENCES satellites (id) ON DELETE CASCADE,
  sensor_type         integer NOT NULL CHECK (sensor_type BETWEEN 1 AND 5),
  bands               text[] NOT NULL DEFAULT '{}',
  stereos             text[] NOT NULL DEFAULT '{}',
  polarisations       text[] NOT NULL DEFAULT '{}',
  max_resolution_m    double precision NOT NULL CHECK (max_resolution_m > 0),
  max_sht_period_days integer NOT NULL CHECK (max_sht_period_days > 0),
  PRIMARY KEY (satellite_id, sensor_type)
);

-- Every epoch of every loaded TLE is kept: passes and simulated scenes use the set
-- nearest their instant. Elements of satellites not (yet) in the catalogue are kept
-- too and join the catalogue by NORAD id, hence no foreign key.
CREATE TABLE orbital_elements (
  id          bigserial PRIMARY KEY,
  norad_id    integer NOT NULL,
  epoch       timestamptz NOT NULL,
  name        text NOT NULL DEFAULT '',
  line1       text NOT NULL CHECK (length(line1) = 69),
  line2       text NOT NULL CHECK (length(line2) = 69),
  source_file text NOT NULL,
  loaded_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (norad_id, epoch)
);
