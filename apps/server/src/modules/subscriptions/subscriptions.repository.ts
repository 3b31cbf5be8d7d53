import type { Aoi, ArchiveSortKey, SensorChoice, SubscriptionCondition } from '@satportal/contract';
import type pg from 'pg';
import { inTransaction } from '../../db/database';
import { Params } from '../../db/params';
import { sceneColumns, sortExpressions, unionCoverage } from '../archive/archive.queries';
import type { SceneRow } from '../archive/archive.repository';
import { type Overlay, snappedOverlay } from '../areas';

/** A subscription to store: as sent, plus the condition spelled out as the matcher's columns. */
export interface NewSubscription {
  userId: number;
  name: string;
  aoiName: string;
  aoiId: number | null;
  boundaries: Aoi;
  /** the AOI's union split at ±180° (EWKB hex) and its geodesic area */
  aoi: string;
  aoiAreaKm2: number;
  fdate: string;
  tdate: string;
  maxCloudCover: number;
  minCoverage: number;
  maxOffNadir: number;
  minSunElevation: number;
  orbit: 0 | 1 | 2;
  qualities: string[];
  satIds: number[];
  sensorType: number | null;
  resolutionIds: number[];
  stereoMode: string | null;
  bands: string[];
  condition: SubscriptionCondition;
  sensor: SensorChoice;
}

export interface SubscriptionRow {
  id: number;
  name: string;
  aoi_name: string;
  aoi_id: number | null;
  boundaries: Aoi;
  aoi_area_km2: number;
  fdate: string;
  tdate: string;
  condition: SubscriptionCondition;
  sensor: SensorChoice;
  sat_ids: number[];
  nums: number;
  image_time: Date | null;
  created_at: Date;
  user_email: string;
  sat_groups: { category: string; satIds: number[] }[];
}

export interface ListFilter {
  /** UTC today: a window ending before it has ended */
  today: string;
  ended: boolean;
  onlyNew: boolean;
  sort: { key: 'createTime' | 'imageTime'; desc: boolean };
  start: number;
  length: number;
}

export interface ListPage {
  rows: SubscriptionRow[];
  inProcess: number;
  ended: number;
  lastUpdateTime: Date | null;
}

/** What one subscription's items page reads: the AOI, the days and the moment its search began. */
export interface ItemsFilter {
  subscriptionId: number;
  /** inclusive start and exclusive end of acquisition, UTC; null: open */
  from: Date | null;
  to: Date | null;
  /** matches recorded after it are not listed: later pages of one taskId see the same list */
  snapshot: Date;
  sort: { key: ArchiveSortKey; desc: boolean };
}

/** The search row a subscription's items are answered with (kind 'subscription'). */
export interface ItemsSearch {
  id: string;
  request: ItemsSearchRequest;
  sort_key: ArchiveSortKey;
  sort_desc: boolean;
  match_count: number;
  coverage: number;
  created_at: Date;
}

/** The stored request: what the cart and ordering read (`aois`), and what continues the pages. */
export interface ItemsSearchRequest {
  aois: Aoi[];
  condition: SubscriptionCondition;
  satIds: number[];
  sensor: SensorChoice;
  subscriptionId: number;
  fromDate: string | null;
  toDate: string | null;
}

/** Columns of a `SubscriptionRow` over `subscriptions s` and `users u`. */
const subscriptionColumns = `
  s.id, s.name, s.aoi_name, s.aoi_id, s.boundaries, s.aoi_area_km2, s.fdate::text AS fdate,
  s.tdate::text AS tdate, s.condition, s.sensor, s.sat_ids, s.nums, s.image_time, s.created_at,
  u.email AS user_email,
  coalesce((SELECT json_agg(json_build_object('category', grouped.category, 'satIds', grouped.ids)
                            ORDER BY grouped.sort_order, grouped.category)
              FROM (SELECT g.category, g.sort_order, array_agg(sat.id ORDER BY sat.id) AS ids
                      FROM satellites sat JOIN satellite_groups g ON g.id = sat.group_id
                     WHERE sat.id = ANY(s.sat_ids)
                     GROUP BY g.id) grouped), '[]'::json) AS sat_groups`;

/** SQL of subscriptions: create (with the overlap rule), list, delete, items, the unread flag. */
export class SubscriptionsRepository {
  constructor(
    private readonly pool: pg.Pool,
    private readonly overlay: Overlay = snappedOverlay,
  ) {}

  /** Which of these satellite ids the catalogue knows. */
  async knownSatellites(ids: number[]): Promise<number[]> {
    const { rows } = await this.pool.query<{ id: number }>(
      'SELECT id FROM satellites WHERE id = ANY($1::int[])',
      [ids],
    );
    return rows.map((r) => r.id);
  }

  /** Whether the node is an AOI (not a folder or a POI) of this user. */
  async ownsAoi(userId: number, aoiId: number): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      "SELECT 1 FROM aoi_nodes WHERE id = $1 AND user_id = $2 AND kind = 'aoi'",
      [aoiId, userId],
    );
    return (rowCount ?? 0) > 0;
  }

  /**
   * Inserts the subscription unless one of the user's has the same AOI in an overlapping window
   * (then answers null). The user's lock comes first: a concurrent create of the same user waits
   * for this transaction, then sees its row, so two overlapping creates cannot both pass.
   */
  async createUnlessOverlapping(s: NewSubscription): Promise<number | null> {
    return inTransaction(this.pool, async (client) => {
      await client.query("SELECT pg_advisory_xact_lock(hashtext('subscriptions.create'), $1)", [s.userId]);
      const overlapping = await client.query(
        `SELECT 1 FROM subscriptions
          WHERE user_id = $1 AND fdate <= $3::date AND tdate >= $2::date
            AND CASE WHEN aoi_id IS NOT NULL AND $4::int IS NOT NULL THEN aoi_id = $4::int
                     ELSE ST_Equals(aoi::geometry, ST_GeomFromEWKB(decode($5, 'hex'))) END
          LIMIT 1`,
        [s.userId, s.fdate, s.tdate, s.aoiId, s.aoi],
      );
      if (overlapping.rowCount) return null;
      const p = new Params();
      const values = [
        p.add(s.userId),
        p.add(s.name),
        p.add(s.aoiName),
        p.add(s.aoiId, '::int'),
        p.add(JSON.stringify(s.boundaries), '::jsonb'),
        `ST_GeomFromEWKB(decode(${p.add(s.aoi)}, 'hex'))::geography`,
        p.add(s.aoiAreaKm2, '::float8'),
        p.add(s.fdate, '::date'),
        p.add(s.tdate, '::date'),
        p.add(s.maxCloudCover, '::float8'),
        p.add(s.minCoverage, '::float8'),
        p.add(s.maxOffNadir, '::float8'),
        p.add(s.minSunElevation, '::float8'),
        p.add(s.orbit, '::smallint'),
        p.add(s.qualities, '::text[]'),
        p.add(s.satIds, '::int[]'),
        p.add(s.sensorType, '::smallint'),
        p.add(s.resolutionIds, '::int[]'),
        p.add(s.stereoMode, '::text'),
        p.add(s.bands, '::text[]'),
        p.add(JSON.stringify(s.condition), '::jsonb'),
        p.add(JSON.stringify(s.sensor), '::jsonb'),
      ];
      const { rows } = await client.query<{ id: number }>(
        `INSERT INTO subscriptions (user_id, name, aoi_name, aoi_id, boundaries, aoi, aoi_area_km2, fdate, tdate,
                                    max_cloud_cover, min_coverage, max_off_nadir, min_sun_elevation, orbit,
                                    qualities, sat_ids, sensor_type, resolution_ids, stereo_mode, bands,
                                    condition, sensor)
         VALUES (${values.join(', ')}) RETURNING id`,
        p.values,
      );
      return rows[0]!.id;
    });
  }

  /** One page of the user's subscriptions of one status, with the tab counts and the last match time. */
  async list(userId: number, f: ListFilter): Promise<ListPage> {
    const onlyNew = f.onlyNew ? 'AND s.nums > 0' : '';
    const dir = f.sort.desc ? 'DESC' : 'ASC';
    // No image yet sorts last in both directions.
    const key = f.sort.key === 'createTime' ? `s.created_at ${dir}` : `s.image_time ${dir} NULLS LAST`;
    const [counts, page] = await Promise.all([
      this.pool.query<{ in_process: number; ended: number; last_update_time: Date | null }>(
        `SELECT count(*) FILTER (WHERE s.tdate >= $2::date ${onlyNew})::int AS in_process,
                count(*) FILTER (WHERE s.tdate < $2::date ${onlyNew})::int AS ended,
                max(s.matched_at) AS last_update_time
           FROM subscriptions s WHERE s.user_id = $1`,
        [userId, f.today],
      ),
      this.pool.query<SubscriptionRow>(
        `SELECT ${subscriptionColumns}
           FROM subscriptions s JOIN users u ON u.id = s.user_id
          WHERE s.user_id = $1 AND s.tdate ${f.ended ? '<' : '>='} $2::date ${onlyNew}
          ORDER BY ${key}, s.id ${dir}
          LIMIT $3 OFFSET $4`,
        [userId, f.today, f.length, f.start],
      ),
    ]);
    const c = counts.rows[0]!;
    return { rows: page.rows, inProcess: c.in_process, ended: c.ended, lastUpdateTime: c.last_update_time };
  }

  /** The user's subscription (another user's is not found). */
  async find(userId: number, id: number): Promise<(SubscriptionRow & { aoi: string }) | undefined> {
    const { rows } = await this.pool.query<SubscriptionRow & { aoi: string }>(
      `SELECT ${subscriptionColumns}, encode(ST_AsEWKB(s.aoi::geometry), 'hex') AS aoi
         FROM subscriptions s JOIN users u ON u.id = s.user_id
        WHERE s.id = $1 AND s.user_id = $2`,
      [id, userId],
    );
    return rows[0];
  }

  /** Deletes the user's subscription; false when there is none of theirs. */
  async delete(userId: number, id: number): Promise<boolean> {
    const { rowCount } = await this.pool.query('DELETE FROM subscriptions WHERE id = $1 AND user_id = $2', [
      id,
      userId,
    ]);
    return (rowCount ?? 0) > 0;
  }

  /** How many matches the filter keeps, and the share of the AOI their footprints' union covers, %. */
  async itemsSummary(
    f: ItemsFilter,
    aoi: string,
    areaKm2: number,
  ): Promise<{ count: number; coverage: number }> {
    const p = new Params();
    const g = p.add(aoi, '::geometry');
    const a = p.add(areaKm2, '::float8');
    const { rows } = await this.pool.query<{ count: number; coverage: number | null }>(
      `WITH m AS MATERIALIZED (
         SELECT s.footprint::geometry AS f FROM subscription_matches sm JOIN scenes s ON s.id = sm.scene_id
          WHERE ${itemsWhere(p, f)}
       )
       SELECT (SELECT count(*)::int FROM m) AS count, ${unionCoverage(g, a, this.overlay)} AS coverage`,
      p.values,
    );
    return { count: rows[0]!.count, coverage: rows[0]!.coverage ?? 0 };
  }

  /** One page of the matched scenes, each with its coverage when it matched, in the archive's order. */
  async itemsPage(f: ItemsFilter, start: number, length: number): Promise<SceneRow[]> {
    const p = new Params();
    const key = sortExpressions[f.sort.key](f.sort.desc);
    const dir = f.sort.desc ? 'DESC' : 'ASC';
    const { rows } = await this.pool.query<SceneRow>(
      `SELECT ${sceneColumns}, sm.coverage, (${key})::text AS sort_value
         FROM subscription_matches sm
         JOIN scenes s ON s.id = sm.scene_id
         JOIN satellites sat ON sat.id = s.satellite_id
         JOIN satellite_groups g ON g.id = sat.group_id
        WHERE ${itemsWhere(p, f)}
        ORDER BY ${key} ${dir}, s.id ${dir}
        LIMIT ${p.add(length, '::int')} OFFSET ${p.add(start, '::int')}`,
      p.values,
    );
    return rows;
  }

  /** Stores the search a subscription's items are answered with. */
  async insertItemsSearch(
    userId: number,
    search: Omit<ItemsSearch, 'created_at'>,
    aoi: string,
    areaKm2: number,
    createdAt: Date,
  ): Promise<void> {
    await this.pool.query(
      `INSERT INTO archive_searches (id, user_id, kind, request, aoi, aoi_area_km2, sort_key, sort_desc,
                                     match_count, coverage, created_at)
       VALUES ($1, $2, 'subscription', $3::jsonb, ST_GeomFromEWKB(decode($4, 'hex'))::geography, $5, $6, $7,
               $8, $9, $10)`,
      [
        search.id,
        userId,
        JSON.stringify(search.request),
        aoi,
        areaKm2,
        search.sort_key,
        search.sort_desc,
        search.match_count,
        search.coverage,
        createdAt,
      ],
    );
  }

  /** A stored items search of this user for this subscription (else undefined). */
  async findItemsSearch(
    userId: number,
    taskId: string,
    subscriptionId: number,
  ): Promise<ItemsSearch | undefined> {
    const { rows } = await this.pool.query<ItemsSearch>(
      `SELECT id, request, sort_key, sort_desc, match_count, coverage, created_at
         FROM archive_searches
        WHERE id = $1 AND user_id = $2 AND kind = 'subscription'
          AND (request ->> 'subscriptionId')::int = $3`,
      [taskId, userId, subscriptionId],
    );
    return rows[0];
  }

  /** The database's time: a new items search lists the matches recorded up to it. */
  async now(): Promise<Date> {
    const { rows } = await this.pool.query<{ now: Date }>('SELECT clock_timestamp() AS now');
    return rows[0]!.now;
  }

  async unread(userId: number): Promise<boolean> {
    const { rows } = await this.pool.query<{ unread: boolean }>(
      'SELECT subscriptions_unread AS unread FROM users WHERE id = $1',
      [userId],
    );
    return rows[0]?.unread ?? false;
  }

  async markRead(userId: number): Promise<void> {
    await this.pool.query(
      'UPDATE users SET subscriptions_unread = false WHERE id = $1 AND subscriptions_unread',
      [userId],
    );
  }
}

function itemsWhere(p: Params, f: ItemsFilter): string {
  const w = [`sm.subscription_id = ${p.add(f.subscriptionId, '::int')}`];
  w.push(`sm.matched_at <= ${p.add(f.snapshot, '::timestamptz')}`);
  if (f.from) w.push(`s.acquired_at >= ${p.add(f.from, '::timestamptz')}`);
  if (f.to) w.push(`s.acquired_at < ${p.add(f.to, '::timestamptz')}`);
  return w.join(' AND ');
}
