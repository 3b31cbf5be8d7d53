-- One index for place and time together (bench:search). With the spatial index alone, a 10°
-- AOI over 90 days at 1M scenes combined it with the date index (BitmapAnd): ~45,000 entries
-- of the date range read to keep ~400, then the heap rows; here each leaf entry carries its
-- acquisition time, so the dates are checked in the index and only matching rows are read.
-- GiST orders the tree by the first column, so spatial-only searches (STAC, quicklooks) use
-- it as they used the old one; btree_gist gives timestamptz its GiST operators.
CREATE EXTENSION IF NOT EXISTS btree_gist;
CREATE INDEX scenes_footprint_time_idx ON scenes USING gist ((footprint::geometry), acquired_at);
DROP INDEX scenes_footprint_idx;
