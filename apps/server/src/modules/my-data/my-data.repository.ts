import type pg from 'pg';
import { deliveredScenesSql } from './delivered-scenes.repository';

/** The list's filters, parsed: absent ones are null. */
export interface MyDataFilter {
  startTime: Date | null;
  endTime: Date | null;
  batchName: string | null;
  sceneId: string | null;
  aoi: string | null;
  start: number;
  length: number;
}

/** A delivered scene as the list needs it; the mapper turns it into the contract's `MyDataScene`. */
export interface MyDataRow {
  order_number: string;
  level: number;
  process_mode: 'GEOTIFF' | 'STREAMING_GEOTIFF';
  scene: Record<string, unknown>;
  image_time: Date;
  delivered_at: Date;
  /** the delivered area as GeoJSON (Polygon or MultiPolygon, lon/lat) */
  area: { type: string; coordinates: unknown };
  /** the order's first AOI as ordered (GeoJSON with its name), null for whole scenes */
  first_aoi: { type: string; coordinates: unknown } | null;
}

export interface MyDataBatchRow {
  order_number: string;
  min_time: Date;
  max_time: Date;
}

// Substring filters use strpos, not LIKE: a user's `%` or `_` is a character, never a wildcard.
const filteredSql = `
  SELECT d.* FROM (${deliveredScenesSql('AND ($4::text IS NULL OR o.order_number = $4)')}) AS d
   WHERE NOT ST_IsEmpty(d.area)
     AND ($2::timestamptz IS NULL OR d.image_time >= $2)
     AND ($3::timestamptz IS NULL OR d.image_time <= $3)
     AND ($5::text IS NULL OR strpos(lower(d.scene->>'sceneId'), lower($5)) > 0)
     AND ($6::text IS NULL OR EXISTS (SELECT 1 FROM jsonb_array_elements(coalesce(d.aois, '[]'::jsonb)) AS a
                                       WHERE strpos(lower(a->>'name'), lower($6)) > 0))`;

/** SQL of my data: the caller's delivered scenes, filtered and paged, and their batches. */
export class MyDataRepository {
  constructor(private readonly pool: pg.Pool) {}

  async list(userId: number, f: MyDataFilter): Promise<{ rows: MyDataRow[]; total: number }> {
    const params = [userId, f.startTime, f.endTime, f.batchName, f.sceneId, f.aoi];
    const [page, count] = await Promise.all([
      this.pool.query<MyDataRow>(
        `SELECT d.order_number, d.level, d.process_mode, d.scene, d.image_time, d.delivered_at,
                ST_AsGeoJSON(d.area, 7)::jsonb AS area, d.aois->0 AS first_aoi
           FROM (${filteredSql}) AS d
          ORDER BY d.image_time DESC, d.order_number DESC, d.scene->>'sceneId'
         OFFSET $7 LIMIT $8`,
        [...params, f.start, f.length],
      ),
      this.pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM (${filteredSql}) AS d`, params),
    ]);
    return { rows: page.rows, total: count.rows[0]?.total ?? 0 };
  }

  /** One batch per delivered order (its image times' span), newest first. */
  async batches(userId: number): Promise<MyDataBatchRow[]> {
    const { rows } = await this.pool.query<MyDataBatchRow>(
      `SELECT d.order_number, min(d.image_time) AS min_time, max(d.image_time) AS max_time
         FROM (${filteredSql}) AS d
        GROUP BY d.order_number
        ORDER BY max(d.image_time) DESC, d.order_number DESC`,
      [userId, null, null, null, null, null],
    );
    return rows;
  }
}
