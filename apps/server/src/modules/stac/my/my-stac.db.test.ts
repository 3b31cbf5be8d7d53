import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deliveredCogPath } from '@satportal/contract';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inCi, onPath, runProgram } from '../../../test/outside-clients';
import { rawRequest } from '../../../test/raw-http';
import { type MyStacFixture, myStacFixture } from './test-helpers';

// "My data as STAC" (issue 27 item 4): the caller's delivered scenes as a STAC API whose assets
// are the delivered COGs; its items' projection and file fields checked against the COG itself
// (GDAL's reading of it), and who may see what.

// biome-ignore lint/suspicious/noExplicitAny: answers are checked against the STAC schemas
type Json = any;

const gdalinfo = onPath('gdalinfo');
let f: MyStacFixture;
const MyStac = '/tiles/stac/v1';

const schemaDir = join(import.meta.dirname, '..', 'schemas');
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);
for (const dir of ['geojson', 'v1.0.0']) {
  for (const file of readdirSync(join(schemaDir, dir)))
    ajv.addSchema(JSON.parse(readFileSync(join(schemaDir, dir, file), 'utf8')));
}
function valid(kind: 'item' | 'collection' | 'catalog', value: unknown) {
  const v = ajv.getSchema(
    `https://schemas.stacspec.org/v1.0.0/${kind}-spec/json-schema/${kind}.json#`,
  ) as ValidateFunction;
  expect(v(value), JSON.stringify(v.errors?.slice(0, 3))).toBe(true);
}

/**
 * The projection (v1.1.0) and file (v2.1.0) extensions' fields, checked by their shape: their JSON
 * Schemas are not vendored (no npm package ships them and this machine has no other source), so
 * this states what those schemas require of the fields we write.
 */
function validExtensions(item: Json) {
  expect(item.stac_extensions).toEqual(
    expect.arrayContaining([
      'https://stac-extensions.github.io/projection/v1.1.0/schema.json',
      'https://stac-extensions.github.io/file/v2.1.0/schema.json',
    ]),
  );
  const p = item.properties;
  expect(Number.isInteger(p['proj:epsg'])).toBe(true);
  expect(p['proj:shape']).toHaveLength(2);
  expect(p['proj:shape'].every((n: number) => Number.isInteger(n) && n > 0)).toBe(true);
  expect(p['proj:transform']).toHaveLength(6);
  expect(p['proj:bbox']).toHaveLength(4);
  for (const n of [...p['proj:transform'], ...p['proj:bbox']]) expect(Number.isFinite(n)).toBe(true);
  for (const asset of Object.values(item.assets) as Json[]) {
    expect(Number.isInteger(asset['file:size']) && asset['file:size'] >= 0).toBe(true);
    expect(asset['file:checksum']).toMatch(/^[0-9a-f]+$/);
  }
}

async function get(url: string, headers: Record<string, string> = {}) {
  const r = await rawRequest(`${f.origin}${url}`, { headers });
  const text = r.body.toString();
  return {
    status: r.status,
    type: r.headers['content-type'] ?? '',
    body: text ? (JSON.parse(text) as Json) : null,
  };
}

const withKey = (key: string) => ({ 'x-api-key': key });

beforeAll(async () => {
  f = await myStacFixture();
}, 240_000);
afterAll(() => f?.close());

describe('My data as STAC', () => {
  it('serves a landing page, conformance and a collection per order, valid STAC', async () => {
    const landing = await get(MyStac, withKey(f.owner.tilesKey));
    expect(landing.status).toBe(200);
    valid('catalog', landing.body);
    expect(landing.body.conformsTo).toEqual(
      expect.arrayContaining([
        'https://api.stacspec.org/v1.0.0/core',
        'https://api.stacspec.org/v1.0.0/collections',
        'https://api.stacspec.org/v1.0.0/item-search',
      ]),
    );
    const conformance = await get(`${MyStac}/conformance`, withKey(f.owner.tilesKey));
    expect(conformance.body.conformsTo).toEqual(landing.body.conformsTo);
    const collections = await get(`${MyStac}/collections`, withKey(f.owner.tilesKey));
    expect(collections.status).toBe(200);
    expect(collections.body.collections.map((c: Json) => c.id).sort()).toEqual(
      [f.orderNo, f.secondOrderNo].sort(),
    );
    for (const c of collections.body.collections) valid('collection', c);
    const one = await get(`${MyStac}/collections/${f.orderNo}`, withKey(f.owner.tilesKey));
    expect(one.status).toBe(200);
    expect(one.body.extent.spatial.bbox[0][0]).toBeCloseTo(10, 5);
  });

  it("answers a delivered scene as an Item whose asset is its COG, with the COG's proj and file fields", async () => {
    const page = await get(`${MyStac}/collections/${f.orderNo}/items`, withKey(f.owner.tilesKey));
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^application\/geo\+json/);
    expect(page.body.features).toHaveLength(1);
    const item = page.body.features[0];
    valid('item', item);
    validExtensions(item);
    expect(item.id).toBe(f.sceneId);
    expect(item.collection).toBe(f.orderNo);
    expect(item.properties.datetime).toBe('2024-05-01T10:20:30.000Z');
    const asset = item.assets.data;
    expect(asset).toMatchObject({
      // A key sent as a header stays out of the hrefs (GDAL sends GDAL_HTTP_HEADERS again).
      href: `${f.origin}${deliveredCogPath(f.orderNo, f.sceneId)}`,
      type: 'image/tiff; application=geotiff; profile=cloud-optimized',
      roles: ['data'],
      'file:size': f.cog.length,
      'file:checksum': `1220${createHash('sha256').update(f.cog).digest('hex')}`,
    });
    const single = await get(
      `${MyStac}/collections/${f.orderNo}/items/${f.sceneId}`,
      withKey(f.owner.tilesKey),
    );
    expect(single.status).toBe(200);
    expect(single.body).toEqual(item);
  });

  it.skipIf(!gdalinfo && !inCi)('has proj fields equal to what gdalinfo reads of the COG file', async () => {
    const file = join(f.root, 'cog.tif');
    writeFileSync(file, f.cog);
    const r = await runProgram(gdalinfo!, ['-json', file]);
    expect(r.code, r.stderr).toBe(0);
    const info = JSON.parse(r.stdout);
    const item = (
      await get(`${MyStac}/collections/${f.orderNo}/items/${f.sceneId}`, withKey(f.owner.tilesKey))
    ).body;
    const p = item.properties;
    expect(p['proj:epsg']).toBe(info.stac['proj:epsg']);
    // STAC's order is [rows, columns]; gdalinfo 3.6 writes its own `stac.proj:shape` the other way
    // round (a GDAL bug, fixed later), so the size it reads is the reference.
    expect(p['proj:shape']).toEqual([info.size[1], info.size[0]]);
    // gdalinfo prints 16 decimals (13 significant digits here); the item has the doubles whole.
    const near = (got: number[], want: number[]) => {
      expect(got).toHaveLength(want.length);
      for (const [i, v] of got.entries())
        expect(Math.abs(v - want[i]!)).toBeLessThanOrEqual(Math.abs(want[i]!) * 1e-11);
    };
    const [a, b, c, d, e, g] = info.geoTransform as number[];
    near(p['proj:transform'], [b!, c!, a!, e!, g!, d!]);
    // The corners from the geotransform (gdalinfo's cornerCoordinates are rounded to 7 decimals).
    const [width, height] = info.size as [number, number];
    near(p['proj:bbox'], [a!, d! + height * g!, a! + width * b!, d!]);
  });

  it('searches by bbox, datetime, ids and collections, with next links', async () => {
    const q = (query: string) => get(`${MyStac}/search?${query}`, withKey(f.owner.tilesKey));
    const ids = async (query: string) => (await q(query)).body.features.map((i: Json) => i.id);
    expect(await ids('')).toEqual([f.sceneId, f.sceneId]);
    expect(await ids(`bbox=9.9,44.9,10.3,45.3&collections=${f.orderNo}`)).toEqual([f.sceneId]);
    expect(await ids('bbox=20,20,21,21')).toEqual([]);
    expect(await ids('datetime=2024-05-01T00:00:00Z/2024-05-02T00:00:00Z')).toHaveLength(2);
    expect(await ids('datetime=2025-01-01T00:00:00Z/..')).toEqual([]);
    expect(await ids(`ids=${f.sceneId}`)).toHaveLength(2);
    expect(await ids('ids=NOPE')).toEqual([]);
    expect(await ids(`collections=${f.orderNo}`)).toEqual([f.sceneId]);
    const post = await fetch(`${f.origin}${MyStac}/search`, {
      method: 'POST',
      headers: { ...withKey(f.owner.tilesKey), 'content-type': 'application/json' },
      body: JSON.stringify({ collections: [f.orderNo], bbox: [9.9, 44.9, 10.3, 45.3] }),
    });
    expect(post.status).toBe(200);
    expect(((await post.json()) as Json).features).toHaveLength(1);
    const bad = await q('bbox=1,2');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('BadRequest');
  });

  it('pages with next links that carry the tile key, as do the asset hrefs', async () => {
    const key = `key=${encodeURIComponent(f.owner.tileKey)}`;
    const first = await get(`${MyStac}/search?limit=1&${key}`);
    expect(first.status).toBe(200);
    expect(first.body.features).toHaveLength(1);
    const links = [...first.body.links, ...first.body.features[0].links] as Json[];
    expect(links.every((l) => l.href.includes(key))).toBe(true);
    const next = first.body.links.find((l: Json) => l.rel === 'next');
    const second = await get(next.href.slice(f.origin.length));
    expect(second.body.features).toHaveLength(1);
    expect(second.body.links.find((l: Json) => l.rel === 'next')).toBeUndefined();
    const orders = [first, second].map((p) => p.body.features[0].collection).sort();
    expect(orders).toEqual([f.orderNo, f.secondOrderNo].sort());
    for (const page of [first, second]) {
      const item = page.body.features[0];
      const asset = item.assets.data.href as string;
      expect(asset).toBe(`${f.origin}${deliveredCogPath(item.collection, f.sceneId)}?${key}`);
      expect((await rawRequest(asset, { method: 'HEAD' })).status).toBe(200);
    }
  });
  it('carries a tiles-only API key given as api_key= on, and refuses a broader key there', async () => {
    const key = `api_key=${encodeURIComponent(f.owner.tilesKey)}`;
    const page = await get(`${MyStac}/collections/${f.orderNo}/items?${key}`);
    expect(page.status).toBe(200);
    const asset = page.body.features[0].assets.data.href as string;
    expect(asset).toBe(`${f.origin}${deliveredCogPath(f.orderNo, f.sceneId)}?${key}`);
    expect((await rawRequest(asset, { method: 'HEAD' })).status).toBe(200);
    const both = (
      await f.h.services.apiKeys.create(f.owner.userId, { name: 'both', scopes: ['read', 'tiles'] })
    ).key;
    const refused = await get(`${MyStac}/search?api_key=${encodeURIComponent(both)}`);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('Forbidden');
    expect(refused.body.description).toMatch(/X-API-Key/);
  });
});

describe('who may see what', () => {
  it('answers 401 as a STAC error without a credential, JSON never the web page', async () => {
    for (const path of [
      '',
      '/conformance',
      '/collections',
      `/collections/${f.orderNo}/items`,
      '/search',
      '/nope',
    ]) {
      const r = await get(`${MyStac}${path}`);
      expect(r.status, path).toBe(401);
      expect(r.type).toMatch(/^application\/json/);
      expect(r.body).toMatchObject({ code: 'Unauthorized' });
      expect(typeof r.body.description).toBe('string');
    }
  });

  it('answers 403 to an API key without the tiles scope', async () => {
    const r = await get(`${MyStac}/search`, withKey(f.owner.readKey));
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: 'Forbidden' });
  });

  it("answers 404 for another user's order, item and asset, and leaves them out of searches", async () => {
    for (const credential of [withKey(f.stranger.tilesKey), {}]) {
      const query = 'key' in credential ? '' : `?key=${encodeURIComponent(f.stranger.tileKey)}`;
      const sep = query ? '&' : '?';
      for (const path of [
        `/collections/${f.orderNo}`,
        `/collections/${f.orderNo}/items`,
        `/collections/${f.orderNo}/items/${f.sceneId}`,
      ]) {
        const r = await get(`${MyStac}${path}${query}`, credential);
        expect(r.status, path).toBe(404);
        expect(r.body.code).toBe('NotFound');
      }
      const search = await get(`${MyStac}/search${query}`, credential);
      expect(search.body.features.map((i: Json) => i.collection)).toEqual([f.strangerOrderNo]);
      const asked = await get(`${MyStac}/search${query}${sep}collections=${f.orderNo}`, credential);
      expect(asked.body.features).toEqual([]);
      const cog = await rawRequest(`${f.origin}${deliveredCogPath(f.orderNo, f.sceneId)}${query}`, {
        headers: credential,
        method: 'HEAD',
      });
      expect(cog.status).toBe(404);
    }
  });

  it('leaves the public archive catalogue public', async () => {
    expect((await get('/stac/v1')).status).toBe(200);
  });
});
