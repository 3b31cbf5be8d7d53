import fc from 'fast-check';
import type { FuzzCall } from './fuzz-call';
import { keyRings } from './hostile-geometry';
import { controlStrings, numberLikeStrings, overlong } from './hostile-values';

// What the fuzz inputs share (fuzz-requests.ts for the routes with a schema; fuzz-wms.ts,
// fuzz-stac.ts, fuzz-upload.ts, fuzz-hand-written.ts for those that parse by hand): junk query
// strings and bodies, one value changed, the rings the first calls send.

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
export function rawBodies(): Array<{ raw: string | Uint8Array; contentType?: string | null }> {
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

// ---------------------------------------------------------------------------------------------
// Routes that parse their input by hand

export const junkQuery = fc.oneof(
  fc.constant<FuzzCall>({}),
  fc
    .dictionary(fc.string({ maxLength: 12 }), fc.constantFrom(...controlStrings, ...numberLikeStrings))
    .map((query) => ({ query })),
  fc.constantFrom(...rawQueryJunk).map((rawQuery) => ({ rawQuery })),
);

export const anyOf = <T>(values: readonly T[]) => fc.constantFrom(...values);
/**
 * One value of a record replaced by a hostile one, or its key removed, given twice or spelt in
 * another case (no `chain`: the record and the change shrink apart, to a small counterexample).
 */
export function oneChanged(
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

// The calls each hand-written route sends first (as `canonicalCalls` does for the others).

export const worldRing = () => keyRings()[0]!;
export const canonicalRings = () => [keyRings()[0]!, keyRings()[8]!, keyRings()[10]!];
