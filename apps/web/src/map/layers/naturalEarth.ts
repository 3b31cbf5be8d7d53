import type { Feature } from 'ol';
import TopoJSON from 'ol/format/TopoJSON';
import MultiPolygon from 'ol/geom/MultiPolygon';
import type Polygon from 'ol/geom/Polygon';
import VectorLayer from 'ol/layer/Vector';
import type { ProjectionLike } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Fill, Stroke, Style } from 'ol/style';
import { drawableAcrossAntimeridian } from './antimeridian';

/** Colours of the offline world map: sea (the same as OpenStreetMap's), land, borders and coasts. */
export const naturalEarthColours = { ocean: '#aad3df', land: '#f4f1e8', border: '#9aa5ad' } as const;

export const naturalEarthAttribution =
  'Made with <a href="https://www.naturalearthdata.com/" target="_blank">Natural Earth</a>';

export function naturalEarthStyle(): Style {
  return new Style({
    fill: new Fill({ color: naturalEarthColours.land }),
    stroke: new Stroke({ color: naturalEarthColours.border, width: 0.6 }),
  });
}

/**
 * The countries of a world-atlas TopoJSON file in the map's projection, with the polygons that
 * cross the antimeridian made drawable on a flat map. Consumes `topology`: OpenLayers decodes its
 * arcs in place, so it cannot be read twice.
 */
export function readNaturalEarth(topology: unknown, projection: ProjectionLike): Feature[] {
  // Only the `countries` object: the file has `land` too, which would be drawn twice.
  const features = new TopoJSON({ layers: ['countries'] }).readFeatures(topology);
  for (const feature of features) {
    const geometry = feature.getGeometry() as Polygon | MultiPolygon | undefined;
    if (!geometry) continue;
    const polygons =
      geometry instanceof MultiPolygon ? geometry.getCoordinates() : [geometry.getCoordinates()];
    const drawable = new MultiPolygon(drawableAcrossAntimeridian(polygons));
    feature.setGeometry(drawable.transform('EPSG:4326', projection));
  }
  return features;
}

/**
 * The offline Natural Earth world (world-atlas 1:50m countries), always beneath every other base
 * map: the sea is the layer background, so the map never shows blank even without network.
 */
export function createNaturalEarthLayer(url: string, zIndex: number): VectorLayer<VectorSource> {
  const source = new VectorSource({
    attributions: naturalEarthAttribution,
    // Features resolved here are added by the source; a failure leaves the sea background showing.
    loader: async (_extent, _resolution, projection) => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return readNaturalEarth(await response.json(), projection);
    },
  });
  return new VectorLayer({
    source,
    style: naturalEarthStyle(),
    background: naturalEarthColours.ocean,
    zIndex,
    // A static world: no need to redraw 240 countries while the user drags.
    updateWhileInteracting: false,
    properties: { tileSpecId: 'natural-earth' },
  });
}
