import fc from 'fast-check';
import {
  boxRing,
  coordinateDepth,
  hostileCors,
  hostilePositions,
  hostileRing,
  isLatLng,
  multiOddities,
  polygonOddities,
  validPosition,
} from './hostile-geometry';
import type { JsonSchema } from './schema-json';

/**
 * fast-check arbitraries derived from a route's JSON Schema (the TypeBox schemas of the contract),
 * for the fuzz test (issue 11). Two kinds of values:
 *   - `validOf(schema)`: values the schema accepts, shaped to reach the services (real-looking
 *     boxes where a schema holds coordinates, the caller's own ids where a hint names the field);
 *   - `mutatedOf(schema)`: a valid-looking value with exactly one hostile change somewhere in it:
 *     a boundary integer, an overlong string, a control character, a wrong type, a missing
 *     required field, an extra field, or a huge or degenerate geometry where the schema holds
 *     coordinates. One change at a time, so the rest of the value still passes and the change
 *     reaches as deep into the server as it can.
 * Only the keywords TypeBox emits are read: type, properties, required, items, min/maxItems,
 * min/maxLength, pattern, format, minimum/maximum (and exclusive), enum, const, anyOf/oneOf.
 */

// ---------------------------------------------------------------------------------------------
// Derivation

/**
 * Values that exist for the caller, by property name at any depth (`id`, `parentId`, `ids`,
 * `taskId`, `satIds`, …): valid values then use them most of the time, so requests hit real rows.
 */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

export interface DeriveOptions {
  hints?: Hints;
}

export const typeOf = (schema: JsonSchema): string | undefined =>
  Array.isArray(schema.type) ? schema.type[0] : schema.type;

export const branchesOf = (schema: JsonSchema) => schema.anyOf ?? schema.oneOf;

/** Text for a string field without a pattern: mostly printable, sometimes any Unicode. */
const plainText = (min: number, max: number) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: min, maxLength: max, unit: 'grapheme-ascii' }) },
    { weight: 1, arbitrary: fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }) },
  );

function patternText(pattern: string, min: number, max: number): fc.Arbitrary<string> {
  const regex = new RegExp(pattern, 'u');
  try {
    return fc.stringMatching(regex).filter((s) => s.length >= min && s.length <= max);
  } catch {
    return plainText(min, max).filter((s) => regex.test(s));
  }
}

export function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? min + 40, min + 40);
  if (schema.pattern) return patternText(schema.pattern, min, schema.maxLength ?? 100_000);
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc
        .date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2035-01-01T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2035-01-01T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString().slice(0, 10));
    case 'email':
      return fc.emailAddress();
    default:
      return plainText(min, max);
  }
}

function numberOf(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum : undefined);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum : undefined);
  if (integer) {
    // Unbounded integers are mostly ids and counts: small values reach real rows and branches.
    const lo = Math.max(min ?? -10, -(2 ** 31));
    const hi = Math.min(max ?? Math.max(lo + 1000, 1000), 2 ** 31 - 1);
    const exLo = schema.exclusiveMinimum !== undefined ? lo + 1 : lo;
    const exHi = schema.exclusiveMaximum !== undefined ? hi - 1 : hi;
    return fc.integer({ min: exLo, max: Math.max(exLo, exHi) });
  }
  const lo = min ?? -1e6;
  const hi = max ?? 1e6;
  return fc.oneof(
    fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) }),
    fc.double({
      min: lo,
      max: hi,
      noNaN: true,
      noDefaultInfinity: true,
      minExcluded: schema.exclusiveMinimum !== undefined,
      maxExcluded: schema.exclusiveMaximum !== undefined,
    }),
  );
}

/** A value the schema accepts. */
export function validOf(
  schema: JsonSchema,
  options: DeriveOptions = {},
  name?: string,
): fc.Arbitrary<unknown> {
  const derived = validUnhinted(schema, options);
  const hint = name !== undefined ? options.hints?.[name] : undefined;
  return hint ? fc.oneof({ weight: 3, arbitrary: hint }, { weight: 1, arbitrary: derived }) : derived;
}

function validUnhinted(schema: JsonSchema, options: DeriveOptions): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = branchesOf(schema);
  if (branches) return fc.oneof(...branches.map((b) => validOf(b, options)));
  // Coordinates: real-looking boxes, so valid requests reach the geometry code.
  const depth = coordinateDepth(schema);
  if (depth === 1) return validPosition;
  if (depth === 2) return boxRing;
  if (depth === 3) return boxRing.map((r) => [r]);
  if (depth === 4)
    return fc.array(
      boxRing.map((r) => [r]),
      { minLength: 1, maxLength: 2 },
    );
  if (schema.type === 'array' && isLatLng(schema.items))
    return boxRing.map((r) => r.slice(0, 4).map(([lng, lat]) => ({ lat, lng })));
  switch (typeOf(schema)) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return numberOf(schema, true);
    case 'number':
      return numberOf(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const min = schema.minItems ?? 0;
      const max = Math.min(schema.maxItems ?? min + 4, min + 4);
      return fc.array(validOf(schema.items ?? {}, options), { minLength: min, maxLength: max });
    }
    case 'object':
      return objectOf(schema, options);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

export function objectOf(
  schema: JsonSchema,
  options: DeriveOptions,
  override?: [string, fc.Arbitrary<unknown>],
) {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, sub] of Object.entries(properties)) {
    record[key] = override?.[0] === key ? override[1] : validOf(sub, options, key);
  }
  const requiredKeys = Object.keys(properties).filter((k) => required.has(k) || k === override?.[0]);
  return fc.record(record, { requiredKeys });
}

/** A hostile geometry in place of the coordinates this node holds itself (undefined: it holds none). */
export function geometryHere(schema: JsonSchema): fc.Arbitrary<unknown> | undefined {
  switch (coordinateDepth(schema)) {
    case 1:
      return fc.constantFrom(...hostilePositions);
    case 2:
      return hostileRing();
    case 3:
      return fc.oneof(
        { weight: 6, arbitrary: hostileRing().map((r) => [r]) },
        { weight: 1, arbitrary: fc.constantFrom(...polygonOddities()) },
      );
    case 4:
      return fc.oneof(
        { weight: 6, arbitrary: hostileRing().map((r) => [[r]]) },
        { weight: 1, arbitrary: fc.constantFrom(...multiOddities()) },
      );
  }
  if (schema.type === 'array' && isLatLng(schema.items)) return hostileCors();
  return undefined;
}
