import TileLayer from 'ol/layer/Tile';
import type OlMap from 'ol/Map';
import XYZ from 'ol/source/XYZ';
import type { BaseMapDefinition, TileSpec } from './baseMaps';

/**
 * An online tile layer. Offline, its tiles simply fail to load: OpenLayers leaves failed tiles
 * empty and the Natural Earth map beneath stays visible, so no error handling is needed here.
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

/** The base maps' online layers on a map: each built on first use, so a base map never chosen never loads a tile. */
export class BaseMapTiles {
  private readonly layers = new Map<string, TileLayer<XYZ>>();

  constructor(
    private readonly map: Pick<OlMap, 'addLayer'>,
    private readonly zIndex: { baseTiles: number; labels: number },
  ) {}

  /** Show the chosen base map's tiles (and labels, if wanted) and hide every other online layer. */
  show(chosen: BaseMapDefinition | undefined, labelsVisible: boolean) {
    const wanted = new Set<string>();
    for (const spec of chosen?.tiles ?? [])
      wanted.add(this.layer(spec, this.zIndex.baseTiles).get('tileSpecId'));
    if (chosen?.labelOverlay && labelsVisible) {
      wanted.add(this.layer(chosen.labelOverlay, this.zIndex.labels).get('tileSpecId'));
    }
    for (const [id, layer] of this.layers) layer.setVisible(wanted.has(id));
  }

  private layer(spec: TileSpec, zIndex: number): TileLayer<XYZ> {
    let layer = this.layers.get(spec.id);
    if (!layer) {
      layer = createTileLayer(spec, zIndex);
      this.layers.set(spec.id, layer);
      this.map.addLayer(layer);
    }
    return layer;
  }
}
