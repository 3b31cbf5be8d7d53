import type { Queryable } from '../../db/database';
import type { ElementSet } from './tle';

export interface OrbitalElementsRow {
  norad_id: number;
  epoch: Date;
  name: string;
  line1: string;
  line2: string;
  source_file: string;
  loaded_at: Date;
}

/** Element sets per statement: a whole CelesTrak catalogue stays a handful of short statements. */
const chunkSize = 1000;

const columns = 'norad_id, epoch, name, line1, line2, source_file, loaded_at';

/** SQL of orbital elements (TLE sets), kept for every epoch and joined to satellites by NORAD id. */
export class OrbitalElementsRepository {
  constructor(private readonly db: Queryable) {}

  /** Inserts the sets not yet known (same NORAD id and epoch); answers how many were new. */
  async insertNew(sets: ElementSet[], sourceFile: string): Promise<number> {
    let inserted = 0;
    for (let i = 0; i < sets.length; i += chunkSize) {
      const chunk = sets.slice(i, i + chunkSize).map((s) => ({
        noradId: s.noradId,
        epoch: s.epoch.toISOString(),
        name: s.name,
        line1: s.line1,
        line2: s.line2,
      }));
      const result = await this.db.query(
        `INSERT INTO orbital_elements (norad_id, epoch, name, line1, line2, source_file)
         SELECT x."noradId", x.epoch, x.name, x.line1, x.line2, $2
           FROM jsonb_to_recordset($1::jsonb)
                AS x("noradId" int, "epoch" timestamptz, "name" text, "line1" text, "line2" text)
         ON CONFLICT (norad_id, epoch) DO NOTHING`,
        [JSON.stringify(chunk), sourceFile],
      );
      inserted += result.rowCount ?? 0;
    }
    return inserted;
  }

  /**
   * Stores fetched sets: new ones with their source, known ones (same NORAD id and epoch) only
   * marked as delivered again at `fetchedAt`. Answers how many were new.
   */
  async storeFetched(sets: ElementSet[], source: string, fetchedAt: Date): Promise<number> {
    let inserted = 0;
    for (let i = 0; i < sets.length; i += chunkSize) {
      const chunk = sets.slice(i, i + chunkSize).map((s) => ({
        noradId: s.noradId,
        epoch: s.epoch.toISOString(),
        name: s.name,
        line1: s.line1,
        line2: s.line2,
      }));
      const { rows } = await this.db.query<{ inserted: boolean }>(
        `INSERT INTO orbital_elements (norad_id, epoch, name, line1, line2, source_file, fetched_at, loaded_at)
         SELECT x."noradId", x.epoch, x.name, x.line1, x.line2, $2, $3, $3
           FROM jsonb_to_recordset($1::jsonb)
                AS x("noradId" int, "epoch" timestamptz, "name" text, "line1" text, "line2" text)
         ON CONFLICT (norad_id, epoch) DO UPDATE SET fetched_at = EXCLUDED.fetched_at
         RETURNING (xmax = 0) AS inserted`,
        [JSON.stringify(chunk), source, fetchedAt],
      );
      inserted += rows.filter((r) => r.inserted).length;
    }
    return inserted;
  }

  /** Every stored set, for work over long windows (the simulator looks up elements per day in memory). */
  async all(): Promise<ElementSet[]> {
    const { rows } = await this.db.query<OrbitalElementsRow>(
      `SELECT ${columns} FROM orbital_elements ORDER BY norad_id, epoch`,
    );
    return rows.map((r) => ({
      noradId: r.norad_id,
      name: r.name,
      epoch: r.epoch,
      line1: r.line1,
      line2: r.line2,
      lineNumber: 0,
    }));
  }

  /** Those of the NORAD ids that no satellite of the catalogue carries. */
  async noradIdsOutsideCatalogue(noradIds: number[]): Promise<number[]> {
    const { rows } = await this.db.query<{ norad_id: number }>(
      `SELECT DISTINCT n AS norad_id FROM unnest($1::int[]) AS n
        WHERE NOT EXISTS (SELECT 1 FROM satellites s WHERE s.norad_id = n)
        ORDER BY 1`,
      [noradIds],
    );
    return rows.map((r) => r.norad_id);
  }

  /**
   * The element set of a NORAD id whose epoch is nearest the instant: the latest
   * one at or before it and the first one after it, each found through the
   * (norad_id, epoch) index, then the closer of the two (the earlier on a tie).
   */
  async nearest(noradId: number, at: Date): Promise<OrbitalElementsRow | undefined> {
    const { rows } = await this.db.query<OrbitalElementsRow>(nearestSql('$1::int'), [noradId, at]);
    return rows[0];
  }

  /** The same for a satellite of the catalogue (the pass predictor works with satellite ids). */
  async nearestForSatellite(satelliteId: number, at: Date): Promise<OrbitalElementsRow | undefined> {
    const { rows } = await this.db.query<OrbitalElementsRow>(
      nearestSql('(SELECT norad_id FROM satellites WHERE id = $1)'),
      [satelliteId, at],
    );
    return rows[0];
  }

  /** The same for several satellites at once: a row per satellite that has elements. */
  async nearestForSatellites(
    satelliteIds: number[],
    at: Date,
  ): Promise<(OrbitalElementsRow & { satellite_id: number })[]> {
    const { rows } = await this.db.query<OrbitalElementsRow & { satellite_id: number }>(
      `SELECT s.id AS satellite_id, n.* FROM satellites s
         CROSS JOIN LATERAL (${nearestSql('s.norad_id')}) n
        WHERE s.id = ANY($1::int[])`,
      [satelliteIds, at],
    );
    return rows;
  }
}

const nearestSql = (noradId: string) => `
  SELECT ${columns} FROM (
    (SELECT ${columns} FROM orbital_elements
      WHERE norad_id = ${noradId} AND epoch <= $2 ORDER BY epoch DESC LIMIT 1)
    UNION ALL
    (SELECT ${columns} FROM orbital_elements
      WHERE norad_id = ${noradId} AND epoch > $2 ORDER BY epoch ASC LIMIT 1)
  ) e
  ORDER BY abs(extract(epoch FROM e.epoch - $2::timestamptz)), e.epoch
  LIMIT 1`;
