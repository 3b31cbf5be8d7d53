import fc from 'fast-check';
import { encodeCursor } from '../modules/stac/stac.params';
import type { Fixture, FuzzCall } from './fuzz-call';
import { anyOf, canonicalRings, junkQuery, oneChanged, rawBodies } from './fuzz-shared';
import { hostileGeometry, validPolygon } from './hostile-geometry';
import { controlStrings, hostileNumbers, numberLikeStrings, overlong } from './hostile-values';
import { RawJson, toJsonText } from './schema-json';

// The STAC API: stac.params.ts `parseSearch` (bbox, intersects, datetime, ids, collections, limit,
// token), the collection and item ids of the paths, and the POST body (a JSON object).

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
      ...(itemList ? {} : { ids: list(f.sceneIds), collections: list(f.collections) }),
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
  return {
    'GET /stac/v1': junkQuery,
    'GET /stac/v1/conformance': junkQuery,
    'GET /stac/v1/collections': junkQuery,
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
