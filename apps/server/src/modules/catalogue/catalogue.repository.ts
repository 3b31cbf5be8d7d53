import type { SatelliteStatus } from '@satportal/contract';
import type pg from 'pg';
import { inTransaction } from '../../db/database';
import type { SatelliteFacts } from './satellite';

export interface CapabilityRow {
  sensor_type: number;
  bands: string[];
  stereos: string[];
  polarisations: string[];
  max_resolution_m: number;
  max_sht_period_days: number;
}

export interface SatelliteRow {
  id: number;
  norad_id: number;
  name: string;
  category: string;
  group_resolution_id: number;
  operator: string;
  taskable: boolean;
  status: SatelliteStatus;
  launch_date: string | null;
  altitude_km: number;
  swath_km: number;
  max_off_nadir_deg: number;
  pan_gsd_m: number | null;
  ms_gsd_m: number | null;
  node: 'descending' | 'ascending' | null;
  node_local_time: string | null;
  capabilities: CapabilityRow[];
}

/** A satellite group as the seed writes it. */
export interface SatelliteGroupSeed {
  category: string;
  resolutionId: number;
  sortOrder: number;
}

/** A satellite as the seed writes it: its facts, its group and its place in the list. */
export interface SatelliteSeed extends SatelliteFacts {
  category: string;
  sortOrder: number;
}

/** Any fixed number: servers starting together on one database seed one after another. */
const SEED_LOCK = 727_002;

const satelliteColumns = `
  s.id, s.norad_id, s.name, g.category, g.resolution_id AS group_resolution_id, s.operator, s.taskable,
  s.status, to_char(s.launch_date, 'YYYY-MM-DD') AS launch_date, s.altitude_km, s.swath_km,
  s.max_off_nadir_deg, s.pan_gsd_m, s.ms_gsd_m, s.node, s.node_local_time,
  COALESCE((SELECT json_agg(json_build_object(
                    'sensor_type', c.sensor_type, 'bands', c.bands, 'stereos', c.stereos,
                    'polarisations', c.polarisations, 'max_resolution_m', c.max_resolution_m,
                    'max_sht_period_days', c.max_sht_period_days) ORDER BY c.sensor_type)
              FROM satellite_capabilities c WHERE c.satellite_id = s.id), '[]'::json) AS capabilities`;

/** SQL of satellites, satellite groups and their capabilities. */
export class CatalogueRepository {
  constructor(private readonly pool: pg.Pool) {}

  /** Every satellite, or only the taskable ones, in the groups' order. */
  async listSatellites(onlyTaskable: boolean): Promise<SatelliteRow[]> {
    const { rows } = await this.pool.query<SatelliteRow>(
      `SELECT ${satelliteColumns}
         FROM satellites s JOIN satellite_groups g ON g.id = s.group_id
        WHERE s.taskable OR NOT $1
        ORDER BY g.sort_order, g.category, s.sort_order, s.name`,
      [onlyTaskable],
    );
    return rows;
  }

  async findSatellite(id: number): Promise<SatelliteRow | undefined> {
    const { rows } = await this.pool.query<SatelliteRow>(
      `SELECT ${satelliteColumns} FROM satellites s JOIN satellite_groups g ON g.id = s.group_id WHERE s.id = $1`,
      [id],
    );
    return rows[0];
  }

  /**
   * Writes groups, satellites (matched by NORAD id) and their capabilities in one
   * short transaction. Updates and inserts are separate statements so that rows
   * already present keep their ids and spend no sequence numbers at each start;
   * new rows are inserted in the constellation's order, so a fresh database gets
   * the same ids on PGlite and PostgreSQL.
   */
  async upsertConstellation(groups: SatelliteGroupSeed[], satellites: SatelliteSeed[]): Promise<void> {
    const groupsJson = JSON.stringify(groups);
    // The node's local time is two columns.
    const satellitesJson = JSON.stringify(
      satellites.map(({ localTimeOfNode, ...s }) => ({
        ...s,
        node: localTimeOfNode?.node ?? null,
        nodeLocalTime: localTimeOfNode?.time ?? null,
      })),
    );
    const groupRecord = `jsonb_to_recordset($1::jsonb) AS x("category" text, "resolutionId" int, "sortOrder" int)`;
    const satelliteRecord = `jsonb_to_recordset($1::jsonb) AS x(
      "noradId" int, "name" text, "category" text, "operator" text, "taskable" boolean, "status" text,
      "launchDate" date, "altitudeKm" float8, "swathKm" float8, "maxOffNadirDeg" float8, "panGsd" float8,
      "msGsd" float8, "node" text, "nodeLocalTime" text, "sortOrder" int)`;

    await inTransaction(this.pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);

      await client.query(
        `UPDATE satellite_groups g SET resolution_id = x."resolutionId", sort_order = x."sortOrder"
           FROM ${groupRecord}
          WHERE g.category = x.category
            AND (g.resolution_id, g.sort_order) IS DISTINCT FROM (x."resolutionId", x."sortOrder")`,
        [groupsJson],
      );
      await client.query(
        `INSERT INTO satellite_groups (category, resolution_id, sort_order)
         SELECT x.category, x."resolutionId", x."sortOrder" FROM ${groupRecord}
          WHERE NOT EXISTS (SELECT 1 FROM satellite_groups g WHERE g.category = x.category)
          ORDER BY x."sortOrder"`,
        [groupsJson],
      );

      await client.query(
        `UPDATE satellites s
            SET name = x.name, group_id = g.id, operator = x.operator, taskable = x.taskable,
                status = x.status, launch_date = x."launchDate", altitude_km = x."altitudeKm",
                swath_km = x."swathKm", max_off_nadir_deg = x."maxOffNadirDeg", pan_gsd_m = x."panGsd",
                ms_gsd_m = x."msGsd", node = x.node, node_local_time = x."nodeLocalTime",
                sort_order = x."sortOrder", updated_at = now()
           FROM ${satelliteRecord}
           JOIN satellite_groups g ON g.category = x.category
          WHERE s.norad_id = x."noradId"
            AND (s.name, s.group_id, s.operator, s.taskable, s.status, s.launch_date, s.altitude_km,
                 s.swath_km, s.max_off_nadir_deg, s.pan_gsd_m, s.ms_gsd_m, s.node, s.node_local_time,
                 s.sort_order)
                IS DISTINCT FROM
                (x.name, g.id, x.operator, x.taskable, x.status, x."launchDate", x."altitudeKm",
                 x."swathKm", x."maxOffNadirDeg", x."panGsd", x."msGsd", x.node, x."nodeLocalTime",
                 x."sortOrder")`,
        [satellitesJson],
      );
      await client.query(
        `INSERT INTO satellites (norad_id, name, group_id, operator, taskable, status, launch_date,
                                 altitude_km, swath_km, max_off_nadir_deg, pan_gsd_m, ms_gsd_m, node,
                                 node_local_time, sort_order)
         SELECT x."noradId", x.name, g.id, x.operator, x.taskable, x.status, x."launchDate",
                x."altitudeKm", x."swathKm", x."maxOffNadirDeg", x."panGsd", x."msGsd", x.node,
                x."nodeLocalTime", x."sortOrder"
           FROM ${satelliteRecord}
           JOIN satellite_groups g ON g.category = x.category
          WHERE NOT EXISTS (SELECT 1 FROM satellites s WHERE s.norad_id = x."noradId")
          ORDER BY x."sortOrder"`,
        [satellitesJson],
      );

      // Capabilities are replaced as a whole: a sensor dropped from the data must disappear.
      await client.query(
        `DELETE FROM satellite_capabilities c USING satellites s
          WHERE c.satellite_id = s.id
            AND s.norad_id IN (SELECT (e->>'noradId')::int FROM jsonb_array_elements($1::jsonb) e)`,
        [satellitesJson],
      );
      await client.query(
        `INSERT INTO satellite_capabilities (satellite_id, sensor_type, bands, stereos, polarisations,
                                             max_resolution_m, max_sht_period_days)
         SELECT s.id, (c->>'type')::int,
                ARRAY(SELECT jsonb_array_elements_text(c->'bands')),
                ARRAY(SELECT jsonb_array_elements_text(c->'stereos')),
                ARRAY(SELECT jsonb_array_elements_text(c->'polarisations')),
                (c->>'maxResolution')::float8, (c->>'maxShtPeriod')::int
           FROM jsonb_array_elements($1::jsonb) e
           JOIN satellites s ON s.norad_id = (e->>'noradId')::int
          CROSS JOIN LATERAL jsonb_array_elements(e->'caps') c`,
        [satellitesJson],
      );
    });
  }
}
