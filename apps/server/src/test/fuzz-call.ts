import type { RegisteredRoute } from '../http/types';

/**
 * The fuzz test's inputs (issue 11), in files by kind of route: fuzz-requests.ts derives them from a
 * route's own schema (schema-arbitrary.ts); fuzz-hand-written.ts lists the few routes that parse
 * their input by hand (fuzz-wms.ts, fuzz-stac.ts, fuzz-upload.ts: from their parsers' documented
 * parameters); fuzz-inject.ts sends a call through `inject` and says what in an answer counts as
 * leaked internals. This file: what they all speak of.
 */

/** One call of a route, before it is written as an HTTP request. */
export interface FuzzCall {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  /** appended to the query string verbatim (broken percent-encoding, odd separators) */
  rawQuery?: string;
  /** replaces the `*` of a wildcard route, verbatim */
  wildcard?: string;
  body?: { json: unknown } | { raw: string | Uint8Array; contentType?: string | null };
  /** what a raw body holds, for reports (the multipart parts before they were written) */
  about?: unknown;
}

/** What exists for the signed-in caller of one route's run. */
export interface Fixture {
  token: string;
  username: string;
  password: string;
  /** "My AOIs", "My POIs", a folder, an AOI in it, a POI */
  ownIds: { rootAoi: number; rootPoi: number; folder: number; aoi: number; poi: number };
  /** an AOI of another user (must answer 404, never 500) */
  foreignId: number;
  taskId: string;
  satIds: number[];
  sceneIds: string[];
  collections: string[];
  /** requests that work, by route ("POST /api/v1/aois"): the bases of most mutations */
  examples: Record<string, Example[]>;
}

/** A working request of a route, by part. */
export interface Example {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

export const routeKey = (route: Pick<RegisteredRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;
