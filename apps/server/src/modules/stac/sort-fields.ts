import { hasControlCharacters } from '@satportal/contract';
import { StacError } from './stac-error';

/**
 * The Sort and Fields extensions' parameters. Sorting is offered on indexed keys only (each
 * page is an index range, at any archive size); every order ends with the id, so pages are
 * stable and the page token (the last item's key values) continues exactly after it.
 */

const bad = (description: string): never => {
  throw new StacError(400, 'BadRequest', description);
};

export type SortField = 'datetime' | 'id' | 'eo:cloud_cover';
export interface SortKey {
  field: SortField;
  desc: boolean;
}

/**
 * The sortable keys, the SQL of each (an index exists on each with the id: scenes_acquired_idx,
 * the primary key, scenes_cloud_idx) and how its value travels in the page token. A scene
 * without cloud cover sorts as 101 %: after every cloud cover, as PostgreSQL places NULLs.
 */
export const sortKeys: Record<SortField, { sql: string; token: 'time' | 'number' | 'text' }> = {
  datetime: { sql: 's.acquired_at', token: 'time' },
  id: { sql: 's.id', token: 'text' },
  'eo:cloud_cover': { sql: 'coalesce(s.cloud_cover, 101)', token: 'number' },
};

export const defaultSort: SortKey[] = [{ field: 'datetime', desc: true }];

function sortField(name: string): SortField {
  const bare = name.startsWith('properties.') ? name.slice('properties.'.length) : name;
  if (bare in sortKeys) return bare as SortField;
  return bad(
    `cannot sort by "${name.slice(0, 60)}": sortable are ${Object.keys(sortKeys).join(', ')} (indexed fields)`,
  );
}

/** `-properties.eo:cloud_cover,+datetime` (GET; a `+` read as a space is ascending too) or `[{field, direction}]` (POST). */
export function parseSortby(value: unknown): SortKey[] {
  if (value === undefined || value === null || value === '') return defaultSort;
  let keys: SortKey[];
  if (typeof value === 'string') {
    keys = value.split(',').map((part) => {
      const p = part.trim();
      const desc = p.startsWith('-');
      const name = p.replace(/^[-+]/, '');
      if (!name) return bad('sortby: an empty field name');
      return { field: sortField(name), desc };
    });
  } else if (Array.isArray(value)) {
    keys = value.map((k) => {
      const { field, direction } = (k ?? {}) as { field?: unknown; direction?: unknown };
      if (
        typeof field !== 'string' ||
        (direction !== undefined && direction !== 'asc' && direction !== 'desc')
      )
        return bad('sortby must be a list of {field, direction: "asc" | "desc"}');
      return { field: sortField(field), desc: direction === 'desc' };
    });
  } else {
    return bad('sortby must be a list of fields');
  }
  if (keys.length > 3) bad('sortby: at most 3 fields');
  if (new Set(keys.map((k) => k.field)).size !== keys.length) bad('sortby: a field is given twice');
  return keys;
}

/** The order of a search: its keys, then the id (in the last key's direction) unless sorted by id. */
export function orderOf(keys: SortKey[]): SortKey[] {
  if (keys.some((k) => k.field === 'id')) return keys;
  return [...keys, { field: 'id', desc: keys.at(-1)?.desc ?? true }];
}

export const encodeToken = (values: readonly unknown[]): string =>
  Buffer.from(JSON.stringify(values)).toString('base64url');

/** The time of a page token as the repository writes it (microseconds, UTC), from year 1. */
const TOKEN_TIME = /^(?!0000)\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** A real instant of that form: JavaScript reads 2024-02-31 as 2 March, PostgreSQL refuses it. */
function tokenTime(t: unknown): t is string {
  if (typeof t !== 'string' || !TOKEN_TIME.test(t)) return false;
  const at = new Date(t);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 23) === t.slice(0, 23);
}

/**
 * The key values of a page token for this order; a token of another order (or not ours) is a
 * 400. Every value goes to the database: one it cannot read would be a 500.
 */
export function decodeToken(value: unknown, order: SortKey[]): (string | number)[] | null {
  if (value === undefined || value === null || value === '') return null;
  const refuse = () => bad('token is not a page token of this API');
  if (typeof value !== 'string' || value.length > 600) return refuse();
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return refuse();
  }
  if (!Array.isArray(values) || values.length !== order.length) return refuse();
  const ok = order.every((k, i) => {
    const v = values[i];
    const kind = sortKeys[k.field].token;
    if (kind === 'time') return tokenTime(v);
    if (kind === 'number') return typeof v === 'number' && Number.isFinite(v);
    return typeof v === 'string' && v.length <= 200 && !hasControlCharacters(v);
  });
  return ok ? (values as (string | number)[]) : refuse();
}

export interface Fields {
  include: string[];
  exclude: string[];
}

/** The baseline of the Fields extension (a valid Item), with the item's version, extensions and collection. */
const defaultFields = [
  'type',
  'stac_version',
  'stac_extensions',
  'id',
  'collection',
  'geometry',
  'bbox',
  'links',
  'assets',
  'properties.datetime',
];

const fieldName = (f: unknown): string => {
  if (typeof f !== 'string' || !f || f.length > 100 || hasControlCharacters(f))
    return bad('fields: each field is a name of at most 100 characters');
  return f;
};

/** `id,-geometry,properties.eo:cloud_cover` (GET; `+` or a space before a name includes) or `{include, exclude}` (POST). */
export function parseFields(value: unknown): Fields | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') {
    const parts = value
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    return {
      include: parts.filter((p) => !p.startsWith('-')).map((p) => fieldName(p.replace(/^\+/, ''))),
      exclude: parts.filter((p) => p.startsWith('-')).map((p) => fieldName(p.slice(1))),
    };
  }
  if (typeof value !== 'object' || Array.isArray(value)) return bad('fields must be {include, exclude}');
  const { include, exclude, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length) bad('fields takes only include and exclude');
  const list = (l: unknown) => {
    if (l === undefined || l === null) return [];
    if (!Array.isArray(l) || l.length > 100) return bad('fields: include and exclude are lists of names');
    return l.map(fieldName);
  };
  return { include: list(include), exclude: list(exclude) };
}

/**
 * An item reduced to the fields asked (the extension's semantics): the baseline and the
 * included, less the excluded; a more specific name wins (`properties` included with
 * `properties.gsd` excluded keeps every property but gsd).
 */
export function applyFields(item: Record<string, unknown>, fields: Fields | null): Record<string, unknown> {
  if (!fields) return item;
  const include = new Set([...defaultFields, ...fields.include]);
  const exclude = new Set(fields.exclude);
  const under = (set: Set<string>, path: string) => [...set].some((s) => s.startsWith(`${path}.`));
  const pick = (obj: Record<string, unknown>, prefix: string, included: boolean) => {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(obj)) {
      const path = `${prefix}${key}`;
      if (exclude.has(path)) continue;
      const inc = included || include.has(path);
      const nested = v !== null && typeof v === 'object' && !Array.isArray(v);
      if (inc && !under(exclude, path)) out[key] = v;
      else if (nested && (inc || under(include, path)))
        out[key] = pick(v as Record<string, unknown>, `${path}.`, inc);
    }
    return out;
  };
  return pick(item, '', false);
}
