import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * HTTP range requests (RFC 9110 §14) for answers that are files (downloads, COGs): one byte
 * range per request. A server may ignore Range (§14.2), and this one ignores what it does not
 * serve — several ranges (`multipart/byteranges`), other units, bad syntax — by answering the
 * whole representation with 200: never a wrong part. GDAL's `/vsicurl/` and download managers
 * ask one range at a time.
 */

/** What a range is planned against: the representation's size and validators. */
export interface Representation {
  bytes: number;
  /** strong entity tag, quoted */
  etag: string;
  lastModified: Date;
}

export type RangePlan =
  | { kind: 'whole' }
  | { kind: 'partial'; first: number; last: number }
  /** 416 with `Content-Range: bytes *\/<size>` */
  | { kind: 'unsatisfiable' };

const whole: RangePlan = { kind: 'whole' };
/** Digits beyond any file's size: read as "past the end" rather than as a rounded number. */
const MAX_DIGITS = 15;

/** One header's value; a repeated header (an array) counts as absent for If-Range, invalid for Range. */
function single(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * Whether If-Range lets the range through (§13.1.5): an entity tag must match the current one
 * by strong comparison (a weak tag never does); a date must equal Last-Modified to the second.
 */
function ifRangeHolds(value: string, rep: Representation): boolean {
  const text = value.trim();
  if (text.startsWith('"') || text.startsWith('W/')) return text === rep.etag;
  const date = Date.parse(text);
  return Number.isFinite(date) && Math.floor(date / 1000) === Math.floor(rep.lastModified.getTime() / 1000);
}

const number = (digits: string) => (digits.length > MAX_DIGITS ? Number.POSITIVE_INFINITY : Number(digits));

/** The plan for `Range` (with `If-Range`) of a GET against `rep`. */
export function planRange(
  method: string,
  headers: { range?: string | string[]; 'if-range'?: string | string[] },
  rep: Representation,
): RangePlan {
  // Range is defined for GET only (§14.2); HEAD describes the whole representation.
  const range = single(headers.range);
  if (method !== 'GET' || range === undefined) return whole;
  const ifRange = headers['if-range'];
  if (ifRange !== undefined && (typeof ifRange !== 'string' || !ifRangeHolds(ifRange, rep))) return whole;
  const match = /^bytes=(.*)$/i.exec(range.trim());
  if (!match) return whole;
  const specs = (match[1] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  // One range only; several are answered whole (a server may ignore Range).
  if (specs.length !== 1) return whole;
  const spec = specs[0]!;
  const size = rep.bytes;
  const suffix = /^-(\d+)$/.exec(spec);
  if (suffix) {
    const length = number(suffix[1]!);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', first: Math.max(0, size - length), last: size - 1 };
  }
  const span = /^(\d+)-(\d*)$/.exec(spec);
  if (!span) return whole;
  const first = number(span[1]!);
  const last = span[2] === '' ? Number.POSITIVE_INFINITY : number(span[2]!);
  // last < first makes the whole Range header invalid (§14.1.1): ignored.
  if (last < first) return whole;
  if (first >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', first, last: Math.min(last, size - 1) };
}

/** The plan for this request (its method, Range and If-Range headers). */
export const planRangeOf = (request: FastifyRequest, rep: Representation): RangePlan =>
  planRange(request.method, request.headers, rep);

/**
 * Headers of a representation served by range (whole, partial or HEAD): `Accept-Ranges`, its
 * validators, the length of what is sent and, for a part, `206` and `Content-Range`.
 */
export function rangeHeaders(
  reply: FastifyReply,
  rep: Representation,
  part: { first: number; last: number } | null,
): FastifyReply {
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', rep.etag)
    .header('last-modified', rep.lastModified.toUTCString());
  if (!part) return reply.header('content-length', rep.bytes);
  return reply
    .status(206)
    .header('content-range', `bytes ${part.first}-${part.last}/${rep.bytes}`)
    .header('content-length', part.last - part.first + 1);
}

/** Headers of a 416 answer (§15.5.17): the size, so the client can ask again. */
export function unsatisfiableHeaders(reply: FastifyReply, rep: Representation): FastifyReply {
  return reply
    .header('accept-ranges', 'bytes')
    .header('content-range', `bytes */${rep.bytes}`)
    .header('etag', rep.etag)
    .header('last-modified', rep.lastModified.toUTCString());
}
