import { integerSpelling, numberSpelling } from '@satportal/contract';
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

/** The schemas a value at one place may have to meet: a union's branches, flattened (memoised). */
const flatCache = new WeakMap<Schema, Schema[]>();
function candidatesOf(schema: Schema | boolean | undefined): Schema[] {
  if (!schema || typeof schema !== 'object') return [];
  const known = flatCache.get(schema);
  if (known) return known;
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  const out = branches.length ? branches.flatMap(candidatesOf) : [schema];
  flatCache.set(schema, out);
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

const accepts = (candidates: Schema[], type: string) =>
  candidates.some((s) => {
    const types = typesOf(s);
    return !types || types.includes(type);
  });

/** 'integer' when every numeric candidate is an integer, 'number' when one takes fractions. */
function numericKind(candidates: Schema[]): 'integer' | 'number' | undefined {
  const numeric = candidates.filter((s) => {
    const types = typesOf(s);
    return types?.includes('integer') || types?.includes('number');
  });
  if (!numeric.length) return undefined;
  return numeric.every((s) => typesOf(s)?.includes('integer') && !typesOf(s)?.includes('number'))
    ? 'integer'
    : 'number';
}

/** The bound a non-finite number passes (for `error.outOfRange`'s limit); undefined without one. */
function boundOf(candidates: Schema[], negative: boolean): number | undefined {
  for (const s of candidates) {
    const bound = negative ? (s.minimum ?? s.exclusiveMinimum) : (s.maximum ?? s.exclusiveMaximum);
    if (bound !== undefined) return bound;
  }
  return undefined;
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
export function numberRuleRefusal(
  schema: unknown,
  value: unknown,
  path: Array<string | number> = [],
): NumberRuleRefusal | undefined {
  return refusalAt(candidatesOf(schema as Schema), value, path);
}

function refusalAt(
  candidates: Schema[],
  value: unknown,
  path: Array<string | number>,
): NumberRuleRefusal | undefined {
  if (!candidates.length || typeof value === 'number' || value === undefined) return undefined;
  if (candidates.some((s) => !typesOf(s))) return undefined;
  const field = path.join('.');
  const kind = numericKind(candidates);
  const refuse = (
    messageKey: NumberRuleRefusal['messageKey'],
    extra: Record<string, string | number> = {},
  ): NumberRuleRefusal => ({
    field,
    messageKey,
    params: { ...(kind ? { rule: kind } : {}), ...(field ? { field } : {}), ...extra },
  });

  if (typeof value === 'string') {
    if (accepts(candidates, 'string')) return undefined;
    if (kind) return textRefusal(candidates, kind, value, refuse);
    // Ajv also wraps a lone text into a list ("satIds=Infinity" for `satIds: integer[]`).
    return accepts(candidates, 'array') ? refusalAt(itemsOf(candidates, 0), value, [...path, 0]) : undefined;
  }
  if (typeof value === 'boolean' || value === null) {
    if (!kind || accepts(candidates, value === null ? 'null' : 'boolean')) return undefined;
    return refuse('error.validation');
  }
  if (Array.isArray(value)) {
    if (!accepts(candidates, 'array')) return kind ? refuse('error.validation') : undefined;
    for (let i = 0; i < value.length; i++) {
      const element = value[i];
      if (typeof element === 'number') continue;
      const refusal = refusalAt(itemsOf(candidates, i), element, [...path, i]);
      if (refusal) return refusal;
    }
    return undefined;
  }
  if (typeof value === 'object') {
    for (const [key, element] of Object.entries(value)) {
      if (typeof element === 'number') continue;
      const refusal = refusalAt(propertyOf(candidates, key), element, [...path, key]);
      if (refusal) return refusal;
    }
  }
  return undefined;
}

function textRefusal(
  candidates: Schema[],
  kind: 'integer' | 'number',
  text: string,
  refuse: (key: NumberRuleRefusal['messageKey'], extra?: Record<string, number>) => NumberRuleRefusal,
): NumberRuleRefusal | undefined {
  if (!(kind === 'integer' ? integerSpelling : numberSpelling).test(text)) return refuse('error.validation');
  if (Number.isFinite(Number(text))) return undefined; // the schema's range keywords judge it
  // "1e999" in number grammar: a finite number beyond any bound of the schema.
  const limit = boundOf(candidates, text.startsWith('-'));
  return limit === undefined ? refuse('error.validation') : refuse('error.outOfRange', { limit });
}

/** The element schemas of the array candidates at index i. */
function itemsOf(candidates: Schema[], i: number): Schema[] {
  return candidates.flatMap((s) => {
    if (!typesOf(s)?.includes('array')) return [];
    const tuple = s.prefixItems ?? (Array.isArray(s.items) ? s.items : undefined);
    const item = tuple ? tuple[i] : s.items;
    return candidatesOf(item as Schema | undefined);
  });
}

/** The schemas of an object property across the object candidates (named, by pattern, additional). */
function propertyOf(candidates: Schema[], key: string): Schema[] {
  return candidates.flatMap((s) => {
    if (!typesOf(s)?.includes('object')) return [];
    const named = s.properties && Object.hasOwn(s.properties, key) ? s.properties[key] : undefined;
    if (named) return candidatesOf(named);
    for (const [pattern, sub] of Object.entries(s.patternProperties ?? {}))
      if (new RegExp(pattern, 'u').test(key)) return candidatesOf(sub);
    return candidatesOf(s.additionalProperties);
  });
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
