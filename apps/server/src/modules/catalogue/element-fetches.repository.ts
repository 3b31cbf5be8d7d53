import type pg from 'pg';
import { inTransaction } from '../../db/database';

export type FetchTrigger = 'schedule' | 'operator';
export type FetchOutcome = 'running' | 'ok' | 'partial' | 'failed';

export interface FetchRow {
  id: number;
  trigger: FetchTrigger;
  started_at: Date;
  finished_at: Date | null;
  outcome: FetchOutcome;
  problem: string | null;
  error: string | null;
  sources: SourceReport[];
  stored: number;
  satellites: number;
}

/** What one source of a fetch gave (kept as JSON with the attempt, shown by the CLI). */
export interface SourceReport {
  url: string;
  format: string | null;
  status: number | null;
  /** Valid element sets in the answer (any satellite). */
  read: number;
  /** Entries refused: malformed, out of range, looking wrong. */
  rejected: number;
  /** Valid sets of satellites of the catalogue, offered for storing. */
  ours: number;
  problem: string | null;
  error: string | null;
}

export interface SatelliteAgeRow {
  satellite_id: number;
  name: string;
  norad_id: number;
  altitude_km: number;
  epoch: Date | null;
  source_file: string | null;
  fetched_at: Date | null;
}

export interface Finish {
  outcome: Exclude<FetchOutcome, 'running'>;
  problem: string | null;
  error: string | null;
  sources: SourceReport[];
  stored: number;
  satellites: number;
}

/** Attempts kept for the operator; older ones go when a fetch finishes. */
const keptAttempts = 200;

const fetchColumns =
  'id::int, trigger, started_at, finished_at, outcome, problem, error, sources, stored, satellites';

/** SQL of the fetch attempts (the claim, the record) and of each satellite's newest elements. */
export class ElementFetchesRepository {
  constructor(private readonly pool: pg.Pool) {}

  /**
   * Starts an attempt unless one runs or (a scheduled one) it is not due: a row left running
   * longer than the lease (its process was killed) is closed as interrupted first. The partial
   * unique index makes two claims at once leave one row; the due test reads the latest attempt in
   * the same statement, so a claim right after another's finish sees it. Answers the id, or null.
   */
  async claim(options: {
    trigger: FetchTrigger;
    now: Date;
    leaseSeconds: number;
    /** Scheduled: the seconds to wait after a successful and after a failed attempt. */
    due?: { afterSuccessSeconds: number; afterFailureSeconds: number };
  }): Promise<number | null> {
    return inTransaction(this.pool, async (client) => {
      await client.query(
        `UPDATE orbital_element_fetches
            SET outcome = 'failed', problem = 'interrupted', finished_at = $1,
                error = 'the process ended before the fetch finished'
          WHERE outcome = 'running' AND started_at < $1::timestamptz - $2 * interval '1 second'`,
        [options.now, options.leaseSeconds],
      );
      const { rows } = await client.query<{ id: number }>(
        `INSERT INTO orbital_element_fetches (trigger, started_at)
         SELECT $2, $1
          WHERE $3::float8 IS NULL OR NOT EXISTS (
                SELECT 1 FROM (SELECT started_at, outcome FROM orbital_element_fetches
                                ORDER BY started_at DESC, id DESC LIMIT 1) last
                 WHERE last.started_at > $1::timestamptz - interval '1 second' *
                       CASE WHEN last.outcome IN ('ok', 'partial') THEN $3::float8 ELSE $4::float8 END)
         ON CONFLICT DO NOTHING
         RETURNING id::int`,
        [
          options.now,
          options.trigger,
          options.due?.afterSuccessSeconds ?? null,
          options.due?.afterFailureSeconds ?? null,
        ],
      );
      return rows[0]?.id ?? null;
    });
  }

  async finish(id: number, now: Date, f: Finish): Promise<void> {
    await this.pool.query(
      `UPDATE orbital_element_fetches
          SET outcome = $2, problem = $3, error = $4, sources = $5::jsonb, stored = $6, satellites = $7,
              finished_at = $8
        WHERE id = $1 AND outcome = 'running'`,
      [id, f.outcome, f.problem, f.error, JSON.stringify(f.sources), f.stored, f.satellites, now],
    );
    await this.pool.query(
      `DELETE FROM orbital_element_fetches WHERE outcome <> 'running' AND id NOT IN (
         SELECT id FROM orbital_element_fetches ORDER BY started_at DESC, id DESC LIMIT $1)`,
      [keptAttempts],
    );
  }

  /** The latest attempt, whatever its outcome. */
  async last(): Promise<FetchRow | undefined> {
    const { rows } = await this.pool.query<FetchRow>(
      `SELECT ${fetchColumns} FROM orbital_element_fetches ORDER BY started_at DESC, id DESC LIMIT 1`,
    );
    return rows[0];
  }

  /** The latest attempt that stored elements (ok or partial). */
  async lastSuccess(): Promise<FetchRow | undefined> {
    const { rows } = await this.pool.query<FetchRow>(
      `SELECT ${fetchColumns} FROM orbital_element_fetches WHERE outcome IN ('ok', 'partial')
        ORDER BY started_at DESC, id DESC LIMIT 1`,
    );
    return rows[0];
  }

  /** Every satellite of the catalogue with its newest element set (through the (norad_id, epoch) key). */
  async newestPerSatellite(): Promise<SatelliteAgeRow[]> {
    const { rows } = await this.pool.query<SatelliteAgeRow>(
      `SELECT s.id AS satellite_id, s.name, s.norad_id, s.altitude_km, e.epoch, e.source_file, e.fetched_at
         FROM satellites s
         LEFT JOIN LATERAL (
           SELECT epoch, source_file, fetched_at FROM orbital_elements o
            WHERE o.norad_id = s.norad_id ORDER BY epoch DESC LIMIT 1) e ON true
        ORDER BY s.sort_order, s.id`,
    );
    return rows;
  }
}
