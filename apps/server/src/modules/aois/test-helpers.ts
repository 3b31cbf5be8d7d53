import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiBase, ResultCode } from '@satportal/contract';
import { zipSync } from 'fflate';
import { expect } from 'vitest';
import type { Harness } from '../../test/harness';
import { UploadRefused } from './files/upload-refused';

/** Helpers of the AOI tests: calls with ids in the path, multipart uploads, hostile zips. */

export const fixture = (...path: string[]) =>
  new Uint8Array(readFileSync(join(import.meta.dirname, 'fixtures', ...path)));

export interface Reply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read many response shapes and check them by value
  body: { code: number; message: string; data: any };
  headers: Record<string, unknown>;
  raw: Buffer;
}

export async function api(
  h: Harness,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  token: string,
  body?: unknown,
): Promise<Reply> {
  const r = await h.app.inject({
    method,
    url: `${ApiBase}${path}`,
    headers: { authorization: `Bearer ${token}` },
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  const json = r.headers['content-type']?.toString().startsWith('application/json');
  return {
    status: r.statusCode,
    body: json ? r.json() : (null as never),
    headers: r.headers,
    raw: r.rawPayload,
  };
}

/** A multipart/form-data body with text fields and one file. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; data: Uint8Array; field?: string },
) {
  const boundary = `----satportal${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      Buffer.from(file.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function upload(
  h: Harness,
  token: string,
  name: string,
  data: Uint8Array,
  fields: Record<string, string> = { poiParentId: '-1' },
): Promise<Reply> {
  const body = multipart(fields, { name, data });
  const r = await h.app.inject({
    method: 'POST',
    url: `${ApiBase}/aois/upload`,
    headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
  return { status: r.statusCode, body: r.json(), headers: r.headers, raw: r.rawPayload };
}

/** Rewrites the uncompressed size every header of a zip declares (a lying or huge header). */
export function declareSize(zip: Uint8Array, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let i = 0; i + 30 <= out.length; i++) {
    const signature = view.getUint32(i, true);
    if (signature === 0x04034b50) view.setUint32(i + 22, size, true);
    else if (signature === 0x02014b50) view.setUint32(i + 24, size, true);
  }
  return out;
}

/** A real zip bomb: `megabytes` of zeros deflated to about a thousandth of that. */
export const zerosZip = (entry: string, megabytes: number) =>
  zipSync({ [entry]: new Uint8Array(megabytes * 1024 * 1024) }, { level: 9 });

/** A KML Polygon with `vertices` positions (closed), written compactly. */
export function kmlWithVertices(vertices: number): string {
  const parts: string[] = [];
  let seed = 7;
  for (let i = 0; i < vertices - 1; i++) {
    seed = (seed * 48271) % 2147483647;
    parts.push(`${(seed % 900) / 100},${((seed >> 10) % 800) / 100}`);
  }
  parts.push(parts[0] as string);
  return `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>big</name><Polygon><outerBoundaryIs><LinearRing><coordinates>${parts.join(' ')}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></kml>`;
}

/** Rings compared up to orientation: every ring made counter-clockwise, keeping its first position. */
export function normalised(geojson: { type: string; coordinates: unknown }): number[][][][] {
  const polygons = (
    geojson.type === 'Polygon'
      ? [geojson.coordinates]
      : geojson.type === 'MultiPolygon'
        ? geojson.coordinates
        : [[[geojson.coordinates]]]
  ) as number[][][][];
  const area = (ring: number[][]) =>
    ring.reduce((s, p, i) => {
      const q = ring[i + 1];
      return q ? s + (p[0] as number) * (q[1] as number) - (q[0] as number) * (p[1] as number) : s;
    }, 0);
  return polygons.map((rings) => rings.map((ring) => (area(ring) < 0 ? [...ring].reverse() : ring)));
}

/** The largest difference between two shapes' positions, Infinity when their structure differs. */
export function maxDifference(a: number[][][][], b: number[][][][]): number {
  if (a.length !== b.length) return Number.POSITIVE_INFINITY;
  let max = 0;
  a.forEach((rings, i) => {
    const other = b[i];
    if (!other || other.length !== rings.length) max = Number.POSITIVE_INFINITY;
    rings.forEach((ring, j) => {
      const o = other?.[j];
      if (!o || o.length !== ring.length) max = Number.POSITIVE_INFINITY;
      ring.forEach((p, k) => {
        for (let d = 0; d < 2; d++)
          max = Math.max(max, Math.abs((p[d] ?? 0) - (o?.[k]?.[d] ?? Number.NaN)) || 0);
        if (!o?.[k]) max = Number.POSITIVE_INFINITY;
      });
    });
  });
  return max;
}

/** Everything a user has stored: the store must not change when a file is refused. */
export const storedBy = async (h: Harness, userId: number) =>
  (
    await h.pool.query(
      `SELECT count(*)::int AS n, coalesce(string_agg(name || ':' || coalesce(ST_AsText(geom), ''), ';' ORDER BY id), '') AS d
         FROM aoi_nodes WHERE user_id = $1`,
      [userId],
    )
  ).rows[0];

/** An upload refused whole: 4000 on `file` with the message. */
export const expectRefused = (r: Reply, message: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body).toMatchObject({ code: ResultCode.ValidationFailed, message, data: { field: 'file' } });
};

/** A drawn square's corners (the tree's `cors`), west and south edges and size in degrees. */
export const square = (west: number, south: number, size = 1) => [
  { lat: south, lng: west },
  { lat: south, lng: west + size },
  { lat: south + size, lng: west + size },
  { lat: south + size, lng: west },
];

/**
 * Calls on the AOI and POI trees as the tree tests make them (aois.db.test.ts, aois-edits.db.test.ts),
 * bound to the harness their `beforeAll` starts.
 */
export function treeCalls(harness: () => Harness) {
  const newUser = async () => (await harness().signedIn()).token;

  const tree = async (token: string, type = 1) =>
    (await api(harness(), 'GET', `/aois?type=${type}`, token)).body.data.aois;
  const rootOf = async (token: string, type = 1) => (await tree(token, type))[0];

  async function addFolder(token: string, name: string, parentId: number) {
    const r = await api(harness(), 'POST', '/aois', token, { hasGeo: false, name, parentId });
    expect(r.body.code, JSON.stringify(r.body)).toBe(ResultCode.Success);
    return r.body.data.id as number;
  }

  async function addAoi(token: string, name: string, parentId: number, cors = square(10, 10)) {
    const r = await api(harness(), 'POST', '/aois', token, {
      hasGeo: true,
      name,
      parentId,
      geometry: { type: 4, cors },
    });
    expect(r.body.code, JSON.stringify(r.body)).toBe(ResultCode.Success);
    return r.body.data.id as number;
  }

  async function addPoi(token: string, name: string, lat = 39.9, lng = 116.4) {
    const r = await api(harness(), 'POST', '/aois', token, {
      hasGeo: true,
      name,
      parentId: -1,
      geometry: { type: 1, cors: [{ lat, lng }] },
    });
    expect(r.body.code, JSON.stringify(r.body)).toBe(ResultCode.Success);
    return r.body.data.id as number;
  }

  const nodeCount = async (token: string) => (await tree(token, 1)).length + (await tree(token, 2)).length;
  return { newUser, tree, rootOf, addFolder, addAoi, addPoi, nodeCount };
}

/** The refusal key of a reader call, or "accepted". */
export const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof UploadRefused) return e.key;
    throw e;
  }
  return 'accepted';
};

/** The unit square at (0, 0) as a closed GeoJSON ring, and the same ring left open (a test of the ring check). */
export const unitSquare: readonly number[][] = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 1],
  [0, 0],
];
export const unitSquareOpen: readonly number[][] = unitSquare.slice(0, 4);

/** A square island with a lake: one polygon with a hole (the export and re-upload tests' MultiPolygon part). */
export const islandWithLake: number[][][] = [
  [
    [5, 5],
    [6, 5],
    [6, 6],
    [5, 6],
    [5, 5],
  ],
  [
    [5.2, 5.2],
    [5.2, 5.8],
    [5.8, 5.8],
    [5.8, 5.2],
    [5.2, 5.2],
  ],
];
