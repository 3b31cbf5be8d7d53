import { join } from 'node:path';
import { fromArrayBuffer, fromFile } from 'geotiff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curlExchanges, inCi, onPath, runProgram } from '../../../test/outside-clients';
import { type MyStacFixture, myStacFixture } from './test-helpers';

// "My data as STAC" with the clients it is for (issue 27 item 4): GDAL's STACIT driver opens the
// caller's search as a mosaic of their COGs, and `/vsicurl/` reads a window of an item's asset —
// with a tile key in the URLs, and with an API key sent as a header (GDAL_HTTP_HEADERS).

const gdalinfo = onPath('gdalinfo');
const gdalTranslate = onPath('gdal_translate');
let f: MyStacFixture;
/** GDAL reads as a customer's script does: no directory listing, curl's trace on stderr. */
const gdalEnv = { GDAL_DISABLE_READDIR_ON_OPEN: 'EMPTY_DIR', CPL_CURL_VERBOSE: 'YES' };

beforeAll(async () => {
  f = await myStacFixture();
}, 240_000);
afterAll(() => f?.close());

/** The pixels of a window of the delivered COG, read from its bytes (no GDAL). */
async function localWindow(x: number, y: number, w: number, h: number) {
  const image = await (await fromArrayBuffer(f.cog.slice().buffer)).getImage(0);
  return {
    image,
    pixels: Array.from(
      (await image.readRasters({ window: [x, y, x + w, y + h], interleave: true })) as ArrayLike<number>,
    ),
  };
}

const searchUrl = (query: string) => `${f.origin}/tiles/stac/v1/search?collections=${f.orderNo}${query}`;

describe.skipIf(!(gdalinfo && gdalTranslate) && !inCi)('GDAL against My data as STAC', () => {
  it('is installed (CI requires it)', () => {
    expect(gdalinfo && gdalTranslate, 'gdal-bin is missing: apt-get install gdal-bin').toBeTruthy();
  });

  it('opens the search with STACIT and a tile key in the URL, reading the COG by ranges', async () => {
    const url = searchUrl(`&key=${encodeURIComponent(f.owner.tileKey)}`);
    const r = await runProgram(gdalinfo!, ['-json', `STACIT:"${url}"`], gdalEnv);
    expect(r.code, r.stderr.slice(-3000)).toBe(0);
    const info = JSON.parse(r.stdout);
    const { image } = await localWindow(0, 0, 1, 1);
    expect(info.size).toEqual([image.getWidth(), image.getHeight()]);
    expect(info.bands).toHaveLength(image.getSamplesPerPixel());
    // GDAL followed the asset href (tile key and all) and read the COG by ranges.
    const cogGets = curlExchanges(r.stderr).filter(
      (e) => e.method === 'GET' && e.path.startsWith('/tiles/cog/'),
    );
    expect(cogGets.length).toBeGreaterThan(0);
    expect(cogGets.every((e) => e.status === 206)).toBe(true);
  });

  it('reads through STACIT, with the API key as a header, the same pixels as the COG file', async () => {
    const { image, pixels } = await localWindow(230, 230, 60, 50);
    expect(image.getWidth()).toBeGreaterThan(290);
    const out = join(f.root, 'stacit-window.tif');
    const r = await runProgram(
      gdalTranslate!,
      ['-q', '-srcwin', '230', '230', '60', '50', `STACIT:"${searchUrl('')}"`, out],
      { ...gdalEnv, GDAL_HTTP_HEADERS: `X-API-Key: ${f.owner.tilesKey}` },
    );
    expect(r.code, r.stderr.slice(-3000)).toBe(0);
    const read = (await (await fromFile(out)).getImage(0)).readRasters({ interleave: true });
    expect(Array.from((await read) as ArrayLike<number>)).toEqual(pixels);
  });

  it("reads a window through /vsicurl/ of an item's asset href equal to the COG file's", async () => {
    const key = `key=${encodeURIComponent(f.owner.tileKey)}`;
    const page = await (await fetch(searchUrl(`&${key}`))).json();
    const href = (page as { features: { assets: { data: { href: string } } }[] }).features[0]!.assets.data
      .href;
    expect(href).toContain(key);
    const { pixels } = await localWindow(230, 230, 60, 50);
    const out = join(f.root, 'vsicurl-window.tif');
    const r = await runProgram(
      gdalTranslate!,
      ['-q', '-srcwin', '230', '230', '60', '50', `/vsicurl/${href}`, out],
      gdalEnv,
    );
    expect(r.code, r.stderr.slice(-3000)).toBe(0);
    const gets = curlExchanges(r.stderr).filter((e) => e.method === 'GET');
    expect(gets.length).toBeGreaterThan(0);
    expect(gets.every((e) => e.status === 206 && e.range !== null)).toBe(true);
    const read = (await (await fromFile(out)).getImage(0)).readRasters({ interleave: true });
    const got = Array.from((await read) as ArrayLike<number>);
    expect(got).toEqual(pixels);
    expect(got.filter((v) => v !== 0).length).toBeGreaterThan(60 * 50);
  });

  it("finds nothing of the owner's in STACIT with another user's key", async () => {
    const url = searchUrl(`&key=${encodeURIComponent(f.stranger.tileKey)}`);
    const r = await runProgram(gdalinfo!, [`STACIT:"${url}"`], gdalEnv);
    expect(r.code).not.toBe(0);
    expect(r.stderr).not.toMatch(/tiles\/cog/);
  });
});
