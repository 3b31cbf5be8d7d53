import type { TaskingPrediction, TaskingPredictionRequest } from '@satportal/contract';
import type { Queryable } from '../../db/database';
import type { Overlay } from '../areas';
import type { Footprint } from '../orbits/footprint';

/** A stored prediction: what was asked, what was answered, and when. */
export interface StoredPrediction {
  request: TaskingPredictionRequest;
  prediction: TaskingPrediction;
  createdAt: Date;
}

/** SQL of tasking predictions: the geodesic coverage of the AOI by the passes' footprints, and the stored predictions. */
export class TaskingRepository {
  constructor(
    private readonly db: Queryable,
    private readonly overlay: Overlay,
  ) {}

  /**
   * Percentage of the AOI (the search area of `prepareAois`, EWKB hex, and its area) that the
   * union of the footprints covers, unrounded. As for the archive's `ac`: each footprint is
   * clipped to the AOI, the pieces are united with the same overlay, and the result is
   * measured geodesically; one footprint covering the AOI whole short-cuts to 100.
   */
  async coverage(aoi: string, aoiAreaKm2: number, footprints: Footprint[]): Promise<number> {
    if (!footprints.length || aoiAreaKm2 <= 0) return 0;
    const { grid } = this.overlay;
    const { rows } = await this.db.query<{ coverage: number | null }>(
      `WITH a AS (SELECT $1::geometry AS g),
       f AS (
         SELECT ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON(j), 4326)) AS g
           FROM jsonb_array_elements($3::jsonb) AS x(j)
       ),
       c AS (SELECT f.g FROM f, a WHERE ST_Intersects(f.g, a.g))
       SELECT CASE WHEN NOT EXISTS (SELECT 1 FROM c) THEN 0
                   WHEN EXISTS (SELECT 1 FROM c, a WHERE ST_Covers(c.g, a.g)) THEN 100
                   ELSE (SELECT lonlat_area_km2(ST_Union(ST_Intersection(c.g, a.g, ${grid}), ${grid})) FROM c, a)
                        / $2::float8 * 100
              END AS coverage`,
      [aoi, aoiAreaKm2, JSON.stringify(footprints)],
    );
    return rows[0]?.coverage ?? 0;
  }

  /**
   * The percentage of the AOI each footprint covers on its own, unrounded, in the footprints'
   * order, in one statement: clipped to the AOI and measured geodesically as `coverage` does.
   */
  async coverageOfEach(aoi: string, aoiAreaKm2: number, footprints: Footprint[]): Promise<number[]> {
    if (!footprints.length) return [];
    if (aoiAreaKm2 <= 0) return footprints.map(() => 0);
    const { grid } = this.overlay;
    const { rows } = await this.db.query<{ coverage: number | null }>(
      `WITH a AS (SELECT $1::geometry AS g),
       f AS (
         SELECT n, ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON(j), 4326)) AS g
           FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS x(j, n)
       )
       SELECT CASE WHEN NOT ST_Intersects(f.g, a.g) THEN 0
                   WHEN ST_Covers(f.g, a.g) THEN 100
                   ELSE lonlat_area_km2(ST_Intersection(f.g, a.g, ${grid})) / $2::float8 * 100
              END AS coverage
         FROM f, a ORDER BY f.n`,
      [aoi, aoiAreaKm2, JSON.stringify(footprints)],
    );
    return rows.map((r) => r.coverage ?? 0);
  }

  /** Keeps a prediction under its taskId, the one tasking price and orders refer to. */
  async savePrediction(
    userId: number,
    request: TaskingPredictionRequest,
    prediction: TaskingPrediction,
  ): Promise<void> {
    await this.db.query(
      `INSERT INTO tasking_predictions (task_id, user_id, request, prediction)
       VALUES ($1, $2, $3::jsonb, $4::jsonb)`,
      [prediction.taskId, userId, JSON.stringify(request), JSON.stringify(prediction)],
    );
  }

  /** A prediction of this user; another user's, or an unknown id, is null. */
  async findPrediction(userId: number, taskId: string): Promise<StoredPrediction | null> {
    const { rows } = await this.db.query<{
      request: TaskingPredictionRequest;
      prediction: TaskingPrediction;
      created_at: Date;
    }>(
      `SELECT request, prediction, created_at FROM tasking_predictions
        WHERE task_id = $1 AND user_id = $2`,
      [taskId, userId],
    );
    const row = rows[0];
    return row ? { request: row.request, prediction: row.prediction, createdAt: row.created_at } : null;
  }
}
