import fc from 'fast-check';
import type { Fixture, FuzzCall } from './fuzz-call';
import { anyOf, junkQuery, oneChanged, rawQueryJunk } from './fuzz-shared';
import { boxRing } from './hostile-geometry';
import { controlStrings, numberLikeStrings, overlong } from './hostile-values';

// The quicklook WMS: tiles/wms.ts `parseGetMap` (WMS 1.3.0 GetMap: SERVICE, VERSION, REQUEST, LAYERS,
// STYLES, CRS, BBOX, WIDTH, HEIGHT, FORMAT, TRANSPARENT, BGCOLOR, EXCEPTIONS).

const MERC = 20_037_508.342789244;

export function wmsCall(f: Fixture): fc.Arbitrary<FuzzCall> {
  const bboxOf = (crs: string, [w, s, e, n]: number[]) =>
    crs === 'EPSG:4326'
      ? [s, w, n, e].join(',')
      : crs === 'EPSG:3857'
        ? [w, s, e, n]
            .map((v, i) =>
              i % 2
                ? Math.log(Math.tan(Math.PI / 4 + (v! * Math.PI) / 360)) * 6378137
                : (v! * Math.PI * 6378137) / 180,
            )
            .join(',')
        : [w, s, e, n].join(',');
  const valid = fc
    .record({
      crs: anyOf(['EPSG:3857', 'EPSG:4326', 'CRS:84', 'epsg:900913']),
      box: fc.oneof(
        boxRing.map((r) => [r[0]![0]!, r[0]![1]!, r[2]![0]!, r[2]![1]!]),
        fc.constant<number[]>([9.95, 9.95, 10.15, 10.15]),
        fc.constant<number[]>([-180, -85, 180, 85]),
      ),
      layer: anyOf(f.sceneIds),
      size: fc.oneof(
        { weight: 9, arbitrary: fc.integer({ min: 1, max: 128 }) },
        { weight: 1, arbitrary: fc.constant(1024) },
      ),
      transparent: anyOf(['TRUE', 'FALSE', 'true', undefined]),
      exceptions: anyOf([undefined, 'XML', 'BLANK', 'INIMAGE', 'application/vnd.ogc.se_inimage']),
      bgcolor: anyOf([undefined, '0xFFFFFF', '0x000000']),
    })
    .map(
      ({ crs, box, layer, size, transparent, exceptions, bgcolor }) =>
        ({
          SERVICE: 'WMS',
          VERSION: '1.3.0',
          REQUEST: 'GetMap',
          LAYERS: layer,
          STYLES: '',
          CRS: crs,
          BBOX: bboxOf(crs.toUpperCase(), box),
          WIDTH: String(size),
          HEIGHT: String(size),
          FORMAT: 'image/png',
          TRANSPARENT: transparent,
          EXCEPTIONS: exceptions,
          BGCOLOR: bgcolor,
        }) as Record<string, unknown>,
    );
  const sizes = anyOf<unknown>([
    0,
    -1,
    2048,
    2049,
    '1e3',
    '1.5',
    '99999999',
    '2147483648',
    ...numberLikeStrings,
  ]);
  const hostile = {
    SERVICE: anyOf<unknown>(['wms', 'WFS', '', ...controlStrings]),
    VERSION: anyOf<unknown>(['1.1.1', '1.3', '1.3.0 ', '', ...controlStrings]),
    REQUEST: anyOf<unknown>(['GetCapabilities', 'getmap', 'GetFeatureInfo', '', overlong(2000)]),
    LAYERS: anyOf<unknown>([
      'no-such-scene',
      `${f.sceneIds[0]},${f.sceneIds[1] ?? 'x'}`,
      overlong(200),
      overlong(201),
      overlong(1025),
      ...controlStrings,
    ]),
    STYLES: anyOf<unknown>(['default', 'x', ...controlStrings]),
    CRS: anyOf<unknown>(['EPSG:2154', 'EPSG:4326 ', 'epsg:3857', '', 'AUTO:42001', ...controlStrings]),
    BBOX: anyOf<unknown>([
      '0,0,0,0',
      '1,1,0,0',
      'NaN,0,1,1',
      '0,0,Infinity,1',
      '1e308,1e308,1e309,1e309',
      '-1e308,-1e308,1e308,1e308',
      '1,2,3',
      '1,2,3,4,5',
      ',,,',
      '-5760,-90,5760,90',
      '-5761,-90,5760,90',
      `${-MERC * 32},${-MERC * 32},${MERC * 32},${MERC * 32}`,
      '-180,-90,180,90',
      '0,0,1e-300,1e-300',
      '0x1,0,1,1',
      '1e5,0,1,1',
      ...controlStrings,
    ]),
    WIDTH: sizes,
    HEIGHT: sizes,
    FORMAT: anyOf<unknown>(['image/jpeg', 'IMAGE/PNG', 'image/png; mode=8bit', '', ...controlStrings]),
    TRANSPARENT: anyOf<unknown>(['yes', '1', '', ...controlStrings]),
    BGCOLOR: anyOf<unknown>(['FFFFFF', '0xFFF', '0xGGGGGG', '0xFFFFFFFF', ...controlStrings]),
    EXCEPTIONS: anyOf<unknown>(['json', 'BLANK ', '', ...controlStrings]),
  };
  return fc.oneof(
    { weight: 2, arbitrary: valid.map((query) => ({ query })) },
    { weight: 6, arbitrary: oneChanged(valid, hostile).map((query) => ({ query })) },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, anyOf(rawQueryJunk)).map(([query, rawQuery]) => ({ query, rawQuery })),
    },
    { weight: 1, arbitrary: junkQuery },
  );
}

export function wmsCanonical(f: Fixture): FuzzCall[] {
  const base: Record<string, unknown> = {
    SERVICE: 'WMS',
    VERSION: '1.3.0',
    REQUEST: 'GetMap',
    LAYERS: f.sceneIds[0],
    STYLES: '',
    CRS: 'CRS:84',
    BBOX: '9.95,9.95,10.15,10.15',
    WIDTH: '64',
    HEIGHT: '64',
    FORMAT: 'image/png',
  };
  return [
    { BBOX: '-180,-90,180,90' },
    { CRS: 'EPSG:4326', BBOX: '-90,-180,90,180' },
    { BBOX: '-1e308,-1e308,1e308,1e308' },
    { WIDTH: '2147483648' },
    { LAYERS: 'a\u0000b' },
  ].map((change) => ({ query: { ...base, ...change } }));
}
