import fc from 'fast-check';

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

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  patternProperties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

/**
 * A JSON number written as given (`1e999`, 30 digits): what `JSON.stringify` cannot write.
 * `toJsonText` puts it in the request text verbatim.
 */
export class RawJson {
  constructor(readonly text: string) {}
  toJSON() {
    return `@@raw:${this.text}@@`;
  }
}

/** The request body's text: JSON, with `RawJson` values written verbatim. */
export function toJsonText(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.replace(/"@@raw:([^"@]*)@@"/g, '$1');
}

/** The value as a query-string or path value: `RawJson` as its text, objects as JSON. */
export function toParamText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  if (typeof value === 'object' && value !== null) return toJsonText(value);
  return String(value);
}

/**
 * Percent-encodes like encodeURIComponent, but never throws: a lone surrogate (which
 * encodeURIComponent refuses) is written as the bytes of its code unit, invalid UTF-8 on purpose.
 */
export function percentEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = text.charCodeAt(i + 1);
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        out += encodeURIComponent(text.slice(i, i + 2));
        i++;
        continue;
      }
      out += `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`;
      continue;
    }
    out += encodeURIComponent(text[i]!);
  }
  return out.toUpperCase().replace(/%[0-9A-F]{2}|[^%]+/g, (m) => (m.startsWith('%') ? m : m.toLowerCase()));
}

// ---------------------------------------------------------------------------------------------
// Hostile values

/** Integers at the edges of int4, of doubles' exact integers and of "no value". */
export const boundaryIntegers: readonly number[] = [
  0,
  -1,
  1,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  -(2 ** 53),
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
];

/** Numbers JSON can carry that columns and geometry code may not: extremes, tiny, fractional. */
export const hostileNumbers: readonly unknown[] = [
  ...boundaryIntegers,
  1e308,
  -1e308,
  5e-324,
  0.5,
  -0.5,
  1e-12,
  new RawJson('1e999'),
  new RawJson('-1e999'),
  new RawJson('123456789012345678901234567890'),
  new RawJson('-0'),
  new RawJson('1.0'),
];

/** Numbers as strings (bodies are coerced by the schema validator, query strings always are). */
export const numberLikeStrings: readonly string[] = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '1e999',
  '0x7fffffff',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  ' 1',
  '1 ',
  '1,5',
  '١٢',
  '',
  '-0',
  '+1',
  '.5',
  '1e-400',
];

/** Text PostgreSQL refuses (NUL), controls, bidi overrides, surrogates, quoting and path tricks. */
export const controlStrings: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\u001b[31mred',
  '\u202Egpj.exe',
  'line\nbreak',
  '\r\n',
  '\t',
  '\u007f',
  '\u0008',
  '\uFEFF',
  '\uD800',
  'x\uDFFFy',
  '\u2028',
  '\uFFFF',
  '😀',
  'e\u0301',
  '%00',
  '%',
  '_',
  "'",
  '"',
  '\\',
  "'; DROP TABLE users; --",
  '$1',
  '::text',
  '$' + '{x}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  'null',
  'true',
  '   ',
];

/** Values of every JSON type, for a field of another type. */
export const wrongTypes: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  '',
  'x',
  [],
  {},
  [null],
  { a: 1 },
  'true',
  '1',
  [1, 2],
];

/** Strings longer than anything a column holds; each built once. */
const overlongCache = new Map<number, string>();
export function overlong(length: number, unit = 'x'): string {
  const key = length * 31 + unit.charCodeAt(0);
  let s = overlongCache.get(key);
  if (!s) {
    s = unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
    overlongCache.set(key, s);
  }
  return s;
}

// ---------------------------------------------------------------------------------------------
// Geometry

type Position = unknown[];
type Ring = unknown[];

const closedBox = (w: number, s: number, e: number, n: number): number[][] => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
];

/** A ring of `n` positions within ~1 MB of JSON: a comb of one-digit coordinates (self-overlapping). */
function combRing(n: number): number[][] {
  const ring: number[][] = [];
  for (let i = 0; i < n - 1; i++) ring.push([i % 10, (i >> 1) % 2 === 0 ? 0 : 1]);
  ring.push([...ring[0]!]);
  return ring;
}

/** A circle of `n` positions, 4 decimals each (valid, but very dense). */
function denseCircle(n: number): number[][] {
  const ring: number[][] = [];
  for (let i = 0; i < n - 1; i++) {
    const a = (2 * Math.PI * i) / (n - 1);
    ring.push([Math.round(Math.cos(a) * 5e4) / 1e4, Math.round(Math.sin(a) * 5e4) / 1e4]);
  }
  ring.push([...ring[0]!]);
  return ring;
}

let hugeRings: { comb: number[][]; circle: number[][] } | undefined;
/** The 100,000-position comb and a ~50,000-position circle; built once, on first use. */
export function huge() {
  hugeRings ??= { comb: combRing(100_000), circle: denseCircle(50_000) };
  return hugeRings;
}

/**
 * The rings that matter most: the whole world (both windings, to the poles and short of them),
 * wider than the world, across the antimeridian, zero area, unclosed, too short, extreme and
 * NaN-like values, and 100,000 positions. Built once (the big ones on first use).
 */
export function keyRings(): Ring[] {
  return [
    closedBox(-180, -90, 180, 90),
    closedBox(-180, -90, 180, 90).reverse(),
    closedBox(-180, -85, 180, 85),
    closedBox(-179.9999, -89.9999, 179.9999, 89.9999),
    closedBox(-10, -90, 10, 90),
    closedBox(-540, -10, 540, 10),
    closedBox(170, 0, -170, 10),
    closedBox(-1e308, -10, 1e308, 10),
    [
      [1, 1],
      [1, 1],
      [1, 1],
      [1, 1],
    ],
    [
      [0, 0],
      [1, 1],
      [2, 2],
      [0, 0],
    ],
    [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
    ],
    [
      [0, 0],
      [1, 0],
      [0, 0],
    ],
    [
      [0, 0],
      ['NaN', 0],
      [1, 1],
      [0, 0],
    ],
    [
      [0, 0],
      [new RawJson('1e999'), 0],
      [1, 1],
      [0, 0],
    ],
    huge().comb,
    huge().circle,
  ];
}

/** More odd rings: tiny, beyond ±180°, empty, self-crossing, spiked, nulls, positions of odd length. */
export function otherRings(): Ring[] {
  return [
    closedBox(0, 0, 1e-12, 1e-12),
    closedBox(100, -10, 500, 10),
    closedBox(0, 0, 1e308, 1e308),
    [],
    [
      [0, 0],
      [2, 2],
      [2, 0],
      [0, 2],
      [0, 0],
    ],
    [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
      [0, 0],
    ],
    [
      [0, 0],
      [null, null],
      [1, 1],
      [0, 0],
    ],
    [
      [0, 0, 0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ],
    [[0], [1], [2], [0]],
  ];
}

/** Every hostile ring (for files and hand-written parameters). */
export const hostileRings = (): Ring[] => [...keyRings(), ...otherRings()];

let ringArbitrary: fc.Arbitrary<Ring> | undefined;
/**
 * A hostile ring: the whole world, zero area, unclosed, 1e308, "NaN" and 100,000 positions most
 * often, then the other key rings, then the rest.
 */
export function hostileRing(): fc.Arbitrary<Ring> {
  const key = keyRings();
  const first = [0, 1, 8, 10, 7, 12, 14].map((i) => key[i]!);
  ringArbitrary ??= fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...first) },
    { weight: 2, arbitrary: fc.constantFrom(...key.filter((r) => !first.includes(r))) },
    { weight: 1, arbitrary: fc.constantFrom(...otherRings()) },
  );
  return ringArbitrary;
}

/** Positions out of range, of the wrong length or not numbers. */
export const hostilePositions: readonly Position[] = [
  [],
  [0],
  [0, 0, 0, 0],
  ['NaN', 'NaN'],
  [1e308, 1e308],
  [-1e308, 0],
  [new RawJson('1e999'), 0],
  [null, null],
  [181, 0],
  [540, 0],
  [0, 91],
  [0, -90.0000001],
  [2 ** 53, 2 ** 31],
  ['1', '2'],
];

const asCors = (ring: Ring) =>
  ring.map((p) => (Array.isArray(p) ? { lng: p[0], lat: p[1] } : { lng: p, lat: p }));

/** `{lat, lng}` lists (drawn `cors`) from the hostile rings, plus their own oddities. */
export function hostileCors(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: hostileRing().map(asCors) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<unknown>(
        [{ lat: 'NaN', lng: 'NaN' }],
        [{ lat: 0 }],
        [{ lng: 0 }],
        [{ lat: 91, lng: 0 }],
        [{ lat: 0, lng: 1e308 }],
        [],
      ),
    },
  );
}

/** A small, valid, counter-clockwise box ring within ±180°, ±85°. */
export const boxRing = fc
  .record({
    w: fc.integer({ min: -18000, max: 17900 }),
    s: fc.integer({ min: -8500, max: 8400 }),
    width: fc.integer({ min: 1, max: 2000 }),
    height: fc.integer({ min: 1, max: 1000 }),
  })
  .map(({ w, s, width, height }) =>
    closedBox(w / 100, s / 100, Math.min(180, (w + width) / 100), Math.min(85, (s + height) / 100)),
  );

export const validPosition = fc
  .tuple(fc.integer({ min: -18000, max: 18000 }), fc.integer({ min: -9000, max: 9000 }))
  .map(([x, y]) => [x / 100, y / 100]);

/** A valid GeoJSON Polygon or MultiPolygon of one box. */
export const validPolygon = fc.oneof(
  boxRing.map((r) => ({ type: 'Polygon', coordinates: [r] })),
  boxRing.map((r) => ({ type: 'MultiPolygon', coordinates: [[r]] })),
);

/** Polygon coordinates that are odd as a whole: none, an empty ring, a hole outside, 2000 rings. */
const polygonOddities = (): unknown[] => [
  [],
  [[]],
  [closedBox(0, 0, 1, 1), closedBox(5, 5, 6, 6)],
  [closedBox(-180, -90, 180, 90), closedBox(-180, -90, 180, 90)],
  Array.from({ length: 2000 }, (_, i) => closedBox(i % 90, 0, (i % 90) + 0.5, 0.5)),
];

/** MultiPolygon coordinates that are odd as a whole: none, empty parts, 1000 parts, overlapping parts. */
const multiOddities = (): unknown[] => [
  [],
  [[]],
  [[[]]],
  Array.from({ length: 1000 }, (_, i) => [closedBox(-180 + (i % 350), 0, -179.5 + (i % 350), 1)]),
  [[closedBox(0, 0, 2, 2)], [closedBox(1, 1, 3, 3)]],
];

/** Whole GeoJSON objects of the wrong kind or shape. */
const geometryOddities = (): unknown[] => [
  { type: 'Point', coordinates: [0, 0] },
  { type: 'Polygon', coordinates: [0, 0] },
  { type: 'polygon', coordinates: [closedBox(0, 0, 1, 1)] },
  { type: 'GeometryCollection', geometries: [] },
  { type: 'Feature', geometry: { type: 'Polygon', coordinates: [closedBox(0, 0, 1, 1)] } },
  { type: 'Polygon' },
  { coordinates: [closedBox(0, 0, 1, 1)] },
];

/** A huge, degenerate or malformed GeoJSON Polygon or MultiPolygon (or not one at all). */
export function hostileGeometry(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: hostileRing().map((r) => ({ type: 'Polygon', coordinates: [r] })) },
    { weight: 2, arbitrary: hostileRing().map((r) => ({ type: 'MultiPolygon', coordinates: [[r]] })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...polygonOddities()).map((c) => ({ type: 'Polygon', coordinates: c })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...multiOddities()).map((c) => ({ type: 'MultiPolygon', coordinates: c })),
    },
    { weight: 1, arbitrary: fc.constantFrom(...geometryOddities()) },
  );
}

/** How deep a schema nests number arrays: 1 a position, 2 a ring, 3 a polygon, 4 a multipolygon. */
export function coordinateDepth(schema: JsonSchema | undefined): number {
  if (schema?.type !== 'array' || !schema.items) return 0;
  const items = schema.items;
  if (items.type === 'number' || items.type === 'integer') return (schema.maxItems ?? 99) <= 3 ? 1 : 0;
  const inner = coordinateDepth(items);
  return inner ? inner + 1 : 0;
}

/** `{lat, lng}` (a drawn position). */
export const isLatLng = (schema: JsonSchema | undefined) =>
  schema?.type === 'object' && !!schema.properties?.lat && !!schema.properties?.lng;

/** Whether a schema holds coordinates anywhere (its mutations then favour geometry). */
export function holdsGeometry(schema: JsonSchema | undefined, depth = 0): boolean {
  if (!schema || depth > 12) return false;
  if (coordinateDepth(schema) || isLatLng(schema)) return true;
  return (
    Object.values(schema.properties ?? {}).some((s) => holdsGeometry(s, depth + 1)) ||
    holdsGeometry(schema.items, depth + 1) ||
    (schema.anyOf ?? schema.oneOf ?? []).some((s) => holdsGeometry(s, depth + 1))
  );
}

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

const typeOf = (schema: JsonSchema): string | undefined =>
  Array.isArray(schema.type) ? schema.type[0] : schema.type;

const branchesOf = (schema: JsonSchema) => schema.anyOf ?? schema.oneOf;

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

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
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

function objectOf(schema: JsonSchema, options: DeriveOptions, override?: [string, fc.Arbitrary<unknown>]) {
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
function geometryHere(schema: JsonSchema): fc.Arbitrary<unknown> | undefined {
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
    add(1, numberLikeStrings);
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

/** The one hostile value per kind of field that every run sends (see `canonicalMutations`). */
const canonical = {
  integer: 2 ** 31,
  number: 1e308,
  string: 'a\u0000b',
  rings: () => [keyRings()[0]!, keyRings()[8]!, keyRings()[10]!],
};

/**
 * The example with each of its fields in turn replaced by the one value that most often broke a
 * server: 2³¹ for an integer, 1e308 for a number, a NUL for text, and for coordinates the whole
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
      return [canonical.integer];
    case 'number':
      return [canonical.number];
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
          ? []
          : canonicalMutations(sub, example[key], depth + 1).map((v) => ({ ...example, [key]: v })),
      );
    }
    default:
      return [];
  }
}
