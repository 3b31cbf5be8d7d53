import { hasControlCharacters, readNumber } from '@satportal/contract';
import { stacConstellation } from '../catalogue/stac-names';
import { boxRing } from '../orbits/footprint';
import { DensifyLimitError, densifyPolygons } from '../scenes/densify';
import { polygonProblem } from '../scenes/storable';
import type { Cql2 } from './cql2/ast';
import { Cql2Error } from './cql2/ast';
import { parseCql2Json } from './cql2/cql2-json';
import { parseCql2Text } from './cql2/cql2-text';
import {
  decodeToken,
  encodeToken,
  type Fields,
  orderOf,
  parseFields,
  parseSortby,
  type SortKey,
} from './sort-fields';
import { StacError } from './stac-error';

/**
 * The parameters of the STAC API's item search and item lists (STAC API 1.0.0 item-search,
 * OGC API Features part 1), from a query string (GET) or a JSON body (POST), checked without
 * the database. Every refusal is a `StacError` answered as `{code, description}`.
 */

export { StacError };

const bad = (description: string): never => {
  throw new StacError(400, 'BadRequest', description);
};

/** Text that reaches the database (ids, collections) holds no control characters (PostgreSQL refuses NUL). */
export function plainText(value: string, name: string): string {
  if (hasControlCharacters(value)) bad(`${name} must not contain control characters`);
  return value;
}

export const STAC_DEFAULT_LIMIT = 10;
export const STAC_MAX_LIMIT = 1000;

export type Polygonal =
  | { type: 'Polygon'; coordinates: number[][][] }
  | { type: 'MultiPolygon'; coordinates: number[][][][] };

/** Where a page of the default order (acquired_at desc, id desc) ended. */
export interface StacCursor {
  /** acquired_at as the database writes it (microseconds) */
  t: string;
  id: string;
}

export interface StacSearch {
  /** Lon/lat polygons; null: anywhere. */
  areas: Array<{ type: 'MultiPolygon'; coordinates: number[][][][] }> | null;
  /** Inclusive bounds; null: open. */
  from: Date | null;
  to: Date | null;
  ids: string[] | null;
  collections: string[] | null;
  limit: number;
  /** the order, ending with the id */
  order: SortKey[];
  /** the key values of the last item of the previous page */
  after: (string | number)[] | null;
  fields: Fields | null;
  filter: Cql2 | null;
}

/** The raw parameters as the client gave them (strings from a query string, JSON from a body). */
export interface RawSearch {
  bbox?: unknown;
  intersects?: unknown;
  datetime?: unknown;
  ids?: unknown;
  collections?: unknown;
  limit?: unknown;
  token?: unknown;
  sortby?: unknown;
  fields?: unknown;
  filter?: unknown;
  'filter-lang'?: unknown;
  'filter-crs'?: unknown;
  /** `?platform=landsat-8` and the like, on an items request (see propertyParameters) */
  properties?: Record<string, unknown>;
}

/**
 * Item properties an items request may filter by equality (OGC API Features part 1, "filters
 * on feature properties": `?platform=landsat-8&eo:cloud_cover=0`). They are declared as
 * parameters in the OpenAPI description, which is how GDAL (3.6) learns which properties it
 * can pass to the server in a CQL text filter.
 */
export const propertyParameters: Record<string, 'string' | 'number'> = {
  platform: 'string',
  constellation: 'string',
  'eo:cloud_cover': 'number',
  gsd: 'number',
  'view:off_nadir': 'number',
  'view:sun_elevation': 'number',
  'sat:orbit_state': 'string',
  'satportal:provenance': 'string',
  'satportal:product_quality': 'string',
};

/** The property parameters as CQL2 equalities. */
function propertyEqualities(properties: Record<string, unknown> | undefined): Cql2[] {
  return Object.entries(properties ?? {}).map(([name, v]) => {
    const type = propertyParameters[name];
    if (!type || typeof v !== 'string') return bad(`${name} is not a property parameter`);
    const n = Number(v);
    if (type === 'number' && (v.trim() === '' || !Number.isFinite(n))) bad(`${name} must be a number`);
    return {
      op: '=',
      left: { kind: 'property', name },
      right: type === 'number' ? { kind: 'number', value: n } : { kind: 'string', value: v },
    } satisfies Cql2;
  });
}

/** The search parameters, as RawSearch names them (GET and POST alike). */
/** The query parameters a collection's items take (`/collections/{id}/items`), besides a queryable's equality. */
export const itemListParameters = [
  'limit',
  'bbox',
  'datetime',
  'token',
  'sortby',
  'fields',
  'filter',
  'filter-lang',
  'filter-crs',
  'f',
];

export const searchParameters = [
  'bbox',
  'intersects',
  'datetime',
  'ids',
  'collections',
  'limit',
  'token',
  'sortby',
  'fields',
  'filter',
  'filter-lang',
  'filter-crs',
] as const satisfies readonly (keyof RawSearch)[];

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

function instant(text: string): Date {
  const t = new Date(text);
  if (!RFC3339.test(text) || Number.isNaN(t.getTime()))
    bad(`datetime: "${text.slice(0, 40)}" is not an RFC 3339 date-time`);
  return t;
}

/** A single instant, a closed interval `a/b`, or an open one `../b`, `a/..` (empty is open too). */
export function parseDatetime(value: unknown): { from: Date | null; to: Date | null } {
  if (value === undefined || value === null || value === '') return { from: null, to: null };
  if (typeof value !== 'string') return bad('datetime must be a string');
  const parts = value.split('/');
  if (parts.length === 1) {
    const at = instant(value);
    return { from: at, to: at };
  }
  if (parts.length !== 2) return bad('datetime must be an instant or an interval start/end');
  const open = (p: string) => p === '' || p === '..';
  const [a, b] = parts as [string, string];
  if (open(a) && open(b)) return bad('datetime: an interval needs at least one end');
  const from = open(a) ? null : instant(a);
  const to = open(b) ? null : instant(b);
  if (from && to && from > to) bad('datetime: the start is after the end');
  return { from, to };
}

/**
 * The search area densified (`scenes/densify.ts`): its straight longitude/latitude edges hold in
 * any reading of the database, and a box's parallels are cut into pieces of at most 90°, so no
 * edge is read the short way round (−180 → 180 stays the whole width).
 */
function densified(coordinates: number[][][][]): { type: 'MultiPolygon'; coordinates: number[][][][] } {
  try {
    return { type: 'MultiPolygon', coordinates: densifyPolygons(coordinates) };
  } catch (e) {
    if (e instanceof DensifyLimitError)
      bad(`the search area has more than ${e.limit} positions once densified`);
    throw e;
  }
}

/**
 * `[w, s, e, n]` (or 6 numbers with heights); w > e crosses the antimeridian (STAC API item
 * search), read as one box from w east to e + 360, which the database splits at ±180°.
 */
export function parseBbox(value: unknown): { type: 'MultiPolygon'; coordinates: number[][][][] } {
  // Each number in its JSON spelling (the number rule of contract/text.ts): no spaces, "+", hex.
  const list =
    typeof value === 'string'
      ? value.split(',').map((v) => {
          const n = readNumber(v);
          return typeof n === 'number' ? n : Number.NaN;
        })
      : value;
  if (
    !Array.isArray(list) ||
    (list.length !== 4 && list.length !== 6) ||
    !list.every((v) => typeof v === 'number' && Number.isFinite(v))
  ) {
    return bad('bbox must be 4 (or 6) numbers: west,south,east,north');
  }
  const n = list as number[];
  const [w, s, e, nn] = n.length === 4 ? n : [n[0]!, n[1]!, n[3]!, n[4]!];
  if ([w, e].some((x) => x! < -180 || x! > 180) || [s, nn].some((y) => y! < -90 || y! > 90)) {
    bad('bbox: longitudes must be within ±180 and latitudes within ±90');
  }
  if (!(s! < nn!)) bad('bbox: south must be below north');
  if (w === e) bad('bbox: west and east must differ');
  return densified([[boxRing(w!, s!, w! < e! ? e! : e! + 360, nn!)]]);
}

/** A GeoJSON Polygon or MultiPolygon (the archive's AOIs are areas; points and lines are refused). */
export function parseIntersects(value: unknown): { type: 'MultiPolygon'; coordinates: number[][][][] } {
  let g = value;
  if (typeof g === 'string') {
    try {
      g = JSON.parse(g);
    } catch {
      return bad('intersects must be GeoJSON');
    }
  }
  const geometry = g as Partial<Polygonal> | null;
  const isRing = (r: unknown) =>
    Array.isArray(r) &&
    r.length >= 4 &&
    r.every(
      (p) => Array.isArray(p) && p.length >= 2 && p.every((c) => typeof c === 'number' && Number.isFinite(c)),
    );
  const isPolygon = (p: unknown) => Array.isArray(p) && p.length >= 1 && p.every(isRing);
  if (geometry?.type === 'Polygon' && isPolygon(geometry.coordinates)) {
    return checkedArea([geometry.coordinates as number[][][]]);
  }
  if (
    geometry?.type === 'MultiPolygon' &&
    Array.isArray(geometry.coordinates) &&
    geometry.coordinates.length &&
    geometry.coordinates.every(isPolygon)
  ) {
    return checkedArea(geometry.coordinates as number[][][][]);
  }
  return bad('intersects must be a GeoJSON Polygon or MultiPolygon');
}

/**
 * What the database would refuse with an error (an open ring) or read wrongly (positions out of
 * range, no area), refused here. The whole world is a fine search area: the STAC API only
 * intersects on the longitude/latitude plane, it never stores nor measures the area.
 */
function checkedArea(coordinates: number[][][][]): { type: 'MultiPolygon'; coordinates: number[][][][] } {
  for (const polygon of coordinates) {
    for (const ring of polygon) {
      for (const [x, y] of ring as [number, number][]) {
        if (Math.abs(x) > 540 || Math.abs(y) > 90) {
          bad(`intersects: position ${x},${y} is out of range (longitude within ±540, latitude within ±90)`);
        }
      }
      const first = ring[0]!;
      const last = ring[ring.length - 1]!;
      if (first[0] !== last[0] || first[1] !== last[1]) {
        bad('intersects: a ring must be closed (its last position repeats the first)');
      }
    }
    if (polygonProblem(polygon, false)) bad('intersects: a polygon has no area');
  }
  return densified(coordinates);
}

function stringList(value: unknown, name: string): string[] | null {
  if (value === undefined || value === null || value === '') return null;
  const list = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(list) || !list.every((v) => typeof v === 'string' && v.length > 0 && v.length <= 200)) {
    return bad(`${name} must be a list of names`);
  }
  if (list.length > STAC_MAX_LIMIT) bad(`${name}: at most ${STAC_MAX_LIMIT}`);
  return list.map((v: string) => plainText(v, name).trim());
}

/** 1 to 1000, default 10; a larger limit is served as 1000 (OGC API Features: not an error). */
export function parseLimit(value: unknown): number {
  if (value === undefined || value === null || value === '') return STAC_DEFAULT_LIMIT;
  // Decimal digits without leading zeros (the number rule), at most 9 of them.
  const n = typeof value === 'string' && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1)
    return bad('limit must be a whole number from 1');
  return Math.min(n, STAC_MAX_LIMIT);
}

/** A page token of the default order (newest first): the last item's time and id (tests, fuzz). */
export const encodeCursor = (c: StacCursor): string => encodeToken([c.t, c.id]);

const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';

/**
 * The filter (Filter extension): `filter-lang` cql2-text (GET's default) or cql2-json (POST's
 * default), `filter-crs` only CRS84 (the footprints' longitude/latitude).
 */
export function parseFilter(raw: RawSearch, post: boolean): Cql2 | null {
  // `cql-text`: the drafts' name, which GDAL 3.6 sends (its CQL text is CQL2 text's subset).
  const given = raw['filter-lang'] ?? (post ? 'cql2-json' : 'cql2-text');
  const lang = given === 'cql-text' ? 'cql2-text' : given;
  if (lang !== 'cql2-text' && lang !== 'cql2-json') bad('filter-lang must be cql2-text or cql2-json');
  const crs = raw['filter-crs'];
  if (crs !== undefined && crs !== CRS84) bad(`filter-crs: only ${CRS84} is supported`);
  const f = raw.filter;
  if (f === undefined || f === null || f === '') return null;
  try {
    if (lang === 'cql2-json') return parseCql2Json(f);
    if (typeof f !== 'string') return bad('filter: cql2-text is a string');
    return parseCql2Text(f);
  } catch (e) {
    if (e instanceof Cql2Error) bad(`filter: ${e.message}`);
    throw e;
  }
}

/** Checks an item search (or an item list, which has no ids, collections or intersects). */
export function parseSearch(raw: RawSearch, post = false): StacSearch {
  if (raw.bbox !== undefined && raw.bbox !== '' && raw.intersects !== undefined && raw.intersects !== '') {
    bad('bbox and intersects cannot be used together');
  }
  let areas: StacSearch['areas'] = null;
  if (raw.bbox !== undefined && raw.bbox !== '' && raw.bbox !== null) areas = [parseBbox(raw.bbox)];
  if (raw.intersects !== undefined && raw.intersects !== '' && raw.intersects !== null)
    areas = [parseIntersects(raw.intersects)];
  const order = orderOf(parseSortby(raw.sortby));
  return {
    areas,
    ...parseDatetime(raw.datetime),
    ids: stringList(raw.ids, 'ids'),
    collections: stringList(raw.collections, 'collections'),
    limit: parseLimit(raw.limit),
    order,
    after: decodeToken(raw.token, order),
    fields: parseFields(raw.fields),
    filter: withEqualities(parseFilter(raw, post), propertyEqualities(raw.properties)),
  };
}

function withEqualities(filter: Cql2 | null, equalities: Cql2[]): Cql2 | null {
  const all = [...(filter ? [filter] : []), ...equalities];
  return all.length === 0 ? null : all.length === 1 ? all[0]! : { op: 'and', args: all };
}

/** A collection id: the satellite group's STAC constellation name (catalogue/stac-names.ts). */
export const slugOf = stacConstellation;
