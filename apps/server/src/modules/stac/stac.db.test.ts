import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueName } from '../../test/harness';
import { bowtie, box, createTestSatellites, scene } from '../../test/scenes';
import { defaultConstellation } from '../catalogue/constellation';
import { slugOf } from './stac.params';

let h: Harness;
const prefix = uniqueName('stac');
const id = (n: string) => `${prefix}-${n}`;
let collection: string;
// biome-ignore lint/suspicious/noExplicitAny: responses are checked against the STAC schemas
type Json = any;

const schemaDir = join(import.meta.dirname, 'schemas');
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);
for (const dir of ['geojson', 'v1.0.0']) {
  for (const f of readdirSync(join(schemaDir, dir)))
    ajv.addSchema(JSON.parse(readFileSync(join(schemaDir, dir, f), 'utf8')));
}
const schema = (kind: 'item' | 'collection' | 'catalog') =>
  ajv.getSchema(
    `https://schemas.stacspec.org/v1.0.0/${kind}-spec/json-schema/${kind}.json#`,
  ) as ValidateFunction;

function valid(kind: 'item' | 'collection' | 'catalog', value: unknown) {
  const v = schema(kind);
  expect(v(value), JSON.stringify(v.errors?.slice(0, 3))).toBe(true);
}

async function get(url: string) {
  const r = await h.app.inject({ url });
  return { status: r.statusCode, type: r.headers['content-type'], body: r.json() as Json };
}

beforeAll(async () => {
  h = await startHarness();
  await h.services.catalogue.seedConstellation(defaultConstellation);
  const sats = await createTestSatellites(h, 2);
  collection = slugOf(sats.category);
  const scenes = Array.from({ length: 25 }, (_, i) =>
    scene({
      id: id(`s${String(i).padStart(2, '0')}`),
      satelliteId: sats.ids[i % 2]!,
      footprint: box(20 + i * 0.01, 40, 20.5 + i * 0.01, 40.5),
      // two scenes share each instant: the id breaks the tie in the order
      acquiredAt: new Date(Date.UTC(2024, 2, 1 + Math.floor(i / 2), 10)).toISOString(),
    }),
  );
  scenes.push(
    scene({
      id: id('anti'),
      satelliteId: sats.ids[0]!,
      footprint: box(179.5, -17, 180.5, -16),
      acquiredAt: '2024-05-01T00:00:00Z',
      orbitDirection: 1,
    }),
  );
  expect((await h.services.scenesRepository.upsertScenes(scenes)).rejected).toEqual([]);
});

describe('/stac/v1', () => {
  it('landing page, conformance and collections are valid STAC, without a session', async () => {
    const landing = await get('/stac/v1');
    expect(landing.status).toBe(200);
    valid('catalog', landing.body);
    expect(landing.body.conformsTo).toEqual(
      expect.arrayContaining([
        'https://api.stacspec.org/v1.0.0/core',
        'https://api.stacspec.org/v1.0.0/item-search',
      ]),
    );
    const rels = landing.body.links.map((l: Json) => `${l.rel}:${l.method ?? ''}`);
    expect(rels).toEqual(
      expect.arrayContaining(['self:', 'root:', 'conformance:', 'data:', 'search:GET', 'search:POST']),
    );
    expect((await get('/stac/v1/conformance')).body.conformsTo.length).toBeGreaterThan(3);

    const all = await get('/stac/v1/collections');
    expect(all.status).toBe(200);
    for (const c of all.body.collections) valid('collection', c);
    expect(all.body.collections.map((c: Json) => c.id)).toContain('landsat');
    const one = await get(`/stac/v1/collections/${collection}`);
    valid('collection', one.body);
    expect(one.body.extent.temporal.interval[0]).toEqual([
      '2024-03-01T10:00:00.000000Z',
      '2024-05-01T00:00:00.000000Z',
    ]);
    expect((await get('/stac/v1/collections/nope')).status).toBe(404);
  });

  it('items and an item are valid, with the extension fields', async () => {
    const items = await get(`/stac/v1/collections/${collection}/items?limit=5`);
    expect(items.status).toBe(200);
    expect(items.type).toMatch(/^application\/geo\+json/);
    expect(items.body.features).toHaveLength(5);
    for (const f of items.body.features) valid('item', f);
    const item = await get(`/stac/v1/collections/${collection}/items/${id('s03')}`);
    valid('item', item.body);
    expect(item.body.properties).toMatchObject({
      'eo:cloud_cover': 5,
      'view:off_nadir': 10,
      'view:sun_elevation': 50,
      'sat:orbit_state': 'descending',
      'satportal:provenance': 'simulated',
      constellation: collection,
      gsd: 0.5,
    });
    expect(item.body.assets.quicklook.href).toContain('/tiles/quicklooks/wms?');
    expect((await get(`/stac/v1/collections/${collection}/items/nope`)).status).toBe(404);
  });

  it('paging with next links returns each item once, GET and POST', async () => {
    const seen: string[] = [];
    let url: string | null = `/stac/v1/search?collections=${collection}&limit=4`;
    while (url) {
      const page = await get(url);
      expect(page.status).toBe(200);
      for (const f of page.body.features) valid('item', f);
      seen.push(...page.body.features.map((f: Json) => f.id));
      const next = page.body.links.find((l: Json) => l.rel === 'next');
      url = next ? new URL(next.href).pathname + new URL(next.href).search : null;
    }
    expect(seen).toHaveLength(26);
    expect(new Set(seen).size).toBe(26);

    const posted: string[] = [];
    let body: Json = { collections: [collection], limit: 7 };
    while (body) {
      const r = await h.app.inject({ method: 'POST', url: '/stac/v1/search', payload: body });
      const page = r.json();
      posted.push(...page.features.map((f: Json) => f.id));
      body = page.links.find((l: Json) => l.rel === 'next')?.body;
    }
    expect(posted).toEqual(seen);
  });

  it('bbox, intersects and datetime filters', async () => {
    const ids = async (q: string) =>
      (await get(`/stac/v1/search?collections=${collection}&limit=100&${q}`)).body.features
        .map((f: Json) => f.id)
        .sort();
    expect(await ids('bbox=20.72,40.1,20.8,40.2')).toEqual([id('s22'), id('s23'), id('s24')]);
    expect(await ids('datetime=2024-03-01T10:00:00Z')).toEqual([id('s00'), id('s01')]);
    expect(await ids('datetime=2024-03-12T00:00:00Z/2024-03-13T10:00:00Z')).toEqual([
      id('s22'),
      id('s23'),
      id('s24'),
    ]);
    expect(await ids('datetime=../2024-03-01T10:00:00Z')).toEqual([id('s00'), id('s01')]);
    expect(await ids('datetime=2024-04-01T00:00:00Z/..')).toEqual([id('anti')]);
    const intersects = JSON.stringify(box(20.72, 40.1, 20.8, 40.2));
    const r = await h.app.inject({
      method: 'POST',
      url: '/stac/v1/search',
      payload: { collections: [collection], intersects: JSON.parse(intersects) },
    });
    expect(
      r
        .json()
        .features.map((f: Json) => f.id)
        .sort(),
    ).toEqual(await ids('bbox=20.72,40.1,20.8,40.2'));
  });

  it('an item across the antimeridian: MultiPolygon, bbox west > east, found from either side', async () => {
    const item = await get(`/stac/v1/collections/${collection}/items/${id('anti')}`);
    valid('item', item.body);
    expect(item.body.geometry.type).toBe('MultiPolygon');
    expect(item.body.geometry.coordinates).toHaveLength(2);
    expect(item.body.bbox).toEqual([179.5, -17, -179.5, -16]);
    expect(item.body.properties['sat:orbit_state']).toBe('ascending');
    const found = async (bbox: string) =>
      (await get(`/stac/v1/search?collections=${collection}&bbox=${bbox}`)).body.features.map(
        (f: Json) => f.id,
      );
    expect(await found('179.8,-16.8,179.9,-16.2')).toEqual([id('anti')]);
    expect(await found('-179.9,-16.8,-179.8,-16.2')).toEqual([id('anti')]);
    expect(await found('179,-17,-179,-16')).toEqual([id('anti')]);
  });

  it('bad parameters are 400 {code, description}', async () => {
    for (const q of [
      'bbox=1,2,3',
      'bbox=0,10,1,5',
      'datetime=yesterday',
      'datetime=2024-02-01T00:00:00Z/2024-01-01T00:00:00Z',
      'datetime=../..',
      'limit=0',
      'token=garbage',
      'bbox=0,0,1,1&intersects={"type":"Point","coordinates":[0,0]}',
    ]) {
      const r = await get(`/stac/v1/search?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.code).toBe('BadRequest');
      expect(typeof r.body.description).toBe('string');
    }
    const r = await h.app.inject({ method: 'POST', url: '/stac/v1/search', payload: { intersects: bowtie } });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('BadRequest');
    const broken = await h.app.inject({
      method: 'POST',
      url: '/stac/v1/search',
      payload: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('BadRequest');
  });
});
