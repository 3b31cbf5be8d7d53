import type TileLayer from 'ol/layer/Tile';
import type XYZ from 'ol/source/XYZ';
import { describe, expect, it } from 'vitest';
import { baseMapCatalogue, tiandituTiles } from './baseMaps';
import { BaseMapTiles, createTileLayer } from './tileLayers';

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

describe('the chosen base map failing (issue 18)', () => {
  function setUp() {
    const layers: TileLayer<XYZ>[] = [];
    const told: boolean[] = [];
    const tiles = new BaseMapTiles({ addLayer: (layer) => layers.push(layer as TileLayer<XYZ>) }, z, {
      emit: (_type, failed) => told.push(failed),
    });
    const catalogue = baseMapCatalogue({ tiandituKey: null });
    const show = (id: string) =>
      tiles.show(
        catalogue.find((b) => b.id === id),
        true,
      );
    const tile = (what: 'tileloadend' | 'tileloaderror', spec = 'osm') =>
      layers
        .find((l) => l.get('tileSpecId') === spec)
        ?.getSource()
        ?.dispatchEvent(what);
    return { tiles, told, show, tile };
  }
  const z = { baseTiles: 1, labels: 2 };

  it('fails after 4 errors in a row, not after fewer; a loaded tile counts afresh and clears it', () => {
    const { tiles, told, show, tile } = setUp();
    show('osm');
    for (let i = 0; i < 3; i++) tile('tileloaderror');
    tile('tileloadend');
    for (let i = 0; i < 3; i++) tile('tileloaderror');
    expect(tiles.isFailing()).toBe(false);
    tile('tileloaderror');
    expect(tiles.isFailing()).toBe(true);
    tile('tileloaderror');
    expect(told).toEqual([true]);
    tile('tileloadend');
    expect(told).toEqual([true, false]);
  });

  it('counts afresh on a retry or another choice; a hidden layer’s tiles do not count', () => {
    const { tiles, told, show, tile } = setUp();
    show('osm');
    for (let i = 0; i < 4; i++) tile('tileloaderror');
    tiles.retry();
    expect(tiles.isFailing()).toBe(false);
    for (let i = 0; i < 4; i++) tile('tileloaderror');
    show('offline');
    expect(told).toEqual([true, false, true, false]);
    for (let i = 0; i < 9; i++) tile('tileloaderror');
    expect(tiles.isFailing()).toBe(false);
    // The satellite map's labels fail with it.
    show('satellite');
    for (let i = 0; i < 4; i++) tile('tileloaderror', 'esri-labels');
    expect(tiles.isFailing()).toBe(true);
  });
});
