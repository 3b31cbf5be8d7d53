import { fromLonLat, toLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { describe, expect, it } from 'vitest';
import { footprintFeature, intoWorld, isSoftwareRenderer, scenesAt } from './footprints';
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

  it('asks the quicklook WMS for one layer per scene, with no credential in the query', () => {
    expect(quicklookParams('S2A_X')).toEqual({
      SERVICE: 'WMS',
      VERSION: '1.3.0',
      LAYERS: 'S2A_X',
      FORMAT: 'image/png',
      TRANSPARENT: 'true',
    });
  });
});

describe('isSoftwareRenderer', () => {
  it('recognises the CPU renderers WebGL falls back to', () => {
    expect(
      isSoftwareRenderer(
        'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
      ),
    ).toBe(true);
    expect(isSoftwareRenderer('llvmpipe (LLVM 15.0.6, 256 bits)')).toBe(true);
    expect(
      isSoftwareRenderer('ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0)'),
    ).toBe(true);
  });

  it('takes a GPU for one', () => {
    expect(
      isSoftwareRenderer('ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)'),
    ).toBe(false);
    expect(isSoftwareRenderer('Apple M2')).toBe(false);
    expect(isSoftwareRenderer('Mesa Intel(R) UHD Graphics 620 (KBL GT2)')).toBe(false);
  });
});
