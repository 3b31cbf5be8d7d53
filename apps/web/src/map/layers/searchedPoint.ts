import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import type Layer from 'ol/layer/Layer';
import VectorLayer from 'ol/layer/Vector';
import type OlMap from 'ol/Map';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style } from 'ol/style';
import type { LatLon } from '../types';

/** A red dot with a white ring and a dark halo: readable on the sea, on land and on imagery. */
export const searchedPointColours = {
  fill: '#e8402f',
  ring: '#ffffff',
  halo: 'rgba(0, 0, 0, 0.35)',
} as const;

export function searchedPointStyle(): Style[] {
  return [
    new Style({ image: new Circle({ radius: 10, fill: new Fill({ color: searchedPointColours.halo }) }) }),
    new Style({
      image: new Circle({
        radius: 7,
        fill: new Fill({ color: searchedPointColours.fill }),
        stroke: new Stroke({ color: searchedPointColours.ring, width: 2 }),
      }),
    }),
  ];
}

/**
 * The coordinate-search marker (spec 000 §2): one point feature at `point` in the map's
 * projection. A new search builds a new layer; the controller drops the old one.
 */
export function createSearchedPointLayer(
  point: LatLon,
  zIndex: number,
  projection = 'EPSG:3857',
): VectorLayer<VectorSource<Feature<Point>>> {
  const feature = new Feature({ geometry: new Point(fromLonLat([point.lon, point.lat], projection)) });
  feature.setProperties({ lat: point.lat, lon: point.lon });
  return new VectorLayer({
    source: new VectorSource({ features: [feature] }),
    style: searchedPointStyle(),
    zIndex,
    properties: { layerId: 'searched-point' },
  });
}

/** The coordinate-search marker on a map: at most one, each new search's replacing the last. */
export class SearchedPointMarker {
  private mark: { position: LatLon; layer: Layer } | null = null;

  constructor(
    private readonly map: Pick<OlMap, 'addLayer' | 'removeLayer'>,
    private readonly zIndex: number,
  ) {}

  /** Where the marker stands; null without one. */
  position(): LatLon | null {
    return this.mark ? { ...this.mark.position } : null;
  }

  show(position: LatLon) {
    this.remove();
    const layer = createSearchedPointLayer(position, this.zIndex);
    this.map.addLayer(layer);
    this.mark = { position: { ...position }, layer };
  }

  /** Take the marker off the map; false when there was none. */
  remove(): boolean {
    if (!this.mark) return false;
    this.map.removeLayer(this.mark.layer);
    this.mark.layer.dispose();
    this.mark = null;
    return true;
  }
}
