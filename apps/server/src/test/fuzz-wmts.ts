import fc from 'fast-check';
import type { Fixture, FuzzCall } from './fuzz-call';
import { anyOf, junkQuery, oneChanged, rawQueryJunk } from './fuzz-shared';
import { controlStrings, numberLikeStrings, overlong } from './hostile-values';

// The delivered scenes' WMTS KVP endpoint: tiles/wmts/wmts.ts `parseKvp` (SERVICE, REQUEST,
// VERSION, LAYER, STYLE, FORMAT, TILEMATRIXSET, TILEMATRIX, TILEROW, TILECOL; names in any case).

export function wmtsCall(f: Fixture): fc.Arbitrary<FuzzCall> {
  const layers = [...f.sceneIds.slice(0, 2).map((id) => `SP20260101000001:${id}`), 'SP1:none'];
  const capabilities = fc.constant<Record<string, unknown>>({ SERVICE: 'WMTS', REQUEST: 'GetCapabilities' });
  const tile = fc
    .record({
      layer: anyOf(layers),
      z: fc.integer({ min: 0, max: 18 }),
      format: anyOf(['image/png', 'image/webp']),
      fraction: fc.tuple(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
      ),
    })
    .map(({ layer, z, format, fraction: [fx, fy] }) => {
      const size = 2 ** z;
      return {
        SERVICE: 'WMTS',
        REQUEST: 'GetTile',
        VERSION: '1.0.0',
        LAYER: layer,
        STYLE: 'default',
        FORMAT: format,
        TILEMATRIXSET: 'GoogleMapsCompatible',
        TILEMATRIX: String(z),
        TILEROW: String(Math.min(size - 1, Math.floor(fy * size))),
        TILECOL: String(Math.min(size - 1, Math.floor(fx * size))),
      } as Record<string, unknown>;
    });
  const numbers = anyOf<unknown>(['-1', '19', '262144', '1e3', '1.5', '99999999999', ...numberLikeStrings]);
  const hostile = {
    SERVICE: anyOf<unknown>(['wms', 'WMTS ', '', ...controlStrings]),
    REQUEST: anyOf<unknown>(['getcapabilities', 'GetFeatureInfo', '', overlong(2000)]),
    VERSION: anyOf<unknown>(['1.0', '2.0.0', '', ...controlStrings]),
    LAYER: anyOf<unknown>([':', 'a:', ':b', overlong(1025), ...controlStrings]),
    STYLE: anyOf<unknown>(['', 'Default', ...controlStrings]),
    FORMAT: anyOf<unknown>(['image/jpeg', 'IMAGE/PNG', '', ...controlStrings]),
    TILEMATRIXSET: anyOf<unknown>(['EPSG:3857', 'googlemapscompatible', '', ...controlStrings]),
    TILEMATRIX: numbers,
    TILEROW: numbers,
    TILECOL: numbers,
  };
  return fc.oneof(
    { weight: 1, arbitrary: capabilities.map((query) => ({ query })) },
    { weight: 2, arbitrary: tile.map((query) => ({ query })) },
    { weight: 6, arbitrary: oneChanged(tile, hostile).map((query) => ({ query })) },
    {
      weight: 1,
      arbitrary: fc.tuple(tile, anyOf(rawQueryJunk)).map(([query, rawQuery]) => ({ query, rawQuery })),
    },
    { weight: 1, arbitrary: junkQuery },
  );
}

export function wmtsCanonical(f: Fixture): FuzzCall[] {
  return [
    { query: { SERVICE: 'WMTS', REQUEST: 'GetCapabilities' } },
    {
      query: {
        service: 'WMTS',
        request: 'GetTile',
        version: '1.0.0',
        layer: `SP20260101000001:${f.sceneIds[0] ?? 'x'}`,
        style: 'default',
        format: 'image/png',
        tilematrixset: 'GoogleMapsCompatible',
        tilematrix: '3',
        tilerow: '2',
        tilecol: '4',
      },
    },
  ];
}
