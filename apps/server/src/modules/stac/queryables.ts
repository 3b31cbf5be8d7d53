import { stacConstellation, stacPlatform } from '../catalogue/stac-names';

/** What the queryables need of a satellite group (stac.repository.ts StacGroupRow). */
interface Group {
  category: string;
  satellites: string[];
  satellite_ids: number[];
}

/**
 * What a filter can use (the Filter extension's queryables): each name an Item property (or
 * `id`, `collection`, `geometry`), with how the database reads it. Names the archive holds as a
 * small set (collection, platform, constellation, orbit state) are "enumerated": a predicate on
 * them is decided here over the set and reaches SQL as a list of ids. The rest are columns.
 */

export type ColumnType = 'string' | 'number' | 'timestamp';

export type Queryable =
  | {
      kind: 'column';
      type: ColumnType;
      /** SQL over `scenes s` (no user input) */
      sql: string;
      nullable: boolean;
      title: string;
      schema: Record<string, unknown>;
    }
  | {
      kind: 'enumerated';
      /** SQL of the id column the values map to */
      sql: string;
      /** value → ids with that value */
      values: Map<string, number[]>;
      title: string;
      schema?: Record<string, unknown>;
    }
  | { kind: 'geometry'; title: string };

function groupBy(pairs: [string, number][]): Map<string, number[]> {
  const map = new Map<string, number[]>();
  for (const [value, id] of pairs) map.set(value, [...(map.get(value) ?? []), id]);
  return map;
}

/** The queryables over the given collections (all of them, or the one of a collection). */
export function queryablesOf(groups: Group[]): Map<string, Queryable> {
  // Collections by their satellites' ids: a predicate on them reads the scenes' own column.
  const collections = groupBy(
    groups.flatMap((g) =>
      g.satellite_ids.map((id) => [stacConstellation(g.category), id] as [string, number]),
    ),
  );
  const platforms = groupBy(
    groups.flatMap((g) =>
      g.satellites.map((name, i) => [stacPlatform(name), g.satellite_ids[i]!] as [string, number]),
    ),
  );
  const number = (sql: string, title: string, nullable: boolean, schema: Record<string, unknown>) =>
    ({
      kind: 'column',
      type: 'number',
      sql,
      nullable,
      title,
      schema: { type: 'number', ...schema },
    }) as const;
  return new Map<string, Queryable>([
    [
      'id',
      {
        kind: 'column',
        type: 'string',
        sql: 's.id',
        nullable: false,
        title: 'Item ID',
        schema: { type: 'string' },
      },
    ],
    ['collection', { kind: 'enumerated', sql: 's.satellite_id', values: collections, title: 'Collection' }],
    ['geometry', { kind: 'geometry', title: 'Footprint' }],
    [
      'datetime',
      {
        kind: 'column',
        type: 'timestamp',
        sql: 's.acquired_at',
        nullable: false,
        title: 'Acquired',
        schema: { type: 'string', format: 'date-time' },
      },
    ],
    [
      'platform',
      { kind: 'enumerated', sql: 's.satellite_id', values: platforms, title: 'Platform (satellite)' },
    ],
    [
      'constellation',
      { kind: 'enumerated', sql: 's.satellite_id', values: collections, title: 'Constellation' },
    ],
    ['eo:cloud_cover', number('s.cloud_cover', 'Cloud cover (%)', true, { minimum: 0, maximum: 100 })],
    ['gsd', number('s.gsd', 'Ground sample distance (m)', false, { exclusiveMinimum: 0 })],
    ['view:off_nadir', number('s.off_nadir', 'Off-nadir angle (°)', true, { minimum: 0, maximum: 90 })],
    [
      'view:sun_elevation',
      number('(90 - s.sun_zenith)', 'Sun elevation (°)', true, { minimum: -90, maximum: 90 }),
    ],
    [
      'sat:orbit_state',
      {
        kind: 'enumerated',
        sql: 's.orbit_direction',
        values: new Map([
          ['ascending', [1]],
          ['descending', [2]],
        ]),
        title: 'Orbit state',
      },
    ],
    [
      'satportal:provenance',
      {
        kind: 'column',
        type: 'string',
        sql: 's.provenance',
        nullable: false,
        title: 'Provenance',
        schema: { type: 'string', enum: ['real', 'simulated'] },
      },
    ],
    [
      'satportal:product_quality',
      {
        kind: 'column',
        type: 'string',
        sql: 's.product_quality',
        nullable: false,
        title: 'Product quality',
        schema: { type: 'string', enum: ['A', 'B'] },
      },
    ],
  ]);
}

/**
 * The queryables as the JSON Schema (draft 2019-09) the Filter extension asks for; names not
 * listed are refused (`additionalProperties: false`).
 */
export function queryablesSchema(queryables: Map<string, Queryable>, root: string, collection?: string) {
  const properties: Record<string, unknown> = {};
  for (const [name, q] of queryables) {
    if (q.kind === 'geometry') {
      properties[name] = { title: q.title, format: 'geometry-any' };
    } else if (q.kind === 'enumerated') {
      properties[name] = { title: q.title, type: 'string', enum: [...q.values.keys()].sort() };
    } else {
      properties[name] = { title: q.title, ...q.schema };
    }
  }
  const at = collection ? `/collections/${encodeURIComponent(collection)}` : '';
  return {
    $schema: 'https://json-schema.org/draft/2019-09/schema',
    $id: `${root}${at}/queryables`,
    type: 'object',
    title: collection ? `Queryables of ${collection}` : 'Queryables of the Satportal archive',
    description:
      'Names a CQL2 filter can use (cql2-text or cql2-json): comparisons, like, between, in, is null, and s_intersects on geometry.',
    properties,
    additionalProperties: false,
  };
}
