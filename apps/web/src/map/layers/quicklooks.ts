import ImageLayer from 'ol/layer/Image';
import ImageWMS from 'ol/source/ImageWMS';
import type { QuicklookAccess } from '../types';

/**
 * GetMap parameters of one scene's quicklook (the server's WMS 1.3.0: one layer per scene id).
 * No credential: OpenLayers' image requests cannot carry a header, so the session travels as the
 * tile cookie (HttpOnly, scoped to /tiles/), never in the query.
 */
export function quicklookParams(sceneId: string): Record<string, string> {
  return {
    SERVICE: 'WMS',
    VERSION: '1.3.0',
    LAYERS: sceneId,
    FORMAT: 'image/png',
    TRANSPARENT: 'true',
  };
}

/** One scene's quicklook as a single-image WMS layer (ratio 1: the server renders at most 2048 px a side). */
export function createQuicklookLayer(sceneId: string, access: QuicklookAccess, zIndex: number) {
  const layer = new ImageLayer({
    zIndex,
    source: new ImageWMS({
      url: access.url,
      params: quicklookParams(sceneId),
      ratio: 1,
      projection: 'EPSG:3857',
    }),
  });
  layer.set('sceneId', sceneId);
  return layer;
}
