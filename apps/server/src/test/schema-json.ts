// The JSON Schema keywords the fuzz inputs read, and how a value is written as JSON text or as a
// query parameter (schema-arbitrary.ts, hostile-values.ts, hostile-geometry.ts, schema-mutations.ts).

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
  // Escapes in upper-case hex; the text between them as it was (it once came out lower-cased:
  // `orderType=Infinity` was sent as `ordertype=infinity`, a parameter no route reads).
  return out.replace(/%[0-9a-f]{2}/gi, (m) => m.toUpperCase());
}
