-- Orbital elements that stay fresh (issue 28): elements fetched from a configured source in
-- CelesTrak's GP formats, and a record of every fetch attempt.

-- When a fetch last delivered this element set (null: loaded from a file). The set itself is
-- kept once per NORAD id and epoch as before; source_file names the source's URL for fetched sets.
ALTER TABLE orbital_elements ADD COLUMN fetched_at timestamptz;

-- One row per attempt. A failed or malformed fetch stores no elements, so the previous set stays
-- in use; the row says what went wrong. The unique index on the running row is the claim: one
-- fetch at a time across every process on the database, and a row left running by a killed
-- process is marked interrupted by the next claim once its lease is over.
CREATE TABLE orbital_element_fetches (
  id          bigserial PRIMARY KEY,
  trigger     text NOT NULL CHECK (trigger IN ('schedule', 'operator')),
  started_at  timestamptz NOT NULL,
  finished_at timestamptz,
  outcome     text NOT NULL DEFAULT 'running' CHECK (outcome IN ('running', 'ok', 'partial', 'failed')),
  problem     text,
  error       text,
  -- Per source: url, format, HTTP status, sets read, entries refused, sets of our satellites, problem.
  sources     jsonb NOT NULL DEFAULT '[]',
  stored      integer NOT NULL DEFAULT 0,
  satellites  integer NOT NULL DEFAULT 0
);

CREATE UNIQUE INDEX orbital_element_fetches_one_running
  ON orbital_element_fetches (outcome) WHERE outcome = 'running';
CREATE INDEX orbital_element_fetches_started ON orbital_element_fetches (started_at DESC, id DESC);
