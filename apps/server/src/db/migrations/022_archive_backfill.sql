-- The first demo start serves once the newest days of the simulated archive exist and fills the
-- rest of its three years in the background (issue 28 #9): where the archive's window begins and
-- how far back the scenes already reach. Both null: the whole window is there (every archive made
-- before this migration, and one whose filling has finished).
ALTER TABLE living_archive ADD COLUMN window_start timestamptz;
ALTER TABLE living_archive ADD COLUMN filled_from timestamptz;
