import type { ElementsFetchProblem } from '@satportal/contract';
import { InvalidElementsError, Orbit } from '../orbits/orbit';
import { OmmFormatError, parseOmmCsv, parseOmmJson } from './omm';
import { type ElementSet, parseTle, type TleParseResult } from './tle';

/**
 * One source of orbital elements: an HTTP(S) address in CelesTrak's GP query style
 * (`gp.php?GROUP=resource&FORMAT=json`), read with a deadline and a size cap, its format told by
 * the answer itself, each set checked before anything is stored. The address is the operator's
 * configuration (not a customer's), so no address policy applies; the caps are there because the
 * answer still comes from another party and may be broken, huge or slow.
 */

export type ElementFormat = 'json' | 'csv' | 'tle';

export interface SourceLimits {
  timeoutMs: number;
  maxBytes: number;
  userAgent: string;
}

export type SourceAnswer =
  | { ok: true; status: number; contentType: string; text: string }
  | { ok: false; status: number | null; problem: ElementsFetchProblem; error: string };

/** Reads the body up to the cap: a larger answer is cut off, never buffered whole. */
async function boundedText(response: Response, maxBytes: number): Promise<string | null> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    return null;
  }
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}

/** Fetches one source; every failure is an answer with its problem, never a throw. */
export async function fetchSource(url: string, limits: SourceLimits): Promise<SourceAnswer> {
  // One deadline for the whole exchange, the body's read included: a trickling server is cut too.
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    const response = await fetch(url, {
      signal,
      redirect: 'follow',
      headers: { accept: 'application/json, text/csv, text/plain', 'user-agent': limits.userAgent },
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      return { ok: false, status: response.status, problem: 'http', error: `HTTP ${response.status}` };
    }
    const text = await boundedText(response, limits.maxBytes);
    if (text === null)
      return {
        ok: false,
        status: response.status,
        problem: 'tooLarge',
        error: `the answer is larger than ${limits.maxBytes} bytes`,
      };
    return {
      ok: true,
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text,
    };
  } catch (e) {
    if (signal.aborted)
      return {
        ok: false,
        status: null,
        problem: 'timeout',
        error: `no complete answer within ${limits.timeoutMs} ms`,
      };
    const cause = (e as { cause?: { message?: string } }).cause?.message;
    return { ok: false, status: null, problem: 'network', error: cause ?? (e as Error).message };
  }
}

/**
 * The answer's format: its media type when that names JSON or CSV (CelesTrak serves TLE as
 * text/plain), else its first characters — a JSON array, a CSV header of OMM keywords, or TLE.
 * The FORMAT parameter of the address is only a tie-breaker: it tells what was asked, not what came.
 */
export function formatOf(text: string, contentType: string, url: string): ElementFormat | 'xml' {
  const type = contentType.toLowerCase();
  if (type.includes('json')) return 'json';
  if (type.includes('csv')) return 'csv';
  if (type.includes('xml')) return 'xml';
  const start = text.trimStart();
  if (start.startsWith('[') || start.startsWith('{')) return 'json';
  if (start.startsWith('<')) return 'xml';
  const firstLine = start.slice(0, start.search(/\r|\n|$/));
  if (firstLine.includes(',') && /NORAD_CAT_ID|OBJECT_NAME|EPOCH/i.test(firstLine)) return 'csv';
  let asked: string | null = null;
  try {
    asked = new URL(url).searchParams.get('FORMAT')?.toLowerCase() ?? null;
  } catch {}
  return asked === 'json' || asked === 'csv' ? asked : 'tle';
}

/** The element sets of an answer in any of the three formats; a whole document that is not one is an error. */
export function parseElements(text: string, format: ElementFormat | 'xml'): TleParseResult {
  if (format === 'xml') throw new OmmFormatError('OMM XML is not read: ask for FORMAT=json, csv or tle');
  if (format === 'json') return parseOmmJson(text);
  if (format === 'csv') return parseOmmCsv(text);
  return parseTle(text);
}

/** Beyond this an epoch is not "current elements" but a clock or a data error. */
const futureToleranceMs = 86_400_000;
/** A mean altitude this far from the catalogue's is another object's orbit (GEO for a LEO imager). */
const altitudeToleranceKm = 500;
const earthRadiusKm = 6378.135;
const muKm3s2 = 398600.8;

/**
 * Why a fetched set of one of our satellites looks wrong, or undefined: an epoch in the future,
 * elements SGP4 refuses or cannot propagate at their own epoch, or a mean altitude nowhere near
 * the satellite's (a decaying satellite sinks by a hundred kilometres, which still passes).
 */
export function implausibility(
  set: ElementSet,
  now: Date,
  catalogueAltitudeKm: number | null,
): string | undefined {
  if (set.epoch.getTime() > now.getTime() + futureToleranceMs)
    return `epoch ${set.epoch.toISOString()} is in the future`;
  let orbit: Orbit;
  try {
    orbit = Orbit.fromTle(set.line1, set.line2);
  } catch (e) {
    if (e instanceof InvalidElementsError) return e.message;
    throw e;
  }
  if (!orbit.temeAtMinutes(0)) return `SGP4 fails at the epoch: ${orbit.lastError}`;
  const n = (orbit.meanMotionRevPerDay * 2 * Math.PI) / 86_400;
  const altitudeKm = Math.cbrt(muKm3s2 / (n * n)) - earthRadiusKm;
  if (catalogueAltitudeKm !== null && Math.abs(altitudeKm - catalogueAltitudeKm) > altitudeToleranceKm)
    return `mean altitude ${altitudeKm.toFixed(0)} km is far from the satellite's ${catalogueAltitudeKm} km`;
  return undefined;
}
