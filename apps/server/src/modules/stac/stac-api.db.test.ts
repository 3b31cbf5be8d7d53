import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2019 } from 'ajv/dist/2019';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueName } from '../../test/harness';
import { box, createTestSatellites, scene } from '../../test/scenes';
import { slugOf } from './stac.params';

/**
 * Issue 27 item 3, the API as clients find it: the landing page's links (OGC API Features core:
 * service-desc and service-doc), the OpenAPI description itself, the queryables, what answers
 * under /stac (JSON, never the web application's page, even with the page being served), and
 * parameters: only the declared ones. (Item 9's naming: naming.db.test.ts.)
 */

let h: Harness;
let collection: string;
let platforms: string[];
const webDist = mkdtempSync(join(tmpdir(), 'stac-spa-'));
const host = 'stac.example.org:8443';
const root = `http://${host}/stac/v1`;
const itemId = uniqueName('stacapi');
// biome-ignore lint/suspicious/noExplicitAny: answers are checked by value
type Json = any;

async function get(url: string, headers: Record<string, string> = {}) {
  const r = await h.app.inject({ url, headers: { host, ...headers } });
  const type = String(r.headers['content-type'] ?? '');
  return { status: r.statusCode, type, headers: r.headers, body: /json/.test(type) ? r.json() : r.body };
}

beforeAll(async () => {
  // A built web application, as in production: its page answers every unknown GET path.
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Satportal SPA</title>');
  h = await startHarness({ webDist });
  const sats = await createTestSatellites(h, 2);
  collection = slugOf(sats.category);
  platforms = (await h.services.stac.group(collection)).satellites;
  const r = await h.services.scenesRepository.upsertScenes([
    scene({ id: itemId, satelliteId: sats.ids[1]!, footprint: box(30, 30, 30.5, 30.5) }),
  ]);
  expect(r.rejected).toEqual([]);
});
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

describe('landing page and service description', () => {
  it('links service-desc, service-doc, conformance, data, search and queryables, all absolute', async () => {
    const landing = await get('/stac/v1');
    expect(landing.status).toBe(200);
    const links = landing.body.links as Json[];
    const rel = (r: string, method?: string) =>
      links.find((l) => l.rel === r && (method === undefined || l.method === method));
    expect(rel('self')?.href).toBe(root);
    expect(rel('root')?.href).toBe(root);
    expect(rel('service-desc')).toEqual({
      rel: 'service-desc',
      href: `${root}/api`,
      type: 'application/vnd.oai.openapi+json;version=3.0',
      title: expect.any(String),
    });
    expect(rel('service-doc')).toMatchObject({ href: `${root}/api.html`, type: 'text/html' });
    expect(rel('conformance')?.href).toBe(`${root}/conformance`);
    expect(rel('data')?.href).toBe(`${root}/collections`);
    expect(rel('search', 'GET')?.href).toBe(`${root}/search`);
    expect(rel('search', 'POST')?.href).toBe(`${root}/search`);
    expect(rel('http://www.opengis.net/def/rel/ogc/1.0/queryables')).toMatchObject({
      href: `${root}/queryables`,
      type: 'application/schema+json',
    });
    for (const l of links) expect(l.href, l.rel).toMatch(/^http:\/\/stac\.example\.org:8443\/stac\/v1/);
    expect(landing.body.conformsTo).toEqual(
      expect.arrayContaining([
        'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
        'https://api.stacspec.org/v1.0.0/item-search#sort',
        'https://api.stacspec.org/v1.0.0/item-search#fields',
        'https://api.stacspec.org/v1.0.0/item-search#filter',
        'http://www.opengis.net/spec/cql2/1.0/conf/cql2-text',
        'http://www.opengis.net/spec/cql2/1.0/conf/cql2-json',
        'http://www.opengis.net/spec/cql2/1.0/conf/basic-cql2',
        'http://www.opengis.net/spec/cql2/1.0/conf/basic-spatial-functions',
      ]),
    );
    expect((await get('/stac/v1/conformance')).body.conformsTo).toEqual(landing.body.conformsTo);
  });

  it('serves the OpenAPI 3.0 description under its exact media type, complete and self-consistent', async () => {
    const api = await get('/stac/v1/api');
    expect(api.status).toBe(200);
    // GDAL compares the parameters token by token: no quotes, no charset added
    expect(api.type).toBe('application/vnd.oai.openapi+json;version=3.0');
    const doc = api.body;
    expect(doc.openapi).toMatch(/^3\.0\.\d$/);
    expect(doc.servers).toEqual([{ url: root }]);
    const refs = JSON.stringify(doc).match(/"\$ref":"#\/[^"]+"/g) ?? [];
    for (const ref of refs) {
      const path = ref.slice(10, -1).split('/');
      expect(
        path.reduce((o: Json, k) => o?.[k], doc),
        ref,
      ).toBeDefined();
    }
    const operations = Object.values(doc.paths).flatMap((p: Json) => Object.values(p)) as Json[];
    expect(operations.length).toBe(11);
    for (const op of operations) {
      expect(op.operationId).toMatch(/^[a-zA-Z]+$/);
      expect(op.responses['200']).toBeDefined();
    }
    expect(new Set(operations.map((o) => o.operationId)).size).toBe(operations.length);
    expect(doc.components.parameters.limit.schema).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 1000,
      default: 10,
    });
    // every parameter declared for the items is taken (none answers "unknown parameter")
    const itemParams = doc.paths['/collections/{collectionId}/items'].get.parameters.map(
      (p: Json) => doc.components.parameters[p.$ref.split('/').pop()],
    );
    for (const p of itemParams.filter((x: Json) => x.in === 'query')) {
      const r = await get(`/stac/v1/collections/${collection}/items?${encodeURIComponent(p.name)}=`);
      expect(String(r.body.description ?? ''), p.name).not.toMatch(/unknown parameter/);
    }
    const page = await get('/stac/v1/api.html');
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.body).toContain('/collections/{collectionId}/items');
    expect(page.body).toContain(`${root}/api`);
  });
});

describe('queryables', () => {
  it('are a valid JSON Schema of what a filter can use, per collection too', async () => {
    const q = await get('/stac/v1/queryables');
    expect(q.status).toBe(200);
    expect(q.type).toMatch(/^application\/schema\+json/);
    const ajv = new Ajv2019({ strict: false });
    expect(ajv.validateSchema(q.body), JSON.stringify(ajv.errors)).toBe(true);
    expect(() => ajv.compile(q.body)).not.toThrow();
    expect(q.body.$id).toBe(`${root}/queryables`);
    expect(q.body.additionalProperties).toBe(false);
    expect(Object.keys(q.body.properties)).toEqual(
      expect.arrayContaining(['id', 'collection', 'geometry', 'datetime', 'eo:cloud_cover', 'platform']),
    );
    expect(q.body.properties.collection.enum).toContain(collection);

    const one = await get(`/stac/v1/collections/${collection}/queryables`);
    expect(one.status).toBe(200);
    expect(ajv.validateSchema(one.body)).toBe(true);
    expect(one.body.properties.collection.enum).toEqual([collection]);
    expect(one.body.properties.platform.enum).toEqual(platforms.map((p) => slugOf(p)).sort());
    expect((await get('/stac/v1/collections/nope/queryables')).status).toBe(404);
    const c = await get(`/stac/v1/collections/${collection}`);
    expect(c.body.links).toContainEqual({
      rel: 'http://www.opengis.net/def/rel/ogc/1.0/queryables',
      href: `${root}/collections/${collection}/queryables`,
      type: 'application/schema+json',
    });
  });
});

describe('everything under /stac answers the API, never the web page', () => {
  it('the landing page with a trailing slash, and /stac leading to it', async () => {
    const slash = await get('/stac/v1/');
    expect(slash.status).toBe(200);
    expect(slash.body).toEqual((await get('/stac/v1')).body);
    for (const url of ['/stac', '/stac/']) {
      const r = await get(url);
      expect(r.status, url).toBe(302);
      expect(r.headers.location, url).toBe(root);
    }
  });

  it('unknown paths are JSON 404s, known paths with another method JSON 405s', async () => {
    for (const url of [
      '/stac/v1/nope',
      '/stac/v1/api/',
      '/stac/v1/collections/x/y/z',
      `/stac/v1/collections/${collection}/items/${itemId}/more`,
      '/stac/v2',
      '/stac/index.html',
    ]) {
      const r = await get(url);
      expect(r.status, url).toBe(404);
      expect(r.type, url).toMatch(/^application\/json/);
      expect(r.body, url).toEqual({ code: 'NotFound', description: 'no such STAC resource' });
    }
    for (const [method, url, allow] of [
      ['DELETE', '/stac/v1/search', 'GET, POST, HEAD'],
      ['PUT', '/stac/v1/collections', 'GET, HEAD'],
      ['POST', `/stac/v1/collections/${collection}/items`, 'GET, HEAD'],
      ['POST', '/stac/v1', 'GET, HEAD'],
    ] as const) {
      const r = await h.app.inject({ method, url, headers: { host } });
      expect(r.statusCode, `${method} ${url}`).toBe(405);
      expect(r.headers.allow).toBe(allow);
      expect(r.json().code).toBe('MethodNotAllowed');
    }
    // the web application keeps its own paths
    const page = await get('/map');
    expect(page.status).toBe(200);
    expect(page.body).toContain('Satportal SPA');
  });
});

describe('parameters', () => {
  it('an unknown one is a 400 {code, description} that names it; f=json is taken', async () => {
    for (const url of [
      '/stac/v1/search?foo=1',
      `/stac/v1/collections/${collection}/items?ids=${itemId}`,
      `/stac/v1/collections/${collection}/items?query=x`,
      '/stac/v1?x=1',
      '/stac/v1/collections?limit=2',
      `/stac/v1/collections/${collection}/items/${itemId}?fields=id`,
      '/stac/v1/search?f=html',
    ]) {
      const r = await get(url);
      expect(r.status, url).toBe(400);
      expect(r.body.code, url).toBe('BadRequest');
      expect(r.body.description, url).toMatch(/unknown parameter|f: this API answers JSON only/);
    }
    for (const url of [
      '/stac/v1?f=json',
      '/stac/v1/search?f=geojson',
      `/stac/v1/collections/${collection}?f=json`,
    ])
      expect((await get(url)).status, url).toBe(200);
    const post = await h.app.inject({
      method: 'POST',
      url: '/stac/v1/search',
      payload: { collections: [collection], query: { 'eo:cloud_cover': { lt: 10 } } },
    });
    expect(post.statusCode).toBe(400);
    expect(post.json().description).toMatch(/unknown field "query"/);
  });
});
