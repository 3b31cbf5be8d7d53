/**
 * The CQL2 subset the STAC API filters with (OGC 21-065r2, CQL2 1.0): Basic CQL2 (and, or, not,
 * =, <>, <, <=, >, >=, is null), the advanced comparison operators (like, between, in) and
 * s_intersects over any geometry literal. Both encodings (cql2-text.ts, cql2-json.ts) parse to
 * this tree; filter-sql.ts checks it against the queryables and writes parametrised SQL.
 * Nothing here knows the database or the queryables.
 */

export type Cql2Literal =
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  /** RFC 3339 instant, as written */
  | { kind: 'timestamp'; value: string }
  /** YYYY-MM-DD */
  | { kind: 'date'; value: string };

export interface Cql2Property {
  kind: 'property';
  name: string;
}

export type Cql2Scalar = Cql2Literal | Cql2Property;

/** GeoJSON geometry (positions as given, checked where used) or a bounding box. */
export type Cql2Geometry =
  | { type: 'Point'; coordinates: number[] }
  | { type: 'MultiPoint' | 'LineString'; coordinates: number[][] }
  | { type: 'MultiLineString' | 'Polygon'; coordinates: number[][][] }
  | { type: 'MultiPolygon'; coordinates: number[][][][] }
  | { type: 'GeometryCollection'; geometries: Cql2Geometry[] }
  | { type: 'BBox'; bbox: number[] };

export type Cql2Spatial = Cql2Property | { kind: 'geometry'; geometry: Cql2Geometry };

export type Comparison = '=' | '<>' | '<' | '<=' | '>' | '>=';

export type Cql2 =
  | { op: 'and' | 'or'; args: Cql2[] }
  | { op: 'not'; arg: Cql2 }
  | { op: Comparison; left: Cql2Scalar; right: Cql2Scalar }
  /** `caseInsensitive`: GDAL's ILIKE (not CQL2; CQL2 writes CASEI), read as PostgreSQL's ILIKE */
  | { op: 'like'; left: Cql2Scalar; pattern: Cql2Scalar; caseInsensitive?: boolean }
  | { op: 'between'; value: Cql2Scalar; low: Cql2Scalar; high: Cql2Scalar }
  | { op: 'in'; value: Cql2Scalar; list: Cql2Scalar[] }
  | { op: 'isNull'; value: Cql2Scalar }
  | { op: 's_intersects'; left: Cql2Spatial; right: Cql2Spatial }
  | { op: 'boolean'; value: boolean };

export const comparisons: readonly Comparison[] = ['=', '<>', '<', '<=', '>', '>='];

/** A filter the client wrote wrongly or that uses what this API does not offer: a 400. */
export class Cql2Error extends Error {}

/** Bounds of one filter, so a filter costs a bounded parse and a bounded statement. */
export const CQL2_MAX_TEXT = 20_000;
export const CQL2_MAX_DEPTH = 40;
export const CQL2_MAX_PREDICATES = 200;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/i;

/** A calendar date that exists (JavaScript reads 2024-02-31 as 2 March, PostgreSQL refuses it). */
function realDay(text: string): boolean {
  const d = new Date(`${text.slice(0, 10)}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text.slice(0, 10) && text >= '0001';
}

export function timestampLiteral(text: string): Cql2Literal {
  const [, hh = '', mm = '', ss = ''] = /T(\d{2}):(\d{2}):(\d{2})/i.exec(text) ?? [];
  if (!TIMESTAMP.test(text) || !realDay(text) || +hh > 23 || +mm > 59 || +ss > 60)
    throw new Cql2Error(`"${text.slice(0, 40)}" is not a timestamp (YYYY-MM-DDThh:mm:ssZ)`);
  return { kind: 'timestamp', value: text };
}

export function dateLiteral(text: string): Cql2Literal {
  if (!DATE.test(text) || !realDay(text))
    throw new Cql2Error(`"${text.slice(0, 40)}" is not a date (YYYY-MM-DD)`);
  return { kind: 'date', value: text };
}

/** Counts predicates and depth of a parsed tree (the JSON encoding arrives already nested). */
export function checkSize(tree: Cql2): void {
  let predicates = 0;
  const walk = (node: Cql2, depth: number) => {
    if (depth > CQL2_MAX_DEPTH) throw new Cql2Error(`the filter nests deeper than ${CQL2_MAX_DEPTH}`);
    if (node.op === 'and' || node.op === 'or') for (const a of node.args) walk(a, depth + 1);
    else if (node.op === 'not') walk(node.arg, depth + 1);
    else if (++predicates > CQL2_MAX_PREDICATES)
      throw new Cql2Error(`the filter has more than ${CQL2_MAX_PREDICATES} predicates`);
  };
  walk(tree, 0);
}
