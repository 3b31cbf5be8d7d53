import type { ArchiveSortKey, ProductQuality } from '@satportal/contract';
import type { Queryable } from '../../db/database';
import { Params, type WritingCtes } from '../../db/params';
import { type Overlay, snappedOverlay } from '../areas';
import type { SceneAssets } from '../scenes/scenes.repository';
import {
  firstPageQuery,
  type PagePosition,
  pageQuery,
  type SceneFilter,
  type SearchArea,
  type SearchCursor,
  type SearchSort,
  sampledCoverageQuery,
  sceneColumns,
  unionInNodeMax,
} from './archive.queries';
import type { CoverageSample } from './coverage/coverage-sample';

export interface SceneRow {
  id: string;
  satellite_id: number;
  satellite_name: string;
  category: string;
  acquired_at: Date;
  /** GeoJSON MultiPolygon of the stored (split) footprint. */
  footprint: { type: 'MultiPolygon'; coordinates: number[][][][] };
  orbit_direction: 1 | 2;
  sensor_type: number;
  bands: string[];
  stereo_mode: string;
  product_quality: ProductQuality;
  cloud_cover: number | null;
  off_nadir: number | null;
  sun_zenith: number | null;
  gsd: number;
  resolution_id: number;
  area_km2: number;
  assets: Partial<SceneAssets>;
  provenance: 'real' | 'simulated';
  /**
   * Share of the AOI covered, %, unrounded; null without an AOI. The archive search computes
   * it in Node (`coverage/`), subscriptions store it with each match.
   */
  coverage: number | null;
  /** The sort value as text, for the cursor (exact for timestamps and floats). */
  sort_value: string;
}

export interface SearchRow {
  id: string;
  user_id: number;
  /** 'subscription': a subscription's items, stored by the subscriptions module */
  kind: 'aoi' | 'ids' | 'subscription';
  request: unknown;
  aoi: string | null;
  aoi_geometry: { type: 'MultiPolygon'; coordinates: number[][][][] } | null;
  aoi_area_km2: number | null;
  sort_key: ArchiveSortKey;
  sort_desc: boolean;
  match_count: number;
  coverage: number | null;
  cursor: SearchCursor | null;
  created_at: Date;
}

export interface NewSearch {
  id: string;
  userId: number;
  kind: 'aoi' | 'ids';
  request: unknown;
  aoi: string | null;
  aoiAreaKm2: number | null;
  sort: SearchSort;
  matchCount: number;
  coverage: number | null;
  cursor: SearchCursor | null;
  createdAt: Date;
}

/** SQL of archive searches: the matching scenes, their coverage, and the stored searches. */
export class ArchiveRepository {
  constructor(
    private readonly db: Queryable,
    private readonly overlay: Overlay = snappedOverlay,
    /** Past this many matches the union's coverage is estimated (lower in a test of that path). */
    private readonly unionInNodeLimit = unionInNodeMax,
  ) {}

  /**
   * The first page of a search with its summary, in one statement that reads the matches once:
   * how many scenes match, the page, and up to `unionInNodeLimit` matches the other matches'
   * footprints for the union's coverage.
   */
  async firstPage(
    area: SearchArea,
    filter: SceneFilter,
    sort: SearchSort,
    length: number,
    offset: number,
  ): Promise<FirstPage> {
    const q = firstPageQuery(area, filter, sort, length, offset, this.overlay, this.unionInNodeLimit);
    const { rows } = await this.db.query<
      SceneRow & {
        match_count: number;
        other_footprints: SceneRow['footprint'][] | null;
      }
    >(q.text, q.values);
    const summary = rows[0];
    if (!summary) throw new Error('the search answered no row');
    return {
      count: summary.match_count,
      complete: summary.match_count <= this.unionInNodeLimit,
      otherFootprints: summary.other_footprints ?? [],
      // Without a match the one row carries the summary only.
      rows: summary.id === null ? [] : rows,
    };
  }

  /** The km² of a coverage sample some match covers (the union's coverage past `unionInNodeLimit` matches). */
  async coveredKm2(area: SearchArea, filter: SceneFilter, sample: CoverageSample): Promise<number> {
    const q = sampledCoverageQuery(area, filter, sample, this.overlay);
    const { rows } = await this.db.query<{ covered_km2: number }>(q.text, q.values);
    return rows[0]?.covered_km2 ?? 0;
  }

  /** One page in the search's order; continues after `after` when given, else skips `offset` rows. */
  async page(
    area: SearchArea,
    filter: SceneFilter,
    sort: SearchSort,
    length: number,
    position: PagePosition,
  ): Promise<SceneRow[]> {
    const q = pageQuery(area, filter, sort, length, position, this.overlay);
    const { rows } = await this.db.query<SceneRow>(q.text, q.values);
    return rows;
  }

  /** The scenes of the given ids that exist. */
  async findScenes(ids: string[]): Promise<SceneRow[]> {
    const { rows } = await this.db.query<SceneRow>(
      `SELECT ${sceneColumns}, NULL::float8 AS coverage, s.acquired_at::text AS sort_value
         FROM scenes s
         JOIN satellites sat ON sat.id = s.satellite_id
         JOIN satellite_groups g ON g.id = sat.group_id
        WHERE s.id = ANY($1::text[])`,
      [ids],
    );
    return rows;
  }

  /**
   * Stores a search, with the other writes of the same search (its history entries) in the
   * same statement: one round trip and one commit. Without a synchronous flush: a crash may
   * lose the last milliseconds of search records, never an order or a payment.
   */
  async insertSearch(s: NewSearch, alsoWrite: WritingCtes = () => []): Promise<void> {
    const p = new Params();
    const values = [
      p.add(s.id),
      p.add(s.userId),
      p.add(s.kind),
      p.add(JSON.stringify(s.request), '::jsonb'),
      p.add(s.aoi, '::geometry::geography'),
      p.add(s.aoiAreaKm2, '::float8'),
      p.add(s.sort.key),
      p.add(s.sort.desc),
      p.add(s.matchCount, '::int'),
      p.add(s.coverage, '::float8'),
      p.add(s.cursor && JSON.stringify(s.cursor), '::jsonb'),
      p.add(s.createdAt, '::timestamptz'),
    ];
    const ctes = [
      "durability AS (SELECT set_config('synchronous_commit', 'off', true) AS setting)",
      ...alsoWrite(p),
    ];
    await this.db.query(
      `WITH ${ctes.join(',\n')}
       INSERT INTO archive_searches (id, user_id, kind, request, aoi, aoi_area_km2, sort_key, sort_desc,
                                     match_count, coverage, cursor, created_at)
       SELECT ${values.join(', ')} FROM durability`,
      p.values,
    );
  }

  /** A search of this user (another user's search is not found). */
  findSearch(id: string, userId: number): Promise<SearchRow | undefined> {
    return this.oneSearch('id = $1 AND user_id = $2', [id, userId]);
  }

  /** The user's latest archive search, by criteria or scene ids (archive_searches_user_idx). */
  latestSearch(userId: number): Promise<SearchRow | undefined> {
    return this.oneSearch("user_id = $1 AND kind IN ('aoi', 'ids') ORDER BY created_at DESC LIMIT 1", [
      userId,
    ]);
  }

  private async oneSearch(where: string, values: unknown[]): Promise<SearchRow | undefined> {
    const { rows } = await this.db.query<SearchRow>(
      `SELECT id, user_id, kind, request, encode(ST_AsEWKB(aoi::geometry), 'hex') AS aoi,
              ST_AsGeoJSON(aoi::geometry)::json AS aoi_geometry, aoi_area_km2,
              sort_key, sort_desc, match_count, coverage, cursor, created_at
         FROM archive_searches WHERE ${where}`,
      values,
    );
    return rows[0];
  }

  async updateCursor(id: string, cursor: SearchCursor | null): Promise<void> {
    await this.db.query('UPDATE archive_searches SET cursor = $2 WHERE id = $1', [
      id,
      cursor && JSON.stringify(cursor),
    ]);
  }

  /** Searches are kept for a while for "get more" and the calls that refer to a taskId. */
  async purgeSearchesBefore(before: Date): Promise<number> {
    const r = await this.db.query('DELETE FROM archive_searches WHERE created_at < $1', [before]);
    return r.rowCount ?? 0;
  }
}

export interface FirstPage {
  count: number;
  /** Whether every match's footprint came (the page's and `otherFootprints`): no more than `unionInNodeLimit`. */
  complete: boolean;
  /** The footprints of the matches outside the page (up to `unionInNodeMax` matches). */
  otherFootprints: SceneRow['footprint'][];
  rows: SceneRow[];
}
