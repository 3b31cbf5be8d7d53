import {
  AoiAddRequest,
  AoiDeleteQuery,
  AoiIdParams,
  ArchiveSearchRequest,
  LoginRequest,
  Position,
  TaskingPredictionRequest,
} from '@satportal/contract';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leakIn, picture } from './fuzz-inject';
import { coordinateDepth, holdsGeometry } from './hostile-geometry';
import { validOf } from './schema-arbitrary';
import { type JsonSchema, percentEncode, RawJson, toJsonText } from './schema-json';
import { canonicalMutations, mutatedFrom, mutatedOf } from './schema-mutations';

/** The schema arbitraries of the fuzz test (http/fuzz.db.test.ts): what they generate. */

const ajv = new Ajv({ strict: false, allErrors: false });
addFormats(ajv);
const schemas = {
  AoiAddRequest,
  AoiDeleteQuery,
  AoiIdParams,
  ArchiveSearchRequest,
  LoginRequest,
  TaskingPredictionRequest,
};
const sample = (arb: fc.Arbitrary<unknown>, numRuns = 300) => fc.sample(arb, { numRuns, seed: 11 });
/** Every value in a sample, flattened to its JSON text (what the server receives). */
const texts = (arb: fc.Arbitrary<unknown>, numRuns = 300) => sample(arb, numRuns).map((v) => toJsonText(v));

describe('validOf', () => {
  for (const [name, schema] of Object.entries(schemas)) {
    it(`generates values ${name} accepts`, () => {
      const validate = ajv.compile(schema);
      for (const value of sample(validOf(schema as JsonSchema)))
        expect(validate(value), `${picture(value)}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    });
  }

  it('uses hints by field name, at any depth', () => {
    const values = sample(validOf(AoiAddRequest as JsonSchema, { hints: { parentId: fc.constant(4242) } }));
    const parents = values.map((v) => (v as { parentId?: number }).parentId).filter((p) => p !== undefined);
    expect(parents.filter((p) => p === 4242).length).toBeGreaterThan(parents.length / 2);
  });

  it('draws coordinates as real boxes: closed rings within ±180°, ±90°', () => {
    const request = sample(validOf(ArchiveSearchRequest as JsonSchema), 50) as Array<{
      aois: Array<{ coordinates: unknown }>;
    }>;
    const rings = request.flatMap((r) =>
      r.aois.flatMap((a) => (a.coordinates as number[][][][]).flat().filter((x) => typeof x[0] === 'object')),
    );
    for (const ring of rings as unknown as number[][][]) {
      expect(ring[0]).toEqual(ring.at(-1));
      for (const [lon, lat] of ring) {
        expect(Math.abs(lon!)).toBeLessThanOrEqual(180);
        expect(Math.abs(lat!)).toBeLessThanOrEqual(90);
      }
    }
  });
});

describe('mutatedOf', () => {
  it('makes most values invalid where no geometry is involved (hostile geometries may be valid)', () => {
    const validate = ajv.compile(LoginRequest);
    const values = sample(mutatedOf(LoginRequest as JsonSchema), 500);
    expect(values.filter((v) => !validate(v)).length).toBeGreaterThan(values.length * 0.6);
  });

  // Thousands of samples with 100k-character texts and 100k-position rings: seconds on a busy machine.
  it('reaches boundary integers, control characters, overlong text, missing and extra fields', {
    timeout: 30_000,
  }, () => {
    const all = texts(mutatedOf(AoiAddRequest as JsonSchema), 1500);
    expect(all.some((t) => t.includes('2147483648'))).toBe(true);
    expect(all.some((t) => t.includes('\\u0000'))).toBe(true);
    expect(all.some((t) => t.includes('\\u202e') || t.includes('\u202E'))).toBe(true);
    expect(all.some((t) => /"name":"x{1001}/.test(t))).toBe(true);
    expect(all.some((t) => t.includes('"__proto__"'))).toBe(true);
    expect(all.some((t) => !t.includes('"hasGeo"') && t.startsWith('{'))).toBe(true);
  });

  // Thousands of samples with 100k-character texts and 100k-position rings: seconds on a busy machine.
  it('finds coordinates in schemas and sends whole-world, degenerate, extreme and 100k-position rings', {
    timeout: 30_000,
  }, () => {
    expect(coordinateDepth(Position as JsonSchema)).toBe(1);
    expect(holdsGeometry(ArchiveSearchRequest as JsonSchema)).toBe(true);
    expect(holdsGeometry(LoginRequest as JsonSchema)).toBe(false);
    const all = texts(mutatedOf(ArchiveSearchRequest as JsonSchema), 1500);
    expect(all.some((t) => t.includes('[[-180,-90],[180,-90],[180,90],[-180,90],[-180,-90]]'))).toBe(true);
    expect(all.some((t) => t.includes('[[1,1],[1,1],[1,1],[1,1]]'))).toBe(true);
    expect(all.some((t) => t.includes('1e999'))).toBe(true);
    expect(all.some((t) => t.includes('"NaN"'))).toBe(true);
    const huge = all.filter((t) => t.length > 500_000);
    expect(huge.length).toBeGreaterThan(0);
    // within the server's body limit of 1 MiB
    for (const t of huge) expect(t.length).toBeLessThan(1024 * 1024);
  });
});

describe('mutatedFrom', () => {
  it('changes an example in exactly one place', () => {
    const schema = {
      type: 'object',
      required: ['a', 'b'],
      properties: { a: { type: 'integer' }, b: { type: 'string' } },
    } as JsonSchema;
    for (const v of sample(mutatedFrom(schema, { a: 1, b: 'x' }), 300)) {
      if (!v || typeof v !== 'object' || Array.isArray(v)) continue; // the whole value replaced
      const o = v as Record<string, unknown>;
      if (!('a' in o) && !('b' in o)) continue; // the whole value replaced by an object
      const changed = ['a', 'b'].filter((k) => o[k] !== (k === 'a' ? 1 : 'x'));
      expect(changed.length, picture(v)).toBeLessThanOrEqual(1);
    }
  });

  it('keeps the union branch of the example (a Polygon stays a Polygon around its change)', () => {
    const example = {
      hasGeo: true,
      name: 'a',
      parentId: 3,
      geometry: {
        type: 4,
        geojson: {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [0, 0],
            ],
          ],
        },
      },
    };
    const values = sample(mutatedFrom(AoiAddRequest as JsonSchema, example), 300) as Array<
      Record<string, unknown>
    >;
    const kept = values.filter(
      (v) => v && typeof v === 'object' && v.name === 'a' && v.parentId === 3 && v.hasGeo === true,
    );
    expect(kept.length).toBeGreaterThan(100);
  });
});

describe('canonicalMutations', () => {
  it('sets each field of an example in turn to 2³¹, 1e308, "Infinity", "1e999", NUL, or a whole-world, zero-area and unclosed ring', () => {
    const example = {
      page: { start: 0, length: 10 },
      aois: [
        {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [0, 1],
              [0, 0],
            ],
          ],
        },
      ],
      condition: {
        fdate: '2024-01-01',
        tdate: '2024-12-31',
        cc: 20,
        ac: 0,
        ona: 45,
        sza: 0,
        orbit: 0,
        productQualities: ['A'],
      },
      satIds: [1, 2],
    };
    const all = canonicalMutations(ArchiveSearchRequest as JsonSchema, example).map((v) => toJsonText(v));
    expect(all).toContain(toJsonText({ ...example, page: { start: 2 ** 31, length: 10 } }));
    expect(all).toContain(toJsonText({ ...example, satIds: [2 ** 31, 2] }));
    expect(all).toContain(toJsonText({ ...example, condition: { ...example.condition, cc: 1e308 } }));
    // numbers as text (issue 26): the string forms a lenient reading takes for Infinity
    expect(all).toContain(toJsonText({ ...example, page: { start: 'Infinity', length: 10 } }));
    expect(all).toContain(toJsonText({ ...example, satIds: ['1e999', 2] }));
    expect(all).toContain(toJsonText({ ...example, condition: { ...example.condition, cc: 'Infinity' } }));
    expect(all.some((t) => t.includes('"fdate":"2024-01-01\\u0000"'))).toBe(true);
    expect(all.some((t) => t.includes('[[-180,-90],[180,-90],[180,90],[-180,90],[-180,-90]]'))).toBe(true);
    expect(all.some((t) => t.includes('[[1,1],[1,1],[1,1],[1,1]]'))).toBe(true);
    expect(all.some((t) => t.includes('[[0,0],[1,0],[1,1],[0,1]]]'))).toBe(true);
    // one change each: every value differs from the example in one field
    for (const v of canonicalMutations(ArchiveSearchRequest as JsonSchema, example) as Array<
      Record<string, unknown>
    >) {
      const changed = Object.keys(example).filter(
        (k) => toJsonText(v[k]) !== toJsonText((example as Record<string, unknown>)[k]),
      );
      expect(changed).toHaveLength(1);
    }
  });
});

describe('writing requests', () => {
  it('writes numbers JSON cannot (RawJson) verbatim', () => {
    expect(toJsonText({ a: new RawJson('1e999'), b: [new RawJson('-0')] })).toBe('{"a":1e999,"b":[-0]}');
  });

  it('percent-encodes lone surrogates as the invalid UTF-8 of their code unit', () => {
    expect(percentEncode('a\uD800b')).toBe('a%ED%A0%80b');
    expect(percentEncode('😀 /')).toBe('%F0%9F%98%80%20%2F');
    expect(percentEncode('orderType=Infinity')).toBe('orderType%3DInfinity');
  });
});

describe('judging answers', () => {
  it('finds stack frames, error classes, file paths and SQL errors', () => {
    expect(leakIn('TypeError: x is not a function\n    at f (/work/main/a.ts:1:2)', '')).toMatch(
      /stack frame/,
    );
    expect(leakIn('{"message":"Error: boom"}', '')).toMatch(/error internals/);
    expect(leakIn('{"detail":"/home/app/node_modules/x.js"}', '')).toMatch(/file path/);
    expect(leakIn('value "2147483648" is out of range for type integer', '')).toMatch(/SQL error/);
    expect(leakIn('{"code":4000,"message":"error.validation","data":{"field":"name"}}', '')).toBeUndefined();
    expect(leakIn('{"data":{"params":{"reason":"FST_ERR_CTP_INVALID_JSON_BODY"}}}', '')).toMatch(
      /framework code/,
    );
  });

  it('ignores an echo of the request itself', () => {
    expect(leakIn('LAYERS "Error: x" names no scene', 'LAYERS=Error: x')).toBeUndefined();
  });

  it('pictures huge values briefly', () => {
    const text = picture({ ring: Array.from({ length: 100_000 }, (_, i) => [i, 0]), name: 'x'.repeat(1000) });
    expect(text.length).toBeLessThan(400);
    expect(text).toContain('…99996 more…');
  });
});
