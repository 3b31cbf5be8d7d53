import fc from 'fast-check';
import { zipSync } from 'fflate';
import type { RegisteredRoute } from '../http/types';
import { encodeCursor } from '../modules/stac/stac.params';
import {
  boundaryIntegers,
  boxRing,
  canonicalMutations,
  controlStrings,
  hostileGeometry,
  hostileNumbers,
  hostileRing,
  type JsonSchema,
  keyRings,
  mutatedFrom,
  mutatedOf,
  numberLikeStrings,
  overlong,
  percentEncode,
  RawJson,
  toJsonText,
  toParamText,
  validOf,
  validPolygon,
  wrongTypes,
} from './schema-arbitrary';

/**
 * Requests of the fuzz test (issue 11): from a route's own schema (schema-arbitrary.ts), or, for
 * the few routes that parse their input by hand, from their parsers' documented parameters. Also
 * how a request goes through `inject`, and what in an answer counts as leaked internals.
 */

/** One call of a route, before it is written as an HTTP request. */
export interface FuzzCall {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  /** appended to the query string verbatim (broken percent-encoding, odd separators) */
  rawQuery?: string;
  /** replaces the `*` of a wildcard route, verbatim */
  wildcard?: string;
  body?: { json: unknown } | { raw: string | Uint8Array; contentType?: string | null };
  /** what a raw body holds, for reports (the multipart parts before they were written) */
  about?: unknown;
}

/** What exists for the signed-in caller of one route's run. */
export interface Fixture {
  token: string;
  username: string;
  password: string;
  /** "My AOIs", "My POIs", a folder, an AOI in it, a POI */
  ownIds: { rootAoi: number; rootPoi: number; folder: number; aoi: number; poi: number };
  /** an AOI of another user (must answer 404, never 500) */
  foreignId: number;
  taskId: string;
  satIds: number[];
  sceneIds: string[];
  collections: string[];
  /** requests that work, by route ("POST /api/v1/aois"): the bases of most mutations */
  examples: Record<string, Example[]>;
}

/** A working request of a route, by part. */
export interface Example {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

export const routeKey = (route: Pick<RegisteredRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;

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

/** Query-string junk: broken percent-encoding, odd separators, prototype keys, very long names. */
export const rawQueryJunk: readonly string[] = [
  '%',
  '%ZZ',
  '%E0%A4%A',
  '%00=%00',
  'a[b]=1',
  '&&&',
  '=x',
  `${overlong(5000)}=1`,
  '__proto__=1',
  'constructor[prototype][x]=1',
  'x=%C0%AF',
  'x=%ED%A0%80',
  'sort=time&sort=cc',
  'type=1&type=2',
  'ids=1&ids=2',
];

/** Request bodies that are not the JSON the route expects. */
function rawBodies(): Array<{ raw: string | Uint8Array; contentType?: string | null }> {
  return [
    { raw: '{"hasGeo": ', contentType: 'application/json' },
    { raw: '', contentType: 'application/json' },
    { raw: 'null', contentType: 'application/json' },
    { raw: '"text"', contentType: 'application/json' },
    { raw: '[]', contentType: 'application/json' },
    { raw: '\uFEFF{}', contentType: 'application/json' },
    { raw: '{"a":1,"a":2}', contentType: 'application/json' },
    { raw: '{"__proto__":{"polluted":1}}', contentType: 'application/json' },
    { raw: '{"constructor":{"prototype":{"polluted":1}}}', contentType: 'application/json' },
    { raw: `${'['.repeat(20_000)}${']'.repeat(20_000)}`, contentType: 'application/json' },
    { raw: `{"x":"${overlong(1_100_000)}"}`, contentType: 'application/json' },
    { raw: '{"x":1}', contentType: 'text/plain' },
    { raw: '{"x":1}', contentType: 'application/json; charset=latin1' },
    { raw: '{"x":1}', contentType: 'application/x-www-form-urlencoded' },
    { raw: '{"x":1}', contentType: null },
    { raw: new Uint8Array([0xff, 0xfe, 0x00, 0x7b]), contentType: 'application/json' },
    { raw: '{"x":1}', contentType: 'multipart/form-data' },
  ];
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
 * 2³¹, 1e308, a NUL, the whole world, a zero-area or an unclosed ring (`canonicalMutations`).
 */
export function canonicalCalls(route: RegisteredRoute, fixture: Fixture): FuzzCall[] {
  const hand = handWritten[routeKey(route)];
  if (hand) return hand.canonical?.(fixture) ?? [];
  const calls: FuzzCall[] = [];
  for (const e of fixture.examples[routeKey(route)] ?? []) {
    const base: FuzzCall = {
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { query: e.query } : {}),
      ...(e.body !== undefined ? { body: { json: e.body } } : {}),
    };
    for (const { part, schema } of schemaParts(route)) {
      if (e[part] === undefined) continue;
      for (const v of canonicalMutations(schema, e[part]))
        calls.push({
          ...base,
          ...(part === 'body' ? { body: { json: v } } : { [part]: v as Record<string, unknown> }),
        });
    }
  }
  return calls;
}

// ---------------------------------------------------------------------------------------------
// Routes that parse their input by hand

const junkQuery = fc.oneof(
  fc.constant<FuzzCall>({}),
  fc
    .dictionary(fc.string({ maxLength: 12 }), fc.constantFrom(...controlStrings, ...numberLikeStrings))
    .map((query) => ({ query })),
  fc.constantFrom(...rawQueryJunk).map((rawQuery) => ({ rawQuery })),
);

const anyOf = <T>(values: readonly T[]) => fc.constantFrom(...values);
/**
 * One value of a record replaced by a hostile one, or its key removed, given twice or spelt in
 * another case (no `chain`: the record and the change shrink apart, to a small counterexample).
 */
function oneChanged(
  valid: fc.Arbitrary<Record<string, unknown>>,
  hostile: Record<string, fc.Arbitrary<unknown>>,
): fc.Arbitrary<Record<string, unknown>> {
  type Change = { key: string } & ({ set: unknown } | { drop: true } | { twice: true } | { lower: boolean });
  const keys = Object.keys(hostile);
  const change: fc.Arbitrary<Change> = fc.oneof(
    { weight: 4, arbitrary: fc.oneof(...keys.map((key) => hostile[key]!.map((set) => ({ key, set })))) },
    { weight: 1, arbitrary: anyOf(keys).map((key) => ({ key, drop: true as const })) },
    { weight: 1, arbitrary: anyOf(keys).map((key) => ({ key, twice: true as const })) },
    { weight: 1, arbitrary: fc.tuple(anyOf(keys), fc.boolean()).map(([key, lower]) => ({ key, lower })) },
  );
  return fc.tuple(valid, change).map(([record, c]) => {
    const { [c.key]: old, ...rest } = record;
    if ('set' in c) return { ...rest, [c.key]: c.set };
    if ('drop' in c) return rest;
    if ('twice' in c) return { ...rest, [c.key]: [old ?? 'x', old ?? 'y'] };
    return { ...rest, [c.lower ? c.key.toLowerCase() : c.key.toUpperCase()]: old ?? 'x' };
  });
}

// The quicklook WMS: tiles/wms.ts `parseGetMap` (WMS 1.3.0 GetMap: SERVICE, VERSION, REQUEST, LAYERS,
// STYLES, CRS, BBOX, WIDTH, HEIGHT, FORMAT, TRANSPARENT, BGCOLOR, EXCEPTIONS).

const MERC = 20_037_508.342789244;

function wmsCall(f: Fixture): fc.Arbitrary<FuzzCall> {
  const bboxOf = (crs: string, [w, s, e, n]: number[]) =>
    crs === 'EPSG:4326'
      ? [s, w, n, e].join(',')
      : crs === 'EPSG:3857'
        ? [w, s, e, n]
            .map((v, i) =>
              i % 2
                ? Math.log(Math.tan(Math.PI / 4 + (v! * Math.PI) / 360)) * 6378137
                : (v! * Math.PI * 6378137) / 180,
            )
            .join(',')
        : [w, s, e, n].join(',');
  const valid = fc
    .record({
      crs: anyOf(['EPSG:3857', 'EPSG:4326', 'CRS:84', 'epsg:900913']),
      box: fc.oneof(
        boxRing.map((r) => [r[0]![0]!, r[0]![1]!, r[2]![0]!, r[2]![1]!]),
        fc.constant<number[]>([9.95, 9.95, 10.15, 10.15]),
        fc.constant<number[]>([-180, -85, 180, 85]),
      ),
      layer: anyOf(f.sceneIds),
      size: fc.oneof(
        { weight: 9, arbitrary: fc.integer({ min: 1, max: 128 }) },
        { weight: 1, arbitrary: fc.constant(1024) },
      ),
      transparent: anyOf(['TRUE', 'FALSE', 'true', undefined]),
      exceptions: anyOf([undefined, 'XML', 'BLANK', 'INIMAGE', 'application/vnd.ogc.se_inimage']),
      bgcolor: anyOf([undefined, '0xFFFFFF', '0x000000']),
    })
    .map(
      ({ crs, box, layer, size, transparent, exceptions, bgcolor }) =>
        ({
          SERVICE: 'WMS',
          VERSION: '1.3.0',
          REQUEST: 'GetMap',
          LAYERS: layer,
          STYLES: '',
          CRS: crs,
          BBOX: bboxOf(crs.toUpperCase(), box),
          WIDTH: String(size),
          HEIGHT: String(size),
          FORMAT: 'image/png',
          TRANSPARENT: transparent,
          EXCEPTIONS: exceptions,
          BGCOLOR: bgcolor,
        }) as Record<string, unknown>,
    );
  const sizes = anyOf<unknown>([
    0,
    -1,
    2048,
    2049,
    '1e3',
    '1.5',
    '99999999',
    '2147483648',
    ...numberLikeStrings,
  ]);
  const hostile = {
    SERVICE: anyOf<unknown>(['wms', 'WFS', '', ...controlStrings]),
    VERSION: anyOf<unknown>(['1.1.1', '1.3', '1.3.0 ', '', ...controlStrings]),
    REQUEST: anyOf<unknown>(['GetCapabilities', 'getmap', 'GetFeatureInfo', '', overlong(2000)]),
    LAYERS: anyOf<unknown>([
      'no-such-scene',
      `${f.sceneIds[0]},${f.sceneIds[1] ?? 'x'}`,
      overlong(200),
      overlong(201),
      overlong(1025),
      ...controlStrings,
    ]),
    STYLES: anyOf<unknown>(['default', 'x', ...controlStrings]),
    CRS: anyOf<unknown>(['EPSG:2154', 'EPSG:4326 ', 'epsg:3857', '', 'AUTO:42001', ...controlStrings]),
    BBOX: anyOf<unknown>([
      '0,0,0,0',
      '1,1,0,0',
      'NaN,0,1,1',
      '0,0,Infinity,1',
      '1e308,1e308,1e309,1e309',
      '-1e308,-1e308,1e308,1e308',
      '1,2,3',
      '1,2,3,4,5',
      ',,,',
      '-5760,-90,5760,90',
      '-5761,-90,5760,90',
      `${-MERC * 32},${-MERC * 32},${MERC * 32},${MERC * 32}`,
      '-180,-90,180,90',
      '0,0,1e-300,1e-300',
      '0x1,0,1,1',
      '1e5,0,1,1',
      ...controlStrings,
    ]),
    WIDTH: sizes,
    HEIGHT: sizes,
    FORMAT: anyOf<unknown>(['image/jpeg', 'IMAGE/PNG', 'image/png; mode=8bit', '', ...controlStrings]),
    TRANSPARENT: anyOf<unknown>(['yes', '1', '', ...controlStrings]),
    BGCOLOR: anyOf<unknown>(['FFFFFF', '0xFFF', '0xGGGGGG', '0xFFFFFFFF', ...controlStrings]),
    EXCEPTIONS: anyOf<unknown>(['json', 'BLANK ', '', ...controlStrings]),
  };
  return fc.oneof(
    { weight: 2, arbitrary: valid.map((query) => ({ query })) },
    { weight: 6, arbitrary: oneChanged(valid, hostile).map((query) => ({ query })) },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, anyOf(rawQueryJunk)).map(([query, rawQuery]) => ({ query, rawQuery })),
    },
    { weight: 1, arbitrary: junkQuery },
  );
}

// The STAC API: stac.params.ts `parseSearch` (bbox, intersects, datetime, ids, collections, limit,
// token), the collection and item ids of the paths, and the POST body (a JSON object).

const stacDatetimes = [
  '2024-06-15T10:30:00Z',
  '2024-01-01T00:00:00Z/2024-12-31T23:59:59Z',
  '../2024-12-31T23:59:59Z',
  '2024-01-01T00:00:00Z/..',
  '2024-02-30T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '2024-01-01T25:00:00Z',
  '2024-01-01T00:00:00+99:99',
  '2024-01-01t00:00:00z',
  '2024-01-01 00:00:00Z',
  '2024-01-01T00:00:00.1234567890123Z',
  '2024-12-31T00:00:00Z/2024-01-01T00:00:00Z',
  '../..',
  '/',
  'a/b/c',
  '2024-01-01',
];

const stacBboxes = [
  '9,9,11,11',
  '170,-10,-170,10',
  '-180,-90,180,90',
  '9,9,0,11,11,100',
  '1e308,0,1e309,1',
  'NaN,0,1,1',
  '0,0,0,0',
  '0,1,1,0',
  '',
  ',,,',
  '1,2,3',
  '181,0,182,1',
  'a,b,c,d',
  ' 9 , 9 , 11 , 11 ',
  '-180,-90,180,90,0,0',
];

/** Page tokens: real-looking ones whose time or id are odd, and tokens that are not ours at all. */
function stacTokens(f: Fixture): string[] {
  const times = [
    '2024-06-15 10:30:00.123456+00',
    '2024-06-15T10:30:00Z',
    '0',
    '1',
    '2024',
    '+275760-09-13T00:00:00.000Z',
    '-000001-01-01T00:00:00Z',
    'Tue, 01 Jan 2024 00:00:00 GMT',
    '2024-06-15T10:30:00.123456789Z',
    '1e3',
  ];
  const ids = [f.sceneIds[0] ?? 'x', '', '\u0000', overlong(300), "'"];
  const real = times.flatMap((t) => ids.map((id) => encodeCursor({ t, id })));
  const b64 = (text: string) => Buffer.from(text).toString('base64url');
  return [
    ...real,
    'AAAA',
    '!!!',
    overlong(601),
    b64('[]'),
    b64('[1,2]'),
    b64('{"t":1}'),
    b64('["x"]'),
    b64('null'),
  ];
}

function stacSearchValues(f: Fixture, asJson: boolean, itemList = false) {
  const geometries = fc.oneof(validPolygon, hostileGeometry());
  const list = (values: string[]) =>
    asJson
      ? fc.subarray(values, { minLength: 1 })
      : fc.subarray(values, { minLength: 1 }).map((v) => v.join(','));
  const area = fc.oneof(
    fc.constant({}),
    (asJson
      ? fc.constantFrom([9, 9, 11, 11], [170, -10, -170, 10], [-180, -90, 180, 90])
      : anyOf(stacBboxes.slice(0, 3))
    ).map((bbox) => ({ bbox })),
    ...(itemList ? [] : [validPolygon.map((g) => ({ intersects: asJson ? g : toJsonText(g) }))]),
  );
  const fields = fc.record(
    {
      datetime: anyOf(stacDatetimes.slice(0, 4)),
      limit: asJson ? fc.integer({ min: 1, max: 1000 }) : fc.integer({ min: 1, max: 1000 }).map(String),
      token: fc.constant(encodeCursor({ t: '2024-06-15 10:30:00+00', id: f.sceneIds[0] ?? 'x' })),
      ...(itemList ? {} : { ids: list(f.sceneIds), collections: list(f.collections) }),
    },
    { requiredKeys: [] },
  );
  return {
    valid: fc.tuple(area, fields).map(([a, rest]) => ({ ...a, ...rest }) as Record<string, unknown>),
    hostile: {
      bbox: asJson
        ? fc.oneof(
            anyOf<unknown>(stacBboxes),
            anyOf<unknown>([
              [0, 0, 0, 0],
              [1e308, 0, new RawJson('1e309'), 1],
              ['1', '2', '3', '4'],
              [],
              {},
              null,
            ]),
          )
        : anyOf<unknown>(stacBboxes),
      datetime: anyOf<unknown>([...stacDatetimes, ...controlStrings, ...(asJson ? [1, [], {}] : [])]),
      ids: anyOf<unknown>([
        ',',
        overlong(201),
        ...controlStrings,
        asJson
          ? Array.from({ length: 1001 }, (_, i) => `s${i}`)
          : Array.from({ length: 1001 }, (_, i) => `s${i}`).join(','),
        ...(asJson ? [[1], [''], [null], 'a,b'] : []),
      ]),
      collections: anyOf<unknown>([
        'no-such-collection',
        ',',
        overlong(201),
        ...controlStrings,
        ...(asJson ? [[1], {}] : []),
      ]),
      limit: anyOf<unknown>([
        '0',
        '-1',
        '1001',
        '2147483648',
        '999999999',
        '1e3',
        '1.5',
        'abc',
        ...(asJson ? hostileNumbers : []),
      ]),
      token: anyOf<unknown>([...stacTokens(f), ...controlStrings, ...(asJson ? [1, [], {}] : [])]),
      intersects: geometries.map((g) => (asJson ? g : toJsonText(g))),
    } as Record<string, fc.Arbitrary<unknown>>,
  };
}

function stacCalls(f: Fixture): Record<string, fc.Arbitrary<FuzzCall>> {
  const collection = fc.oneof(
    { weight: 3, arbitrary: anyOf(f.collections) },
    {
      weight: 2,
      arbitrary: anyOf<unknown>(['no-such', overlong(300), ...controlStrings, ...numberLikeStrings]),
    },
  );
  const item = fc.oneof(
    { weight: 3, arbitrary: anyOf(f.sceneIds) },
    { weight: 2, arbitrary: anyOf<unknown>(['no-such', overlong(300), overlong(5000), ...controlStrings]) },
  );
  const get = stacSearchValues(f, false);
  const items = stacSearchValues(f, false, true);
  const post = stacSearchValues(f, true);
  const queryOf = (s: typeof get) =>
    fc.oneof(
      { weight: 2, arbitrary: s.valid.map((query) => ({ query })) },
      { weight: 6, arbitrary: oneChanged(s.valid, s.hostile).map((query) => ({ query })) },
      { weight: 1, arbitrary: junkQuery },
    );
  return {
    'GET /stac/v1': junkQuery,
    'GET /stac/v1/conformance': junkQuery,
    'GET /stac/v1/collections': junkQuery,
    'GET /stac/v1/collections/:id': fc
      .tuple(collection, junkQuery)
      .map(([id, q]) => ({ ...q, params: { id } })),
    'GET /stac/v1/collections/:id/items': fc
      .tuple(collection, queryOf(items))
      .map(([id, q]) => ({ ...q, params: { id } })),
    'GET /stac/v1/collections/:id/items/:itemId': fc
      .tuple(collection, item, junkQuery)
      .map(([id, itemId, q]) => ({ ...q, params: { id, itemId } })),
    'GET /stac/v1/search': queryOf(get),
    'POST /stac/v1/search': fc.oneof(
      { weight: 2, arbitrary: post.valid.map((json) => ({ body: { json } })) },
      { weight: 6, arbitrary: oneChanged(post.valid, post.hostile).map((json) => ({ body: { json } })) },
      { weight: 1, arbitrary: anyOf<unknown>([[], 'x', 1, null, [{}]]).map((json) => ({ body: { json } })) },
      { weight: 1, arbitrary: anyOf(rawBodies()).map((body) => ({ body })) },
    ),
  };
}

// The AOI upload: aois.routes.ts `readUpload` (multipart: one `file` of .kml .kmz .json .geojson
// .zip under 50 characters and 5 MB, fields aoiParentId and poiParentId) and the file readers.

export interface MultipartPart {
  name: string;
  filename?: string;
  data: string | Uint8Array;
  /** for reports: what a zip holds */
  zipOf?: string;
}

const BOUNDARY = 'satportalFuzzBoundary7MA4YWxkTrZu0gW';

/** The parts as reports show them: a zip by what it holds. */
const partsAbout = (parts: MultipartPart[]) =>
  parts.map(({ zipOf, ...p }) => (zipOf ? { ...p, data: `zip of ${zipOf}` } : p));

export function multipartBody(parts: MultipartPart[], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const type = p.filename !== undefined ? 'Content-Type: application/octet-stream\r\n' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const kmlOf = (name: string, ring: unknown[]) =>
  '<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>' +
  `<Placemark><name>${name}</name><Polygon><outerBoundaryIs><LinearRing><coordinates>` +
  ring.map((p) => (Array.isArray(p) ? p.map(toParamText).join(',') : toParamText(p))).join(' ') +
  '</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></Document></kml>';

const hostileKml = [
  '<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><kml><Document><name>&b;</name></Document></kml>',
  '<kml><Document><Placemark><name>x</name><Polygon>',
  `<kml xmlns="http://www.opengis.net/kml/2.2">${'<Folder>'.repeat(5000)}${'</Folder>'.repeat(5000)}</kml>`,
  '<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><Point><coordinates>1e999,NaN</coordinates></Point></Placemark></kml>',
  '<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><Point><coordinates></coordinates></Point></Placemark></kml>',
  '<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><MultiGeometry/></Placemark></kml>',
  '<kml xmlns="http://www.opengis.net/kml/2.2"><NetworkLink><Link><href>http://127.0.0.1:1/x.kml</href></Link></NetworkLink></kml>',
  '\u0000\u0000',
  '<kml><![CDATA[',
];

function uploadCall(f: Fixture): fc.Arbitrary<FuzzCall> {
  const name = fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 20, unit: 'grapheme-ascii' }) },
    { weight: 2, arbitrary: anyOf<string>([...controlStrings, overlong(60), overlong(10_000)]) },
  );
  const geometry = fc.oneof(
    { weight: 2, arbitrary: validPolygon },
    { weight: 1, arbitrary: fc.constant({ type: 'Point', coordinates: [10, 10] }) },
    { weight: 4, arbitrary: hostileGeometry() },
  );
  const geojson = fc.tuple(name, geometry, fc.nat(3)).map(([n, g, shape]) =>
    toJsonText(
      shape === 0
        ? g
        : shape === 1
          ? { type: 'Feature', properties: { name: n }, geometry: g }
          : {
              type: 'FeatureCollection',
              features: [{ type: 'Feature', properties: { name: n }, geometry: g }],
            },
    ),
  );
  const kml = fc.oneof(
    fc.tuple(name, fc.oneof(boxRing, hostileRing())).map(([n, r]) => kmlOf(n, r)),
    anyOf(hostileKml),
  );
  const file = fc.oneof(
    fc
      .tuple(anyOf(['a.geojson', 'a.json', 'A.GEOJSON']), geojson)
      .map(([filename, data]) => ({ filename, data })),
    fc.tuple(anyOf(['a.kml', 'ä.KML']), kml).map(([filename, data]) => ({ filename, data })),
    kml.map((k) => ({ filename: 'a.kmz', data: zipSync({ 'doc.kml': Buffer.from(k) }), zipOf: k })),
    anyOf<{ filename: string; data: string | Uint8Array; zipOf?: string }>([
      {
        filename: 'a.zip',
        data: zipSync({ 'x.shp': new Uint8Array(200), 'x.dbf': new Uint8Array(40) }),
        zipOf: 'x.shp (200 zero bytes), x.dbf (40 zero bytes)',
      },
      { filename: 'a.zip', data: 'PK\u0003\u0004junk' },
      { filename: 'a.kmz', data: new Uint8Array(64).fill(0x50) },
      { filename: 'a.geojson', data: '' },
      { filename: 'a.geojson', data: '{"type":' },
      { filename: 'a.geojson', data: `${'['.repeat(20_000)}${']'.repeat(20_000)}` },
      { filename: 'a.geojson', data: '{"type":"FeatureCollection","features":null}' },
    ]),
  );
  const filename = anyOf([
    'file',
    '.geojson',
    'a.exe',
    `${overlong(60)}.kml`,
    'a\u0000.kml',
    '\u202Elmk.exe',
    '../../a.kml',
    '',
    'a"b.kml',
  ]);
  const hostileParent = anyOf([
    ...boundaryIntegers.map(String),
    ...numberLikeStrings,
    ...controlStrings,
    '99999999999',
  ]);
  const own = (ids: number[]) => fc.constantFrom(...ids).map(String);
  const validFields = fc.record(
    { aoiParentId: own([f.ownIds.rootAoi, f.ownIds.folder]), poiParentId: own([f.ownIds.rootPoi, -1]) },
    { requiredKeys: [] },
  );
  const fields = fc.oneof(
    { weight: 3, arbitrary: validFields },
    {
      weight: 1,
      arbitrary: fc.record(
        {
          aoiParentId: fc.oneof(
            own([f.ownIds.aoi, f.ownIds.poi, f.ownIds.rootPoi, f.foreignId]),
            hostileParent,
          ),
          poiParentId: fc.oneof(own([f.ownIds.folder, f.ownIds.rootAoi, f.foreignId]), hostileParent),
        },
        { requiredKeys: [] },
      ),
    },
  );
  const multipart = (parts: MultipartPart[]): FuzzCall => ({
    body: { raw: multipartBody(parts), contentType: `multipart/form-data; boundary=${BOUNDARY}` },
    about: partsAbout(parts),
  });
  /** A multipart body under a wrong content type, or cut short. */
  const broken = (parts: MultipartPart[], contentType: string, cut?: number): FuzzCall => {
    const raw = multipartBody(parts);
    return {
      body: { raw: cut ? raw.subarray(0, cut) : raw, contentType },
      about: { contentType, ...(cut ? { cutAfterBytes: cut } : {}), parts: partsAbout(parts) },
    };
  };
  const withFields = (o: Record<string, unknown>) =>
    Object.entries(o).map(([n, v]) => ({ name: n, data: String(v) }));
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(file, fields)
        .map(([fl, o]) => multipart([...withFields(o), { name: 'file', ...fl }])),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(file, filename)
        .map(([fl, fname]) => multipart([{ name: 'file', filename: fname, data: fl.data }])),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(file, fields).chain(([fl, o]) =>
        anyOf<FuzzCall>([
          multipart([]),
          multipart([
            { name: 'file', ...fl },
            { name: 'file', ...fl },
          ]),
          multipart([{ name: 'file', data: 'not a file' }]),
          multipart([{ name: 'other', ...fl }]),
          multipart([
            ...Array.from({ length: 6 }, (_, i) => ({ name: `f${i}`, data: 'x' })),
            { name: 'file', ...fl },
          ]),
          multipart([
            ...withFields(o),
            { name: 'aoiParentId', data: overlong(200) },
            { name: 'file', ...fl },
          ]),
          broken([{ name: 'file', ...fl }], `multipart/form-data; boundary=${BOUNDARY}`, 60),
          broken([{ name: 'file', ...fl }], 'multipart/form-data'),
          broken([{ name: 'file', ...fl }], 'multipart/form-data; boundary=other'),
          { body: { json: { file: 'x' } } },
          multipart([{ name: 'file', filename: 'big.geojson', data: overlong(5 * 1024 * 1024 + 10) }]),
        ]),
      ),
    },
  );
}

// The calls each hand-written route sends first (as `canonicalCalls` does for the others).

const worldRing = () => keyRings()[0]!;
const canonicalRings = () => [keyRings()[0]!, keyRings()[8]!, keyRings()[10]!];

function wmsCanonical(f: Fixture): FuzzCall[] {
  const base: Record<string, unknown> = {
    SERVICE: 'WMS',
    VERSION: '1.3.0',
    REQUEST: 'GetMap',
    LAYERS: f.sceneIds[0],
    STYLES: '',
    CRS: 'CRS:84',
    BBOX: '9.95,9.95,10.15,10.15',
    WIDTH: '64',
    HEIGHT: '64',
    FORMAT: 'image/png',
  };
  return [
    { BBOX: '-180,-90,180,90' },
    { CRS: 'EPSG:4326', BBOX: '-90,-180,90,180' },
    { BBOX: '-1e308,-1e308,1e308,1e308' },
    { WIDTH: '2147483648' },
    { LAYERS: 'a\u0000b' },
  ].map((change) => ({ query: { ...base, ...change } }));
}

function stacCanonical(f: Fixture): Record<string, FuzzCall[]> {
  const nul = 'a\u0000b';
  const geometries = canonicalRings().map((r) => ({ type: 'Polygon', coordinates: [r] }));
  const search = [
    ...geometries.map((g) => ({ intersects: g })),
    { bbox: [-180, -90, 180, 90] },
    { ids: [nul] },
    { collections: [nul] },
    { datetime: nul },
    { limit: 2 ** 31 },
    { token: encodeCursor({ t: '2024-06-15 10:30:00+00', id: nul }) },
  ];
  const asQuery = (o: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'string' ? v : toJsonText(v)]));
  const getSearch = search.map((o) => ({
    query: asQuery({
      ...o,
      ...('bbox' in o ? { bbox: '-180,-90,180,90' } : {}),
      ...('ids' in o ? { ids: nul } : {}),
      ...('collections' in o ? { collections: nul } : {}),
    }),
  }));
  const collection = f.collections[0]!;
  return {
    'POST /stac/v1/search': search.map((json) => ({ body: { json } })),
    'GET /stac/v1/search': getSearch,
    'GET /stac/v1/collections/:id': [{ params: { id: nul } }],
    'GET /stac/v1/collections/:id/items': [
      { params: { id: nul } },
      { params: { id: collection }, query: { bbox: '-180,-90,180,90' } },
      { params: { id: collection }, query: { limit: '2147483648' } },
    ],
    'GET /stac/v1/collections/:id/items/:itemId': [
      { params: { id: collection, itemId: nul } },
      { params: { id: nul, itemId: f.sceneIds[0] } },
    ],
  };
}

function uploadCanonical(f: Fixture): FuzzCall[] {
  const call = (
    filename: string,
    data: string | Uint8Array,
    fields: Record<string, string> = {},
    zipOf?: string,
  ) => {
    const parts: MultipartPart[] = [
      ...Object.entries(fields).map(([name, value]) => ({ name, data: value })),
      { name: 'file', filename, data, ...(zipOf ? { zipOf } : {}) },
    ];
    return {
      body: { raw: multipartBody(parts), contentType: `multipart/form-data; boundary=${BOUNDARY}` },
      about: partsAbout(parts),
    };
  };
  const feature = (name: string, ring: unknown[]) =>
    toJsonText({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name }, geometry: { type: 'Polygon', coordinates: [ring] } },
      ],
    });
  const box = boxRingOf(10, 10, 11, 11);
  return [
    ...canonicalRings().map((r) => call('a.geojson', feature('shape', r))),
    ...canonicalRings().map((r) => call('a.kml', kmlOf('shape', r))),
    call(
      'a.kmz',
      zipSync({ 'doc.kml': Buffer.from(kmlOf('world', worldRing())) }),
      {},
      kmlOf('world', worldRing()),
    ),
    call('a.geojson', feature('a\u0000b', box)),
    call('a.kml', kmlOf('a\u0000b', box)),
    call('a.geojson', feature('shape', box), { aoiParentId: '2147483648' }),
    call('a.geojson', feature('shape', box), {
      aoiParentId: String(f.ownIds.folder),
      poiParentId: '2147483648',
    }),
  ];
}

const boxRingOf = (w: number, s: number, e: number, n: number) => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
];

// The OpenAPI UI (its own plugin's routes) and the browser's configuration script: no input.

const docsPaths = [
  'swagger-ui.css',
  'index.html',
  '../../../package.json',
  '..%2f..%2f..%2fpackage.json',
  '%2e%2e/%2e%2e/package.json',
  '%00',
  'a%00.js',
  overlong(5000),
  '%E0%A4%A',
  '....//....//etc/passwd',
  'C:%5cwindows%5cwin.ini',
];

/**
 * Routes whose input is not a schema: each with why and its arbitrary. Everything else must be
 * derivable from its schema (a new route without one fails the test).
 */
export const handWritten: Record<
  string,
  { why: string; calls: (f: Fixture) => fc.Arbitrary<FuzzCall>; canonical?: (f: Fixture) => FuzzCall[] }
> = {
  'GET /tiles/quicklooks/wms': {
    why: 'WMS GetMap parameters, case-insensitive names (tiles/wms.ts parseGetMap)',
    calls: wmsCall,
    canonical: wmsCanonical,
  },
  'POST /api/v1/aois/upload': {
    why: 'multipart form (aois.routes.ts readUpload) and the file readers',
    calls: uploadCall,
    canonical: uploadCanonical,
  },
  ...Object.fromEntries(
    [
      'GET /stac/v1',
      'GET /stac/v1/conformance',
      'GET /stac/v1/collections',
      'GET /stac/v1/collections/:id',
      'GET /stac/v1/collections/:id/items',
      'GET /stac/v1/collections/:id/items/:itemId',
      'GET /stac/v1/search',
      'POST /stac/v1/search',
    ].map((key) => [
      key,
      {
        why: 'STAC API parameters (stac.params.ts parseSearch)',
        calls: (f: Fixture) => stacCalls(f)[key]!,
        canonical: (f: Fixture) => stacCanonical(f)[key] ?? [],
      },
    ]),
  ),
  ...Object.fromEntries(
    [
      'GET /api/docs',
      'GET /api/docs/static/index.html',
      'GET /api/docs/static/swagger-initializer.js',
      'GET /api/docs/json',
      'GET /api/docs/yaml',
      'GET /config.js',
    ].map((key) => [
      key,
      { why: 'no input (OpenAPI UI plugin, browser configuration)', calls: () => junkQuery },
    ]),
  ),
  'GET /api/docs/static/*': {
    why: 'static files of the OpenAPI UI plugin (path only)',
    calls: () => fc.tuple(anyOf(docsPaths), junkQuery).map(([wildcard, q]) => ({ ...q, wildcard })),
  },
};

// ---------------------------------------------------------------------------------------------
// Sending and judging

export type Auth = 'user' | 'anonymous' | 'junk-token';

export interface InjectRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** The call as an `inject` request. */
export function toInject(route: RegisteredRoute, call: FuzzCall, auth: Auth, token: string): InjectRequest {
  let url = route.url.replace(/:(\w+)/g, (_, name: string) =>
    percentEncode(toParamText(call.params?.[name])),
  );
  if (url.includes('*')) url = url.replace('*', call.wildcard ?? '');
  const query: string[] = [];
  for (const [key, value] of Object.entries(call.query ?? {})) {
    if (value === undefined) continue;
    // A list is the name given once per value (how query strings repeat a parameter).
    const values = Array.isArray(value) ? (value.length ? value : ['']) : [value];
    for (const v of values) query.push(`${percentEncode(key)}=${percentEncode(toParamText(v))}`);
  }
  if (call.rawQuery) query.push(call.rawQuery);
  if (query.length) url += `?${query.join('&')}`;
  const headers: Record<string, string> = {};
  if (auth === 'user') headers.authorization = `Bearer ${token}`;
  if (auth === 'junk-token') headers.authorization = `Bearer ${token.slice(0, -4)}AAAA`;
  let payload: string | Buffer | undefined;
  if (call.body && 'json' in call.body) {
    payload = toJsonText(call.body.json);
    headers['content-type'] = 'application/json';
  } else if (call.body) {
    payload = typeof call.body.raw === 'string' ? call.body.raw : Buffer.from(call.body.raw);
    if (call.body.contentType) headers['content-type'] = call.body.contentType;
  }
  return { method: route.method, url, headers, ...(payload !== undefined ? { payload } : {}) };
}

/** What in an answer would show the server's internals: stack frames, error classes, paths, SQL. */
export const leakPatterns: ReadonlyArray<[string, RegExp]> = [
  [
    'stack frame',
    /(?:^|\n)\s*at (?:async )?\S+ \(|\bat (?:async )?\S*\s?\(?(?:file:\/\/|node:|\/[\w.-]+\/)[^)\s]*:\d+:\d+\)?/,
  ],
  ['error internals', /\b(?:[A-Z][A-Za-z]*)?Error: /],
  [
    'file path',
    /file:\/\/|node_modules|(?:^|[\s"'(=])\/(?:home|usr|work|tmp|root|opt|srv|app|var)\/[\w.-]|[A-Za-z]:\\[\w.-]|\.(?:ts|mjs|cjs|js):\d+/,
  ],
  [
    'SQL error',
    /syntax error at or near|violates (?:not-null|foreign key|unique|check|exclusion) constraint|invalid input syntax for|out of range for type|value too long for type|null value in column|duplicate key value|current transaction is aborted|invalid byte sequence for encoding|unterminated quoted|relation "\w+" does not exist|column "\w+" (?:does not exist|of relation)|division by zero|numeric field overflow|lwgeom|\bGEOS\w*|invalid geometry|SQLSTATE|pg_catalog/i,
  ],
  [
    'SQL text',
    /\bSELECT\s[\s\S]{0,200}\sFROM\s|\bINSERT INTO\s|\bUPDATE\s\w+\sSET\s|\bDELETE FROM\s|\bST_[A-Z][A-Za-z]+\(/,
  ],
];

/**
 * The first leak in an answer's text, unless the matched text is an echo of the request itself
 * (a refused value repeated in a message).
 */
export function leakIn(body: string, requestText: string): string | undefined {
  for (const [what, pattern] of leakPatterns) {
    const global = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
    for (const m of body.matchAll(global)) {
      const text = m[0].trim();
      if (text && requestText.includes(text)) continue;
      return `${what}: ${JSON.stringify(body.slice(Math.max(0, m.index - 40), m.index + m[0].length + 40))}`;
    }
  }
  return undefined;
}

/** Content types whose text is checked for leaks (not the OpenAPI UI's scripts, styles and pages). */
export const checkedContentType = (type: string | undefined) => !type || /json|xml|text\/plain/.test(type);

/** A short, printable picture of a (possibly huge) value for a report. */
export function picture(value: unknown, depth = 0): string {
  if (typeof value === 'string') {
    return value.length > 240
      ? `${JSON.stringify(value.slice(0, 200))}…(${value.length} chars)`
      : JSON.stringify(value);
  }
  if (value instanceof Uint8Array)
    return `bytes(${value.length}) ${picture(Buffer.from(value).toString('latin1'))}`;
  if (Array.isArray(value)) {
    if (depth > 12) return '[…]';
    const shown =
      value.length > 8 ? [...value.slice(0, 3), `…${value.length - 4} more…`, value.at(-1)] : value;
    return `[${shown.map((v) => (typeof v === 'string' && v.startsWith('…') ? v : picture(v, depth + 1))).join(',')}]`;
  }
  if (value && typeof value === 'object') {
    if ('text' in value && value.constructor?.name === 'RawJson')
      return `raw(${(value as { text: string }).text})`;
    if (depth > 12) return '{…}';
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${picture(v, depth + 1)}`)
      .join(',')}}`;
  }
  return String(value);
}
