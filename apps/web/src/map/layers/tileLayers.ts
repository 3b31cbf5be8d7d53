import TileLayer from 'ol/layer/Tile';
import type OlMap from 'ol/Map';
import XYZ from 'ol/source/XYZ';
import type { MapEvents } from '../types';
import type { BaseMapDefinition, TileSpec } from './baseMaps';

/**
 * Tile errors in a row, with no tile of the chosen base map loaded between them, after which that
 * base map counts as failing: one stray failure (a tile server's hiccup) must not raise the notice,
 * while a map without network fails a whole screen of tiles (a dozen or more) at once.
 */
export const failuresBeforeNotice = 4;

/**
 * An online tile layer. Offline, its tiles fail to load: OpenLayers leaves failed tiles empty and
 * the Natural Earth map beneath stays visible; `BaseMapTiles` counts the failures.
 */
export function createTileLayer(spec: TileSpec, zIndex: number): TileLayer<XYZ> {
  return new TileLayer({
    source: new XYZ({
      url: spec.url,
      maxZoom: spec.maxZoom,
      attributions: spec.attributions,
      crossOrigin: spec.crossOrigin,
    }),
    zIndex,
    visible: false,
    properties: { tileSpecId: spec.id },
  });
}

/**
 * The base maps' online layers on a map: each built on first use, so a base map never chosen never
 * loads a tile. It tells (`baseMapFailed`) when the chosen map's tiles keep failing — the user then
 * sees only the offline map and must be told why — and when one loads again.
 */
export class BaseMapTiles {
  private readonly layers = new Map<string, TileLayer<XYZ>>();
  /** Failed tiles of the shown layers since the last one that loaded (or the last choice or retry). */
  private failures = 0;
  private failed = false;

  constructor(
    private readonly map: Pick<OlMap, 'addLayer'>,
    private readonly zIndex: { baseTiles: number; labels: number },
    private readonly events: { emit(type: 'baseMapFailed', failed: MapEvents['baseMapFailed']): void },
  ) {}

  /** True while the chosen base map's tiles keep failing (the offline map is all there is). */
  isFailing(): boolean {
    return this.failed;
  }

  /** Ask the shown layers for their tiles again (after failures), counting afresh. */
  retry() {
    this.countAfresh();
    for (const layer of this.layers.values()) if (layer.getVisible()) layer.getSource()?.refresh();
  }

  /** Show the chosen base map's tiles (and labels, if wanted) and hide every other online layer. */
  show(chosen: BaseMapDefinition | undefined, labelsVisible: boolean) {
    const wanted = new Set<string>();
    for (const spec of chosen?.tiles ?? [])
      wanted.add(this.layer(spec, this.zIndex.baseTiles).get('tileSpecId'));
    if (chosen?.labelOverlay && labelsVisible) {
      wanted.add(this.layer(chosen.labelOverlay, this.zIndex.labels).get('tileSpecId'));
    }
    for (const [id, layer] of this.layers) layer.setVisible(wanted.has(id));
    // Another map's failures say nothing of this one (the offline map never fails).
    this.countAfresh();
  }

  private layer(spec: TileSpec, zIndex: number): TileLayer<XYZ> {
    let layer = this.layers.get(spec.id);
    if (!layer) {
      const created = createTileLayer(spec, zIndex);
      const source = created.getSource();
      // A hidden layer's tiles still finishing (the map just switched) do not count.
      source?.on('tileloadend', () => created.getVisible() && this.countAfresh());
      source?.on('tileloaderror', () => created.getVisible() && this.tileFailed());
      this.layers.set(spec.id, created);
      this.map.addLayer(created);
      layer = created;
    }
    return layer;
  }

  /** A loaded tile, another choice or a retry: the failures before it no longer count. */
  private countAfresh() {
    this.failures = 0;
    this.setFailed(false);
  }

  private tileFailed() {
    this.failures += 1;
    if (this.failures >= failuresBeforeNotice) this.setFailed(true);
  }

  private setFailed(failed: boolean) {
    if (failed === this.failed) return;
    this.failed = failed;
    this.events.emit('baseMapFailed', failed);
  }
}
