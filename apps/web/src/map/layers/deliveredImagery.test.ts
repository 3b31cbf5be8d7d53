import { deliveredXyzTemplate } from '@satportal/contract';
import { transformExtent } from 'ol/proj';
import { expect, it } from 'vitest';
import type { TileLayerSpec } from '../types';
import { lonLatExtentOf, specKey, xyzTileLayer } from './deliveredImagery';

it('builds a delivered scene as an XYZ layer on its template, bounded to its area, up to zoom 18', () => {
  const url = deliveredXyzTemplate('O-1', 'S 1', 'webp');
  const spec: Extract<TileLayerSpec, { kind: 'xyz' }> = {
    kind: 'xyz',
    id: 'O-1/S 1',
    url,
    maxZoom: 18,
    extent: [10, 20, 11, 21],
  };
  const layer = xyzTileLayer(spec, 15);
  const source = layer.getSource();
  expect(source?.getUrls()).toEqual(['/tiles/xyz/O-1/S%201/{z}/{x}/{y}.webp']);
  expect(source?.getTileGrid()?.getMaxZoom()).toBe(18);
  expect(layer.getZIndex()).toBe(15);
  expect(layer.get('tileLayerId')).toBe('O-1/S 1');
  expect(layer.get('tileLayerSpec')).toBe(specKey(spec));
  const expected = transformExtent([10, 20, 11, 21], 'EPSG:4326', 'EPSG:3857');
  const extent = layer.getExtent() ?? [];
  expect(extent).toHaveLength(4);
  for (const [i, value] of extent.entries()) expect(value).toBeCloseTo(expected[i] ?? Number.NaN, 3);
});

it('bounds rings by their extent, except across the antimeridian', () => {
  expect(
    lonLatExtentOf([
      [
        [10, 20],
        [12, 20],
        [12, 23],
        [10, 20],
      ],
    ]),
  ).toEqual([10, 20, 12, 23]);
  expect(
    lonLatExtentOf([
      [
        [179, 0],
        [181, 0],
        [181, 1],
        [179, 0],
      ],
    ]),
  ).toBeUndefined();
  expect(lonLatExtentOf([])).toBeUndefined();
});
