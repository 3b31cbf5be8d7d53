import type { AoiGeoJson } from '@satportal/contract';
import Feature from 'ol/Feature';
import MultiPolygon from 'ol/geom/MultiPolygon';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import type OlMap from 'ol/Map';
import { fromLonLat, transform } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import type { DrawnPolygonGeoJson, PoiMark, SavedArea } from '../types';
import { joinAcrossAntimeridian, ringIntoWorld } from './antimeridian';

const mapProjection = 'EPSG:3857';

/** Saved AOIs in blue, what is being drawn in orange, measurements in dark grey, POIs in purple. */
export const areaColours = {
  saved: '#1668dc',
  savedFill: 'rgba(22, 104, 220, 0.12)',
  drawn: '#fa8c16',
  drawnFill: 'rgba(250, 140, 22, 0.18)',
  measure: '#262626',
  measureFill: 'rgba(38, 38, 38, 0.1)',
  poi: '#722ed1',
  halo: '#ffffff',
} as const;

const vertex = (colour: string) =>
  new Circle({
    radius: 5,
    fill: new Fill({ color: colour }),
    stroke: new Stroke({ color: areaColours.halo, width: 1.5 }),
  });

const label = (text: string, colour: string, offsetY = 0) =>
  new Text({
    text,
    font: '600 12px system-ui, sans-serif',
    fill: new Fill({ color: colour }),
    stroke: new Stroke({ color: areaColours.halo, width: 3 }),
    offsetY,
    overflow: true,
  });

export function savedAreaStyle(feature: { get(key: string): unknown }): Style {
  return new Style({
    stroke: new Stroke({ color: areaColours.saved, width: 2 }),
    fill: new Fill({ color: areaColours.savedFill }),
    text: label(String(feature.get('name') ?? ''), areaColours.saved),
  });
}

export function poiStyle(feature: { get(key: string): unknown }): Style {
  return new Style({
    image: vertex(areaColours.poi),
    text: label(String(feature.get('name') ?? ''), areaColours.poi, -14),
  });
}

/** The drawn polygon and point: orange, the point larger so it can be found again. */
export function drawnStyle(): Style[] {
  return [
    new Style({
      stroke: new Stroke({ color: areaColours.drawn, width: 2.5 }),
      fill: new Fill({ color: areaColours.drawnFill }),
      image: new Circle({
        radius: 7,
        fill: new Fill({ color: areaColours.drawn }),
        stroke: new Stroke({ color: areaColours.halo, width: 2 }),
      }),
    }),
  ];
}

/** The sketch while a tool is drawing (a dashed line and a vertex under the pointer). */
export function sketchStyle(colour: string, fill: string): Style {
  return new Style({
    stroke: new Stroke({ color: colour, width: 2, lineDash: [6, 4] }),
    fill: new Fill({ color: fill }),
    image: vertex(colour),
  });
}

export function measureStyle(): Style {
  return new Style({
    stroke: new Stroke({ color: areaColours.measure, width: 2, lineDash: [8, 5] }),
    fill: new Fill({ color: areaColours.measureFill }),
  });
}

/**
 * A vector layer of the map. `wrapX` draws the features on every copy of the world (saved shapes);
 * without it the features stay where they were drawn, which editing across ±180° needs.
 */
export function createShapeLayer(
  layerId: string,
  zIndex: number,
  style: Style | Style[] | ((feature: Feature) => Style),
  wrapX = true,
): VectorLayer<VectorSource> {
  return new VectorLayer({
    source: new VectorSource({ wrapX }),
    style: style as never,
    zIndex,
    properties: { layerId },
  });
}

/** The polygons ([lon, lat] rings) of an AOI geometry; none for a point. */
export function polygonsOf(geojson: AoiGeoJson): number[][][][] {
  if (geojson.type === 'Polygon') return [geojson.coordinates];
  if (geojson.type === 'MultiPolygon') return geojson.coordinates;
  return [];
}

/** A saved AOI as a map feature (all its parts and holes), joined across the antimeridian. */
export function savedAreaFeature(area: SavedArea, projection = mapProjection): Feature<MultiPolygon> {
  const geometry = new MultiPolygon(joinAcrossAntimeridian(polygonsOf(area.geojson)));
  const feature = new Feature({ geometry: geometry.transform('EPSG:4326', projection) });
  feature.setId(area.id);
  feature.set('name', area.name);
  return feature;
}

export function poiFeature(poi: PoiMark, projection = mapProjection): Feature<Point> {
  const feature = new Feature({ geometry: new Point(fromLonLat([poi.lon, poi.lat], projection)) });
  feature.setId(poi.id);
  feature.set('name', poi.name);
  return feature;
}

/** Longitude/latitude positions of map coordinates, not brought into ±180° (see drawnPolygonGeoJson). */
export const lonLatsOf = (coordinates: readonly number[][], projection = mapProjection): number[][] =>
  coordinates.map((coordinate) => transform(coordinate, projection, 'EPSG:4326'));

/**
 * The server reads a step of more than 180° in longitude between two positions as going the
 * other way round the world (that is how a ring crossing the antimeridian is written in GeoJSON).
 * A drawn edge that long is cut into steps of at most 90° on its straight line in
 * longitude/latitude, the line the map draws, so the shape stays the one drawn.
 */
export function withShortSteps(ring: readonly number[][], maxStep = 90): number[][] {
  const out: number[][] = [];
  ring.forEach((position, i) => {
    const previous = ring[i - 1];
    if (previous) {
      const [lon0 = 0, lat0 = 0] = previous;
      const [lon1 = 0, lat1 = 0] = position;
      const pieces = Math.ceil(Math.abs(lon1 - lon0) / maxStep);
      for (let k = 1; k < pieces; k++) {
        out.push([lon0 + ((lon1 - lon0) * k) / pieces, lat0 + ((lat1 - lat0) * k) / pieces]);
      }
    }
    out.push([...position]);
  });
  return out;
}

/**
 * The GeoJSON of a polygon drawn on the map: its ring in longitude/latitude without bringing each
 * position into ±180° (that would tear a ring drawn across the antimeridian), then moved as a whole
 * into the world, and closed; edges longer than 90° of longitude are cut (`withShortSteps`).
 */
export function drawnPolygonGeoJson(
  ring: readonly number[][],
  projection = mapProjection,
): DrawnPolygonGeoJson {
  const lonLat = lonLatsOf(ring, projection);
  const first = lonLat[0];
  const last = lonLat[lonLat.length - 1];
  const closed =
    first && last && (first[0] !== last[0] || first[1] !== last[1]) ? [...lonLat, first] : lonLat;
  return { type: 'Polygon', coordinates: [ringIntoWorld(withShortSteps(closed))] };
}

/** The saved AOIs and POIs shown on a map (the AOI and POI centres' "view"), each by its id. */
export class ShownAreas {
  private readonly areas: VectorLayer<VectorSource>;
  private readonly pois: VectorLayer<VectorSource>;

  constructor(map: Pick<OlMap, 'addLayer'>, zIndex: { savedAreas: number; pois: number }) {
    this.areas = createShapeLayer('saved-areas', zIndex.savedAreas, savedAreaStyle);
    this.pois = createShapeLayer('pois', zIndex.pois, poiStyle);
    map.addLayer(this.areas);
    map.addLayer(this.pois);
  }

  hasArea(id: number): boolean {
    return Boolean(this.areas.getSource()?.getFeatureById(id));
  }

  /** Draw a saved AOI; its geometry in the map's projection, to fit the view to. */
  addArea(area: SavedArea): MultiPolygon | undefined {
    const feature = savedAreaFeature(area);
    this.areas.getSource()?.addFeature(feature);
    return feature.getGeometry();
  }

  removeArea(id: number) {
    removeById(this.areas, id);
  }

  clearAreas() {
    this.areas.getSource()?.clear();
  }

  /** Mark a POI, replacing an earlier mark of the same id. */
  putPoi(poi: PoiMark) {
    this.removePoi(poi.id);
    this.pois.getSource()?.addFeature(poiFeature(poi));
  }

  removePoi(id: number) {
    removeById(this.pois, id);
  }
}

function removeById(layer: VectorLayer<VectorSource>, id: number) {
  const source = layer.getSource();
  const feature = source?.getFeatureById(id);
  if (feature) source?.removeFeature(feature);
}
