import fc from 'fast-check';
import {
  asCors,
  coordinateDepth,
  holdsGeometry,
  hostileGeometry,
  isLatLng,
  keyRings,
} from './hostile-geometry';
import {
  boundaryIntegers,
  controlStrings,
  hostileNumbers,
  numberLikeStrings,
  overlong,
  wrongTypes,
} from './hostile-values';
import {
  branchesOf,
  type DeriveOptions,
  geometryHere,
  objectOf,
  stringOf,
  typeOf,
  validOf,
} from './schema-arbitrary';
import type { JsonSchema } from './schema-json';

// The hostile half of schema-arbitrary.ts: `mutatedOf(schema)`, one hostile change in a valid-looking
// value; `mutatedFrom` (one change to a working example); `canonicalMutations` (the changes every
// run sends first); `fits` (whether a value still passes its schema).

const isRecord = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The value (or the example) with one of its geometries replaced by a hostile one: the whole
 * world, a zero-area or unclosed ring, 1e308, "NaN", 100,000 positions … Undefined when the schema
 * holds no coordinates.
 */
export function geometryMutated(
  schema: JsonSchema,
  options: DeriveOptions = {},
  example?: unknown,
  depth = 0,
): fc.Arbitrary<unknown> | undefined {
  const here = geometryHere(schema);
  if (here || depth > 10) return here;
  const branches = branchesOf(schema);
  if (branches) {
    const chosen = example !== undefined ? branches.filter((b) => fits(b, example)).slice(0, 1) : branches;
    const inner = chosen
      .map((b) => geometryMutated(b, options, example, depth + 1))
      .filter((a) => a !== undefined);
    return inner.length ? fc.oneof(...inner) : undefined;
  }
  if (typeOf(schema) === 'object' && schema.properties) {
    const base = isRecord(example) ? example : undefined;
    const choices: Array<fc.WeightedArbitrary<unknown>> = [];
    for (const [key, sub] of Object.entries(schema.properties)) {
      if (!holdsGeometry(sub)) continue;
      const inner = geometryMutated(sub, options, base?.[key], depth + 1);
      if (!inner) continue;
      choices.push({
        weight: 3,
        arbitrary: base ? inner.map((v) => ({ ...base, [key]: v })) : objectOf(schema, options, [key, inner]),
      });
    }
    const geoType = schema.properties.type?.const;
    if (geoType === 'Polygon' || geoType === 'MultiPolygon')
      choices.push({ weight: 1, arbitrary: hostileGeometry() });
    return choices.length ? fc.oneof(...choices) : undefined;
  }
  if (typeOf(schema) === 'array' && schema.items && holdsGeometry(schema.items)) {
    const items = schema.items;
    if (Array.isArray(example) && example.length) {
      const perElement = example
        .map((e, i) => geometryMutated(items, options, e, depth + 1)?.map((v) => example.with(i, v)))
        .filter((a) => a !== undefined);
      return perElement.length ? fc.oneof(...perElement) : undefined;
    }
    const inner = geometryMutated(items, options, undefined, depth + 1);
    return (
      inner &&
      fc
        .tuple(fc.array(validOf(items, options), { maxLength: 2 }), inner)
        .map(([rest, bad]) => [...rest, bad])
    );
  }
  return undefined;
}

/**
 * One hostile change of the value at this node (not below it). `base`: the value to change for
 * changes that keep most of it (a required field removed, an extra field, one element changed);
 * a fresh valid value when absent.
 */
function hostileHere(
  schema: JsonSchema,
  options: DeriveOptions,
  base?: fc.Arbitrary<unknown>,
): fc.Arbitrary<unknown> {
  const out: Array<fc.WeightedArbitrary<unknown>> = [
    { weight: 1, arbitrary: fc.constantFrom(...wrongTypes) },
  ];
  const add = (weight: number, values: readonly unknown[]) => {
    if (values.length) out.push({ weight, arbitrary: fc.constantFrom(...values) });
  };
  const geometry = geometryHere(schema);
  if (geometry) out.push({ weight: 8, arbitrary: geometry });
  const geoType = schema.properties?.type?.const;
  if (geoType === 'Polygon' || geoType === 'MultiPolygon')
    out.push({ weight: 4, arbitrary: hostileGeometry() });

  if (schema.const !== undefined || schema.enum) {
    const values = schema.enum ?? [schema.const];
    const near = values.flatMap((v) =>
      typeof v === 'number'
        ? [v + 1, v - 1, v + 0.5, String(v), -v]
        : typeof v === 'string'
          ? [v.toUpperCase(), v.toLowerCase(), ` ${v}`, `${v}\u0000`, '']
          : [String(v)],
    );
    add(
      3,
      near.filter((v) => !values.includes(v)),
    );
  }
  const type = typeOf(schema);
  if (type === 'integer' || type === 'number') {
    const edges: unknown[] = [];
    for (const bound of [schema.minimum, schema.exclusiveMinimum])
      if (bound !== undefined) edges.push(bound - 1, bound - 1e-9);
    for (const bound of [schema.maximum, schema.exclusiveMaximum])
      if (bound !== undefined) edges.push(bound + 1, bound + 1e-9);
    add(6, [...boundaryIntegers, ...edges]);
    add(2, type === 'integer' ? [...hostileNumbers, 1.5] : hostileNumbers);
    add(4, numberLikeStrings);
  }
  if (type === 'string') {
    const max = schema.maxLength;
    add(4, controlStrings);
    add(2, [
      ...(max !== undefined ? [overlong(max + 1), overlong(max + 1, '😀')] : []),
      overlong(1000),
      overlong(10_000, 'é'),
      overlong(100_000),
    ]);
    add(1, ['', ' ', ...numberLikeStrings.slice(0, 5)]);
    // A valid value with a control character or a pattern-breaking tail.
    out.push({
      weight: 2,
      arbitrary: fc
        .tuple(stringOf(schema), fc.constantFrom('\u0000', '\u001b', '\u202E', '\n', 'x', ' ', ','))
        .map(([text, c]) => `${text}${c}`),
    });
    if (schema.format === 'uuid')
      add(2, ['not-a-uuid', '00000000-0000-0000-0000-000000000000', '0'.repeat(36)]);
  }
  if (type === 'boolean') add(2, ['true', 'false', '1', '0', 'yes', 1, 0, 'TRUE']);
  if (type === 'array') {
    const item = schema.items ?? {};
    const max = schema.maxItems;
    const list = (base ?? validOf(schema, options)) as fc.Arbitrary<unknown[]>;
    add(2, [[], [null], [[]], { 0: 1, length: 1 }]);
    if (max !== undefined && max <= 5000)
      out.push({
        weight: 2,
        arbitrary: fc
          .tuple(list, validOf(item, options))
          .map(([l, v]) => Array.from({ length: max + 1 }, (_, i) => (l.length ? l[i % l.length] : v))),
      });
    // One element changed, the others kept.
    out.push({
      weight: 4,
      arbitrary: fc
        .tuple(list, fc.nat(), mutatedOf(item, options, 1))
        .map(([l, i, bad]) => (l.length ? l.with(i % l.length, bad) : [bad])),
    });
  }
  if (type === 'object') {
    const required = schema.required ?? [];
    const record = (base ?? objectOf(schema, options)) as fc.Arbitrary<Record<string, unknown>>;
    if (required.length) {
      out.push({
        weight: 3,
        arbitrary: fc.tuple(record, fc.constantFrom(...required)).map(([o, k]) => {
          const { [k]: _removed, ...rest } = o;
          return rest;
        }),
      });
    }
    out.push({
      weight: 2,
      arbitrary: fc
        .tuple(
          record,
          fc.constantFrom('extra', '__proto__', 'constructor', 'prototype', ''),
          fc.constantFrom(...wrongTypes),
        )
        .map(([o, k, v]) => {
          // defineProperty: `__proto__` as an own key, written into the JSON text.
          const copy = { ...o };
          Object.defineProperty(copy, k, { value: v, enumerable: true, configurable: true, writable: true });
          return copy;
        }),
    });
  }
  return fc.oneof(...out);
}

/**
 * A valid-looking value with exactly one hostile change, at this node or in one of its parts.
 * Where the schema holds coordinates, half of the changes are hostile geometries.
 */
export function mutatedOf(schema: JsonSchema, options: DeriveOptions = {}, depth = 0): fc.Arbitrary<unknown> {
  const here = hostileHere(schema, options);
  if (depth > 8) return here;
  const below: Array<fc.WeightedArbitrary<unknown>> = [];
  const branches = branchesOf(schema);
  if (branches) {
    for (const b of branches) below.push({ weight: 2, arbitrary: mutatedOf(b, options, depth + 1) });
  } else if (typeOf(schema) === 'object' && schema.properties) {
    for (const [key, sub] of Object.entries(schema.properties)) {
      below.push({
        weight: holdsGeometry(sub) ? 4 : 2,
        arbitrary: objectOf(schema, options, [key, mutatedOf(sub, options, depth + 1)]),
      });
    }
  }
  const generic = below.length ? fc.oneof({ weight: 2, arbitrary: here }, ...below) : here;
  const geometry = depth === 0 ? geometryMutated(schema, options) : undefined;
  return geometry ? fc.oneof(generic, geometry) : generic;
}

/** Whether a value fits a schema's shape (type, const, enum): enough to pick a union's branch. */
export function fits(schema: JsonSchema, value: unknown): boolean {
  if (schema.const !== undefined) return value === schema.const;
  if (schema.enum) return schema.enum.includes(value);
  const branches = branchesOf(schema);
  if (branches) return branches.some((b) => fits(b, value));
  switch (typeOf(schema)) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return (
        typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        Object.entries(schema.properties ?? {}).every(
          ([k, s]) =>
            (value as Record<string, unknown>)[k] === undefined ||
            fits(s, (value as Record<string, unknown>)[k]),
        )
      );
    default:
      return true;
  }
}

/**
 * An example (a request that works) with exactly one hostile change at a place the schema
 * describes: the rest stays a request the service accepts, so the change meets the code behind
 * the schema (shaping, SQL), not only the validator. Where the schema holds coordinates, half of
 * the changes are hostile geometries.
 */
export function mutatedFrom(
  schema: JsonSchema,
  example: unknown,
  options: DeriveOptions = {},
  depth = 0,
): fc.Arbitrary<unknown> {
  const branches = branchesOf(schema);
  if (branches) {
    const branch = branches.find((b) => fits(b, example));
    return branch ? mutatedFrom(branch, example, options, depth) : hostileHere(schema, options);
  }
  const here = hostileHere(schema, options, fits(schema, example) ? fc.constant(example) : undefined);
  if (depth > 8) return here;
  const below: Array<fc.WeightedArbitrary<unknown>> = [];
  if (typeOf(schema) === 'object' && schema.properties && isRecord(example)) {
    for (const [key, sub] of Object.entries(schema.properties)) {
      const child =
        example[key] !== undefined
          ? mutatedFrom(sub, example[key], options, depth + 1)
          : mutatedOf(sub, options, depth + 1);
      below.push({
        weight: holdsGeometry(sub) ? 4 : 2,
        arbitrary: child.map((value) => ({ ...example, [key]: value })),
      });
    }
  } else if (typeOf(schema) === 'array' && schema.items && Array.isArray(example) && example.length) {
    const items = schema.items;
    below.push({
      weight: 3,
      arbitrary: fc.oneof(
        ...example.map((e, i) => mutatedFrom(items, e, options, depth + 1).map((v) => example.with(i, v))),
      ),
    });
  }
  const generic = below.length ? fc.oneof({ weight: 2, arbitrary: here }, ...below) : here;
  const geometry = depth === 0 ? geometryMutated(schema, options, example) : undefined;
  return geometry ? fc.oneof(generic, geometry) : generic;
}

/** Whether a schema is an integer or a number (one of a union's branches, too). */
const isNumeric = (schema: JsonSchema): boolean =>
  ['integer', 'number'].includes(typeOf(schema) ?? '') || !!branchesOf(schema)?.some(isNumeric);

/** The hostile values per kind of field that every run sends (see `canonicalMutations`). */
const canonical = {
  integer: 2 ** 31,
  number: 1e308,
  /** numbers as text that a lenient reading takes for Infinity (issue 26: 500s from SQL) */
  numberText: ['Infinity', '1e999'],
  string: 'a\u0000b',
  rings: () => [keyRings()[0]!, keyRings()[8]!, keyRings()[10]!],
};

/**
 * The example with each of its fields in turn replaced by the values that most often broke a
 * server: 2³¹ for an integer, 1e308 for a number, both also as the text "Infinity" and "1e999",
 * a NUL for text, and for coordinates the whole
 * world, a zero-area ring and an unclosed ring. Deterministic: every run sends these first, so
 * the known classes of failure are never left to chance.
 */
export function canonicalMutations(schema: JsonSchema, example: unknown, depth = 0): unknown[] {
  if (depth > 10) return [];
  const branches = branchesOf(schema);
  if (branches) {
    const branch = branches.find((b) => fits(b, example));
    return branch ? canonicalMutations(branch, example, depth + 1) : [];
  }
  switch (coordinateDepth(schema)) {
    case 1:
      return [[1e308, 1e308]];
    case 2:
      return canonical.rings();
    case 3:
      return canonical.rings().map((r) => [r]);
    case 4:
      return canonical.rings().map((r) => [[r]]);
  }
  if (schema.type === 'array' && isLatLng(schema.items)) return canonical.rings().map(asCors);
  if (schema.const !== undefined || schema.enum) return [];
  switch (typeOf(schema)) {
    case 'integer':
      return [canonical.integer, ...canonical.numberText];
    case 'number':
      return [canonical.number, ...canonical.numberText];
    case 'string':
      return schema.format || schema.pattern ? [`${example ?? ''}\u0000`] : [canonical.string];
    case 'array': {
      if (!Array.isArray(example) || !example.length || !schema.items) return [];
      return canonicalMutations(schema.items, example[0], depth + 1).map((v) => example.with(0, v));
    }
    case 'object': {
      if (!isRecord(example) || !schema.properties) return [];
      return Object.entries(schema.properties).flatMap(([key, sub]) =>
        example[key] === undefined
          ? // An optional number the example leaves out (a page's start, a limit) still gets its text.
            isNumeric(sub)
            ? canonical.numberText.map((v) => ({ ...example, [key]: v }))
            : []
          : canonicalMutations(sub, example[key], depth + 1).map((v) => ({ ...example, [key]: v })),
      );
    }
    default:
      return [];
  }
}
