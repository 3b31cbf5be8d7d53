import type { Feature } from 'ol';
import TopoJSON from 'ol/format/TopoJSON';
import MultiPolygon from 'ol/geom/MultiPolygon';
import type Polygon from 'ol/geom/Polygon';
import VectorImageLayer from 'ol/layer/VectorImage';
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
 * Drawn into an image that is kept while the view stays: the 240 countries are not drawn again
 * for every frame (a hovered footprint, a moved tip), which cost ~30 ms a frame (bench/web.ts).
 */
export function createNaturalEarthLayer(url: string, zIndex: number): VectorImageLayer<VectorSource> {
  const source = new VectorSource({
    attributions: naturalEarthAttribution,
    // Features resolved here are added by the source; a failure leaves the sea background showing.
    loader: async (_extent, _resolution, projection) => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return readNaturalEarth(await response.json(), projection);
    },
  });
  return new VectorImageLayer({
    source,
    style: naturalEarthStyle(),
    // A margin round the view, so that a drag shows countries up to its end (as a vector layer's render buffer).
    imageRatio: 1.25,
    background: naturalEarthColours.ocean,
    zIndex,
    properties: { tileSpecId: 'natural-earth' },
  });
}
