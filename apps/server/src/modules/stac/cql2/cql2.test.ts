import { describe, expect, it } from 'vitest';
import { Params } from '../../../db/params';
import { queryablesOf } from '../queryables';
import { type Cql2, Cql2Error } from './ast';
import { parseCql2Json } from './cql2-json';
import { parseCql2Text } from './cql2-text';
import { compileFilter, gdalInstant, likeRegExp } from './filter-sql';

const prop = (name: string) => ({ kind: 'property', name }) as const;
const num = (value: number) => ({ kind: 'number', value }) as const;
const str = (value: string) => ({ kind: 'string', value }) as const;

describe('CQL2 text', () => {
  it('reads comparisons, logic with precedence (NOT over AND over OR) and parentheses', () => {
    expect(parseCql2Text('eo:cloud_cover < 10')).toEqual({
      op: '<',
      left: prop('eo:cloud_cover'),
      right: num(10),
    });
    expect(parseCql2Text("a = 1 OR b <> 'x' AND NOT c >= -2.5e1")).toEqual({
      op: 'or',
      args: [
        { op: '=', left: prop('a'), right: num(1) },
        {
          op: 'and',
          args: [
            { op: '<>', left: prop('b'), right: str('x') },
            { op: 'not', arg: { op: '>=', left: prop('c'), right: num(-25) } },
          ],
        },
      ],
    });
    expect(parseCql2Text('(a = 1 or b = 2) and c <= 3')).toMatchObject({
      op: 'and',
      args: [{ op: 'or' }, { op: '<=' }],
    });
    // quoted names, quotes inside strings, keywords in any case, TRUE as a predicate
    expect(parseCql2Text(`"and" = 'it''s' aNd TRUE`)).toEqual({
      op: 'and',
      args: [
        { op: '=', left: prop('and'), right: str("it's") },
        { op: 'boolean', value: true },
      ],
    });
  });

  it('reads LIKE, BETWEEN, IN, IS NULL and their negations, timestamps and dates', () => {
    expect(parseCql2Text("id NOT LIKE 'LC08%'")).toEqual({
      op: 'not',
      arg: { op: 'like', left: prop('id'), pattern: str('LC08%') },
    });
    expect(parseCql2Text('gsd BETWEEN 0.5 AND 10 AND gsd > 1')).toEqual({
      op: 'and',
      args: [
        { op: 'between', value: prop('gsd'), low: num(0.5), high: num(10) },
        { op: '>', left: prop('gsd'), right: num(1) },
      ],
    });
    expect(parseCql2Text("platform IN ('a', 'b')")).toEqual({
      op: 'in',
      value: prop('platform'),
      list: [str('a'), str('b')],
    });
    expect(parseCql2Text('x IS NOT NULL')).toEqual({ op: 'not', arg: { op: 'isNull', value: prop('x') } });
    expect(
      parseCql2Text("datetime > TIMESTAMP('2024-01-01T00:00:00Z') and datetime < date('2024-02-01')"),
    ).toEqual({
      op: 'and',
      args: [
        { op: '>', left: prop('datetime'), right: { kind: 'timestamp', value: '2024-01-01T00:00:00Z' } },
        { op: '<', left: prop('datetime'), right: { kind: 'date', value: '2024-02-01' } },
      ],
    });
    // GDAL 3.6 writes ILIKE
    expect(parseCql2Text("platform ILIKE 'Landsat%'")).toEqual({
      op: 'like',
      left: prop('platform'),
      pattern: str('Landsat%'),
      caseInsensitive: true,
    });
  });

  it('reads S_INTERSECTS with every geometry literal', () => {
    const geometry = (text: string) => {
      const tree = parseCql2Text(`S_INTERSECTS(geometry, ${text})`) as Extract<Cql2, { op: 's_intersects' }>;
      expect(tree.left).toEqual(prop('geometry'));
      return (tree.right as { geometry: unknown }).geometry;
    };
    expect(geometry('POINT(10 20)')).toEqual({ type: 'Point', coordinates: [10, 20] });
    expect(geometry('BBOX(-10,-5,10,5)')).toEqual({ type: 'BBox', bbox: [-10, -5, 10, 5] });
    expect(geometry('LINESTRING(0 0, 1 1)')).toEqual({
      type: 'LineString',
      coordinates: [
        [0, 0],
        [1, 1],
      ],
    });
    expect(geometry('POLYGON((0 0, 1 0, 1 1, 0 0))')).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    });
    expect(geometry('MULTIPOINT((0 0), (1 1))')).toEqual({
      type: 'MultiPoint',
      coordinates: [
        [0, 0],
        [1, 1],
      ],
    });
    expect(geometry('MULTIPOINT(0 0, 1 1)')).toEqual({
      type: 'MultiPoint',
      coordinates: [
        [0, 0],
        [1, 1],
      ],
    });
    expect(geometry('MULTIPOLYGON(((0 0, 1 0, 1 1, 0 0)))')).toMatchObject({ type: 'MultiPolygon' });
    expect(geometry('GEOMETRYCOLLECTION(POINT(1 2), BBOX(0,0,1,1))')).toEqual({
      type: 'GeometryCollection',
      geometries: [
        { type: 'Point', coordinates: [1, 2] },
        { type: 'BBox', bbox: [0, 0, 1, 1] },
      ],
    });
  });

  it('refuses what it does not read with where and what was expected', () => {
    const refused = (text: string, message: RegExp) =>
      expect(() => parseCql2Text(text), text).toThrowError(message);
    refused('', /empty/);
    refused('a <', /expected a property name or a literal at 3, found the end/);
    refused('a = 1 b', /expected AND, OR or the end of the filter at 6/);
    refused("a = 'open", /unterminated string/);
    refused('a = 1 # 2', /unexpected character "#"/);
    refused('(a = 1', /expected "\)"/);
    refused('S_WITHIN(geometry, POINT(0 0))', /S_WITHIN is not supported/);
    refused("T_AFTER(datetime, TIMESTAMP('2020-01-01T00:00:00Z'))", /not supported/);
    refused('upper(a) = 1', /function upper is not supported/);
    refused("datetime = TIMESTAMP('2024-02-30T00:00:00Z')", /not a timestamp/);
    refused("datetime = DATE('2024-13-01')", /not a date/);
    refused('a = 1e999', /out of range/);
    refused(`${'NOT '.repeat(100)}a = 1`, /deeper than 40/);
    refused(`${'('.repeat(100)}a = 1${')'.repeat(100)}`, /deeper than 40/);
    refused(Array.from({ length: 201 }, (_, i) => `a = ${i}`).join(' OR '), /more than 200 predicates/);
    refused('a = 1'.padEnd(20_001, ' '), /longer than 20000/);
    for (const bad of ['AND', 'a = = 1', 'a IN ()', 'a BETWEEN 1', 'a IS 1']) {
      expect(() => parseCql2Text(bad), bad).toThrowError(Cql2Error);
    }
  });
});

describe('CQL2 JSON', () => {
  it('reads the same trees as the text encoding', () => {
    const pairs: [string, unknown][] = [
      ['eo:cloud_cover < 10', { op: '<', args: [{ property: 'eo:cloud_cover' }, 10] }],
      [
        "a = 1 OR NOT b = 'x'",
        {
          op: 'or',
          args: [
            { op: '=', args: [{ property: 'a' }, 1] },
            { op: 'not', args: [{ op: '=', args: [{ property: 'b' }, 'x'] }] },
          ],
        },
      ],
      ["id LIKE 'L%'", { op: 'like', args: [{ property: 'id' }, 'L%'] }],
      ['gsd BETWEEN 1 AND 2', { op: 'between', args: [{ property: 'gsd' }, 1, 2] }],
      ["p IN ('a','b')", { op: 'in', args: [{ property: 'p' }, ['a', 'b']] }],
      ['x IS NULL', { op: 'isNull', args: [{ property: 'x' }] }],
      [
        "datetime >= TIMESTAMP('2024-01-01T00:00:00Z')",
        { op: '>=', args: [{ property: 'datetime' }, { timestamp: '2024-01-01T00:00:00Z' }] },
      ],
      [
        'S_INTERSECTS(geometry, BBOX(0,0,1,1))',
        { op: 's_intersects', args: [{ property: 'geometry' }, { bbox: [0, 0, 1, 1] }] },
      ],
      [
        'S_INTERSECTS(geometry, POINT(1 2))',
        { op: 's_intersects', args: [{ property: 'geometry' }, { type: 'Point', coordinates: [1, 2] }] },
      ],
    ];
    for (const [text, json] of pairs) {
      expect(parseCql2Json(json), text).toEqual(parseCql2Text(text));
      expect(parseCql2Json(JSON.stringify(json)), `${text} (as text)`).toEqual(parseCql2Text(text));
    }
  });

  it('refuses malformed expressions', () => {
    for (const bad of [
      {},
      [],
      'not json',
      { op: 'and', args: [{ op: '=', args: [{ property: 'a' }, 1] }] },
      { op: '=', args: [{ property: 'a' }] },
      { op: 'in', args: [{ property: 'a' }, []] },
      {
        op: 's_intersects',
        args: [{ property: 'geometry' }, { type: 'Polygon', coordinates: [[[0, 0, 0, 0]]] }],
      },
      { op: '=', args: [{ property: 'a' }, { timestamp: '2024-01-01' }] },
      { op: 'casei', args: ['a'] },
      { op: 't_after', args: [] },
      { op: '=', args: [{ property: 'a' }, null] },
      JSON.parse(`${'{"op":"not","args":['.repeat(50)}true${']}'.repeat(50)}`),
    ]) {
      expect(() => parseCql2Json(bad), JSON.stringify(bad).slice(0, 80)).toThrowError(Cql2Error);
    }
  });
});

describe('a filter as SQL', () => {
  const queryables = queryablesOf([
    { category: 'Landsat', satellites: ['Landsat 8', 'Landsat 9'], satellite_ids: [11, 12] },
    { category: 'Sentinel-2', satellites: ['Sentinel-2A'], satellite_ids: [21] },
  ]);
  const sql = (text: string) => {
    const p = new Params();
    return {
      sql: compileFilter(parseCql2Text(text), { queryables, geometries: new Map() }, p),
      values: p.values,
    };
  };

  it('binds every value as a parameter and maps names to columns', () => {
    expect(sql("eo:cloud_cover < 10 AND id = 'x''; DROP TABLE scenes; --'")).toEqual({
      sql: '((s.cloud_cover < $1::float8) AND (s.id = $2::text))',
      values: [10, "x'; DROP TABLE scenes; --"],
    });
    expect(sql('10 > gsd')).toEqual({ sql: '(s.gsd < $1::float8)', values: [10] });
    expect(sql("id IN ('a', 'b')")).toEqual({ sql: '(s.id = ANY($1::text[]))', values: [['a', 'b']] });
    expect(sql("datetime >= '2024-01-01T'")).toEqual({
      sql: '(s.acquired_at >= $1::timestamptz)',
      values: ['2024-01-01T00:00:00Z'],
    });
    expect(sql("datetime = DATE('2024-03-01')").sql).toBe(
      "((s.acquired_at AT TIME ZONE 'UTC')::date = $1::date)",
    );
    expect(sql('eo:cloud_cover IS NULL OR gsd IS NULL').sql).toBe('((s.cloud_cover IS NULL) OR FALSE)');
  });

  it('decides enumerated names (collection, platform, orbit state) over their values', () => {
    expect(sql("platform = 'landsat-9'")).toEqual({ sql: 's.satellite_id = ANY($1::int[])', values: [[12]] });
    expect(sql("platform LIKE 'landsat%'").values).toEqual([[11, 12]]);
    expect(sql("platform ILIKE 'LANDSAT-8'").values).toEqual([[11]]);
    expect(sql("collection <> 'landsat'")).toEqual({
      sql: 's.satellite_id = ANY($1::int[])',
      values: [[21]],
    });
    expect(sql("constellation IN ('sentinel-2', 'none')").values).toEqual([[21]]);
    expect(sql("sat:orbit_state = 'ascending'")).toEqual({
      sql: 's.orbit_direction = ANY($1::int[])',
      values: [[1]],
    });
    expect(sql("platform = 'nothing'").sql).toBe('FALSE');
  });

  it('refuses unknown names, wrong types and property-to-property comparisons', () => {
    const refused = (text: string, message: RegExp) => expect(() => sql(text), text).toThrowError(message);
    refused('nosuch = 1', /"nosuch" is not a queryable/);
    refused("gsd = 'a'", /gsd is a number; 'a' is not/);
    refused('id = 1', /id is a string; number 1 is not/);
    refused("datetime > 'yesterday'", /datetime is a timestamp/);
    refused('gsd = eo:cloud_cover', /two properties/);
    refused('platform = 1', /platform is a string/);
    refused("id BETWEEN 'a' AND 'b'", /BETWEEN takes a number or a datetime/);
    refused('gsd LIKE 1', /quoted pattern/);
    refused('S_INTERSECTS(gsd, POINT(0 0))', /gsd is not a geometry/);
  });
});

describe('helpers', () => {
  it('LIKE patterns with escapes', () => {
    expect(likeRegExp('a%b_c').test('aXXbYc')).toBe(true);
    expect(likeRegExp('a\\%b').test('a%b')).toBe(true);
    expect(likeRegExp('a\\%b').test('aXb')).toBe(false);
    expect(likeRegExp('(.*)').test('(abc)')).toBe(false);
    expect(likeRegExp('(%)').test('(abc)')).toBe(true);
  });

  it('GDAL instants', () => {
    expect(gdalInstant('2024-01-01T10:20:30Z')).toBe('2024-01-01T10:20:30Z');
    expect(gdalInstant('2024-01-01T10')).toBe('2024-01-01T10:00:00Z');
    expect(gdalInstant('2024-01-01')).toBe('2024-01-01T00:00:00Z');
    for (const bad of ['2024-02-30', '0000-01-01', '2024-01-01T25', 'x', '2024-01-01T10:20:30+02:00'])
      expect(gdalInstant(bad), bad).toBeNull();
  });
});
