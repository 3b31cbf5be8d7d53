import type TileLayer from 'ol/layer/Tile';
import type OlMap from 'ol/Map';
import type TileSource from 'ol/source/Tile';
import type { TileLayerSpec } from '../types';
import { type CapabilitiesCache, specKey, xyzTileLayer } from './deliveredImagery';

type AnyTileLayer = TileLayer<TileSource>;

/**
 * A set of tile layers on the map kept equal to the last specs given: layers whose spec is
 * unchanged stay (no tile is loaded twice), others are removed or built. WMTS layers arrive when
 * their capabilities are read; an answer for specs replaced meanwhile is dropped.
 */
export class TileLayerSet {
  private readonly layers = new Map<string, AnyTileLayer>();
  private generation = 0;
  /** Tiles each layer asked for and has not yet got (or failed), by spec key. */
  private readonly loading = new Map<string, number>();

  constructor(
    private readonly map: Pick<OlMap, 'addLayer' | 'removeLayer'>,
    private readonly zIndex: number,
    private readonly capabilities: CapabilitiesCache,
    private readonly hooks: {
      /** A layer joined the map (the swipe clips it here); returns what undoes it. */
      added?: (layer: AnyTileLayer) => () => void;
      /** The layers or their tile loads changed. */
      changed?: () => void;
    } = {},
  ) {}

  private readonly undo = new Map<string, () => void>();

  set(specs: readonly TileLayerSpec[]) {
    const generation = ++this.generation;
    const wanted = new Map(specs.map((spec) => [specKey(spec), spec]));
    for (const key of [...this.layers.keys()]) if (!wanted.has(key)) this.remove(key);
    specs.forEach((spec, order) => {
      const key = specKey(spec);
      if (this.layers.has(key)) return;
      const zIndex = this.zIndex + order / 1000;
      if (spec.kind === 'xyz') {
        this.add(key, xyzTileLayer(spec, zIndex));
        return;
      }
      this.capabilities.layerFor(spec, zIndex).then(
        (layer) => {
          if (!layer) console.error(`map: no WMTS layer ${spec.layer} in ${spec.capabilitiesUrl}`);
          else if (generation === this.generation && !this.layers.has(key)) this.add(key, layer);
        },
        (error: unknown) => console.error('map: WMTS capabilities not read', error),
      );
    });
    this.hooks.changed?.();
  }

  /** Ids of the layers on the map, lowest first. */
  ids(): string[] {
    return [...this.layers.values()]
      .sort((a, b) => (a.getZIndex() ?? 0) - (b.getZIndex() ?? 0))
      .map((layer) => String(layer.get('tileLayerId')));
  }

  /** Tiles asked for and not yet loaded (or failed). */
  tilesLoading(): number {
    let total = 0;
    for (const count of this.loading.values()) total += count;
    return total;
  }

  clear() {
    this.set([]);
  }

  private add(key: string, layer: AnyTileLayer) {
    this.layers.set(key, layer);
    const source = layer.getSource();
    this.loading.set(key, 0);
    const count = (step: number) => () => {
      if (!this.loading.has(key)) return;
      this.loading.set(key, Math.max(0, (this.loading.get(key) ?? 0) + step));
      this.hooks.changed?.();
    };
    const start = count(1);
    const end = count(-1);
    source?.on('tileloadstart', start);
    source?.on('tileloadend', end);
    source?.on('tileloaderror', end);
    const unhook = this.hooks.added?.(layer);
    this.undo.set(key, () => {
      unhook?.();
      source?.un('tileloadstart', start);
      source?.un('tileloadend', end);
      source?.un('tileloaderror', end);
    });
    this.map.addLayer(layer);
    this.hooks.changed?.();
  }

  private remove(key: string) {
    const layer = this.layers.get(key);
    if (!layer) return;
    this.undo.get(key)?.();
    this.undo.delete(key);
    this.layers.delete(key);
    // Tiles still loading of a removed layer may never end: they no longer count.
    this.loading.delete(key);
    this.map.removeLayer(layer);
  }
}
