import { ProcessingLevels, TermStates } from '@satportal/contract';
import type pg from 'pg';

/**
 * The caller's delivered scenes: the scenes of their orders' terms entries that are complete
 * (state 5) with a package. A scene is delivered once per order, so (order number, scene id)
 * names it. The delivered area is the ordered footprint (`order_terms.scenes[].boundaries`, the
 * parts as sized: split at ±180°), intersected with the order's AOI when the order was clipped.
 */

/** What a tile service needs of a delivered scene (S1's XYZ and WMTS routes). */
export interface DeliveredScene {
  orderNo: string;
  sceneId: string;
  /** processing level of the delivery (10 L1 … 22 L3D) */
  level: number;
  packageKey: string;
  termsId: string;
  formatType: 'PNG' | 'WEBP';
  /** of the delivered area: [minLon, minLat, maxLon, maxLat] */
  bounds: [number, number, number, number];
}

/** 8-bit natural colour (L3D) draws well as lossy WebP; the multispectral levels stay lossless. */
export const formatTypeOf = (level: number): 'PNG' | 'WEBP' =>
  level === ProcessingLevels.L3D ? 'WEBP' : 'PNG';

/**
 * One row per delivered scene of user $1: the order, the terms entry, the stored scene (`scene`)
 * and its delivered area (`area`, a lon/lat geometry). The footprint rings become a MultiPolygon
 * and are wrapped into ±180° as the order's AOI was (no-ops for parts already split).
 */
export const deliveredScenesSql = (orderFilter = '') => `
  SELECT o.id AS order_id, o.order_number, o.level, o.process_mode, o.aois, t.id AS terms_id,
         t.package_key, t.updated_at AS delivered_at, s.scene,
         (s.scene->>'time')::timestamptz AS image_time,
         CASE WHEN o.clipping AND o.aoi IS NOT NULL
              THEN ST_CollectionExtract(ST_Intersection(f.footprint, o.aoi::geometry), 3)
              ELSE f.footprint END AS area
    FROM orders o
    JOIN order_terms t ON t.order_id = o.id
   CROSS JOIN LATERAL jsonb_array_elements(t.scenes) AS s(scene)
   CROSS JOIN LATERAL (
         SELECT ST_MakeValid(ST_WrapX(ST_WrapX(ST_SetSRID(ST_GeomFromGeoJSON(jsonb_build_object(
                  'type', 'MultiPolygon',
                  'coordinates', (SELECT jsonb_agg(jsonb_build_array(r))
                                    FROM jsonb_array_elements(s.scene->'boundaries') AS b(r)))::text), 4326),
                  180, -360), -180, 360)) AS footprint) AS f
   WHERE o.user_id = $1 ${orderFilter} AND t.state = ${TermStates.Complete} AND t.package_key IS NOT NULL
     AND jsonb_array_length(coalesce(s.scene->'boundaries', '[]'::jsonb)) > 0`;

interface DeliveredRow {
  order_number: string;
  scene_id: string;
  level: number;
  package_key: string;
  terms_id: string;
  min_lon: number;
  min_lat: number;
  max_lon: number;
  max_lat: number;
}

const toDelivered = (r: DeliveredRow): DeliveredScene => ({
  orderNo: r.order_number,
  sceneId: r.scene_id,
  level: r.level,
  packageKey: r.package_key,
  termsId: r.terms_id,
  formatType: formatTypeOf(r.level),
  bounds: [r.min_lon, r.min_lat, r.max_lon, r.max_lat],
});

const selectDelivered = (orderFilter = '') => `
  SELECT d.order_number, d.scene->>'sceneId' AS scene_id, d.level, d.package_key, d.terms_id::text AS terms_id,
         ST_XMin(d.area) AS min_lon, ST_YMin(d.area) AS min_lat,
         ST_XMax(d.area) AS max_lon, ST_YMax(d.area) AS max_lat
    FROM (${deliveredScenesSql(orderFilter)}) AS d
   WHERE NOT ST_IsEmpty(d.area)`;

export class DeliveredScenesRepository {
  constructor(private readonly pool: pg.Pool) {}

  /** One delivered scene of the user's, or null (another user's, not delivered, unknown alike). */
  async find(userId: number, orderNo: string, sceneId: string): Promise<DeliveredScene | null> {
    const { rows } = await this.pool.query<DeliveredRow>(
      `${selectDelivered('AND o.order_number = $2')}
         AND d.scene->>'sceneId' = $3
       LIMIT 1`,
      [userId, orderNo, sceneId],
    );
    return rows[0] ? toDelivered(rows[0]) : null;
  }

  /** Every delivered scene of the user's (WMTS capabilities), newest image first. */
  async list(userId: number): Promise<DeliveredScene[]> {
    const { rows } = await this.pool.query<DeliveredRow>(
      `${selectDelivered()} ORDER BY d.image_time DESC, d.order_number, scene_id`,
      [userId],
    );
    return rows.map(toDelivered);
  }
}
