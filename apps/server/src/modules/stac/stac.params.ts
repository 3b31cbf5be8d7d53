import { hasControlCharacters, readNumber } from '@satportal/contract';
import { boxRing } from '../orbits/footprint';
import { DensifyLimitError, densifyPolygons } from '../scenes/densify';
import { polygonProblem } from '../scenes/storable';

/**
 * The parameters of the STAC API's item search and item lists (STAC API 1.0.0 item-search,
 * OGC API Features part 1), from a query string (GET) or a JSON body (POST), checked without
 * the database. Every refusal is a `StacError` answered as `{code, description}`.
 */

export class StacError extends Error {
  constructor(
    readonly status: number,
    readonly code: 'BadRequest' | 'NotFound',
    readonly description: string,
  ) {
    super(description);
  }
}

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

/** Where a page ended: the next one continues after (`t`, `id`) in the order acquired_at desc, id desc. */
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
  after: StacCursor | null;
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
}

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

export const encodeCursor = (c: StacCursor): string =>
  Buffer.from(JSON.stringify([c.t, c.id])).toString('base64url');

/** The time of a page token as `StacRepository.items` writes it (microseconds, UTC), from year 1. */
const CURSOR_TIME = /^(?!0000)\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** A real instant of that form: JavaScript reads 2024-02-31 as 2 March, PostgreSQL refuses it. */
function cursorTime(t: unknown): t is string {
  if (typeof t !== 'string' || !CURSOR_TIME.test(t)) return false;
  const at = new Date(t);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 23) === t.slice(0, 23);
}

export function decodeCursor(value: unknown): StacCursor | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || value.length > 600) return bad('token is not a page token of this API');
  try {
    const [t, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown[];
    // Both go to the database: a time it cannot read or an id with a NUL would be a 500.
    if (cursorTime(t) && typeof id === 'string' && !hasControlCharacters(id)) return { t, id };
  } catch {
    // answered below
  }
  return bad('token is not a page token of this API');
}

/** Checks an item search (or an item list, which has no ids, collections or intersects). */
export function parseSearch(raw: RawSearch): StacSearch {
  if (raw.bbox !== undefined && raw.bbox !== '' && raw.intersects !== undefined && raw.intersects !== '') {
    bad('bbox and intersects cannot be used together');
  }
  let areas: StacSearch['areas'] = null;
  if (raw.bbox !== undefined && raw.bbox !== '' && raw.bbox !== null) areas = [parseBbox(raw.bbox)];
  if (raw.intersects !== undefined && raw.intersects !== '' && raw.intersects !== null)
    areas = [parseIntersects(raw.intersects)];
  return {
    areas,
    ...parseDatetime(raw.datetime),
    ids: stringList(raw.ids, 'ids'),
    collections: stringList(raw.collections, 'collections'),
    limit: parseLimit(raw.limit),
    after: decodeCursor(raw.token),
  };
}

/** A collection id: the satellite group's category in lower case, accents and punctuation folded. */
export const slugOf = (category: string): string =>
  category
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'group';
