import type { RegisteredRoute } from '../http/types';
import type { FuzzCall } from './fuzz-call';
import { percentEncode, toJsonText, toParamText } from './schema-json';

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
  // Fastify's own error codes (FST_ERR_CTP_INVALID_JSON_BODY …): answers carry our codes only.
  ['framework code', /\bFST_[A-Z_]+/],
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
