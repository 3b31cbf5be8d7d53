import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness';
import { listenOnLoopback, type RawAnswer, rawRequest } from '../../test/raw-http';
import { insertDeliveredOrder } from '../my-data/test-helpers';

// Downloads by range (issue 27 item 5), over a real socket as curl and download managers send
// them: Accept-Ranges, 206 with Content-Range, ETag and If-Range, 416, HEAD; a download cut off
// halfway and resumed gives the same bytes. The same tests with packages in a local folder and in
// an S3-compatible store (s3rver, started here).

const bucket = 'satportal-ranges';
const s3 = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: mkdtempSync(join(tmpdir(), 's3rver-ranges-')),
  configureBuckets: [{ name: bucket }],
});
let s3Endpoint = '';
beforeAll(async () => {
  const { port } = await s3.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});
afterAll(() => s3.close());

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(['local', 's3'] as const)('downloads by range (%s store)', (store) => {
  let h: Harness;
  let origin: string;
  let owner: Awaited<ReturnType<Harness['signedIn']>>;
  let stranger: Awaited<ReturnType<Harness['signedIn']>>;
  let link: string;
  const bytes = randomBytes(300_000);

  beforeAll(async () => {
    h = await startHarness(
      store === 's3'
        ? {
            env: {
              S3_BUCKET: bucket,
              S3_ENDPOINT: s3Endpoint,
              S3_ACCESS_KEY_ID: 'S3RVER',
              S3_SECRET_ACCESS_KEY: 'S3RVER',
            },
          }
        : {},
    );
    expect(h.config.storage.kind).toBe(store);
    owner = await h.signedIn();
    stranger = await h.signedIn();
    const order = await insertDeliveredOrder(h, owner.userId, {
      terms: [{ scenes: [{ sceneId: 'RANGES-1', time: '2026-01-01T00:00:00Z', boundaries: [] }] }],
    });
    const key = order.packageKeys[0]!;
    await h.services.objectStore.put(key, bytes, { contentType: 'application/zip' });
    link = h.services.downloadLinks.link(key, new Date(Date.now() + 86_400_000));
    origin = await listenOnLoopback(h.app);
  }, 60_000);

  const get = (headers: Record<string, string> = {}, token = owner.token, method = 'GET') =>
    rawRequest(`${origin}${link}`, { method, headers: { authorization: `Bearer ${token}`, ...headers } });

  async function usage() {
    await h.services.usage.flush();
    const { rows } = await h.pool.query<{ bytes: string; downloads: number }>(
      'SELECT COALESCE(SUM(bytes), 0)::text AS bytes, COALESCE(SUM(downloads), 0)::int AS downloads FROM usage_days WHERE user_id = $1',
      [owner.userId],
    );
    return { bytes: Number(rows[0]!.bytes), downloads: rows[0]!.downloads };
  }

  const expectPart = (r: RawAnswer, first: number, last: number) => {
    expect(r.status, `${first}-${last}`).toBe(206);
    expect(r.headers['content-range']).toBe(`bytes ${first}-${last}/${bytes.length}`);
    expect(r.headers['content-length']).toBe(String(last - first + 1));
    expect(r.headers['accept-ranges']).toBe('bytes');
    expect(r.body.equals(bytes.subarray(first, last + 1))).toBe(true);
  };

  it('answers the whole package with Accept-Ranges, a strong ETag and Last-Modified', async () => {
    const r = await get();
    expect(r.status).toBe(200);
    expect(r.headers['accept-ranges']).toBe('bytes');
    expect(r.headers.etag).toMatch(/^"[^"]+"$/);
    expect(new Date(r.headers['last-modified']!).getTime()).toBeGreaterThan(Date.now() - 600_000);
    expect(r.headers['content-length']).toBe(String(bytes.length));
    expect(sha256(r.body)).toBe(sha256(bytes));
    // The same object, the same tag.
    expect((await get()).headers.etag).toBe(r.headers.etag);
  });

  it('answers one range with 206 and Content-Range: first-last, first-, suffix, clamped', async () => {
    expectPart(await get({ range: 'bytes=0-99' }), 0, 99);
    expectPart(await get({ range: 'bytes=1000-1999' }), 1000, 1999);
    expectPart(await get({ range: 'bytes=299990-' }), 299_990, 299_999);
    expectPart(await get({ range: 'bytes=-500' }), 299_500, 299_999);
    expectPart(await get({ range: 'bytes=299000-999999999' }), 299_000, 299_999);
  });

  it('answers 416 with the size for a range past the end, and nothing of the package', async () => {
    for (const range of ['bytes=300000-', 'bytes=400000-400010', 'bytes=-0']) {
      const r = await get({ range });
      expect(r.status, range).toBe(416);
      expect(r.headers['content-range'], range).toBe(`bytes */${bytes.length}`);
      expect(JSON.parse(r.body.toString())).toMatchObject({
        code: 4160,
        message: 'download.rangeNotSatisfiable',
      });
    }
  });

  it('answers the whole package for what it does not serve: several ranges, bad syntax', async () => {
    for (const range of ['bytes=0-9,20-29', 'bytes=9-0', 'lines=1-2', 'bytes=x-']) {
      const r = await get({ range });
      expect(r.status, range).toBe(200);
      expect(r.body.length, range).toBe(bytes.length);
    }
  });

  it('takes If-Range: the current ETag or Last-Modified gives the part, anything else the whole', async () => {
    const { etag, 'last-modified': lastModified } = (await get({ range: 'bytes=0-0' })).headers;
    expectPart(await get({ range: 'bytes=10-19', 'if-range': etag! }), 10, 19);
    expectPart(await get({ range: 'bytes=10-19', 'if-range': lastModified! }), 10, 19);
    for (const other of ['"another"', `W/${etag}`, 'Thu, 01 Jan 2015 00:00:00 GMT']) {
      const r = await get({ range: 'bytes=10-19', 'if-range': other });
      expect(r.status, other).toBe(200);
      expect(sha256(r.body), other).toBe(sha256(bytes));
    }
  });

  it('answers HEAD with the headers of the whole package and no body', async () => {
    const r = await get({ range: 'bytes=0-99' }, owner.token, 'HEAD');
    expect(r.status).toBe(200);
    expect(r.headers['content-length']).toBe(String(bytes.length));
    expect(r.headers['accept-ranges']).toBe('bytes');
    expect(r.headers.etag).toMatch(/^"/);
    expect(r.headers['content-disposition']).toContain('attachment');
    expect(r.body.length).toBe(0);
  });

  it('resumes a download cut off halfway and ends with the same bytes', async () => {
    const first = await get({}, owner.token);
    const cut = await rawRequest(`${origin}${link}`, {
      headers: { authorization: `Bearer ${owner.token}` },
      cutAfter: 100_000,
    });
    expect(cut.status).toBe(200);
    expect(cut.body.length).toBeGreaterThanOrEqual(100_000);
    expect(cut.body.length).toBeLessThan(bytes.length);
    const rest = await get({ range: `bytes=${cut.body.length}-`, 'if-range': first.headers.etag! });
    expectPart(rest, cut.body.length, bytes.length - 1);
    expect(sha256(Buffer.concat([cut.body, rest.body]))).toBe(sha256(bytes));
  });

  it('counts the bytes of a part, one download for a body from byte 0, nothing for HEAD', async () => {
    const before = await usage();
    await get({ range: 'bytes=100-199' });
    expect(await usage()).toEqual({ bytes: before.bytes + 100, downloads: before.downloads });
    await get({ range: 'bytes=0-49' });
    expect(await usage()).toEqual({ bytes: before.bytes + 150, downloads: before.downloads + 1 });
    await get({}, owner.token, 'HEAD');
    expect(await usage()).toEqual({ bytes: before.bytes + 150, downloads: before.downloads + 1 });
    await get({ range: 'bytes=300000-' });
    expect(await usage()).toEqual({ bytes: before.bytes + 150, downloads: before.downloads + 1 });
  });

  it("answers another user's ranges and HEAD as if the package did not exist", async () => {
    for (const [method, headers] of [
      ['GET', { range: 'bytes=0-99' }],
      ['GET', { range: 'bytes=999999-' }],
      ['HEAD', {}],
    ] as const) {
      const r = await get(headers, stranger.token, method);
      expect(r.status, `${method} ${JSON.stringify(headers)}`).toBe(404);
      expect(r.headers['content-range']).toBeUndefined();
      expect(r.headers.etag).toBeUndefined();
      if (method === 'GET') expect(JSON.parse(r.body.toString())).toMatchObject({ code: 4004 });
    }
  });
});
