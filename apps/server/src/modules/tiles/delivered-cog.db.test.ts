import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deliveredCogPath, TileStatusHeader } from '@satportal/contract';
import { parse as parseDisposition } from 'content-disposition';
import { fromArrayBuffer, fromFile } from 'geotiff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness';
import { curlExchanges, inCi, onPath, runProgram } from '../../test/outside-clients';
import { listenOnLoopback, rawRequest } from '../../test/raw-http';
import { closeRasterThreads, cogEntryName } from '../fulfilment';
import { simulatedScene } from '../fulfilment/deliverables/test-helpers';
import { insertDeliveredOrder } from '../my-data/test-helpers';
import { tileKeyOf } from '../tile-access/test-helpers';
import { storePackage } from './delivered/test-helpers';

// A delivered scene's COG by its own URL (issue 27 item 5), read by ranges: over a raw socket and
// through GDAL's /vsicurl/ with only a tile key in the query, as a customer's script would.

const gdalinfo = onPath('gdalinfo');
const gdalTranslate = onPath('gdal_translate');

let h: Harness;
let root: string;
let origin: string;
let owner: Awaited<ReturnType<Harness['signedIn']>>;
let stranger: Awaited<ReturnType<Harness['signedIn']>>;
let orderNo: string;
let cog: Uint8Array;
let key: string;
let strangerKey: string;
let packageKey: string;
const sceneId = simulatedScene.sceneId;

const url = (k: string) => `${origin}${deliveredCogPath(orderNo, sceneId)}?key=${encodeURIComponent(k)}`;
/** GDAL reads the URL as a customer's script does: no directory listing, curl's trace on stderr. */
const gdalEnv = { GDAL_DISABLE_READDIR_ON_OPEN: 'EMPTY_DIR', CPL_CURL_VERBOSE: 'YES' };

beforeAll(async () => {
  h = await startHarness();
  root = await mkdtemp(join(tmpdir(), 'delivered-cog-'));
  owner = await h.signedIn();
  stranger = await h.signedIn();
  const order = await insertDeliveredOrder(h, owner.userId, {
    level: 10,
    terms: [{ scenes: [{ sceneId, time: simulatedScene.time, boundaries: simulatedScene.boundaries }] }],
  });
  orderNo = order.orderNo;
  packageKey = order.packageKeys[0]!;
  const cogs = await storePackage(h.services.objectStore, packageKey, {
    orderNo,
    termsId: Number(order.termsIds[0]),
    level: 10,
    scenes: [simulatedScene],
    workDir: join(root, 'work'),
  });
  cog = cogs[sceneId]!;
  key = (await tileKeyOf(h, owner, 'cog-test-device-0001')).key;
  strangerKey = (await tileKeyOf(h, stranger, 'cog-test-device-0002')).key;
  origin = await listenOnLoopback(h.app);
}, 240_000);

afterAll(async () => {
  await closeRasterThreads();
  if (root) await rm(root, { recursive: true, force: true });
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('GET /tiles/cog/{orderNo}/{sceneId}.tif', () => {
  it('answers the delivered COG, byte for byte, with a tile key, and one range of it', async () => {
    const whole = await rawRequest(url(key));
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('image/tiff; application=geotiff; profile=cloud-optimized');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(parseDisposition(whole.headers['content-disposition']!).parameters.filename).toBe(
      cogEntryName(sceneId, 10),
    );
    expect(sha256(whole.body)).toBe(sha256(cog));
    const part = await rawRequest(url(key), { headers: { range: 'bytes=100-4195' } });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-4195/${cog.length}`);
    expect(part.body.equals(Buffer.from(cog.subarray(100, 4196)))).toBe(true);
    const head = await rawRequest(url(key), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(cog.length));
    expect(head.headers.etag).toBe(whole.headers.etag);
    const past = await rawRequest(url(key), { headers: { range: `bytes=${cog.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${cog.length}`);
  });

  it("answers another user's key, an unknown scene and a dead key as the tile routes do", async () => {
    const theirs = await rawRequest(url(strangerKey), { headers: { range: 'bytes=0-99' } });
    expect(theirs.status).toBe(404);
    expect(JSON.parse(theirs.body.toString())).toMatchObject({ code: 4004 });
    expect(theirs.headers['content-range']).toBeUndefined();
    const unknown = await rawRequest(url(key).replace(`${sceneId}.tif`, 'NO-SUCH-SCENE.tif'));
    expect(unknown.status).toBe(404);
    const bare = await rawRequest(url(key).replace('.tif?', '?'));
    expect(bare.status).toBe(404);
    const anonymous = await rawRequest(url(key).split('?')[0]!);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers[TileStatusHeader.toLowerCase()]).toBe('401');
  });
});

describe.skipIf(!(gdalinfo && gdalTranslate) && !inCi)('GDAL /vsicurl/ (gdal-bin)', () => {
  it('is installed (CI requires it)', () => {
    expect(gdalinfo && gdalTranslate, 'gdal-bin is missing: apt-get install gdal-bin').toBeTruthy();
  });

  it('opens the COG by URL with only a tile key, reading by ranges', async () => {
    const r = await runProgram(gdalinfo!, ['-json', `/vsicurl/${url(key)}`], gdalEnv);
    expect(r.code, r.stderr.slice(-2000)).toBe(0);
    const info = JSON.parse(r.stdout);
    const local = await (await fromArrayBuffer(cog.slice().buffer)).getImage(0);
    expect(info.size).toEqual([local.getWidth(), local.getHeight()]);
    expect(info.bands).toHaveLength(local.getSamplesPerPixel());
    expect(info.metadata.IMAGE_STRUCTURE.LAYOUT).toBe('COG');
    // GDAL asked for ranges only (after a HEAD for the size) and the server answered parts.
    const gets = curlExchanges(r.stderr).filter((e) => e.method === 'GET');
    expect(gets.length).toBeGreaterThan(0);
    for (const get of gets) {
      expect(get.range).toMatch(/^bytes=\d+-\d+$/);
      expect(get.status).toBe(206);
    }
  });

  it('reads a window whose pixels equal those of the same COG read locally', async () => {
    const local = await (await fromArrayBuffer(cog.slice().buffer)).getImage(0);
    // Across the corner of four 256 × 256 blocks: GDAL reads several parts of the file.
    const [w, hgt] = [60, 50];
    const [x, y] = [Math.min(230, local.getWidth() - w), Math.min(230, local.getHeight() - hgt)];
    expect(local.getWidth()).toBeGreaterThan(290);
    const out = join(root, 'window.tif');
    const r = await runProgram(
      gdalTranslate!,
      ['-q', '-srcwin', String(x), String(y), String(w), String(hgt), `/vsicurl/${url(key)}`, out],
      gdalEnv,
    );
    expect(r.code, r.stderr.slice(-2000)).toBe(0);
    const gets = curlExchanges(r.stderr).filter((e) => e.method === 'GET');
    expect(gets.length).toBeGreaterThan(0);
    expect(gets.every((e) => e.status === 206 && e.range !== null)).toBe(true);
    // The window is a small part of the file: GDAL fetched far less than all of it.
    const fetched = gets.reduce((sum, e) => {
      const [first, last] = e.range!.slice('bytes='.length).split('-').map(Number);
      return sum + last! - first! + 1;
    }, 0);
    expect(fetched).toBeLessThan(cog.length);
    const read = (await (await fromFile(out)).getImage(0)).readRasters({ interleave: true });
    const expected = local.readRasters({ window: [x, y, x + w, y + hgt], interleave: true });
    const [got, want] = await Promise.all([read, expected]);
    expect(got.length).toBe(w * hgt * local.getSamplesPerPixel());
    expect(Array.from(got as ArrayLike<number>)).toEqual(Array.from(want as ArrayLike<number>));
    // Not an empty corner: the window holds the scene's pixels.
    expect(Array.from(got as ArrayLike<number>).filter((v) => v !== 0).length).toBeGreaterThan(w * hgt);
  });

  it('reads the COG inside the package through /vsizip/ over the signed download link', async () => {
    const link = h.services.downloadLinks.link(packageKey, new Date(Date.now() + 86_400_000));
    const path = `/vsizip/{/vsicurl/${origin}${link}}/${cogEntryName(sceneId, 10)}`;
    const r = await runProgram(gdalinfo!, ['-json', path], {
      ...gdalEnv,
      // The download still needs its owner's session (GDAL ≥ 3.6 sends this header).
      GDAL_HTTP_HEADERS: `Authorization: Bearer ${owner.token}`,
    });
    expect(r.code, r.stderr.slice(-2000)).toBe(0);
    const local = await (await fromArrayBuffer(cog.slice().buffer)).getImage(0);
    expect(JSON.parse(r.stdout).size).toEqual([local.getWidth(), local.getHeight()]);
    const gets = curlExchanges(r.stderr).filter((e) => e.method === 'GET');
    expect(gets.length).toBeGreaterThan(0);
    expect(gets.every((e) => e.status === 206)).toBe(true);
  });

  it('fails for a revoked key, naming the refusal', async () => {
    const other = (await tileKeyOf(h, owner, 'cog-test-device-0003')).key;
    await h.services.tileKeys.revoke(owner.userId);
    const r = await runProgram(gdalinfo!, [`/vsicurl/${url(other)}`], gdalEnv);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/^< HTTP\/1\.1 401/m);
    expect(r.stderr).toMatch(/^< X-Status: 601/im);
  });
});
