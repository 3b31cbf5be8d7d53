import { Limits } from '@satportal/contract';
import type { Queryable } from '../../db/database';
import type { Params } from '../../db/params';

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

/**
 * Writes (as CTEs of the statement that stores the search) adding a search to its user's
 * archive search history, or moving the same one to the top, and keeping the newest entries
 * only. The statement's scans see the table as it was before the insert, hence "the others".
 * The entry gets the satellite groups of its `satIds` (in the catalogue's order) here, so that
 * a search needs no read of the catalogue.
 */
export function archiveHistoryWrites(
  p: Params,
  userId: number,
  entry: { satIds: number[] },
  key: string,
): string[] {
  const user = p.add(userId, '::int');
  const groups = `(SELECT coalesce(jsonb_agg(jsonb_build_object('category', x.category) ORDER BY x.sort_order, x.category), '[]')
                     FROM (SELECT DISTINCT g.sort_order, g.category
                             FROM satellites s JOIN satellite_groups g ON g.id = s.group_id
                            WHERE s.id = ANY(${p.add(entry.satIds, '::int[]')})) x)`;
  return [
    `archive_added AS (
       INSERT INTO archive_search_history (user_id, entry, entry_key)
       VALUES (${user}, ${p.add(JSON.stringify(entry), '::jsonb')} || jsonb_build_object('satGroups', ${groups}),
               ${p.add(key)})
       ON CONFLICT (user_id, entry_key) DO UPDATE SET searched_at = now(), entry = EXCLUDED.entry
       RETURNING id
     )`,
    keepNewest(
      p,
      'archive_trimmed',
      'archive_search_history',
      'archive_added',
      user,
      'searched_at DESC, id DESC',
    ),
  ];
}

/** Likewise for the AOIs of a search (at most 10; the same AOI again only updates its name and time). */
export function aoiHistoryWrites(p: Params, userId: number, aois: AoiHistoryInput[]): string[] {
  const user = p.add(userId, '::int');
  return [
    `aoi_added AS (
       INSERT INTO aoi_search_history (user_id, name, geometry, area_km2, aoi_key)
       SELECT ${user}, x.name, x.geometry, x."areaKm2", x.key
         FROM jsonb_to_recordset(${p.add(JSON.stringify(aois), '::jsonb')})
           AS x(name text, geometry jsonb, "areaKm2" float8, key text)
       ON CONFLICT (user_id, aoi_key) DO UPDATE
          SET last_query_at = now(), name = COALESCE(EXCLUDED.name, aoi_search_history.name)
       RETURNING id
     )`,
    keepNewest(p, 'aoi_trimmed', 'aoi_search_history', 'aoi_added', user, 'last_query_at DESC, id DESC'),
  ];
}

/**
 * A CTE keeping a user's newest entries of a history table: the ones just `added` and the
 * newest others, 10 in all.
 */
function keepNewest(
  p: Params,
  name: string,
  table: string,
  added: string,
  user: string,
  newestFirst: string,
) {
  return `${name} AS (
       DELETE FROM ${table} h
        WHERE h.user_id = ${user}
          AND h.id NOT IN (SELECT id FROM ${added})
          AND h.id NOT IN (SELECT id FROM ${table}
                            WHERE user_id = ${user} AND id NOT IN (SELECT id FROM ${added})
                            ORDER BY ${newestFirst}
                            LIMIT greatest(${p.add(Limits.historyEntries, '::int')} - (SELECT count(*) FROM ${added}), 0))
     )`;
}
