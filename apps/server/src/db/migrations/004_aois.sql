-- Saved areas and points (issue 4): per user, the AOI tree under "My AOIs" (folders and AOIs)
-- and the POIs under "My POIs" (spec 001 §2, §3).

CREATE TABLE aoi_nodes (
  id          serial PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- NULL only for the two roots; the parent is always a node of the same user (foreign key
  -- below), and deleting a folder deletes what it holds
  parent_id   integer,
  -- 'aois': "My AOIs" with folders and AOIs; 'pois': "My POIs" with its points
  tree        text NOT NULL CHECK (tree IN ('aois', 'pois')),
  kind        text NOT NULL CHECK (kind IN ('root', 'folder', 'aoi', 'poi')),
  name        text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 50),
  -- the roots: never moved, renamed, exported or deleted (spec 001 §2, §6)
  readonly    boolean NOT NULL DEFAULT false,
  sort_order  integer NOT NULL DEFAULT 0,
  -- As given (GeoJSON semantics: straight edges in longitude/latitude), outer rings
  -- counter-clockwise, every longitude within ±180 (a shape crossing the antimeridian is
  -- stored split at it). Polygon or MultiPolygon for an AOI, Point for a POI.
  geom        geography(Geometry, 4326),
  -- geodesic area of an AOI, measured on the edges densified to 0.1° (as migration 003 does)
  area_km2    double precision,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (id, user_id),
  FOREIGN KEY (parent_id, user_id) REFERENCES aoi_nodes (id, user_id) ON DELETE CASCADE,
  CHECK ((kind = 'root') = (parent_id IS NULL)),
  CHECK (kind = 'root' OR (kind = 'poi') = (tree = 'pois')),
  CHECK ((kind IN ('aoi', 'poi')) = (geom IS NOT NULL)),
  CHECK ((kind = 'aoi') = (area_km2 IS NOT NULL)),
  CHECK (kind <> 'aoi' OR GeometryType(geom::geometry) IN ('POLYGON', 'MULTIPOLYGON')),
  CHECK (kind <> 'poi' OR GeometryType(geom::geometry) = 'POINT')
);

-- one "My AOIs" and one "My POIs" per user
CREATE UNIQUE INDEX aoi_nodes_root_key ON aoi_nodes (user_id, tree) WHERE kind = 'root';
CREATE INDEX aoi_nodes_parent_idx ON aoi_nodes (user_id, parent_id, sort_order);
-- the "time" call intersects AOIs with scene footprints on the longitude/latitude plane
CREATE INDEX aoi_nodes_geom_idx ON aoi_nodes USING gist ((geom::geometry));

-- The stored form of a shape given as GeoJSON (already checked part by part): parts of one
-- feature that overlap are dissolved into one (a MultiPolygon's parts must not overlap), parts
-- beyond ±180° (a wrapped world map) are brought back and split at the antimeridian, outer
-- rings made counter-clockwise (RFC 7946 §3.1.6). Positions are otherwise kept exactly.
CREATE FUNCTION aoi_shape(geojson text) RETURNS geometry
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT ST_ForcePolygonCCW(CASE WHEN GeometryType(w) = 'POINT' THEN w ELSE ST_CollectionExtract(w, 3) END)
      FROM (SELECT ST_WrapX(ST_WrapX(m, 180, -360), -180, 360) AS w
              FROM (SELECT CASE WHEN ST_IsValid(g) THEN g
                                ELSE (SELECT ST_Union(d.geom) FROM ST_Dump(g) AS d) END AS m
                      FROM (SELECT ST_SetSRID(ST_GeomFromGeoJSON(geojson), 4326) AS g) AS parsed) AS merged) AS wrapped
  $$;
