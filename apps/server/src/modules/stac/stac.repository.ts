import type { Queryable } from '../../db/database';
import { Params } from '../../db/params';
import { sceneColumns } from '../archive/archive.queries';
import type { SceneRow } from '../archive/archive.repository';
import type { AreasRepository } from '../areas';
import type { Cql2 } from './cql2/ast';
import { compileFilter, type FilterContext } from './cql2/filter-sql';
import { type SortKey, sortKeys } from './sort-fields';

export interface StacGroupRow {
  id: number;
  category: string;
  /** satellite names, in catalogue order */
  satellites: string[];
  /** their ids, in the same order */
  satellite_ids: number[];
  /** earliest launch date, YYYY-MM-DD, null when unknown */
  launched: string | null;
  /** first and last acquisition of the group's scenes, ISO; null without scenes */
  first: string | null;
  last: string | null;
}

export type StacItemRow = SceneRow & {
  properties: Record<string, unknown> | null;
  /** the values of the order's keys (acquired_at to the microsecond), for the page token */
  token: (string | number)[];
};

export interface StacItemFilter {
  /** The search area (EWKB hex, split at ±180°) from `AreasRepository.prepareAois`; null: anywhere. */
  area: string | null;
  from: Date | null;
  to: Date | null;
  ids: string[] | null;
  /** the satellites of the collections asked; null: every one */
  satelliteIds: number[] | null;
  /** A CQL2 filter with what it needs (queryables, prepared geometries); null: none. */
  filter: { tree: Cql2; context: FilterContext } | null;
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
              array_agg(sat.id ORDER BY sat.sort_order, sat.id) AS satellite_ids,
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

  /** One page of items in the order's keys (stable: keyset after the last item's key values). */
  async items(
    filter: StacItemFilter,
    order: SortKey[],
    limit: number,
    after: (string | number)[] | null,
  ): Promise<StacItemRow[]> {
    const p = new Params();
    const where = conditions(filter, p);
    if (after) where.push(keyset(order, after, p));
    const tokenOf = order.map((k) =>
      k.field === 'datetime' ? `to_char(s.acquired_at AT TIME ZONE 'UTC', ${iso})` : sortKeys[k.field].sql,
    );
    const orderBy = order.map((k) => `${sortKeys[k.field].sql} ${k.desc ? 'DESC' : 'ASC'}`);
    const { rows } = await this.db.query<StacItemRow>(
      `SELECT ${sceneColumns}, NULL::float8 AS coverage, '' AS sort_value, s.properties,
              json_build_array(${tokenOf.join(', ')}) AS token
         FROM scenes s
         JOIN satellites sat ON sat.id = s.satellite_id
         JOIN satellite_groups g ON g.id = sat.group_id
        ${where.length ? `WHERE ${where.join('\n          AND ')}` : ''}
        ORDER BY ${orderBy.join(', ')}
        LIMIT ${p.add(limit, '::int')}`,
      p.values,
    );
    return rows;
  }

  /**
   * How many scenes match, when at most `cap` do; null past it. Reads at most cap + 1 matches
   * and only `scenes`: without an area or a filter that is an index-only scan (acquired_at, or
   * satellite_id and acquired_at) that stops there. With one (`planFirst`), PostgreSQL would
   * first gather every candidate of the spatial index whatever the limit (a bitmap of all the
   * box's footprints), so the planner's estimate is asked first and a count it expects past the
   * cap is not made: the estimate only decides whether to count, it is never the answer.
   */
  async count(filter: StacItemFilter, cap: number, planFirst: boolean): Promise<number | null> {
    const p = new Params();
    const where = conditions(filter, p);
    const matches = `SELECT 1 FROM scenes s ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
    if (planFirst) {
      const { rows } = await this.db.query<{ 'QUERY PLAN': [{ Plan?: { 'Plan Rows'?: number } }] }>(
        `EXPLAIN (FORMAT JSON) ${matches}`,
        p.values,
      );
      const estimate = rows[0]?.['QUERY PLAN']?.[0]?.Plan?.['Plan Rows'];
      if (typeof estimate !== 'number' || estimate > cap) return null;
    }
    const { rows } = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (${matches} LIMIT ${p.add(cap + 1, '::int')}) matched`,
      p.values,
    );
    const n = rows[0]?.n ?? 0;
    return n > cap ? null : n;
  }
}

function conditions(filter: StacItemFilter, p: Params): string[] {
  const where: string[] = [];
  if (filter.area !== null)
    where.push(`ST_Intersects(s.footprint::geometry, ${p.add(filter.area, '::geometry')})`);
  if (filter.from) where.push(`s.acquired_at >= ${p.add(filter.from, '::timestamptz')}`);
  if (filter.to) where.push(`s.acquired_at <= ${p.add(filter.to, '::timestamptz')}`);
  if (filter.ids) where.push(`s.id = ANY(${p.add(filter.ids, '::text[]')})`);
  if (filter.satelliteIds) where.push(`s.satellite_id = ANY(${p.add(filter.satelliteIds, '::int[]')})`);
  if (filter.filter) where.push(compileFilter(filter.filter.tree, filter.filter.context, p));
  return where;
}

const tokenCast = { time: '::timestamptz', number: '::float8', text: '::text' } as const;

/**
 * After the last item of the previous page in the order's keys: one row comparison when every
 * key runs the same way (an index range), else key by key.
 */
function keyset(order: SortKey[], after: (string | number)[], p: Params): string {
  const sql = order.map((k) => sortKeys[k.field].sql);
  const values = order.map((k, i) => p.add(after[i], tokenCast[sortKeys[k.field].token]));
  if (order.every((k) => k.desc === order[0]!.desc)) {
    return `(${sql.join(', ')}) ${order[0]!.desc ? '<' : '>'} (${values.join(', ')})`;
  }
  const terms = order.map((k, i) => {
    const equal = sql.slice(0, i).map((e, j) => `${e} = ${values[j]}`);
    return `(${[...equal, `${sql[i]} ${k.desc ? '<' : '>'} ${values[i]}`].join(' AND ')})`;
  });
  return `(${terms.join(' OR ')})`;
}
