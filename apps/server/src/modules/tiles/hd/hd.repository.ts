import { SensorType } from '@satportal/contract';
import type pg from 'pg';
import type { QuicklookScene } from '../render';

/** The scenes HD mosaics draw from: the optical archive (night, radar … are no daylight picture). */
const optical = `sensor_type = ${SensorType.Optical}`;

/** SQL of the HD mosaics: which years have optical scenes, and a year's scenes under a box. */
export class HdMosaicRepository {
  constructor(private readonly pool: pg.Pool) {}

  /**
   * The newest `limit` years holding optical scenes (UTC years), newest first. A skip scan over
   * scenes_optical_acquired_idx: each step is one probe for the latest scene before the year
   * found last, so the cost grows with the years asked for, not with the archive.
   */
  async years(limit: number): Promise<number[]> {
    const { rows } = await this.pool.query<{ year: number }>(
      `WITH RECURSIVE y(year) AS (
         SELECT (SELECT extract(year FROM max(acquired_at) AT TIME ZONE 'UTC')::int FROM scenes WHERE ${optical})
         UNION ALL
         SELECT (SELECT extract(year FROM max(s.acquired_at) AT TIME ZONE 'UTC')::int
                   FROM scenes s
                  WHERE s.${optical} AND s.acquired_at < make_timestamptz(y.year, 1, 1, 0, 0, 0, 'UTC'))
           FROM y WHERE y.year IS NOT NULL
       )
       SELECT year FROM y WHERE year IS NOT NULL LIMIT $1`,
      [limit],
    );
    return rows.map((r) => r.year);
  }

  /**
   * The change marks of the mosaics' zoom-6 cells (migration 013): per year, cell → when an
   * optical scene last arrived over it, in ms. A few thousand rows at most (64 × 64 per year).
   */
  async cellChanges(): Promise<Map<number, Map<number, number>>> {
    const { rows } = await this.pool.query<{ year: number; cell: number; changed: number }>(
      `SELECT year, cell, (extract(epoch FROM changed_at) * 1000)::float8 AS changed FROM hd_mosaic_cells`,
    );
    const years = new Map<number, Map<number, number>>();
    for (const r of rows) {
      const cells = years.get(r.year) ?? new Map<number, number>();
      cells.set(r.cell, r.changed);
      years.set(r.year, cells);
    }
    return years;
  }

  /**
   * Up to `limit` optical scenes of the UTC year whose footprint meets the lon/lat box, least
   * cloud cover first (unknown cover last), then the newest: the order a mosaic is painted in.
   */
  async scenesUnder(
    year: number,
    box: [number, number, number, number],
    limit: number,
  ): Promise<QuicklookScene[]> {
    const { rows } = await this.pool.query<{
      id: string;
      footprint: QuicklookScene['footprint'];
      cloud_cover: number | null;
      provenance: 'real' | 'simulated';
      sensor_type: number;
      assets: QuicklookScene['assets'];
    }>(
      `SELECT s.id, ST_AsGeoJSON(s.footprint, 7)::json AS footprint, s.cloud_cover, s.provenance,
              s.sensor_type, s.assets
         FROM scenes s
        WHERE s.${optical}
          AND s.acquired_at >= make_timestamptz($1, 1, 1, 0, 0, 0, 'UTC')
          AND s.acquired_at < make_timestamptz($1 + 1, 1, 1, 0, 0, 0, 'UTC')
          AND ST_Intersects(s.footprint::geometry, ST_MakeEnvelope($2, $3, $4, $5, 4326))
        ORDER BY s.cloud_cover ASC NULLS LAST, s.acquired_at DESC, s.id
        LIMIT $6`,
      [year, ...box, limit],
    );
    return rows.map((r) => ({
      id: r.id,
      footprint: r.footprint,
      cloudCover: r.cloud_cover,
      provenance: r.provenance,
      sensorType: r.sensor_type,
      assets: r.assets,
    }));
  }
}
