import { expect, it } from 'vitest';
import { tiandituTiles } from './baseMaps';
import { createTileLayer } from './tileLayers';

it('builds a hidden XYZ layer from a tile spec, spreading {0-7} over eight hosts', () => {
  const layer = createTileLayer(tiandituTiles('vec', 'key'), 10);
  const source = layer.getSource();
  expect(layer.getVisible()).toBe(false);
  expect(layer.getZIndex()).toBe(10);
  expect(layer.get('tileSpecId')).toBe('tianditu-vec');
  expect(source?.getUrls()?.length).toBe(8);
  expect(source?.getUrls()?.[3]).toMatch(/^https:\/\/t3\.tianditu\.gov\.cn\/vec_w\/wmts\?/);
  expect(source?.getTileGrid()?.getMaxZoom()).toBe(18);
});
