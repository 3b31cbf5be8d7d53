import { randomBytes } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertDeliveredOrder } from '../modules/my-data/test-helpers';
import { type Harness, startHarness } from '../test/harness';
import { listenOnLoopback, rawRequest } from '../test/raw-http';
import { testWebDist } from '../test/web-dist';

/**
 * Compressed answers (issue 29), on a real socket: the API's JSON in brotli or gzip as the client
 * accepts, as is without Accept-Encoding; the web application's files as the build's .br and .gz
 * copies; a download never (its Content-Length and ranges are the file's bytes, and its usage is
 * counted in them); a compressed request body is not inflated.
 */

const script = Buffer.from(`console.log(${JSON.stringify('x'.repeat(4000))});\n`);
const webDist = testWebDist({
  'app.js': script,
  'app.js.br': brotliCompressSync(script),
  'app.js.gz': gzipSync(script),
});

let h: Harness;
let origin = '';
let user: Awaited<ReturnType<Harness['signedIn']>>;
beforeAll(async () => {
  h = await startHarness({ webDist });
  user = await h.signedIn();
  origin = await listenOnLoopback(h.app);
}, 60_000);

const get = (path: string, headers: Record<string, string> = {}) =>
  rawRequest(`${origin}${path}`, { headers: { authorization: `Bearer ${user.token}`, ...headers } });

describe('compressed answers', () => {
  it("sends the API's JSON in brotli or gzip as accepted, and as is to a client that asks for neither", async () => {
    const plain = await get('/api/docs/json');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    // Large enough to be worth it: the OpenAPI document (~290 KiB).
    expect(plain.body.length).toBeGreaterThan(4096);
    const json = JSON.parse(plain.body.toString());

    const br = await get('/api/docs/json', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(json);

    const gz = await get('/api/docs/json', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(json);
  });

  it("sends the web application's files as the build compressed them", async () => {
    const br = await get('/assets/app.js', { 'accept-encoding': 'gzip, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body)).toEqual(script);
    const gz = await get('/assets/app.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body)).toEqual(script);
    const plain = await get('/assets/app.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toEqual(script);
  });

  it('never compresses a download, even of a compressible type, and counts its bytes', async () => {
    const bytes = Buffer.from(JSON.stringify({ filler: randomBytes(6000).toString('hex') }));
    const order = await insertDeliveredOrder(h, user.userId, {
      terms: [{ scenes: [{ sceneId: 'COMPRESS-1', time: '2026-01-01T00:00:00Z', boundaries: [] }] }],
    });
    const key = order.packageKeys[0]!;
    await h.services.objectStore.put(key, bytes, { contentType: 'application/json' });
    const link = h.services.downloadLinks.link(key, new Date(Date.now() + 86_400_000));
    const whole = await get(link, { 'accept-encoding': 'gzip, br' });
    expect(whole.status).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(Number(whole.headers['content-length'])).toBe(bytes.length);
    expect(whole.body).toEqual(bytes);
    const part = await get(link, { 'accept-encoding': 'gzip, br', range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.body).toEqual(bytes.subarray(100, 200));
    await h.services.usage.flush();
    const { rows } = await h.pool.query<{ bytes: string }>(
      'SELECT COALESCE(SUM(bytes), 0)::text AS bytes FROM usage_days WHERE user_id = $1',
      [user.userId],
    );
    expect(Number(rows[0]!.bytes)).toBe(bytes.length + 100);
  });

  it('does not inflate a compressed request body', async () => {
    const r = await h.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ username: 'nobody', password: 'nothing-at-all' })),
    });
    expect(r.json().code).not.toBe(2000);
    expect(r.json().code).not.toBe(4010);
  });
});
