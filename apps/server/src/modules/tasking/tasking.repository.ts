import type { Queryable } from '../../db/database';
import type { Overlay } from '../areas';
import type { Footprint } from '../orbits/footprint';

/** SQL of tasking predictions: the geodesic coverage of the AOI by the passes' footprints. */
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
}
