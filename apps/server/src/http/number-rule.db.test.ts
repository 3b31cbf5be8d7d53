import { ApiBase, ResultCode } from '@satportal/contract';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Example, type Fixture, type FuzzCall, routeKey } from '../test/fuzz-call';
import { fuzzFixtures } from '../test/fuzz-fixture';
import { toInject } from '../test/fuzz-inject';
import { multipartBody } from '../test/fuzz-upload';
import { startHarness, testRateLimits } from '../test/harness';
import { branchesOf, typeOf } from '../test/schema-arbitrary';
import type { JsonSchema } from '../test/schema-json';
import { fits } from '../test/schema-mutations';
import type { RegisteredRoute } from './types';

/**
 * The number rule (issue 26): an integer or a number written as text — query strings, paths, JSON
 * strings, form fields, parameters parsed by hand — is read only in its canonical spelling. The
 * probe's 500s first (text the validator coerced to Infinity reached SQL), then every numeric
 * field of every route with a schema under every other spelling, then the hand-parsed parameters.
 */

const h = await startHarness({
  rateLimits: { ...testRateLimits, userPerMinute: 1e6, tilesPerMinute: 1e6, addressPerMinute: 1e6 },
});
let fixture: Fixture;
beforeAll(async () => {
  fixture = await (await fuzzFixtures(h))();
}, 120_000);

/** Spellings that are no integer's canonical one (an integer field refuses each). */
const notIntegers = [
  'Infinity',
  '-Infinity',
  'NaN',
  '1e999',
  '-1e999',
  '-0',
  '0x10',
  ' 1',
  '1 ',
  '+1',
  '01',
  '1e3',
  '1.5',
  '1.0',
  '',
];
/** Spellings that are no number in JSON's grammar (a field taking fractions refuses each). */
const notNumbers = ['Infinity', '-Infinity', 'NaN', '1e999', '0x10', ' 1', '1 ', '+1', '01', '.5', '1.', ''];

type Part = 'params' | 'query' | 'body';

async function send(route: RegisteredRoute, call: FuzzCall) {
  const request = toInject(route, call, 'user', fixture.token);
  const r = await h.app.inject({ ...request, remoteAddress: h.remoteAddress } as InjectOptions);
  return { status: r.statusCode, text: r.body, json: () => r.json() };
}

const callOf = (e: Example): FuzzCall => ({
  ...(e.params ? { params: e.params } : {}),
  ...(e.query ? { query: e.query } : {}),
  ...(e.body !== undefined ? { body: { json: e.body } } : {}),
});

/** The value with the place at `path` set to `value`. */
function withValue(base: unknown, path: Array<string | number>, value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  if (Array.isArray(base)) return base.with(head as number, withValue(base[head as number], rest, value));
  const record = (base ?? {}) as Record<string, unknown>;
  return { ...record, [head!]: withValue(record[head!], rest, value) };
}

const valueAt = (value: unknown, path: Array<string | number>): unknown =>
  path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], value);

const kindOf = (schema: JsonSchema): 'integer' | 'number' | undefined => {
  const branches = branchesOf(schema);
  if (branches) {
    if (branches.some((b) => typeOf(b) === 'string')) return undefined;
    const kinds = branches.map(kindOf).filter((k) => k !== undefined);
    return kinds.includes('number') ? 'number' : kinds[0];
  }
  const type = typeOf(schema);
  return type === 'integer' || type === 'number' ? type : undefined;
};

/** The numeric places of an example (and the optional numeric fields it leaves out), with their kind. */
function numericPlaces(
  schema: JsonSchema,
  example: unknown,
  path: Array<string | number> = [],
): Array<{ path: Array<string | number>; kind: 'integer' | 'number' }> {
  const kind = kindOf(schema);
  if (kind) return [{ path, kind }];
  const branch = branchesOf(schema)?.find((b) => fits(b, example));
  if (branch) return numericPlaces(branch, example, path);
  if (typeOf(schema) === 'object' && schema.properties && example && typeof example === 'object') {
    return Object.entries(schema.properties).flatMap(([key, sub]) => {
      const value = (example as Record<string, unknown>)[key];
      return value === undefined && !kindOf(sub) ? [] : numericPlaces(sub, value, [...path, key]);
    });
  }
  if (typeOf(schema) === 'array' && schema.items && Array.isArray(example) && example.length)
    return numericPlaces(schema.items, example[0], [...path, 0]);
  return [];
}

function partsOf(route: RegisteredRoute): Array<{ part: Part; schema: JsonSchema }> {
  const out: Array<{ part: Part; schema: JsonSchema }> = [];
  if (route.schema?.params) out.push({ part: 'params', schema: route.schema.params as JsonSchema });
  if (route.schema?.querystring) out.push({ part: 'query', schema: route.schema.querystring as JsonSchema });
  if (route.schema?.body) out.push({ part: 'body', schema: route.schema.body as JsonSchema });
  return out;
}

describe('the probe: numbers as text reached SQL as 500', () => {
  const cases: Array<[string, Part, Array<string | number>, string]> = [
    ['GET /api/v1/orders', 'query', ['start'], '1e999'],
    ['GET /api/v1/orders', 'query', ['length'], 'Infinity'],
    ['GET /api/v1/notices/unread', 'query', ['limit'], 'Infinity'],
    ['POST /api/v1/aois', 'body', ['parentId'], 'Infinity'],
    ['PUT /api/v1/aois/:id/move', 'body', ['parentId'], 'Infinity'],
    ['POST /api/v1/my-data/scenes', 'body', ['start'], 'Infinity'],
    ['POST /api/v1/my-data/scenes', 'body', ['length'], 'Infinity'],
    ['PUT /api/v1/orders/tags', 'body', ['orderIds', 0], 'Infinity'],
    ['POST /api/v1/subscriptions', 'body', ['aoiId'], 'Infinity'],
    ['POST /api/v1/subscriptions', 'body', ['satIds', 0], 'Infinity'],
    ['POST /api/v1/archive/search', 'body', ['page', 'start'], 'Infinity'],
  ];
  it.each(cases)('%s %s %j = %j is 400 naming the field', async (key, part, path, text) => {
    const route = h.app.routeTable.find((r) => routeKey(r) === key)!;
    const example = fixture.examples[key]?.[0] ?? {};
    const call = callOf({ ...example, [part]: withValue(example[part] ?? {}, path, text) });
    const r = await send(route, call);
    expect(r.status, r.text).toBe(400);
    expect(r.json()).toMatchObject({ code: ResultCode.ValidationFailed, data: { field: path.join('.') } });
  });
});

describe('every numeric field of every route', () => {
  it('refuses every other spelling of its number with 400 naming the field; the canonical one is read', async () => {
    const wrong: string[] = [];
    let tried = 0;
    for (const route of h.app.routeTable) {
      const key = routeKey(route);
      const known = fixture.examples[key];
      for (const example of known ?? [{}]) {
        for (const { part, schema } of partsOf(route)) {
          let value: unknown = example[part] ?? (schema.type === 'object' ? {} : undefined);
          const places = numericPlaces(schema, value);
          // Without an example, the other numbers are a valid 1 (a tile's year, z, x and y).
          if (!known) value = places.reduce<unknown>((v, p) => withValue(v, p.path, 1), value);
          for (const { path, kind } of places) {
            // The canonical spelling of the value there is read (whatever the route then makes of it).
            const canonical = String(valueAt(value, path) ?? 1);
            const read = await send(route, callOf({ ...example, [part]: withValue(value, path, canonical) }));
            if (read.status === 400 && ['integer', 'number'].includes(read.json().data?.params?.rule))
              wrong.push(
                `${key} ${part} ${path.join('.')}=${JSON.stringify(canonical)} refused: ${read.text}`,
              );
            for (const text of kind === 'integer' ? notIntegers : notNumbers) {
              tried++;
              const call = callOf({ ...example, [part]: withValue(value, path, text) });
              const r = await send(route, call);
              const field = path.join('.');
              const body = r.status === 400 ? r.json() : undefined;
              if (body?.code !== ResultCode.ValidationFailed || body?.data?.field !== field)
                wrong.push(
                  `${key} ${part} ${field}=${JSON.stringify(text)}: ${r.status} ${r.text.slice(0, 120)}`,
                );
            }
          }
        }
      }
    }
    expect(tried).toBeGreaterThan(500);
    expect(wrong).toEqual([]);
  });
});

describe('parameters parsed by hand', () => {
  const get = async (url: string) => {
    const r = await h.app.inject({
      url,
      headers: { authorization: `Bearer ${fixture.token}` },
      remoteAddress: h.remoteAddress,
    });
    return { status: r.statusCode, body: r.body };
  };

  it('upload fields: the folder ids of the form', async () => {
    const file = JSON.stringify({
      type: 'Feature',
      properties: { name: 'x' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [10, 10],
            [10.1, 10],
            [10.1, 10.1],
            [10, 10],
          ],
        ],
      },
    });
    const upload = async (field: string, value: string) => {
      const boundary = 'numberRuleBoundary';
      const r = await h.app.inject({
        method: 'POST',
        url: `${ApiBase}/aois/upload`,
        headers: {
          authorization: `Bearer ${fixture.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: multipartBody(
          [
            { name: field, data: value },
            { name: 'file', filename: 'a.geojson', data: file },
          ],
          boundary,
        ),
        remoteAddress: h.remoteAddress,
      });
      return { status: r.statusCode, body: r.json() };
    };
    for (const field of ['aoiParentId', 'poiParentId']) {
      for (const text of notIntegers.filter((t) => t !== '')) {
        const r = await upload(field, text);
        expect(r.status, `${field}=${JSON.stringify(text)}`).toBe(400);
        expect(r.body.data.field, `${field}=${JSON.stringify(text)}`).toBe(field);
      }
    }
    expect((await upload('aoiParentId', String(fixture.ownIds.folder))).status).toBe(200);
  });

  it('id lists, the STAC API, the WMS, WMTS and XYZ tiles, download links', async () => {
    const scene = fixture.sceneIds[0]!;
    const wms = (change: Record<string, string>) =>
      `/tiles/quicklooks/wms?${new URLSearchParams({
        SERVICE: 'WMS',
        VERSION: '1.3.0',
        REQUEST: 'GetMap',
        LAYERS: scene,
        STYLES: '',
        CRS: 'CRS:84',
        BBOX: '9.95,9.95,10.15,10.15',
        WIDTH: '64',
        HEIGHT: '64',
        FORMAT: 'image/png',
        ...change,
      })}`;
    expect((await get(wms({}))).status).toBe(200);
    const refused: Array<[string, number, string]> = [
      [`${ApiBase}/aois/export?ids=0${fixture.ownIds.aoi}`, 400, '"field":"ids"'],
      [`${ApiBase}/aois/export?ids=${fixture.ownIds.aoi},+1`, 400, '"field":"ids"'],
      [`${ApiBase}/orders/rules?satIds=0${fixture.satIds[0]}`, 400, '"field":"satIds"'],
      ['/stac/v1/search?limit=01', 400, 'limit'],
      ['/stac/v1/search?limit=%2B1', 400, 'limit'],
      ['/stac/v1/search?bbox=%209,9,11,11', 400, 'bbox'],
      ['/stac/v1/search?bbox=%2B9,9,11,11', 400, 'bbox'],
      ['/stac/v1/search?bbox=0x9,9,11,11', 400, 'bbox'],
      [wms({ WIDTH: ' 64' }), 400, 'WIDTH'],
      [wms({ HEIGHT: '064' }), 400, 'HEIGHT'],
      [wms({ BBOX: '9.95, 9.95,10.15,10.15' }), 400, 'BBOX'],
      [wms({ BBOX: '+9.95,9.95,10.15,10.15' }), 400, 'BBOX'],
      [
        '/tiles/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=SP1:x&STYLE=default&FORMAT=image/png&TILEMATRIXSET=GoogleMapsCompatible&TILEMATRIX=03&TILEROW=1&TILECOL=1',
        400,
        'TILEMATRIX',
      ],
      [
        `${ApiBase}/oss/orders/SP1/1/a.zip?Expires=%2B1&Signature=${'0'.repeat(64)}`,
        400,
        '"field":"Expires"',
      ],
      [`${ApiBase}/oss/orders/SP1/1/a.zip?Expires=1.0&Signature=${'0'.repeat(64)}`, 400, '"field":"Expires"'],
    ];
    for (const [url, status, says] of refused) {
      const r = await get(url);
      expect(r.status, url).toBe(status);
      expect(r.body, url).toContain(says);
    }
    // XYZ tiles: another spelling of z, x or y names no tile (the same 400 as a tile off the grid).
    const xyz = await get(`/tiles/xyz/SP1/${scene}/03/1/1.png`);
    const offGrid = await get(`/tiles/xyz/SP1/${scene}/3/99/1.png`);
    expect([xyz.status, xyz.body]).toEqual([offGrid.status, offGrid.body]);
  });
});
