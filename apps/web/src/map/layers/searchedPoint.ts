import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
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
