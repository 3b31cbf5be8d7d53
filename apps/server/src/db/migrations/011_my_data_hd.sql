-- HD mosaics (issue 15): the years of the optical archive and the scenes of a year under a tile.
-- The archive may hold a million scenes: the years are found by a skip scan down this index
-- (one index probe per year, newest first), never by grouping the whole table.
CREATE INDEX scenes_optical_acquired_idx ON scenes (acquired_at) WHERE sensor_type = 1;

-- My data needs no index of its own: it starts from the user's orders (orders_user_idx) and
-- their terms (order_terms' unique (order_id, position)).
