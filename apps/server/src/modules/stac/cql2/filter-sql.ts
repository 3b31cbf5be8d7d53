import type { Params } from '../../../db/params';
import type { ColumnType, Queryable } from '../queryables';
import type { Comparison, Cql2, Cql2Geometry, Cql2Literal, Cql2Scalar, Cql2Spatial } from './ast';
import { Cql2Error } from './ast';

/**
 * A CQL2 tree as a SQL condition over `scenes s JOIN satellites sat`: every value a parameter
 * (`Params`), every name checked against the queryables, every type checked, so a filter can
 * only ask what the queryables say. Enumerated queryables are decided here over their values.
 * Comparisons follow SQL: a scene without the value (NULL) matches neither `x < 10` nor
 * `NOT (x < 10)`, as CQL2's three-valued logic says.
 */

/** A geometry literal made ready by the service: an area (EWKB hex, split at ±180°) or a point/line (GeoJSON). */
export type PreparedGeometry = { kind: 'area'; ewkb: string } | { kind: 'shape'; geojson: string };

export interface FilterContext {
  queryables: Map<string, Queryable>;
  geometries: Map<Cql2Geometry, PreparedGeometry>;
}

const flip: Record<Comparison, Comparison> = {
  '=': '=',
  '<>': '<>',
  '<': '>',
  '<=': '>=',
  '>': '<',
  '>=': '<=',
};
const cast: Record<ColumnType, string> = { string: '::text', number: '::float8', timestamp: '::timestamptz' };

function compare<T extends string | number>(a: T, op: Comparison, b: T): boolean {
  switch (op) {
    case '=':
      return a === b;
    case '<>':
      return a !== b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    default:
      return a >= b;
  }
}

/** A CQL2 LIKE pattern (`%`, `_`, `\` escapes) as a regular expression. */
export function likeRegExp(pattern: string, caseInsensitive = false): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\' && i + 1 < pattern.length) re += pattern[++i]!.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    else if (c === '%') re += '[\\s\\S]*';
    else if (c === '_') re += '[\\s\\S]';
    else re += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${re}$`, caseInsensitive ? 'iu' : 'u');
}

export function compileFilter(tree: Cql2, ctx: FilterContext, p: Params): string {
  const queryable = (s: Cql2Scalar | Cql2Spatial): Queryable => {
    if (s.kind !== 'property') throw new Error('not a property');
    const q = ctx.queryables.get(s.name);
    if (!q) throw new Cql2Error(`"${s.name.slice(0, 60)}" is not a queryable (see /queryables)`);
    return q;
  };
  /** The literal's value for a column of the type, or a 400 when the types differ. */
  const checked = (name: string, type: ColumnType, lit: Cql2Scalar): string | number => {
    if (lit.kind === 'property') throw new Cql2Error('a comparison of two properties is not supported');
    if (type === 'timestamp' && lit.kind === 'string') {
      const instant = gdalInstant(lit.value);
      if (instant) return instant;
    }
    const ok =
      (type === 'string' && lit.kind === 'string') ||
      (type === 'number' && lit.kind === 'number') ||
      (type === 'timestamp' && lit.kind === 'timestamp');
    if (!ok) throw new Cql2Error(`${name} is a ${type}; ${describe(lit)} is not`);
    return (lit as Cql2Literal & { value: string | number }).value;
  };
  /** The literal as a parameter of the column's type. */
  const value = (name: string, type: ColumnType, lit: Cql2Scalar): string =>
    p.add(checked(name, type, lit), cast[type]);
  const enumValue = (name: string, lit: Cql2Scalar): string => {
    if (lit.kind !== 'string') throw new Cql2Error(`${name} is a string; ${describe(lit)} is not`);
    return lit.value;
  };
  const anyOf = (sql: string, values: Map<string, number[]>, test: (v: string) => boolean) => {
    const ids = [...values].filter(([v]) => test(v)).flatMap(([, list]) => list);
    return ids.length ? `${sql} = ANY(${p.add(ids, '::int[]')})` : 'FALSE';
  };

  const walk = (node: Cql2): string => {
    switch (node.op) {
      case 'and':
      case 'or':
        return `(${node.args.map(walk).join(node.op === 'and' ? ' AND ' : ' OR ')})`;
      case 'not':
        return `(NOT ${walk(node.arg)})`;
      case 'boolean':
        return node.value ? 'TRUE' : 'FALSE';
      case 'isNull': {
        const q = queryable(propertyOf(node.value, 'IS NULL'));
        return q.kind === 'column' && q.nullable ? `(${q.sql} IS NULL)` : 'FALSE';
      }
      case 'like': {
        const property = propertyOf(node.left, 'LIKE');
        const q = queryable(property);
        if (node.pattern.kind !== 'string') throw new Cql2Error('LIKE takes a quoted pattern');
        if (q.kind === 'enumerated') {
          const re = likeRegExp(node.pattern.value, node.caseInsensitive);
          return anyOf(q.sql, q.values, (v) => re.test(v));
        }
        if (q.kind !== 'column' || q.type !== 'string')
          throw new Cql2Error(`${property.name} is not a string`);
        return `(${q.sql} ${node.caseInsensitive ? 'ILIKE' : 'LIKE'} ${p.add(node.pattern.value, '::text')})`;
      }
      case 'between': {
        const property = propertyOf(node.value, 'BETWEEN');
        const q = queryable(property);
        if (q.kind !== 'column' || q.type === 'string')
          throw new Cql2Error(`BETWEEN takes a number or a datetime; ${property.name} is not one`);
        return `(${q.sql} BETWEEN ${value(property.name, q.type, node.low)} AND ${value(property.name, q.type, node.high)})`;
      }
      case 'in': {
        const property = propertyOf(node.value, 'IN');
        const q = queryable(property);
        if (q.kind === 'enumerated') {
          const wanted = new Set(node.list.map((l) => enumValue(property.name, l)));
          return anyOf(q.sql, q.values, (v) => wanted.has(v));
        }
        if (q.kind !== 'column') throw new Cql2Error(`${property.name} cannot be compared`);
        const values = node.list.map((l) => checked(property.name, q.type, l));
        return `(${q.sql} = ANY(${p.add(values, `${cast[q.type]}[]`)}))`;
      }
      case 's_intersects': {
        const [property, literal] =
          node.left.kind === 'property' ? [node.left, node.right] : [node.right, node.left];
        if (property.kind !== 'property' || literal.kind !== 'geometry')
          throw new Cql2Error('S_INTERSECTS takes the geometry property and a geometry');
        if (queryable(property).kind !== 'geometry')
          throw new Cql2Error(`${property.name} is not a geometry`);
        return intersects(literal.geometry);
      }
      default: {
        const swapped = node.left.kind !== 'property';
        const property = propertyOf(swapped ? node.right : node.left, node.op);
        const literal = swapped ? node.left : node.right;
        const op = swapped ? flip[node.op] : node.op;
        const q = queryable(property);
        if (q.kind === 'enumerated') {
          const v = enumValue(property.name, literal);
          return anyOf(q.sql, q.values, (x) => compare(x, op, v));
        }
        if (q.kind !== 'column') throw new Cql2Error(`${property.name} cannot be compared`);
        if (q.type === 'timestamp' && literal.kind === 'date') {
          return `((${q.sql} AT TIME ZONE 'UTC')::date ${op} ${p.add(literal.value, '::date')})`;
        }
        return `(${q.sql} ${op} ${value(property.name, q.type, literal)})`;
      }
    }
  };

  const intersects = (g: Cql2Geometry): string => {
    if (g.type === 'GeometryCollection') return `(${g.geometries.map(intersects).join(' OR ')})`;
    const prepared = ctx.geometries.get(g);
    if (!prepared) throw new Error('a geometry of the filter was not prepared');
    const other =
      prepared.kind === 'area'
        ? p.add(prepared.ewkb, '::geometry')
        : `ST_SetSRID(ST_GeomFromGeoJSON(${p.add(prepared.geojson, '::text')}), 4326)`;
    return `ST_Intersects(s.footprint::geometry, ${other})`;
  };

  return walk(tree);
}

/**
 * A quoted instant compared with a datetime, as GDAL's OAPIF driver (3.6) writes its filters:
 * `datetime >= '2024-01-01T10:00:00Z'`, or cut short (`'2024-01-01T'`); read as UTC. Not
 * CQL2 (which writes TIMESTAMP('…')), accepted because the clients send it.
 */
export function gdalInstant(text: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(?:(\d{2})(?::(\d{2})(?::(\d{2}(?:\.\d+)?))?)?Z?)?)?$/i.exec(text);
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = m;
  const iso = `${y}-${mo}-${d}T${h}:${mi}:${s}Z`;
  const at = new Date(iso);
  const real = !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === `${y}-${mo}-${d}`;
  return real && y !== '0000' && +h <= 23 && +mi <= 59 ? iso : null;
}

function propertyOf(s: Cql2Scalar, what: string) {
  if (s.kind !== 'property') throw new Cql2Error(`${what} takes a property on its left`);
  return s;
}

function describe(lit: Cql2Scalar): string {
  if (lit.kind === 'property') return `property ${lit.name}`;
  if (lit.kind === 'string') return `'${lit.value.slice(0, 40)}'`;
  return `${lit.kind} ${String(lit.value).slice(0, 40)}`;
}

/** Every geometry literal of the tree (the members of collections apart), to prepare them first. */
export function geometryLiterals(tree: Cql2): Cql2Geometry[] {
  const out: Cql2Geometry[] = [];
  const add = (g: Cql2Geometry) => {
    if (g.type === 'GeometryCollection') g.geometries.forEach(add);
    else out.push(g);
  };
  const walk = (node: Cql2) => {
    if (node.op === 'and' || node.op === 'or') node.args.forEach(walk);
    else if (node.op === 'not') walk(node.arg);
    else if (node.op === 's_intersects') {
      for (const s of [node.left, node.right]) if (s.kind === 'geometry') add(s.geometry);
    }
  };
  walk(tree);
  return out;
}
