import fc from 'fast-check';
import type { RegisteredRoute } from '../http/types';
import { type Example, type Fixture, type FuzzCall, routeKey } from './fuzz-call';
import { handWritten } from './fuzz-hand-written';
import { rawBodies, rawQueryJunk } from './fuzz-shared';
import { controlStrings, wrongTypes } from './hostile-values';
import { validOf } from './schema-arbitrary';
import type { JsonSchema } from './schema-json';
import { canonicalMutations, mutatedFrom, mutatedOf } from './schema-mutations';

/**
 * Requests of the fuzz test (issue 11) for the routes with a schema: derived from it
 * (schema-arbitrary.ts); the routes that parse their input by hand are in fuzz-hand-written.ts.
 */

// ---------------------------------------------------------------------------------------------
// Routes derived from their schema

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Values that exist for the caller, by field name (see `Hints`). */
export function hintsOf(f: Fixture) {
  const own = Object.values(f.ownIds);
  const ids = fc.constantFrom(...own, f.foreignId, -1);
  return {
    id: ids,
    parentId: ids,
    ids: fc.subarray([...own, f.foreignId], { minLength: 1 }).map((list) => list.join(',')),
    taskId: fc.constantFrom(f.taskId, f.taskId.toUpperCase()),
    satIds: fc.subarray(f.satIds, { minLength: 1, maxLength: Math.min(8, f.satIds.length) }),
    sceneIds: fc.subarray(f.sceneIds, { minLength: 1 }),
    fdate: fc.constantFrom('2024-01-01', '2024-06-15', day(0), day(1), day(-400), '2024-02-30', '0000-01-01'),
    tdate: fc.constantFrom('2024-12-31', '2024-06-15', day(1), day(14), day(31), day(400), '9999-12-31'),
    username: fc.constantFrom(f.username, f.username.toUpperCase(), ` ${f.username} `),
    password: fc.constantFrom(f.password),
    oldPassword: fc.constantFrom(f.password),
  };
}

/** Route parameter names in a URL (`/aois/:id/move` → id). */
const paramNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);

/** Why a route cannot be derived from its schema (undefined: it can). */
export function underivable(route: RegisteredRoute): string | undefined {
  const schema = route.schema as
    | (RegisteredRoute['schema'] & { hide?: boolean; consumes?: unknown })
    | undefined;
  if (!schema) return 'no schema';
  const inputs = schema.body || schema.querystring || schema.params;
  if (schema.hide && !inputs)
    return 'hidden from the OpenAPI document without an input schema (parses input by hand)';
  if (schema.consumes) return `consumes ${JSON.stringify(schema.consumes)} (no body schema)`;
  if (route.url.includes('*')) return 'wildcard path';
  const params = schema.params as JsonSchema | undefined;
  const missing = paramNames(route.url).filter((p) => !params?.properties?.[p]);
  if (missing.length) return `path parameters without a schema: ${missing.join(', ')}`;
  return undefined;
}

/**
 * The calls of a route whose schema says what it reads: values derived from the schema, valid or
 * with one hostile change, and the route's working examples with one hostile change each.
 */
export function derivedCall(route: RegisteredRoute, fixture: Fixture): fc.Arbitrary<FuzzCall> {
  const options = { hints: hintsOf(fixture) };
  const parts = schemaParts(route);
  const wrap = (part: 'params' | 'query' | 'body', value: unknown): FuzzCall =>
    part === 'body' ? { body: { json: value } } : { [part]: value as Record<string, unknown> };
  const valid = (skip?: string) =>
    fc
      .tuple(
        ...parts
          .filter((p) => p.part !== skip)
          .map((p) => validOf(p.schema, options).map((v) => wrap(p.part, v))),
      )
      .map((calls) => Object.assign({}, ...calls) as FuzzCall);
  const choices: Array<fc.WeightedArbitrary<FuzzCall>> = [{ weight: 2, arbitrary: valid() }];
  for (const p of parts) {
    choices.push({
      weight: p.part === 'body' ? 4 : 3,
      arbitrary: fc
        .tuple(valid(p.part), mutatedOf(p.schema, options))
        .map(([rest, bad]) => ({ ...rest, ...wrap(p.part, bad) })),
    });
  }
  const examples = fixture.examples[routeKey(route)] ?? [];
  const asCall = (e: Example): FuzzCall => ({
    ...(e.params ? { params: e.params } : {}),
    ...(e.query ? { query: e.query } : {}),
    ...(e.body !== undefined ? { body: { json: e.body } } : {}),
  });
  if (examples.length) {
    choices.push({ weight: 2, arbitrary: fc.constantFrom(...examples).map(asCall) });
    for (const p of parts) {
      const mutated = examples.map((e) =>
        (e[p.part] === undefined
          ? mutatedOf(p.schema, options)
          : mutatedFrom(p.schema, e[p.part], options)
        ).map((bad) => ({ ...asCall(e), ...wrap(p.part, bad) })),
      );
      choices.push({ weight: p.part === 'body' ? 10 : 4, arbitrary: fc.oneof(...mutated) });
    }
  }
  const takesBody = route.method !== 'GET';
  choices.push({
    weight: 1,
    arbitrary: fc
      .tuple(valid(), fc.constantFrom(...rawQueryJunk))
      .map(([call, rawQuery]) => ({ ...call, rawQuery })),
  });
  if (!route.schema?.querystring) {
    choices.push({
      weight: 1,
      arbitrary: fc
        .tuple(
          valid(),
          fc.dictionary(fc.string({ maxLength: 10 }), fc.constantFrom(...wrongTypes, ...controlStrings)),
        )
        .map(([call, query]) => ({ ...call, query })),
    });
  }
  if (takesBody) {
    choices.push({
      weight: route.schema?.body ? 2 : 1,
      arbitrary: fc
        .tuple(valid('body'), fc.constantFrom(...rawBodies()))
        .map(([call, body]) => ({ ...call, body })),
    });
    if (!route.schema?.body)
      choices.push({
        weight: 1,
        arbitrary: fc
          .tuple(valid(), fc.jsonValue({ maxDepth: 3 }))
          .map(([call, json]) => ({ ...call, body: { json } })),
      });
  }
  return fc.oneof(...choices);
}

const schemaParts = (route: RegisteredRoute) =>
  (['params', 'query', 'body'] as const)
    .map((part) => {
      const schema = (part === 'query' ? route.schema?.querystring : route.schema?.[part]) as
        | JsonSchema
        | undefined;
      return schema ? { part, schema } : undefined;
    })
    .filter((p) => p !== undefined);

/**
 * The calls every run sends first, whatever the seed: each field of each example in turn set to
 * 2³¹, 1e308, "Infinity", "1e999", a NUL, the whole world, a zero-area or an unclosed ring
 * (`canonicalMutations`); optional numbers the example leaves out get the texts too.
 */
export function canonicalCalls(route: RegisteredRoute, fixture: Fixture): FuzzCall[] {
  const hand = handWritten[routeKey(route)];
  if (hand) return hand.canonical?.(fixture) ?? [];
  const calls: FuzzCall[] = [];
  // A route without an example still gets the canonical values in its optional fields (`?limit=`).
  for (const e of fixture.examples[routeKey(route)] ?? [{}]) {
    const base: FuzzCall = {
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { query: e.query } : {}),
      ...(e.body !== undefined ? { body: { json: e.body } } : {}),
    };
    for (const { part, schema } of schemaParts(route)) {
      const value = e[part] ?? (schema.type === 'object' ? {} : undefined);
      if (value === undefined) continue;
      for (const v of canonicalMutations(schema, value))
        calls.push({
          ...base,
          ...(part === 'body' ? { body: { json: v } } : { [part]: v as Record<string, unknown> }),
        });
    }
  }
  return calls;
}
