import type { Queryable } from '../../../../db/database';

/**
 * Subscriptions written straight into the table for matching's tests and benchmark (the create
 * route and its checks are another helper's; matching reads only the columns). The AOI is
 * prepared as the areas module does for one valid polygon: a MultiPolygon, its geodesic area.
 */
export interface SubscriptionRow {
  userId: number;
  aoi: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown };
  fdate: string;
  tdate: string;
  satIds: number[];
  name?: string;
  maxCloudCover?: number;
  minCoverage?: number;
  maxOffNadir?: number;
  minSunElevation?: number;
  orbit?: 0 | 1 | 2;
  qualities?: string[];
  sensorType?: number | null;
  resolutionIds?: number[];
  stereoMode?: string | null;
  bands?: string[];
}

export async function insertSubscriptions(db: Queryable, subs: SubscriptionRow[]): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO subscriptions (user_id, name, aoi_name, boundaries, aoi, aoi_area_km2, fdate, tdate,
                                max_cloud_cover, min_coverage, max_off_nadir, min_sun_elevation, orbit,
                                qualities, sat_ids, sensor_type, resolution_ids, stereo_mode, bands,
                                condition, sensor)
     SELECT x.user_id, x.name, x.name, x.boundaries, ST_Multi(g)::geography, lonlat_area_km2(ST_Multi(g)),
            x.fdate, x.tdate, x.cc, x.ac, x.ona, x.sza, x.orbit, x.qualities, x.sat_ids, x.sensor_type,
            x.resolution_ids, x.stereo_mode, x.bands, '{}'::jsonb, '{}'::jsonb
       FROM jsonb_to_recordset($1::jsonb) AS x(
              user_id int, name text, boundaries jsonb, fdate date, tdate date, cc float8, ac float8,
              ona float8, sza float8, orbit smallint, qualities text[], sat_ids int[], sensor_type smallint,
              resolution_ids int[], stereo_mode text, bands text[], n int)
       CROSS JOIN LATERAL (SELECT ST_SetSRID(ST_GeomFromGeoJSON(x.boundaries::text), 4326) AS g) aoi
      ORDER BY x.n
     RETURNING id`,
    [
      JSON.stringify(
        subs.map((s, n) => ({
          n,
          user_id: s.userId,
          name: s.name ?? `Subscription ${n}`,
          boundaries: s.aoi,
          fdate: s.fdate,
          tdate: s.tdate,
          cc: s.maxCloudCover ?? 100,
          ac: s.minCoverage ?? 0,
          ona: s.maxOffNadir ?? 45,
          sza: s.minSunElevation ?? 0,
          orbit: s.orbit ?? 0,
          qualities: s.qualities ?? ['A', 'B'],
          sat_ids: s.satIds,
          sensor_type: s.sensorType ?? null,
          resolution_ids: s.resolutionIds ?? [],
          stereo_mode: s.stereoMode ?? null,
          bands: s.bands ?? [],
        })),
      ),
    ],
  );
  // INSERT … SELECT … ORDER BY inserts in that order; serial ids follow it.
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** The UTC day `offset` days from now, YYYY-MM-DD. */
export const utcDayFromNow = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
