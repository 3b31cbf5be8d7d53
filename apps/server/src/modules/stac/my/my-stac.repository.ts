import type pg from 'pg';
import { deliveredScenesSql } from '../../my-data';

/**
 * The SQL of "My data as STAC": the caller's delivered scenes (my-data's one definition of
 * "delivered", `deliveredScenesSql`) as collections per order and as pages of items, newest
 * image first. A user's delivered scenes are few (their orders), so areas are compared in
 * lon/lat without the archive's prepared search areas; a box across the antimeridian reaches past
 * +180° (stac.params.ts `parseBbox`), which the area shifted by 360° meets.
 */

export interface MyOrderRow {
  order_number: string;
  scenes: number;
  /** first and last image time, ISO */
  first: string;
  last: string;
  min_lon: number;
  min_lat: number;
  max_lon: number;
  max_lat: number;
}

export interface MyItemRow {
  order_number: string;
  scene_id: string;
  /** the stored scene of the terms entry: satName, satGroupName, imageGsd, cc, … */
  scene: Record<string, unknown>;
  /** the image time to the microsecond, UTC (the page token's) */
  t: string;
  /** the delivered area, a lon/lat MultiPolygon split at ±180° */
  geometry: { type: 'MultiPolygon'; coordinates: number[][][][] };
}

export interface MyItemFilter {
  orderNumbers: string[] | null;
  sceneIds: string[] | null;
  /** GeoJSON (lon/lat) polygons the area must meet; null: anywhere */
  area: { type: 'MultiPolygon'; coordinates: number[][][][] } | null;
  from: Date | null;
  to: Date | null;
}

/** [image time, order number, scene id] of the last item of the previous page */
export type MyCursor = [string, string, string];

const delivered = `(SELECT * FROM (${deliveredScenesSql()}) AS x WHERE NOT ST_IsEmpty(x.area)) AS d`;

export class MyStacRepository {
  constructor(private readonly pool: pg.Pool) {}

  /** The caller's orders with delivered scenes, newest order first; one when `orderNumber` is given. */
  async orders(userId: number, orderNumber?: string): Promise<MyOrderRow[]> {
    const { rows } = await this.pool.query<MyOrderRow>(
      `SELECT d.order_number, count(*)::int AS scenes,
              to_json(min(d.image_time))#>>'{}' AS first, to_json(max(d.image_time))#>>'{}' AS last,
              ST_XMin(ST_Extent(d.area)) AS min_lon, ST_YMin(ST_Extent(d.area)) AS min_lat,
              ST_XMax(ST_Extent(d.area)) AS max_lon, ST_YMax(ST_Extent(d.area)) AS max_lat
         FROM ${delivered}
        WHERE $2::text IS NULL OR d.order_number = $2
        GROUP BY d.order_number
        ORDER BY d.order_number DESC`,
      [userId, orderNumber ?? null],
    );
    return rows;
  }

  /** One page of the caller's delivered scenes matching `where`, after `after`. */
  async items(
    userId: number,
    where: MyItemFilter,
    limit: number,
    after: MyCursor | null,
  ): Promise<MyItemRow[]> {
    const { rows } = await this.pool.query<MyItemRow>(
      `SELECT d.order_number, d.scene->>'sceneId' AS scene_id, d.scene,
              to_char(d.image_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS t,
              ST_AsGeoJSON(ST_Multi(d.area), 9)::json AS geometry
         FROM ${delivered}
        WHERE ($2::text[] IS NULL OR d.order_number = ANY($2))
          AND ($3::text[] IS NULL OR d.scene->>'sceneId' = ANY($3))
          AND ($4::text IS NULL OR ST_Intersects(d.area, ST_SetSRID(ST_GeomFromGeoJSON($4::text), 4326))
               OR ST_Intersects(ST_Translate(d.area, 360, 0), ST_SetSRID(ST_GeomFromGeoJSON($4::text), 4326)))
          AND ($5::timestamptz IS NULL OR d.image_time >= $5)
          AND ($6::timestamptz IS NULL OR d.image_time <= $6)
          AND ($7::timestamptz IS NULL OR d.image_time < $7
               OR (d.image_time = $7 AND (d.order_number, d.scene->>'sceneId') > ($8::text, $9::text)))
        ORDER BY d.image_time DESC, d.order_number, d.scene->>'sceneId'
        LIMIT $10`,
      [
        userId,
        where.orderNumbers,
        where.sceneIds,
        where.area ? JSON.stringify(where.area) : null,
        where.from,
        where.to,
        after?.[0] ?? null,
        after?.[1] ?? null,
        after?.[2] ?? null,
        limit,
      ],
    );
    return rows;
  }
}
