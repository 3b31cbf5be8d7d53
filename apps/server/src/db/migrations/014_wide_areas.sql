-- Issue 17: the world box can be searched, subscribed to and ordered. Geography reads a ring as
-- the smaller of the two regions it separates on the globe, so a region larger than half the
-- Earth (which always spans more than 180° of longitude) was measured as its complement: the
-- world box's gap in an order as 2 million km² instead of 508 million. A shape wider than 180°
-- is now measured in slices of 90° of longitude (clipped by box, which neither fails on nor
-- minds the invalid MultiPolygon of pieces meeting along meridians that stored search areas
-- are); anything narrower exactly as before.
CREATE OR REPLACE FUNCTION lonlat_area_km2(g geometry) RETURNS double precision
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT CASE WHEN ST_XMax(g) - ST_XMin(g) <= 180 THEN ST_Area(ST_Segmentize(g, 0.1)::geography) / 1e6
           ELSE (SELECT coalesce(sum(ST_Area(ST_Segmentize(
                          ST_ClipByBox2D(g, ST_MakeBox2D(ST_Point(w, -90), ST_Point(w + 90, 90))), 0.1)::geography)), 0) / 1e6
                   FROM generate_series(floor(ST_XMin(g) / 90)::int * 90, ceil(ST_XMax(g))::int, 90) w)
           END $$;
