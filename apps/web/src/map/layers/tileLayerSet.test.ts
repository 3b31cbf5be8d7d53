import type TileLayer from 'ol/layer/Tile';
import type TileSource from 'ol/source/Tile';
import { expect, it } from 'vitest';
import type { TileLayerSpec } from '../types';
import type { CapabilitiesCache } from './deliveredImagery';
import { xyzTileLayer } from './deliveredImagery';
import { TileLayerSet } from './tileLayerSet';

const xyz = (id: string): TileLayerSpec => ({ kind: 'xyz', id, url: `/tiles/xyz/O/${id}/{z}/{x}/{y}.png` });
const wmts = (id: string): TileLayerSpec => ({
  kind: 'wmts',
  id,
  capabilitiesUrl: '/tiles/wmts/1.0.0/WMTSCapabilities.xml',
  layer: id,
  matrixSet: 'GoogleMapsCompatible',
});

function fakeMap() {
  const layers: TileLayer<TileSource>[] = [];
  return {
    layers,
    addLayer: (layer: TileLayer<TileSource>) => void layers.push(layer),
    removeLayer: (layer: TileLayer<TileSource>) => {
      layers.splice(layers.indexOf(layer), 1);
      return layer;
    },
  };
}

/** Capabilities answered by hand: each WMTS layer resolves when the test says. */
function heldCapabilities() {
  const waiting: Array<() => void> = [];
  const cache = {
    layerFor: (spec: Extract<TileLayerSpec, { kind: 'wmts' }>, zIndex: number) =>
      new Promise((resolve) =>
        waiting.push(() =>
          resolve(xyzTileLayer({ kind: 'xyz', id: spec.id, url: '/x/{z}/{x}/{y}' }, zIndex)),
        ),
      ),
  } as unknown as CapabilitiesCache;
  const release = () => {
    for (const go of waiting.splice(0)) go();
  };
  return { cache, release };
}

it('keeps unchanged layers, removes those no longer wanted, stacks them in the given order', () => {
  const map = fakeMap();
  const set = new TileLayerSet(map as never, 15, heldCapabilities().cache);
  set.set([xyz('a'), xyz('b')]);
  const a = map.layers[0];
  set.set([xyz('b'), xyz('a'), xyz('c')]);
  expect(map.layers[0]).toBe(a);
  expect(map.layers).toHaveLength(3);
  expect(set.ids()).toEqual(['a', 'b', 'c']);
  set.set([xyz('c')]);
  expect(set.ids()).toEqual(['c']);
  expect(map.layers).toHaveLength(1);
});

it('adds a WMTS layer once its capabilities are read, and drops one replaced meanwhile', async () => {
  const map = fakeMap();
  const held = heldCapabilities();
  const added: string[] = [];
  const set = new TileLayerSet(map as never, 15, held.cache, {
    added: (layer) => {
      added.push(String(layer.get('tileLayerId')));
      return () => {};
    },
  });
  set.set([wmts('w1')]);
  set.set([wmts('w2')]);
  expect(map.layers).toHaveLength(0);
  held.release();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(set.ids()).toEqual(['w2']);
  expect(added).toEqual(['w2']);
});
