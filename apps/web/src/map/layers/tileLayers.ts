import TileLayer from 'ol/layer/Tile';
import XYZ from 'ol/source/XYZ';
import type { TileSpec } from './baseMaps';

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
