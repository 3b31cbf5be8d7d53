-- HD mosaic tiles are cached by year and tile (issue 15), and the living archive (issue 16) keeps
-- adding scenes: a cached tile must be painted again once a new scene lies under it, and only then.
-- Every insert of optical scenes notes, per UTC year, the zoom-6 cells (the 64 × 64 Web Mercator
-- tiles) its footprints' boxes meet; a cached tile's key carries the change marks of the cells it
-- shows (modules/tiles/hd), so the tiles elsewhere stay cached.
CREATE TABLE hd_mosaic_cells (
  year       integer NOT NULL,
  -- x * 64 + y of the zoom-6 tile
  cell       integer NOT NULL CHECK (cell BETWEEN 0 AND 4095),
  changed_at timestamptz NOT NULL,
  PRIMARY KEY (year, cell)
);

CREATE FUNCTION note_hd_mosaic_cells() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  -- Footprints are split at ±180°, so a box never wraps; latitudes beyond Web Mercator's ±85.05°
  -- fall in its first and last rows.
  INSERT INTO hd_mosaic_cells (year, cell, changed_at)
  SELECT DISTINCT c.year, x * 64 + y, now()
    FROM (SELECT extract(year FROM a.acquired_at AT TIME ZONE 'UTC')::int AS year,
                 ST_XMin(a.footprint::geometry) AS w, ST_XMax(a.footprint::geometry) AS e,
                 radians(greatest(-85.0511, ST_YMin(a.footprint::geometry))) AS s,
                 radians(least(85.0511, ST_YMax(a.footprint::geometry))) AS n
            FROM arrived a WHERE a.sensor_type = 1) c,
         generate_series(greatest(0, floor((c.w + 180) / 360 * 64)::int),
                         least(63, floor((c.e + 180) / 360 * 64)::int)) x,
         generate_series(greatest(0, floor((1 - ln(tan(c.n) + 1 / cos(c.n)) / pi()) / 2 * 64)::int),
                         least(63, floor((1 - ln(tan(c.s) + 1 / cos(c.s)) / pi()) / 2 * 64)::int)) y
  ON CONFLICT (year, cell) DO UPDATE SET changed_at = EXCLUDED.changed_at;
  RETURN NULL;
END $$;

CREATE TRIGGER scenes_hd_mosaic_cells AFTER INSERT ON scenes
  REFERENCING NEW TABLE AS arrived
  FOR EACH STATEMENT EXECUTE FUNCTION note_hd_mosaic_cells();
