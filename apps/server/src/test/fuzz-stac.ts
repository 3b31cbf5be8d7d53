import fc from 'fast-check';
import { encodeCursor } from '../modules/stac/stac.params';
import type { Fixture, FuzzCall } from './fuzz-call';
import { anyOf, canonicalRings, junkQuery, oneChanged, rawBodies } from './fuzz-shared';
import { hostileGeometry, validPolygon } from './hostile-geometry';
import { controlStrings, hostileNumbers, numberLikeStrings, overlong } from './hostile-values';
import { RawJson, toJsonText } from './schema-json';

// The STAC API: stac.params.ts `parseSearch` (bbox, intersects, datetime, ids, collections, limit,
// token, sortby, fields, filter with filter-lang and filter-crs; the items' property parameters),
// the collection and item ids of the paths, the POST body (a JSON object), and any path under /stac.

const stacDatetimes = [
  '2024-06-15T10:30:00Z',
  '2024-01-01T00:00:00Z/2024-12-31T23:59:59Z',
  '../2024-12-31T23:59:59Z',
  '2024-01-01T00:00:00Z/..',
  '2024-02-30T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '2024-01-01T25:00:00Z',
  '2024-01-01T00:00:00+99:99',
  '2024-01-01t00:00:00z',
  '2024-01-01 00:00:00Z',
  '2024-01-01T00:00:00.1234567890123Z',
  '2024-12-31T00:00:00Z/2024-01-01T00:00:00Z',
  '../..',
  '/',
  'a/b/c',
  '2024-01-01',
];

const stacBboxes = [
  '9,9,11,11',
  '170,-10,-170,10',
  '-180,-90,180,90',
  '9,9,0,11,11,100',
  '1e308,0,1e309,1',
  'NaN,0,1,1',
  '0,0,0,0',
  '0,1,1,0',
  '',
  ',,,',
  '1,2,3',
  '181,0,182,1',
  'a,b,c,d',
  ' 9 , 9 , 11 , 11 ',
  '-180,-90,180,90,0,0',
];

const cql2Texts = [
  'eo:cloud_cover < 10',
  "platform = 'landsat-8' AND NOT (gsd > 1)",
  'S_INTERSECTS(geometry, BBOX(9,9,11,11))',
  'S_INTERSECTS(geometry, POLYGON((9 9, 11 9, 11 11, 9 11, 9 9)))',
  "s_intersects(geometry, POINT(10 10)) or id in ('a', 'b')",
  "datetime >= TIMESTAMP('2024-01-01T00:00:00Z') AND datetime < DATE('2030-01-01')",
  'eo:cloud_cover IS NULL OR eo:cloud_cover IS NOT NULL',
  "collection LIKE 'land%' AND gsd BETWEEN 0.1 AND 10",
  "datetime >= '2024-01-01T'",
];
const cql2Jsons: unknown[] = [
  { op: '<', args: [{ property: 'eo:cloud_cover' }, 10] },
  {
    op: 'and',
    args: [
      { op: '=', args: [{ property: 'platform' }, 'x'] },
      { op: 'not', args: [true] },
    ],
  },
  { op: 's_intersects', args: [{ property: 'geometry' }, { bbox: [9, 9, 11, 11] }] },
  { op: 'in', args: [{ property: 'id' }, ['a', 'b']] },
  { op: 'isNull', args: [{ property: 'view:off_nadir' }] },
  { op: '>=', args: [{ property: 'datetime' }, { timestamp: '2024-01-01T00:00:00Z' }] },
];
const hostileFilters: unknown[] = [
  '(((',
  'a <',
  "'unterminated",
  `${'NOT '.repeat(2000)}gsd = 1`,
  `${'('.repeat(2000)}gsd = 1${')'.repeat(2000)}`,
  'S_INTERSECTS(geometry, POLYGON((0 0, 1 1)))',
  'S_INTERSECTS(geometry, POINT(1e999 0))',
  'S_INTERSECTS(geometry, BBOX(0,0,0,0))',
  'S_INTERSECTS(geometry, LINESTRING(0 0, 200 0))',
  'S_WITHIN(geometry, BBOX(0,0,1,1))',
  'nosuch = 1',
  "datetime = TIMESTAMP('2024-02-30T00:00:00Z')",
  "datetime = '0000-01-01'",
  "eo:cloud_cover < 'a'",
  'id LIKE 5',
  'gsd = gsd',
  "id = 'a\u0000b'",
  overlong(30_000),
  Array.from({ length: 300 }, (_, i) => `gsd = ${i}`).join(' OR '),
  Array.from({ length: 20 }, (_, i) => `S_INTERSECTS(geometry, BBOX(${i},0,${i + 1},1))`).join(' OR '),
  ...controlStrings,
];
const hostileJsonFilters: unknown[] = [
  {},
  [],
  { op: 'and', args: [] },
  { op: '=', args: [{ property: 'gsd' }] },
  { op: 's_intersects', args: [{ property: 'geometry' }, { type: 'Polygon', coordinates: [[[0, 0]]] }] },
  { op: 'in', args: [{ property: 'id' }, []] },
  { op: 'casei', args: ['a'] },
  { op: '=', args: [{ property: 'gsd' }, { timestamp: 'x' }] },
  JSON.parse(`${'{"op":"not","args":['.repeat(500)}true${']}'.repeat(500)}`),
];

/** Page tokens: real-looking ones whose time or id are odd, and tokens that are not ours at all. */
function stacTokens(f: Fixture): string[] {
  const times = [
    '2024-06-15 10:30:00.123456+00',
    '2024-06-15T10:30:00Z',
    '0',
    '1',
    '2024',
    '+275760-09-13T00:00:00.000Z',
    '-000001-01-01T00:00:00Z',
    'Tue, 01 Jan 2024 00:00:00 GMT',
    '2024-06-15T10:30:00.123456789Z',
    '1e3',
  ];
  const ids = [f.sceneIds[0] ?? 'x', '', '\u0000', overlong(300), "'"];
  const real = times.flatMap((t) => ids.map((id) => encodeCursor({ t, id })));
  const b64 = (text: string) => Buffer.from(text).toString('base64url');
  return [
    ...real,
    'AAAA',
    '!!!',
    overlong(601),
    b64('[]'),
    b64('[1,2]'),
    b64('{"t":1}'),
    b64('["x"]'),
    b64('null'),
  ];
}

function stacSearchValues(f: Fixture, asJson: boolean, itemList = false) {
  const geometries = fc.oneof(validPolygon, hostileGeometry());
  const list = (values: string[]) =>
    asJson
      ? fc.subarray(values, { minLength: 1 })
      : fc.subarray(values, { minLength: 1 }).map((v) => v.join(','));
  const area = fc.oneof(
    fc.constant({}),
    (asJson
      ? fc.constantFrom([9, 9, 11, 11], [170, -10, -170, 10], [-180, -90, 180, 90])
      : anyOf(stacBboxes.slice(0, 3))
    ).map((bbox) => ({ bbox })),
    ...(itemList ? [] : [validPolygon.map((g) => ({ intersects: asJson ? g : toJsonText(g) }))]),
  );
  const fields = fc.record(
    {
      datetime: anyOf(stacDatetimes.slice(0, 4)),
      limit: asJson ? fc.integer({ min: 1, max: 1000 }) : fc.integer({ min: 1, max: 1000 }).map(String),
      token: fc.constant(encodeCursor({ t: '2024-06-15 10:30:00+00', id: f.sceneIds[0] ?? 'x' })),
      sortby: asJson
        ? anyOf<unknown>([[{ field: 'properties.eo:cloud_cover', direction: 'desc' }], [{ field: 'id' }]])
        : anyOf(['-datetime', '+eo:cloud_cover', 'id', '-properties.eo:cloud_cover, datetime']),
      fields: asJson
        ? anyOf<unknown>([{ include: ['id'], exclude: ['geometry'] }, {}])
        : anyOf(['id,-geometry', '', 'properties.eo:cloud_cover,-assets']),
      filter: asJson ? anyOf(cql2Jsons) : anyOf(cql2Texts),
      ...(itemList ? {} : { ids: list(f.sceneIds), collections: list(f.collections) }),
      ...(itemList && !asJson
        ? { platform: anyOf(['landsat-8', 'x']), 'eo:cloud_cover': anyOf(['0', '5.5']) }
        : {}),
    },
    { requiredKeys: [] },
  );
  return {
    valid: fc.tuple(area, fields).map(([a, rest]) => ({ ...a, ...rest }) as Record<string, unknown>),
    hostile: {
      bbox: asJson
        ? fc.oneof(
            anyOf<unknown>(stacBboxes),
            anyOf<unknown>([
              [0, 0, 0, 0],
              [1e308, 0, new RawJson('1e309'), 1],
              ['1', '2', '3', '4'],
              [],
              {},
              null,
            ]),
          )
        : anyOf<unknown>(stacBboxes),
      datetime: anyOf<unknown>([...stacDatetimes, ...controlStrings, ...(asJson ? [1, [], {}] : [])]),
      ids: anyOf<unknown>([
        ',',
        overlong(201),
        ...controlStrings,
        asJson
          ? Array.from({ length: 1001 }, (_, i) => `s${i}`)
          : Array.from({ length: 1001 }, (_, i) => `s${i}`).join(','),
        ...(asJson ? [[1], [''], [null], 'a,b'] : []),
      ]),
      collections: anyOf<unknown>([
        'no-such-collection',
        ',',
        overlong(201),
        ...controlStrings,
        ...(asJson ? [[1], {}] : []),
      ]),
      limit: anyOf<unknown>([
        '0',
        '-1',
        '1001',
        '2147483648',
        '999999999',
        '1e3',
        '1.5',
        'abc',
        ...(asJson ? hostileNumbers : []),
      ]),
      token: anyOf<unknown>([...stacTokens(f), ...controlStrings, ...(asJson ? [1, [], {}] : [])]),
      intersects: geometries.map((g) => (asJson ? g : toJsonText(g))),
      sortby: anyOf<unknown>([
        'gsd',
        '--datetime',
        ',',
        'datetime,datetime',
        overlong(300),
        ...controlStrings,
        ...(asJson ? [[{}], [{ field: 1 }], [{ field: 'id', direction: 'up' }], {}, 'id'] : []),
      ]),
      fields: anyOf<unknown>([
        overlong(300),
        ',-,+',
        ...controlStrings,
        ...(asJson ? [{ include: 1 }, { a: 1 }, []] : []),
      ]),
      filter: anyOf<unknown>(
        asJson
          ? [...hostileJsonFilters, ...hostileFilters.slice(0, 3), 1, null]
          : hostileFilters.filter((x) => typeof x === 'string'),
      ),
      'filter-lang': anyOf<unknown>(['cql2-json', 'cql2-text', 'cql-text', 'xyz', ...controlStrings]),
      'filter-crs': anyOf<unknown>([
        'EPSG:4326',
        'http://www.opengis.net/def/crs/OGC/1.3/CRS84',
        ...controlStrings,
      ]),
      ...(itemList && !asJson ? { gsd: anyOf<unknown>(['x', '', '1e999', ...controlStrings]) } : {}),
    } as Record<string, fc.Arbitrary<unknown>>,
  };
}

export function stacCalls(f: Fixture): Record<string, fc.Arbitrary<FuzzCall>> {
  const collection = fc.oneof(
    { weight: 3, arbitrary: anyOf(f.collections) },
    {
      weight: 2,
      arbitrary: anyOf<unknown>(['no-such', overlong(300), ...controlStrings, ...numberLikeStrings]),
    },
  );
  const item = fc.oneof(
    { weight: 3, arbitrary: anyOf(f.sceneIds) },
    { weight: 2, arbitrary: anyOf<unknown>(['no-such', overlong(300), overlong(5000), ...controlStrings]) },
  );
  const get = stacSearchValues(f, false);
  const items = stacSearchValues(f, false, true);
  const post = stacSearchValues(f, true);
  const queryOf = (s: typeof get) =>
    fc.oneof(
      { weight: 2, arbitrary: s.valid.map((query) => ({ query })) },
      { weight: 6, arbitrary: oneChanged(s.valid, s.hostile).map((query) => ({ query })) },
      { weight: 1, arbitrary: junkQuery },
    );
  const stacPaths = anyOf([
    'v1/nope',
    'v1/api/',
    'v1/collections/x/y/z',
    'v2',
    '',
    '%00',
    '..%2f..%2fpackage.json',
    overlong(5000),
    'v1/collections/%E0%A4%A/items',
  ]);
  return {
    'GET /stac': junkQuery,
    'GET /stac/*': fc.tuple(stacPaths, junkQuery).map(([wildcard, q]) => ({ ...q, wildcard })),
    'GET /stac/v1': junkQuery,
    'GET /stac/v1/': junkQuery,
    'GET /stac/v1/api': junkQuery,
    'GET /stac/v1/api.html': junkQuery,
    'GET /stac/v1/queryables': junkQuery,
    'GET /stac/v1/conformance': junkQuery,
    'GET /stac/v1/collections': junkQuery,
    'GET /stac/v1/collections/:id/queryables': fc
      .tuple(collection, junkQuery)
      .map(([id, q]) => ({ ...q, params: { id } })),
    'GET /stac/v1/collections/:id': fc
      .tuple(collection, junkQuery)
      .map(([id, q]) => ({ ...q, params: { id } })),
    'GET /stac/v1/collections/:id/items': fc
      .tuple(collection, queryOf(items))
      .map(([id, q]) => ({ ...q, params: { id } })),
    'GET /stac/v1/collections/:id/items/:itemId': fc
      .tuple(collection, item, junkQuery)
      .map(([id, itemId, q]) => ({ ...q, params: { id, itemId } })),
    'GET /stac/v1/search': queryOf(get),
    'POST /stac/v1/search': fc.oneof(
      { weight: 2, arbitrary: post.valid.map((json) => ({ body: { json } })) },
      { weight: 6, arbitrary: oneChanged(post.valid, post.hostile).map((json) => ({ body: { json } })) },
      { weight: 1, arbitrary: anyOf<unknown>([[], 'x', 1, null, [{}]]).map((json) => ({ body: { json } })) },
      { weight: 1, arbitrary: anyOf(rawBodies()).map((body) => ({ body })) },
    ),
  };
}

export function stacCanonical(f: Fixture): Record<string, FuzzCall[]> {
  const nul = 'a\u0000b';
  const geometries = canonicalRings().map((r) => ({ type: 'Polygon', coordinates: [r] }));
  const search = [
    ...geometries.map((g) => ({ intersects: g })),
    { bbox: [-180, -90, 180, 90] },
    { ids: [nul] },
    { collections: [nul] },
    { datetime: nul },
    { limit: 2 ** 31 },
    { token: encodeCursor({ t: '2024-06-15 10:30:00+00', id: nul }) },
  ];
  const asQuery = (o: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'string' ? v : toJsonText(v)]));
  const getSearch = search.map((o) => ({
    query: asQuery({
      ...o,
      ...('bbox' in o ? { bbox: '-180,-90,180,90' } : {}),
      ...('ids' in o ? { ids: nul } : {}),
      ...('collections' in o ? { collections: nul } : {}),
    }),
  }));
  const collection = f.collections[0]!;
  return {
    'POST /stac/v1/search': search.map((json) => ({ body: { json } })),
    'GET /stac/v1/search': getSearch,
    'GET /stac/v1/collections/:id': [{ params: { id: nul } }],
    'GET /stac/v1/collections/:id/items': [
      { params: { id: nul } },
      { params: { id: collection }, query: { bbox: '-180,-90,180,90' } },
      { params: { id: collection }, query: { limit: '2147483648' } },
    ],
    'GET /stac/v1/collections/:id/items/:itemId': [
      { params: { id: collection, itemId: nul } },
      { params: { id: nul, itemId: f.sceneIds[0] } },
    ],
  };
}
