-- The STAC API's sortby on eo:cloud_cover (issue 27): each page is a range of this index, with
-- the id as the tie-break as the page token carries it. A scene without cloud cover (radar, or
-- not published) sorts as 101 %, after every cloud cover, as PostgreSQL places NULLs; the
-- expression is the one modules/stac/sort-fields.ts `sortKeys` orders by.
CREATE INDEX scenes_cloud_sort_idx ON scenes ((coalesce(cloud_cover, 101)), id);
