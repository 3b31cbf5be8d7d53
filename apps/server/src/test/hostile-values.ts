import { RawJson } from './schema-json';

// Hostile values for any field of a fuzz input: boundary integers and numbers, number-like and
// control strings, wrong types, overlong strings (schema-mutations.ts puts one of them in a value).

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

/**
 * Numbers as strings (bodies are coerced by the schema validator, query strings always are): every
 * spelling but the canonical one is refused (issue 26: "Infinity" and "1e999" were coerced to
 * Infinity, which skipped every range keyword and reached SQL as a 500).
 */
export const numberLikeStrings: readonly string[] = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '1e999',
  '-1e999',
  '0x10',
  '1e3',
  '1.5',
  '1.0',
  '01',
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
