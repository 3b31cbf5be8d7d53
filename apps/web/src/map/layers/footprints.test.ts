import { fromLonLat, toLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { describe, expect, it } from 'vitest';
import { footprintFeature, intoWorld, scenesAt } from './footprints';
import { quicklookParams } from './quicklooks';

const square = (sceneId: string, west: number, south: number, size = 1) => ({
  sceneId,
  rings: [
    [
      [west, south],
      [west + size, south],
      [west + size, south + size],
      [west, south + size],
    ],
  ],
});

describe('archive footprints on the map', () => {
  it('makes one feature per scene with closed rings, id = scene id', () => {
    const feature = footprintFeature({
      sceneId: 'S',
      rings: [...square('S', 179, 0).rings, ...square('S', -180, 0).rings],
    });
    expect(feature.getId()).toBe('S');
    const polygons = feature.getGeometry()?.getCoordinates() ?? [];
    expect(polygons).toHaveLength(2);
    expect(polygons[0]?.[0]).toHaveLength(5);
    expect(toLonLat(polygons[0]?.[0]?.[0] ?? [])[0]).toBeCloseTo(179);
  });

  it('lists the scenes under a point in result-list order, on any copy of the world', () => {
    const source = new VectorSource();
    source.addFeatures([
      footprintFeature(square('b', 10, 10, 2)),
      footprintFeature(square('a', 11, 11, 2)),
      footprintFeature(square('c', 30, 30)),
    ]);
    const order = new Map([
      ['a', 0],
      ['b', 1],
      ['c', 2],
    ]);
    const point = fromLonLat([11.5, 11.5]);
    expect(scenesAt(source as never, point, order)).toEqual(['a', 'b']);
    const nextWorld = [(point[0] ?? 0) + 2 * Math.PI * 6378137, point[1] ?? 0];
    expect(scenesAt(source as never, nextWorld, order)).toEqual(['a', 'b']);
    expect(scenesAt(source as never, fromLonLat([0, 0]), order)).toEqual([]);
    expect(intoWorld(0)).toBeCloseTo(0, 6);
  });

  it('asks the quicklook WMS for one layer per scene with the session in the query', () => {
    expect(quicklookParams('S2A_X', { url: '/tiles/quicklooks/wms', token: 'tok' })).toEqual({
      SERVICE: 'WMS',
      VERSION: '1.3.0',
      LAYERS: 'S2A_X',
      FORMAT: 'image/png',
      TRANSPARENT: 'true',
      access_token: 'tok',
    });
  });
});
