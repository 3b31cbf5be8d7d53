import fc from 'fast-check';
import { type JsonSchema, RawJson } from './schema-json';

// Hostile and valid geometry for the fuzz inputs: huge, degenerate, crossing and unclosed rings,
// odd positions and coordinates, and how to tell that a schema holds coordinates.

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

export const asCors = (ring: Ring) =>
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
export const polygonOddities = (): unknown[] => [
  [],
  [[]],
  [closedBox(0, 0, 1, 1), closedBox(5, 5, 6, 6)],
  [closedBox(-180, -90, 180, 90), closedBox(-180, -90, 180, 90)],
  Array.from({ length: 2000 }, (_, i) => closedBox(i % 90, 0, (i % 90) + 0.5, 0.5)),
];

/** MultiPolygon coordinates that are odd as a whole: none, empty parts, 1000 parts, overlapping parts. */
export const multiOddities = (): unknown[] => [
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
