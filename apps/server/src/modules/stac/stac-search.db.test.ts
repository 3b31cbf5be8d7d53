import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueName } from '../../test/harness';
import { box, createTestSatellites, scene } from '../../test/scenes';
import { slugOf } from './stac.params';
import { StacRepository } from './stac.repository';
import { StacService } from './stac.service';

/**
 * Issue 27 item 3, searching: numberMatched, sortby, fields and filter (CQL2 text and JSON, and
 * the items' property parameters), each checked against the fixture's own values: the results
 * are what a plain reading of the scenes says, in the order asked, with the fields asked.
 */

let h: Harness;
let collection: string;
let other: string;
let platform: string[];
const prefix = uniqueName('stacq');
// biome-ignore lint/suspicious/noExplicitAny: answers are checked by value
type Json = any;

interface Fixture {
  id: string;
  sat: number;
  cloud: number | null;
  gsd: number;
  ascending: boolean;
  at: string;
  lon: number;
}
const scenes: Fixture[] = Array.from({ length: 30 }, (_, i) => ({
  id: `${prefix}-${String(i).padStart(2, '0')}`,
  sat: i % 2,
  cloud: i % 7 === 0 ? null : (i * 37) % 100,
  gsd: 0.5 + (i % 3),
  ascending: i % 4 === 0,
  // scenes 10 and 11 share an instant: the id breaks the tie
  at: new Date(Date.UTC(2024, 2, 1 + (i === 11 ? 10 : i), 10)).toISOString(),
  lon: 30 + i * 0.2,
}));

const schemaDir = join(import.meta.dirname, 'schemas');
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);
for (const dir of ['geojson', 'v1.0.0'])
  for (const f of readdirSync(join(schemaDir, dir)))
    ajv.addSchema(JSON.parse(readFileSync(join(schemaDir, dir, f), 'utf8')));
const validItem = ajv.getSchema(
  'https://schemas.stacspec.org/v1.0.0/item-spec/json-schema/item.json#',
) as ValidateFunction;
/** An ItemCollection of STAC API item-search / OGC API Features (numberMatched, numberReturned). */
const validCollection = ajv.compile({
  type: 'object',
  required: ['type', 'features', 'links', 'numberReturned'],
  properties: {
    type: { const: 'FeatureCollection' },
    features: { type: 'array' },
    links: { type: 'array', items: { type: 'object', required: ['href', 'rel'] } },
    numberMatched: { type: 'integer', minimum: 0 },
    numberReturned: { type: 'integer', minimum: 0 },
  },
});

async function get(url: string) {
  const r = await h.app.inject({ url });
  return { status: r.statusCode, body: r.json() as Json };
}
async function post(payload: object) {
  const r = await h.app.inject({ method: 'POST', url: '/stac/v1/search', payload });
  return { status: r.statusCode, body: r.json() as Json };
}
const ids = (body: Json): string[] => body.features.map((f: Json) => f.id);
const sorted = (list: string[]) => [...list].sort();
const where = (test: (s: Fixture) => boolean) => sorted(scenes.filter(test).map((s) => s.id));

/** Every page of a GET search, following next links. */
async function allPages(url: string): Promise<{ ids: string[]; pages: Json[] }> {
  const pages: Json[] = [];
  let next: string | null = url;
  while (next) {
    const page = await get(next);
    expect(page.status, next).toBe(200);
    pages.push(page.body);
    const link = page.body.links.find((l: Json) => l.rel === 'next');
    next = link ? new URL(link.href).pathname + new URL(link.href).search : null;
  }
  return { ids: pages.flatMap(ids), pages };
}

beforeAll(async () => {
  h = await startHarness();
  const sats = await createTestSatellites(h, 2);
  collection = slugOf(sats.category);
  platform = (await h.services.stac.group(collection)).satellites.map((n) => slugOf(n));
  const b = await createTestSatellites(h, 1);
  other = slugOf(b.category);
  const r = await h.services.scenesRepository.upsertScenes([
    ...scenes.map((s) =>
      scene({
        id: s.id,
        satelliteId: sats.ids[s.sat]!,
        footprint: box(s.lon, 10, s.lon + 0.5, 10.5),
        acquiredAt: s.at,
        cloudCover: s.cloud,
        gsd: s.gsd,
        orbitDirection: s.ascending ? 1 : 2,
      }),
    ),
    scene({ id: `${prefix}-other`, satelliteId: b.ids[0]!, footprint: box(30, 10, 30.5, 10.5) }),
  ]);
  expect(r.rejected).toEqual([]);
});

describe('numberMatched', () => {
  it('is the exact count on first pages of items and searches, absent on later pages', async () => {
    for (const url of [
      `/stac/v1/collections/${collection}/items?limit=7`,
      `/stac/v1/search?collections=${collection}&limit=7`,
      `/stac/v1/search?collections=${collection},${other}&limit=3&bbox=30,10,31,11`,
    ]) {
      const { ids: all, pages } = await allPages(url);
      expect(pages.length, url).toBeGreaterThan(1);
      for (const p of pages) {
        expect(validCollection(p), JSON.stringify(validCollection.errors)).toBe(true);
        expect(p.numberReturned).toBe(p.features.length);
        for (const f of p.features) expect(validItem(f), JSON.stringify(validItem.errors)).toBe(true);
      }
      expect(pages[0].numberMatched, url).toBe(all.length);
      for (const p of pages.slice(1)) expect(p.numberMatched, url).toBeUndefined();
    }
    expect((await post({ collections: [collection], limit: 1 })).body.numberMatched).toBe(30);
    expect((await get(`/stac/v1/search?ids=nope`)).body.numberMatched).toBe(0);
  });

  it('is left out, never capped or guessed, past what counting may read (index entries, or rows)', async () => {
    const repo = new StacRepository(h.pool, h.services.areasRepository);
    const capped = (byIndex: number, byRows: number) => new StacService(repo, { byIndex, byRows });
    // by the index: the collection alone
    expect((await capped(30, 1).search({ collections: [collection], limit: 5 })).matched).toBe(30);
    const more = await capped(29, 1000).search({ collections: [collection], limit: 5 });
    expect(more.matched).toBeUndefined();
    expect(more.rows).toHaveLength(5);
    // by the rows: an area or a filter reads every match (and is only counted when the planner
    // expects no more than the cap)
    const five = { collections: [collection], bbox: '30,10,30.9,11' };
    expect((await capped(1000, 1000).search(five)).matched).toBe(where((s) => s.lon <= 30.9).length);
    expect((await capped(1000, 4).search(five)).matched).toBeUndefined();
    const filtered = { collections: [collection], filter: 'gsd = 0.5' };
    expect((await capped(1000, 1000).search(filtered)).matched).toBe(where((s) => s.gsd === 0.5).length);
    expect((await capped(1000, 4).search(filtered)).matched).toBeUndefined();
  });
});

describe('sortby', () => {
  const byCloudDescThenTime = [...scenes]
    .sort(
      (a, b) => (b.cloud ?? 101) - (a.cloud ?? 101) || a.at.localeCompare(b.at) || a.id.localeCompare(b.id),
    )
    .map((s) => s.id);

  it('sorts GET and POST searches, page after page (a scene without cloud cover counts as 101)', async () => {
    const { ids: got } = await allPages(
      `/stac/v1/search?collections=${collection}&limit=4&sortby=${encodeURIComponent('-properties.eo:cloud_cover,+datetime')}`,
    );
    expect(got).toEqual(byCloudDescThenTime);
    const posted: string[] = [];
    let body: Json = {
      collections: [collection],
      limit: 6,
      sortby: [
        { field: 'eo:cloud_cover', direction: 'desc' },
        { field: 'datetime', direction: 'asc' },
      ],
    };
    while (body) {
      const page = await post(body);
      posted.push(...ids(page.body));
      body = page.body.links.find((l: Json) => l.rel === 'next')?.body;
    }
    expect(posted).toEqual(byCloudDescThenTime);
    // a + read as a space (unencoded in a query string) is ascending too
    const ascending = await allPages(`/stac/v1/collections/${collection}/items?limit=9&sortby=+datetime`);
    expect(ascending.ids).toEqual(
      [...scenes].sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id)).map((s) => s.id),
    );
    const byId = await get(`/stac/v1/search?collections=${collection}&limit=100&sortby=-id`);
    expect(ids(byId.body)).toEqual(sorted(scenes.map((s) => s.id)).reverse());
  });

  it('refuses fields it cannot sort by, and a token of another order', async () => {
    for (const sortby of ['gsd', 'properties.platform', 'datetime,datetime', '-']) {
      const r = await get(`/stac/v1/search?sortby=${encodeURIComponent(sortby)}`);
      expect(r.status, sortby).toBe(400);
    }
    expect((await post({ sortby: [{ field: 'view:off_nadir' }] })).body.description).toMatch(/sortable are/);
    const first = await get(`/stac/v1/search?collections=${collection}&limit=2&sortby=id`);
    const token = new URL(first.body.links.find((l: Json) => l.rel === 'next').href).searchParams.get(
      'token',
    );
    const r = await get(
      `/stac/v1/search?collections=${collection}&limit=2&sortby=-eo:cloud_cover&token=${token}`,
    );
    expect(r.status).toBe(400);
    expect(r.body.description).toMatch(/not a page token/);
  });
});

describe('fields', () => {
  it('includes and excludes what is asked, GET and POST', async () => {
    const base = `/stac/v1/search?ids=${scenes[1]!.id}`;
    const noGeometry = (await get(`${base}&fields=${encodeURIComponent('id,-geometry')}`)).body.features[0];
    expect(noGeometry.geometry).toBeUndefined();
    expect(noGeometry).toMatchObject({
      id: scenes[1]!.id,
      type: 'Feature',
      properties: { datetime: scenes[1]!.at },
    });
    expect(Object.keys(noGeometry.properties)).toEqual(['datetime']);

    const cloud = (await get(`${base}&fields=properties.eo:cloud_cover`)).body.features[0];
    expect(cloud.properties).toEqual({ datetime: scenes[1]!.at, 'eo:cloud_cover': scenes[1]!.cloud });
    expect(validItem(cloud), 'the baseline keeps a valid Item').toBe(true);

    const slim = (await get(`${base}&fields=${encodeURIComponent('-assets,-links,-bbox')}`)).body.features[0];
    expect(Object.keys(slim).sort()).toEqual([
      'collection',
      'geometry',
      'id',
      'properties',
      'stac_extensions',
      'stac_version',
      'type',
    ]);

    const posted = (
      await post({ ids: [scenes[1]!.id], fields: { include: ['properties'], exclude: ['properties.gsd'] } })
    ).body.features[0];
    const full = (await get(base)).body.features[0];
    const { gsd, ...rest } = full.properties;
    expect(gsd).toBe(scenes[1]!.gsd);
    expect(posted.properties).toEqual(rest);
    expect(full.geometry).toBeDefined();
    expect((await get(`${base}&fields=`)).body.features[0].properties).toEqual({ datetime: scenes[1]!.at });
    expect((await post({ fields: { include: 'id' } })).status).toBe(400);
  });
});

describe('filter', () => {
  const s = (i: number) => scenes[i]!;
  const cases: Array<[string, unknown, (f: Fixture) => boolean]> = [
    [
      'eo:cloud_cover < 30',
      { op: '<', args: [{ property: 'eo:cloud_cover' }, 30] },
      (f) => f.cloud !== null && f.cloud < 30,
    ],
    [
      'eo:cloud_cover IS NULL',
      { op: 'isNull', args: [{ property: 'eo:cloud_cover' }] },
      (f) => f.cloud === null,
    ],
    [
      'NOT eo:cloud_cover < 30',
      { op: 'not', args: [{ op: '<', args: [{ property: 'eo:cloud_cover' }, 30] }] },
      (f) => f.cloud !== null && f.cloud >= 30,
    ],
    [
      'gsd BETWEEN 1 AND 2',
      { op: 'between', args: [{ property: 'gsd' }, 1, 2] },
      (f) => f.gsd >= 1 && f.gsd <= 2,
    ],
    [
      `platform = '${'P0'}' OR sat:orbit_state = 'ascending'`,
      {
        op: 'or',
        args: [
          { op: '=', args: [{ property: 'platform' }, 'P0'] },
          { op: '=', args: [{ property: 'sat:orbit_state' }, 'ascending'] },
        ],
      },
      (f) => f.sat === 0 || f.ascending,
    ],
    [
      `id IN ('${s(3).id}', '${s(4).id}', 'nope') OR id LIKE '%-2_'`,
      {
        op: 'or',
        args: [
          { op: 'in', args: [{ property: 'id' }, [s(3).id, s(4).id, 'nope']] },
          { op: 'like', args: [{ property: 'id' }, '%-2_'] },
        ],
      },
      (f) => f.id === s(3).id || f.id === s(4).id || /-2\d$/.test(f.id),
    ],
    [
      "datetime >= TIMESTAMP('2024-03-20T10:00:00Z') AND datetime < DATE('2024-03-25')",
      {
        op: 'and',
        args: [
          { op: '>=', args: [{ property: 'datetime' }, { timestamp: '2024-03-20T10:00:00Z' }] },
          { op: '<', args: [{ property: 'datetime' }, { date: '2024-03-25' }] },
        ],
      },
      (f) => f.at >= '2024-03-20T10:00:00.000Z' && f.at < '2024-03-25',
    ],
    [
      'S_INTERSECTS(geometry, BBOX(31.05,10.1,32,10.2)) OR S_INTERSECTS(geometry, POINT(35.71 10.25))',
      {
        op: 'or',
        args: [
          { op: 's_intersects', args: [{ property: 'geometry' }, { bbox: [31.05, 10.1, 32, 10.2] }] },
          {
            op: 's_intersects',
            args: [{ property: 'geometry' }, { type: 'Point', coordinates: [35.71, 10.25] }],
          },
        ],
      },
      (f) => (f.lon + 0.5 >= 31.05 && f.lon <= 32) || (f.lon <= 35.71 && f.lon + 0.5 >= 35.71),
    ],
  ];

  it('CQL2 text (GET) and CQL2 JSON (POST) find exactly the scenes the condition says', async () => {
    for (const [text0, json0, test] of cases) {
      const text = text0.replaceAll("'P0'", `'${platform[0]}'`);
      const json = JSON.parse(JSON.stringify(json0).replaceAll('"P0"', `"${platform[0]}"`));
      const expected = where(test);
      expect(expected.length, text).toBeGreaterThan(0);
      expect(expected.length, text).toBeLessThan(scenes.length);
      const viaText = await get(
        `/stac/v1/search?collections=${collection}&limit=100&filter=${encodeURIComponent(text)}`,
      );
      expect(viaText.status, `${text}: ${JSON.stringify(viaText.body)}`).toBe(200);
      expect(sorted(ids(viaText.body)), text).toEqual(expected);
      expect(viaText.body.numberMatched, text).toBe(expected.length);
      const viaJson = await post({ collections: [collection], limit: 100, filter: json });
      expect(sorted(ids(viaJson.body)), `${text} as JSON`).toEqual(expected);
      const items = await get(
        `/stac/v1/collections/${collection}/items?limit=100&filter-lang=cql2-json&filter=${encodeURIComponent(JSON.stringify(json))}`,
      );
      expect(sorted(ids(items.body)), `${text} on the items`).toEqual(expected);
    }
  });

  it('matches the plain search where both can ask (bbox, datetime, collections)', async () => {
    const plain = await get(
      `/stac/v1/search?collections=${collection}&limit=100&bbox=31,10,33,11&datetime=2024-03-05T00:00:00Z/..`,
    );
    const filtered = await get(
      `/stac/v1/search?limit=100&filter=${encodeURIComponent(
        `S_INTERSECTS(geometry, POLYGON((31 10, 33 10, 33 11, 31 11, 31 10))) AND datetime >= TIMESTAMP('2024-03-05T00:00:00Z') AND collection = '${collection}'`,
      )}`,
    );
    expect(sorted(ids(filtered.body))).toEqual(sorted(ids(plain.body)));
    expect(ids(plain.body).length).toBeGreaterThan(3);
  });

  it('property parameters of the items are equalities', async () => {
    const r = await get(`/stac/v1/collections/${collection}/items?limit=100&platform=${platform[1]}&gsd=1.5`);
    expect(sorted(ids(r.body))).toEqual(where((f) => f.sat === 1 && f.gsd === 1.5));
    expect((await get(`/stac/v1/collections/${collection}/items?gsd=fine`)).status).toBe(400);
  });

  it('a filter it cannot read or run is a 400 that says why', async () => {
    for (const [query, why] of [
      ['filter=eo:cloud_cover <', /^filter: expected a property name or a literal/],
      ['filter=nosuch = 1', /^filter: "nosuch" is not a queryable/],
      ["filter=gsd = 'x'", /^filter: gsd is a number/],
      ['filter=S_INTERSECTS(geometry, POLYGON((0 0, 1 1, 0 0)))', /^filter: intersects/],
      ['filter=S_INTERSECTS(geometry, POINT(200 0))', /^filter: points and lines/],
      ['filter=gsd = 1&filter-lang=cql2-json', /^filter: the filter is not JSON/],
      ['filter=gsd = 1&filter-lang=sql', /^filter-lang must be/],
      ['filter=gsd = 1&filter-crs=EPSG:4326', /^filter-crs: only/],
    ] as const) {
      const r = await get(`/stac/v1/search?${query.replace(/ /g, '%20')}`);
      expect(r.status, query).toBe(400);
      expect(r.body.code, query).toBe('BadRequest');
      expect(r.body.description, query).toMatch(why);
    }
  });
});
