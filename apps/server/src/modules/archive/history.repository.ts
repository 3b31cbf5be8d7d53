import { Limits } from '@satportal/contract';
import type { Queryable } from '../../db/database';

export interface ArchiveHistoryRow {
  id: number;
  entry: unknown;
  searched_at: Date;
}

export interface AoiHistoryRow {
  id: number;
  name: string | null;
  geometry: unknown;
  area_km2: number;
  last_query_at: Date;
}

export interface AoiHistoryInput {
  name: string | null;
  geometry: unknown;
  areaKm2: number;
  key: string;
}

/** SQL of the archive search history and the AOI search history (spec 001 §2): 10 per user. */
export class HistoryRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Adds a search (or moves the same one to the top) and keeps the newest entries only. The
   * statement's scans see the table as it was before the insert, hence "the others".
   */
  async recordArchiveSearch(userId: number, entry: unknown, key: string): Promise<void> {
    await this.db.query(
      `WITH added AS (
         INSERT INTO archive_search_history (user_id, entry, entry_key) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, entry_key) DO UPDATE SET searched_at = now(), entry = EXCLUDED.entry
         RETURNING id
       )
       DELETE FROM archive_search_history h
        WHERE h.user_id = $1
          AND h.id NOT IN (SELECT id FROM added)
          AND h.id NOT IN (SELECT id FROM archive_search_history
                            WHERE user_id = $1 AND id NOT IN (SELECT id FROM added)
                            ORDER BY searched_at DESC, id DESC LIMIT $4 - 1)`,
      [userId, JSON.stringify(entry), key, Limits.historyEntries],
    );
  }

  async listArchiveSearches(userId: number): Promise<ArchiveHistoryRow[]> {
    const { rows } = await this.db.query<ArchiveHistoryRow>(
      `SELECT id, entry, searched_at FROM archive_search_history WHERE user_id = $1
        ORDER BY searched_at DESC, id DESC LIMIT $2`,
      [userId, Limits.historyEntries],
    );
    return rows;
  }

  async clearArchiveSearches(userId: number): Promise<void> {
    await this.db.query('DELETE FROM archive_search_history WHERE user_id = $1', [userId]);
  }

  /** Records the AOIs of a search (at most 10; the same AOI again only updates its name and time). */
  async recordAois(userId: number, aois: AoiHistoryInput[]): Promise<void> {
    if (!aois.length) return;
    await this.db.query(
      `WITH added AS (
         INSERT INTO aoi_search_history (user_id, name, geometry, area_km2, aoi_key)
         SELECT $1, x.name, x.geometry, x."areaKm2", x.key
           FROM jsonb_to_recordset($2::jsonb) AS x(name text, geometry jsonb, "areaKm2" float8, key text)
         ON CONFLICT (user_id, aoi_key) DO UPDATE
            SET last_query_at = now(), name = COALESCE(EXCLUDED.name, aoi_search_history.name)
         RETURNING id
       )
       DELETE FROM aoi_search_history h
        WHERE h.user_id = $1
          AND h.id NOT IN (SELECT id FROM added)
          AND h.id NOT IN (SELECT id FROM aoi_search_history
                            WHERE user_id = $1 AND id NOT IN (SELECT id FROM added)
                            ORDER BY last_query_at DESC, id DESC
                            LIMIT greatest($3 - (SELECT count(*) FROM added), 0))`,
      [userId, JSON.stringify(aois), Limits.historyEntries],
    );
  }

  async listAois(userId: number): Promise<AoiHistoryRow[]> {
    const { rows } = await this.db.query<AoiHistoryRow>(
      `SELECT id, name, geometry, area_km2, last_query_at FROM aoi_search_history WHERE user_id = $1
        ORDER BY last_query_at DESC, id DESC LIMIT $2`,
      [userId, Limits.historyEntries],
    );
    return rows;
  }

  async clearAois(userId: number): Promise<void> {
    await this.db.query('DELETE FROM aoi_search_history WHERE user_id = $1', [userId]);
  }
}
