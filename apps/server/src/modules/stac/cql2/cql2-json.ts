import {
  type Comparison,
  CQL2_MAX_DEPTH,
  type Cql2,
  Cql2Error,
  type Cql2Geometry,
  type Cql2Scalar,
  type Cql2Spatial,
  checkSize,
  comparisons,
  dateLiteral,
  timestampLiteral,
} from './ast';

/**
 * CQL2 JSON (OGC 21-065r2 Annex C, `{op, args}`) for the subset of ast.ts. Operator names are
 * read case-insensitively (`isNull`, `s_intersects`, `and`).
 */

type Json = unknown;
const isObject = (v: Json): v is Record<string, Json> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function args(node: Record<string, Json>, op: string, count?: number): Json[] {
  const a = node.args;
  if (!Array.isArray(a) || (count !== undefined && a.length !== count))
    throw new Cql2Error(`"${op}" takes ${count === undefined ? 'a list of' : count} arguments in "args"`);
  return a;
}

function scalar(v: Json): Cql2Scalar {
  if (typeof v === 'string') return { kind: 'string', value: v };
  if (typeof v === 'number' && Number.isFinite(v)) return { kind: 'number', value: v };
  if (typeof v === 'boolean') return { kind: 'boolean', value: v };
  if (isObject(v)) {
    if (typeof v.property === 'string') return { kind: 'property', name: v.property };
    if (typeof v.timestamp === 'string') return timestampLiteral(v.timestamp);
    if (typeof v.date === 'string') return dateLiteral(v.date);
    if (typeof v.op === 'string') throw new Cql2Error(`function "${v.op.slice(0, 30)}" is not supported`);
  }
  throw new Cql2Error(
    'expected a property ({"property": …}), a string, a number, a boolean, a timestamp or a date',
  );
}

const numbers = (v: Json): v is number[] =>
  Array.isArray(v) && v.every((n) => typeof n === 'number' && Number.isFinite(n));

function positions(v: Json, depth: number): boolean {
  if (!Array.isArray(v)) return false;
  if (depth === 0) return numbers(v) && v.length >= 2 && v.length <= 3;
  return v.length > 0 && v.every((x) => positions(x, depth - 1));
}

const depthOf: Record<string, number> = {
  Point: 0,
  MultiPoint: 1,
  LineString: 1,
  MultiLineString: 2,
  Polygon: 2,
  MultiPolygon: 3,
};

function geometry(v: Record<string, Json>, depth: number): Cql2Geometry {
  if (depth > CQL2_MAX_DEPTH) throw new Cql2Error(`the filter nests deeper than ${CQL2_MAX_DEPTH}`);
  if ('bbox' in v && !('type' in v)) {
    if (!numbers(v.bbox)) throw new Cql2Error('bbox must be a list of numbers');
    return { type: 'BBox', bbox: v.bbox };
  }
  if (v.type === 'GeometryCollection' && Array.isArray(v.geometries) && v.geometries.length) {
    return {
      type: 'GeometryCollection',
      geometries: v.geometries.map((g) => {
        if (!isObject(g)) throw new Cql2Error('a geometry collection holds GeoJSON geometries');
        return geometry(g, depth + 1);
      }),
    };
  }
  const d = typeof v.type === 'string' ? depthOf[v.type] : undefined;
  if (d === undefined || !positions(v.coordinates, d))
    throw new Cql2Error('expected a GeoJSON geometry with valid coordinates or {"bbox": […]}');
  return { type: v.type, coordinates: v.coordinates } as Cql2Geometry;
}

function spatial(v: Json): Cql2Spatial {
  if (isObject(v)) {
    if (typeof v.property === 'string') return { kind: 'property', name: v.property };
    return { kind: 'geometry', geometry: geometry(v, 0) };
  }
  throw new Cql2Error('S_INTERSECTS takes a property and a geometry');
}

function node(v: Json, depth: number): Cql2 {
  if (depth > CQL2_MAX_DEPTH) throw new Cql2Error(`the filter nests deeper than ${CQL2_MAX_DEPTH}`);
  if (typeof v === 'boolean') return { op: 'boolean', value: v };
  if (!isObject(v) || typeof v.op !== 'string')
    throw new Cql2Error('expected an expression {"op": …, "args": […]}');
  const op = v.op.toLowerCase();
  if (op === 'and' || op === 'or') {
    const list = args(v, op);
    if (list.length < 2) throw new Cql2Error(`"${op}" takes at least 2 arguments`);
    return { op, args: list.map((a) => node(a, depth + 1)) };
  }
  if (op === 'not') return { op, arg: node(args(v, op, 1)[0], depth + 1) };
  if (comparisons.includes(op as Comparison)) {
    const [l, r] = args(v, op, 2);
    return { op: op as Comparison, left: scalar(l), right: scalar(r) };
  }
  if (op === 'like') {
    const [l, p] = args(v, op, 2);
    return { op, left: scalar(l), pattern: scalar(p) };
  }
  if (op === 'between') {
    const [x, low, high] = args(v, op, 3);
    return { op, value: scalar(x), low: scalar(low), high: scalar(high) };
  }
  if (op === 'in') {
    const [x, list] = args(v, op, 2);
    if (!Array.isArray(list) || list.length === 0)
      throw new Cql2Error('"in" takes a value and a non-empty list');
    return { op, value: scalar(x), list: list.map(scalar) };
  }
  if (op === 'isnull') return { op: 'isNull', value: scalar(args(v, op, 1)[0]) };
  if (op === 's_intersects') {
    const [l, r] = args(v, op, 2);
    return { op, left: spatial(l), right: spatial(r) };
  }
  if (/^(s|t|a)_/.test(op))
    throw new Cql2Error(`"${v.op.slice(0, 30)}" is not supported (only s_intersects)`);
  throw new Cql2Error(`"${v.op.slice(0, 30)}" is not an operator of this API`);
}

/** Parses a CQL2 JSON filter (already read from JSON, or as text in a query string). */
export function parseCql2Json(value: Json): Cql2 {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      throw new Cql2Error('the filter is not JSON');
    }
  }
  const tree = node(v, 0);
  checkSize(tree);
  return tree;
}
