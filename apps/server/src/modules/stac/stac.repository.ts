import type { Queryable } from '../../db/database';
import { type SceneRow, sceneColumns } from '../archive/archive.repository';
import type { AreasRepository } from '../areas';
import type { StacCursor } from './stac.params';

export interface StacGroupRow {
  id: number;
  category: string;
  /** satellite names, in catalogue order */
  satellites: string[];
  /** earliest launch date, YYYY-MM-DD, null when unknown */
  launched: string | null;
  /** first and last acquisition of the group's scenes, ISO; null without scenes */
  first: string | null;
  last: string | null;
}

export type StacItemRow = SceneRow & {
  properties: Record<string, unknown> | null;
  /** acquired_at to the microsecond, for the page token */
  cursor_time: string;
};

export interface StacItemFilter {
  /** The search area (EWKB hex, split at ±180°) from `AreasRepository.prepareAois`; null: anywhere. */
  area: string | null;
  from: Date | null;
  to: Date | null;
  ids: string[] | null;
  groupIds: number[] | null;
}

const iso = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

/** SQL of the STAC API: satellite groups as collections, scenes as items (newest first). */
export class StacRepository {
  constructor(
    private readonly db: Queryable,
    /** The archive search's AOI preparation (validity, ±180° split) is reused for bbox/intersects. */
    readonly areas: Pick<AreasRepository, 'prepareAois'>,
  ) {}

  /**
   * The satellite groups with their scenes' first and last acquisition: two index probes per
   * satellite on (satellite_id, acquired_at), cheap at any archive size.
   */
  async groups(): Promise<StacGroupRow[]> {
    const { rows } = await this.db.query<StacGroupRow>(
      `SELECT g.id, g.category,
              array_agg(sat.name ORDER BY sat.sort_order, sat.id) AS satellites,
              to_char(min(sat.launch_date), 'YYYY-MM-DD') AS launched,
              to_char(min(t.first) AT TIME ZONE 'UTC', ${iso}) AS first,
              to_char(max(t.last) AT TIME ZONE 'UTC', ${iso}) AS last
         FROM satellite_groups g
         JOIN satellites sat ON sat.group_id = g.id
         CROSS JOIN LATERAL (
           SELECT (SELECT min(x.acquired_at) FROM scenes x WHERE x.satellite_id = sat.id) AS first,
                  (SELECT max(x.acquired_at) FROM scenes x WHERE x.satellite_id = sat.id) AS last
         ) t
        GROUP BY g.id, g.category
        ORDER BY min(g.sort_order), g.id`,
    );
    return rows;
  }

  /** One page of items in the order acquired_at desc, id desc (stable: keyset after the cursor). */
  async items(filter: StacItemFilter, limit: number, after: StacCursor | null): Promise<StacItemRow[]> {
    const values: unknown[] = [];
    const add = (v: unknown, cast: string) => {
      values.push(v);
      return `$${values.length}${cast}`;
    };
    const where: string[] = [];
    if (filter.area !== null)
      where.push(`ST_Intersects(s.footprint::geometry, ${add(filter.area, '::geometry')})`);
    if (filter.from) where.push(`s.acquired_at >= ${add(filter.from, '::timestamptz')}`);
    if (filter.to) where.push(`s.acquired_at <= ${add(filter.to, '::timestamptz')}`);
    if (filter.ids) where.push(`s.id = ANY(${add(filter.ids, '::text[]')})`);
    if (filter.groupIds) where.push(`sat.group_id = ANY(${add(filter.groupIds, '::int[]')})`);
    if (after) {
      where.push(`(s.acquired_at, s.id) < (${add(after.t, '::timestamptz')}, ${add(after.id, '::text')})`);
    }
    const { rows } = await this.db.query<StacItemRow>(
      `SELECT ${sceneColumns}, NULL::float8 AS coverage, '' AS sort_value, s.properties,
              to_char(s.acquired_at AT TIME ZONE 'UTC', ${iso}) AS cursor_time
         FROM scenes s
         JOIN satellites sat ON sat.id = s.satellite_id
         JOIN satellite_groups g ON g.id = sat.group_id
        ${where.length ? `WHERE ${where.join('\n          AND ')}` : ''}
        ORDER BY s.acquired_at DESC, s.id DESC
        LIMIT ${add(limit, '::int')}`,
      values,
    );
    return rows;
  }
}
