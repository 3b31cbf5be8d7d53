import { WebhookSceneIdsMax } from '@satportal/contract';
import type { Queryable } from '../../../db/database';
import { Params } from '../../../db/params';
import { type Overlay, snappedOverlay } from '../../areas';

/** What one batch of arrivals did. */
export interface BatchOutcome {
  /** Arrivals taken (and removed from `scene_arrivals`). */
  scenes: number;
  /** Matches recorded now (a match recorded before is not counted again). */
  matches: number;
  /** Mail rows written: one per subscription that matched in this batch. */
  mails: number;
  /** The subscriptions that matched, with their new scenes (the webhook events of the batch). */
  matched: MatchedSubscription[];
}

/** One subscription's new scenes of a batch: the first 100 ids, in acquisition order, and the count. */
export interface MatchedSubscription {
  subscriptionId: number;
  userId: number;
  name: string;
  count: number;
  sceneIds: string[];
}

/**
 * The share of the AOI `g` (area `aoi_area_km2`) a footprint `f` (stored area `area_km2`) covers,
 * in km², as the archive's `sceneCoverage` decides it: most footprints either cover a small AOI or
 * lie inside a large one, and neither needs an intersection.
 */
function coveredKm2({ grid }: Overlay): string {
  return `CASE WHEN ST_Covers(c.f, c.g) THEN c.aoi_area_km2
               WHEN ST_CoveredBy(c.f, c.g) THEN c.area_km2
               ELSE lonlat_area_km2(ST_Intersection(c.f, c.g, ${grid})) END`;
}

/**
 * An upper bound of the area, km², of the intersection of `f` and `g`: the area of the
 * intersection of their bounding boxes, a zone between two parallels, on the authalic sphere
 * (6371.0072 km) with 2 % to spare — the ellipsoid's area element differs from the sphere's by
 * less than 1 % at any latitude. It needs no geometry operation, so it rejects a scene that only
 * grazes an AOI before the exact coverage is computed.
 */
export function boxBound(f: string, g: string): string {
  return `(1.02 * 6371.0072 ^ 2
           * radians(least(ST_XMax(${f}), ST_XMax(${g})) - greatest(ST_XMin(${f}), ST_XMin(${g})))
           * (sin(radians(least(ST_YMax(${f}), ST_YMax(${g})))) - sin(radians(greatest(ST_YMin(${f}), ST_YMin(${g}))))))`;
}

/**
 * The matching statement over the scenes of one batch (exported for the benchmark's EXPLAIN).
 *
 * Why not the archive's `whereOf`: it writes a static WHERE for one search, dropping a condition
 * whose value means "any" so the planner sees only real filters; here every condition is a
 * column of each of thousands of subscriptions, so each becomes a row-wise test that reads the
 * sentinel itself (0 orbit, empty resolutions, null stereo mode …). The semantics are the
 * archive's: a scene lacking a value (cloud, off-nadir, sun zenith) is not excluded, the window is
 * [fdate 00:00 UTC, tdate + 1 00:00 UTC), and coverage is geodesic with the same shortcuts.
 *
 * Order of the work: the batch is read once (`batch`); the spatial join uses the GiST index on
 * `subscriptions (aoi::geometry)` per scene; the cheap column tests and the necessary area test
 * (`area_km2 ≥ ac % of the AOI`: a 20 km scene cannot cover 10 % of a 5° AOI; the boxes'
 * intersection: a scene grazing the AOI's edge) prune the pairs before any exact coverage. Then, from what was really inserted (`ON CONFLICT DO
 * NOTHING`: a match recorded before counts once), the counts, the unread flags and one mail row per
 * subscription — one statement, so it commits or rolls back with the arrivals it took.
 */
export function matchingStatement(sceneIds: string[], today: string, overlay: Overlay) {
  const p = new Params();
  const ids = p.add(sceneIds, '::text[]');
  const day = p.add(today, '::date');
  const text = `WITH batch AS MATERIALIZED (
       SELECT s.id, s.footprint::geometry AS f, s.area_km2, s.acquired_at, s.cloud_cover, s.off_nadir,
              s.sun_zenith, s.orbit_direction, s.product_quality, s.satellite_id, s.sensor_type,
              s.resolution_id, s.stereo_mode, s.bands
         FROM scenes s WHERE s.id = ANY(${ids})
     ),
     candidates AS MATERIALIZED (
       SELECT b.id AS scene_id, b.acquired_at, b.f, b.area_km2, sub.id AS subscription_id, sub.user_id,
              sub.aoi::geometry AS g, sub.aoi_area_km2, sub.min_coverage
         FROM batch b
         JOIN subscriptions sub ON ST_Intersects(b.f, sub.aoi::geometry)
        WHERE sub.tdate >= ${day}
          AND b.acquired_at >= (sub.fdate::timestamp AT TIME ZONE 'UTC')
          AND b.acquired_at < ((sub.tdate + 1)::timestamp AT TIME ZONE 'UTC')
          AND b.area_km2 >= sub.min_coverage / 100 * sub.aoi_area_km2
          AND ${boxBound('b.f', 'sub.aoi::geometry')} >= sub.min_coverage / 100 * sub.aoi_area_km2
          AND (b.cloud_cover IS NULL OR b.cloud_cover <= sub.max_cloud_cover)
          AND (b.off_nadir IS NULL OR b.off_nadir <= sub.max_off_nadir)
          AND (sub.min_sun_elevation <= 0 OR b.sun_zenith IS NULL
               OR b.sun_zenith <= 90 - sub.min_sun_elevation)
          AND (sub.orbit = 0 OR b.orbit_direction = sub.orbit)
          AND b.product_quality = ANY(sub.qualities)
          AND b.satellite_id = ANY(sub.sat_ids)
          AND (sub.sensor_type IS NULL OR b.sensor_type = sub.sensor_type)
          AND (cardinality(sub.resolution_ids) = 0 OR b.resolution_id = ANY(sub.resolution_ids))
          AND (sub.stereo_mode IS NULL OR b.stereo_mode = sub.stereo_mode)
          AND b.bands @> sub.bands
     ),
     covered AS (
       SELECT c.scene_id, c.acquired_at, c.subscription_id, c.user_id, c.aoi_area_km2, c.min_coverage,
              ${coveredKm2(overlay)} AS km2
         FROM candidates c
     ),
     inserted AS (
       INSERT INTO subscription_matches (subscription_id, scene_id, coverage)
       SELECT subscription_id, scene_id, least(100, km2 / aoi_area_km2 * 100) FROM covered
        WHERE km2 >= min_coverage / 100 * aoi_area_km2
       ON CONFLICT DO NOTHING
       RETURNING subscription_id, scene_id
     ),
     counted AS (
       SELECT i.subscription_id, count(*)::int AS n, max(b.acquired_at) AS newest,
              array_agg(i.scene_id ORDER BY b.acquired_at, i.scene_id) AS scene_ids
         FROM inserted i JOIN batch b ON b.id = i.scene_id
        GROUP BY i.subscription_id
     ),
     bumped AS (
       UPDATE subscriptions sub
          SET nums = sub.nums + counted.n,
              image_time = greatest(sub.image_time, counted.newest),
              matched_at = now()
         FROM counted WHERE sub.id = counted.subscription_id
       RETURNING sub.user_id
     ),
     flagged AS (
       UPDATE users SET subscriptions_unread = true
        WHERE id IN (SELECT user_id FROM bumped) AND NOT subscriptions_unread
       RETURNING id
     ),
     mailed AS (
       INSERT INTO subscription_mails (subscription_id, scene_ids)
       SELECT subscription_id, scene_ids FROM counted ORDER BY subscription_id
       RETURNING id
     )
     SELECT (SELECT count(*)::int FROM inserted) AS matches,
            (SELECT count(*)::int FROM mailed) AS mails,
            (SELECT count(*)::int FROM flagged) AS flagged,
            (SELECT coalesce(json_agg(json_build_object('subscriptionId', c.subscription_id, 'userId', s.user_id,
                                                        'name', s.name, 'count', c.n,
                                                        'sceneIds', c.scene_ids[1:${WebhookSceneIdsMax}])
                                      ORDER BY c.subscription_id), '[]'::json)
               FROM counted c JOIN subscriptions s ON s.id = c.subscription_id) AS matched`;
  return { text, values: p.values };
}

/** SQL of matching: taking arrivals, and matching a batch of them (both inside the caller's transaction). */
export class MatchingRepository {
  constructor(private readonly overlay: Overlay = snappedOverlay) {}

  /**
   * Takes up to `limit` arrivals, oldest first, and removes them; rows another matcher holds are
   * skipped, so two matchers never take the same scene. Uncommitted, the removal is undone with
   * the transaction, and the arrivals wait for the next run.
   */
  async takeArrivals(tx: Queryable, limit: number): Promise<string[]> {
    const { rows } = await tx.query<{ scene_id: string }>(
      `DELETE FROM scene_arrivals
        WHERE scene_id IN (SELECT scene_id FROM scene_arrivals ORDER BY arrived_at, scene_id
                            LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING scene_id`,
      [limit],
    );
    return rows.map((r) => r.scene_id);
  }

  /** Matches the scenes to the subscriptions in process on `today` (UTC day, YYYY-MM-DD). */
  async matchScenes(tx: Queryable, sceneIds: string[], today: string): Promise<BatchOutcome> {
    const q = matchingStatement(sceneIds, today, this.overlay);
    const { rows } = await tx.query<{ matches: number; mails: number; matched: MatchedSubscription[] }>(
      q.text,
      q.values,
    );
    const r = rows[0]!;
    return { scenes: sceneIds.length, matches: r.matches, mails: r.mails, matched: r.matched };
  }

  /** Whether any scene waits to be matched (the sweep's question). */
  async hasArrivals(db: Queryable): Promise<boolean> {
    const { rows } = await db.query<{ waiting: boolean }>(
      'SELECT EXISTS (SELECT 1 FROM scene_arrivals) AS waiting',
    );
    return rows[0]!.waiting;
  }
}
