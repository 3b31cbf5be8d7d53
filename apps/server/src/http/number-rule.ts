import { integerSpelling, numberSpelling, readsAsInfinity } from '@satportal/contract';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error';

/**
 * The number rule (issue 26) for every route with a schema: where the schema expects an integer
 * or a number and the request holds text (query strings and paths always do; JSON may), the text
 * must be the canonical spelling (`integerSpelling`, `numberSpelling` of the contract) of a finite
 * number. The validator (Ajv with `coerceTypes`) would otherwise read "Infinity", "1e999", " 1",
 * "0x10" or "1.0" as numbers: Infinity passed `integer` (a coerced value is not checked again) and
 * every range keyword (they skip numbers that are not finite), and reached SQL as a 500. Booleans,
 * null and one-element arrays, which Ajv would also turn into numbers, are refused the same way.
 * Runs before validation, so the validator only ever coerces a text that means one number; ranges
 * stay the schema's (`error.outOfRange` with its limit).
 */

interface Schema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  patternProperties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema | Schema[];
  prefixItems?: Schema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/**
 * What the schemas a value at one place may have to meet (a union's branches, flattened) accept.
 * Built once per place of a schema and kept: a request with 100,000 positions walks the same few.
 */
interface Place {
  /** a branch takes any value (no type): nothing to check here or below */
  any: boolean;
  takes: Set<string>;
  /** 'integer' when every numeric branch is an integer, 'number' when one takes fractions */
  kind: 'integer' | 'number' | undefined;
  /** whether a number may be anywhere at or below this place */
  numeric: boolean;
  candidates: Schema[];
  /** the element place of every index, when the arrays have no tuple form */
  items?: Place;
  properties: Map<string, Place>;
}

const branchCache = new WeakMap<Schema, Schema[]>();
function candidatesOf(schema: Schema | boolean | undefined): Schema[] {
  if (!schema || typeof schema !== 'object') return [];
  const known = branchCache.get(schema);
  if (known) return known;
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  const out = branches.length ? branches.flatMap(candidatesOf) : [schema];
  branchCache.set(schema, out);
  return out;
}

/** The JSON types a schema accepts; undefined: any value. */
function typesOf(s: Schema): string[] | undefined {
  if (s.type) return [s.type].flat();
  const typeOfValue = (v: unknown) => (v === null ? 'null' : typeof v);
  if (s.const !== undefined) return [typeOfValue(s.const)];
  if (s.enum) return s.enum.map(typeOfValue);
  if (s.properties) return ['object'];
  return undefined;
}

const placeCache = new WeakMap<Schema, Place>();
const emptyPlace: Place = {
  any: false,
  takes: new Set(),
  kind: undefined,
  numeric: false,
  candidates: [],
  properties: new Map(),
};

/** The place of one schema (memoised per schema object: route schemas live as long as the app). */
function placeOf(schema: Schema | boolean | undefined): Place {
  if (!schema || typeof schema !== 'object') return emptyPlace;
  const known = placeCache.get(schema);
  if (known) return known;
  const place = placeFrom(candidatesOf(schema), 0);
  placeCache.set(schema, place);
  return place;
}

function placeFrom(candidates: Schema[], depth: number): Place {
  const typed = candidates.map(typesOf);
  const takes = new Set(typed.flatMap((t) => t ?? []));
  const numericTypes = typed.filter((t) => t?.includes('integer') || t?.includes('number'));
  const kind = numericTypes.length
    ? numericTypes.every((t) => !t?.includes('number'))
      ? 'integer'
      : 'number'
    : undefined;
  const place: Place = {
    any: typed.some((t) => !t),
    takes,
    kind,
    numeric: kind !== undefined,
    candidates,
    properties: new Map(),
  };
  if (place.any) return place;
  // Deeper than any request schema of ours: a self-referencing schema, read as "any value".
  if (depth > 32) return { ...place, any: true, numeric: false };
  const inner = depth + 1;
  const arrays = candidates.filter((s) => typesOf(s)?.includes('array'));
  if (arrays.length && !arrays.some((s) => s.prefixItems || Array.isArray(s.items))) {
    place.items = placeFrom(
      arrays.flatMap((s) => candidatesOf(s.items as Schema | undefined)),
      inner,
    );
    place.numeric ||= place.items.numeric || place.items.any;
  } else if (arrays.length) place.numeric = true;
  for (const s of candidates) {
    if (!typesOf(s)?.includes('object')) continue;
    if (s.patternProperties || (s.additionalProperties && s.additionalProperties !== true))
      place.numeric = true;
    for (const key of Object.keys(s.properties ?? {})) {
      if (place.properties.has(key)) continue;
      const sub = placeFrom(propertyCandidates(candidates, key), inner);
      place.properties.set(key, sub);
      place.numeric ||= sub.numeric;
    }
  }
  return place;
}

/** The schemas of an object property across the object candidates (named, by pattern, additional). */
function propertyCandidates(candidates: Schema[], key: string): Schema[] {
  return candidates.flatMap((s) => {
    if (!typesOf(s)?.includes('object')) return [];
    const named = s.properties && Object.hasOwn(s.properties, key) ? s.properties[key] : undefined;
    if (named) return candidatesOf(named);
    for (const [pattern, sub] of Object.entries(s.patternProperties ?? {}))
      if (new RegExp(pattern, 'u').test(key)) return candidatesOf(sub);
    return candidatesOf(s.additionalProperties);
  });
}

/** The element place at index i (tuples: read per index, rare). */
function itemAt(place: Place, i: number): Place {
  if (place.items) return place.items;
  return placeFrom(
    place.candidates.flatMap((s) => {
      if (!typesOf(s)?.includes('array')) return [];
      const tuple = s.prefixItems ?? (Array.isArray(s.items) ? s.items : undefined);
      return candidatesOf((tuple ? tuple[i] : s.items) as Schema | undefined);
    }),
    0,
  );
}

/** The place of a key of an object value: a named property, else patterns and additional ones. */
function propertyAt(place: Place, key: string): Place {
  return place.properties.get(key) ?? placeFrom(propertyCandidates(place.candidates, key), 0);
}

export interface NumberRuleRefusal {
  field: string;
  messageKey: 'error.validation' | 'error.outOfRange';
  params: Record<string, string | number>;
}

/**
 * The first place where `value` holds a number that is not canonically spelt, against `schema`
 * (a route's querystring, params or body schema); undefined when there is none.
 */
export function numberRuleRefusal(schema: unknown, value: unknown): NumberRuleRefusal | undefined {
  const place = placeOf(schema as Schema);
  return place.numeric ? refusalAt(place, value, []) : undefined;
}

function refusalAt(
  place: Place,
  value: unknown,
  path: Array<string | number>,
): NumberRuleRefusal | undefined {
  if (!place.numeric || place.any || typeof value === 'number' || value === undefined) return undefined;
  const refuse = (
    messageKey: NumberRuleRefusal['messageKey'],
    extra: Record<string, number> = {},
  ): NumberRuleRefusal => {
    const field = path.join('.');
    return {
      field,
      messageKey,
      params: { ...(place.kind ? { rule: place.kind } : {}), ...(field ? { field } : {}), ...extra },
    };
  };
  if (typeof value === 'string') {
    if (place.takes.has('string')) return undefined;
    if (place.kind) return textRefusal(place, value, refuse);
    // Ajv also wraps a lone text into a list ("satIds=Infinity" for `satIds: integer[]`).
    if (!place.takes.has('array')) return undefined;
    path.push(0);
    const refusal = refusalAt(itemAt(place, 0), value, path);
    path.pop();
    return refusal;
  }
  if (typeof value === 'boolean' || value === null) {
    if (!place.kind || place.takes.has(value === null ? 'null' : 'boolean')) return undefined;
    return refuse('error.validation');
  }
  if (Array.isArray(value)) {
    if (!place.takes.has('array')) return place.kind ? refuse('error.validation') : undefined;
    for (let i = 0; i < value.length; i++) {
      const element = value[i];
      if (typeof element === 'number') continue;
      path.push(i);
      const refusal = refusalAt(itemAt(place, i), element, path);
      path.pop();
      if (refusal) return refusal;
    }
    return undefined;
  }
  if (typeof value === 'object') {
    for (const key of Object.keys(value)) {
      const element = (value as Record<string, unknown>)[key];
      if (typeof element === 'number') continue;
      path.push(key);
      const refusal = refusalAt(propertyAt(place, key), element, path);
      path.pop();
      if (refusal) return refusal;
    }
  }
  return undefined;
}

function textRefusal(
  place: Place,
  text: string,
  refuse: (key: NumberRuleRefusal['messageKey'], extra?: Record<string, number>) => NumberRuleRefusal,
): NumberRuleRefusal | undefined {
  if (!readsAsInfinity(text)) {
    if (!(place.kind === 'integer' ? integerSpelling : numberSpelling).test(text))
      return refuse('error.validation');
    return undefined; // a finite number: the schema's range keywords judge it
  }
  // "Infinity", "1e999": beyond the field's bound (a field without one: no number at all).
  const negative = text.startsWith('-');
  for (const s of place.candidates) {
    const limit = negative ? (s.minimum ?? s.exclusiveMinimum) : (s.maximum ?? s.exclusiveMaximum);
    if (limit !== undefined) return refuse('error.outOfRange', { limit });
  }
  return refuse('error.validation');
}

/** Applies the rule to the query string, the path and the body of every route with a schema. */
export function installNumberRule(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema as
      | { querystring?: unknown; params?: unknown; body?: unknown }
      | undefined;
    if (!schema) return;
    const refusal =
      numberRuleRefusal(schema.params, request.params) ??
      numberRuleRefusal(schema.querystring, request.query) ??
      numberRuleRefusal(schema.body, request.body);
    if (refusal) throw ApiError.invalid(refusal.field, refusal.messageKey, refusal.params);
  });
}
