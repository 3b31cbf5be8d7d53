import { type TNumberOptions, type TStringOptions, Type } from 'typebox';

/**
 * Request fields that meet database columns: integers bounded by the column's range, text
 * without the control characters PostgreSQL refuses (NUL) or that mean nothing in a name
 * (issue 11 "Schemas that match the columns"). Every request schema builds on these.
 */

/** The largest value of an `integer` (int4) column: larger ids can exist nowhere, so they are 400, not 500. */
export const Int32Max = 2_147_483_647;
export const Int32Min = -2_147_483_648;

/** An integer that fits an int4 column. */
export const Int32 = (options: TNumberOptions = {}) =>
  Type.Integer({ minimum: Int32Min, maximum: Int32Max, ...options });

/** A row id of an int4 serial column: 1 … 2³¹−1. */
export const Id = (options: TNumberOptions = {}) =>
  Type.Integer({ minimum: 1, maximum: Int32Max, ...options });

/**
 * The one input rule for numbers written as text (issue 26): query strings, path segments, form
 * fields, JSON strings where a number is expected, and every parameter parsed by hand. An integer
 * is written in decimal digits with a minus for negatives and nothing else: no sign "+", no
 * leading zeros, no "-0", no spaces, fraction, exponent, hexadecimal, "Infinity" or "NaN", so one
 * value has one spelling. A number (a field that takes fractions) follows JSON's number grammar
 * (RFC 8259 §6: what every JSON library and JavaScript's `String(n)` write, e.g. `-0.5`, `1e-7`)
 * and must be finite. A text that reads as an infinite number ("Infinity", "-Infinity", "1e999")
 * is `error.outOfRange`, as a well-spelt value outside the field's range is; anything else is
 * `error.validation`.
 */
export const integerSpelling = /^(?:0|-?[1-9][0-9]*)$/;
export const numberSpelling = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

/** Up to 1000 comma-separated ids (`1,12,7`), each in its one spelling (query parameters `ids`, `satIds`). */
export const idListPattern = '^(0|[1-9][0-9]{0,9})(,(0|[1-9][0-9]{0,9})){0,999}$';

/** Whether a text reads as an infinite number: beyond every range rather than misspelt. */
export const readsAsInfinity = (text: string) =>
  text === 'Infinity' ||
  text === '-Infinity' ||
  (numberSpelling.test(text) && !Number.isFinite(Number(text)));

/** Why a text is not the number asked for: its spelling, or its value outside the range. */
export type NumberRefusal = 'error.validation' | 'error.outOfRange';

/** The integer a text spells within min … max (both safe integers), or why not. */
export function readInteger(text: string, min = Int32Min, max = Int32Max): number | NumberRefusal {
  if (!integerSpelling.test(text)) return readsAsInfinity(text) ? 'error.outOfRange' : 'error.validation';
  const n = Number(text);
  // Past 2⁵³ a double no longer holds every integer: such a text is out of any column's range.
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : 'error.outOfRange';
}

/** The finite number a text spells within min … max, or why not. */
export function readNumber(text: string, min = -Infinity, max = Infinity): number | NumberRefusal {
  if (!numberSpelling.test(text)) return readsAsInfinity(text) ? 'error.outOfRange' : 'error.validation';
  const n = Number(text);
  return Number.isFinite(n) && n >= min && n <= max ? n : 'error.outOfRange';
}

/**
 * C0 controls and DEL: never in one line of text (NUL is refused by PostgreSQL itself). Nor a lone
 * surrogate (`"\\uD83D"` in JSON): it is no character at all, and PostgreSQL's JSON refuses it.
 * The patterns are matched in Unicode mode (Ajv's default), where a surrogate pair is one character.
 */
export const singleLinePattern = '^[^\\u0000-\\u001F\\u007F\\uD800-\\uDFFF]*$';
/** Multi-line text keeps tab, line feed and carriage return. */
export const multiLinePattern = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F\\uD800-\\uDFFF]*$';

/** One line of text: no control characters (schema keyword `pattern`, answered as `error.controlCharacters`). */
export const SingleLineText = (options: TStringOptions = {}) =>
  Type.String({ pattern: singleLinePattern, ...options });

/** Text that may span lines (tab, LF and CR allowed, other controls refused). */
export const MultiLineText = (options: TStringOptions = {}) =>
  Type.String({ pattern: multiLinePattern, ...options });

const singleLine = new RegExp(singleLinePattern, 'u');
const multiLine = new RegExp(multiLinePattern, 'u');

/** Whether text holds a control character it may not (names in uploaded files are checked with this). */
export const hasControlCharacters = (text: string, multiLineText = false) =>
  !(multiLineText ? multiLine : singleLine).test(text);

/**
 * Bidirectional embedding, override and isolate characters (U+202A–U+202E, U+2066–U+2069): in a
 * name they make "gpj.exe" read "exe.jpg" (trojan source, spoofed file names), so names drop them.
 */
const bidiControls = /[\u202A-\u202E\u2066-\u2069]/gu;

export const stripBidiControls = (text: string) => text.replace(bidiControls, '');
