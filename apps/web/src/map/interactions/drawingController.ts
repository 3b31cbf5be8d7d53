import Collection from 'ol/Collection';
import type { EventsKey } from 'ol/events';
import type Feature from 'ol/Feature';
import type { Geometry } from 'ol/geom';
import LineString from 'ol/geom/LineString';
import type Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import type Draw from 'ol/interaction/Draw';
import type Modify from 'ol/interaction/Modify';
import type VectorLayer from 'ol/layer/Vector';
import type OlMap from 'ol/Map';
import { unByKey } from 'ol/Observable';
import Overlay from 'ol/Overlay';
import { toLonLat } from 'ol/proj';
import type VectorSource from 'ol/source/Vector';
import type { Unsubscribe } from '../events';
import { geodesicAreaKm2, geodesicLengthKm } from '../geodesy';
import {
  areaColours,
  createShapeLayer,
  drawnPolygonGeoJson,
  drawnStyle,
  lonLatsOf,
  measureStyle,
  sketchStyle,
} from '../layers/areas';
import type { AnchorTarget, DrawingTool, DrawnPolygon, MapEvents } from '../types';
import { createDrawInteraction, createModifyInteraction } from './drawing';
import {
  type DrawingEffect,
  type DrawingInput,
  type DrawingState,
  initialDrawingState,
  isMeasuring,
  transition,
} from './drawingMachine';

type Emit = <K extends keyof MapEvents>(type: K, payload: MapEvents[K]) => void;

/**
 * The drawing and measuring tools on an OpenLayers map: feeds what the user does to the pure
 * `drawingMachine` and carries out its effects on the Draw and Modify interactions, the drawn and
 * measured shapes' layers and the anchored elements. Owned by the `MapController`.
 */
export class DrawingController {
  private machine: DrawingState = initialDrawingState;
  /** What the tools drew: not wrapped, so a shape drawn across ±180° stays whole while edited. */
  private readonly drawing: VectorLayer<VectorSource>;
  private readonly measure: VectorLayer<VectorSource>;
  private draw: Draw | null = null;
  private modify: Modify | null = null;
  /** The feature of the sketch that began last, and of the one that ended last. */
  private sketch: Feature | null = null;
  private ended: Feature | null = null;
  private polygon: Feature | null = null;
  private point: Feature | null = null;
  private measurement: { feature: Feature; listener: EventsKey } | null = null;
  private readonly anchors = new Set<{ overlay: Overlay; target: AnchorTarget }>();
  private readonly stopListening: () => void;
  private disposed = false;

  constructor(
    private readonly map: OlMap,
    zIndex: { drawing: number; measure: number },
    private readonly emit: Emit,
  ) {
    this.drawing = createShapeLayer('drawing', zIndex.drawing, drawnStyle(), false);
    this.measure = createShapeLayer('measure', zIndex.measure, measureStyle(), false);
    map.addLayer(this.drawing);
    map.addLayer(this.measure);
    const onKeyDown = (event: KeyboardEvent) =>
      this.dispatch({
        type: 'key',
        key: event.key,
        target: (event.target as HTMLElement | null)?.tagName ?? '',
      });
    document.addEventListener('keydown', onKeyDown);
    this.stopListening = () => document.removeEventListener('keydown', onKeyDown);
  }

  /** The machine's state (the tool, the drawn polygon's saved id, the current AOI …). */
  get state(): DrawingState {
    return this.machine;
  }

  dispatch(input: DrawingInput) {
    if (this.disposed) return;
    const { state, effects } = transition(this.machine, input);
    this.machine = state;
    for (const effect of effects) this.carryOut(effect);
  }

  /** The drawn polygon was saved as this AOI: it stays on the map as the current AOI. */
  markPolygonSaved(aoi: { id: number; name: string }) {
    if (!this.polygon) return;
    this.dispatch({ type: 'polygonSaved', ...aoi, geojson: this.polygonValue(this.polygon).geojson });
  }

  /**
   * Keep `element` on the map beside the drawn polygon, the drawn point or the measurement (hidden
   * while there is none). The element is moved into the map; call the returned function to take it out.
   */
  anchor(element: HTMLElement, target: AnchorTarget): Unsubscribe {
    const overlay = new Overlay({
      element,
      positioning: target === 'drawnPolygon' ? 'center-center' : 'bottom-center',
      offset: target === 'drawnPolygon' ? [0, 0] : [0, -14],
      // The popup of the drawn point takes its own clicks; tips let clicks through to the tools.
      stopEvent: target === 'drawnPoint',
    });
    const entry = { overlay, target };
    this.anchors.add(entry);
    this.map.addOverlay(overlay);
    this.updateAnchors();
    return () => {
      this.anchors.delete(entry);
      this.map.removeOverlay(overlay);
    };
  }

  dispose() {
    this.dispatch({ type: 'startTool', tool: null });
    this.disposed = true;
    this.stopListening();
  }

  private carryOut(effect: DrawingEffect) {
    switch (effect.type) {
      case 'emit':
        return this.emit(effect.name, effect.payload as never);
      case 'removeDraw':
        if (!this.draw) return;
        this.draw.abortDrawing();
        this.map.removeInteraction(this.draw);
        this.draw = null;
        return;
      case 'addDraw':
        return this.addDraw(effect.tool);
      case 'finishSketch':
        return this.draw?.finishDrawing();
      case 'removeLastPoint':
        return this.draw?.removeLastPoint();
      case 'followSketch': {
        this.stopFollowing();
        const feature = this.sketch;
        const geometry = feature?.getGeometry();
        if (!feature || !geometry) return;
        const listener = geometry.on('change', () =>
          this.dispatch({ type: 'sketchChanged', value: measured(feature.getGeometry()) }),
        );
        this.measurement = { feature, listener };
        return;
      }
      case 'keepSketch':
        if (effect.shape === 'polygon') this.polygon = this.ended;
        else this.point = this.ended;
        return;
      case 'removeShape': {
        const feature = effect.shape === 'polygon' ? this.polygon : this.point;
        if (feature) this.drawing.getSource()?.removeFeature(feature);
        if (effect.shape === 'polygon') this.polygon = null;
        else this.point = null;
        return;
      }
      case 'clearMeasureLayer':
        this.measure.getSource()?.clear();
        return this.stopFollowing();
      case 'addModify':
        return this.addModify();
      case 'removeModify':
        if (this.modify) this.map.removeInteraction(this.modify);
        this.modify = null;
        return;
      case 'setModifyActive':
        return this.modify?.setActive(effect.active);
      case 'setCursor': {
        const viewport = this.map.getViewport();
        if (viewport) viewport.style.cursor = effect.cursor;
        return;
      }
      case 'updateAnchors':
        return this.updateAnchors();
      case 'settleSoon':
        // Draw adds the feature to its source after `drawend`: the tool ends once that is done.
        setTimeout(() => this.dispatch({ type: 'sketchSettled' }));
        return;
    }
  }

  private addDraw(tool: DrawingTool) {
    const [colour, fill] = isMeasuring(tool)
      ? [areaColours.measure, areaColours.measureFill]
      : [areaColours.drawn, areaColours.drawnFill];
    const target = isMeasuring(tool) ? this.measure : this.drawing;
    const draw = createDrawInteraction(tool, target.getSource() as VectorSource, sketchStyle(colour, fill));
    draw.on('drawstart', (event) => {
      this.sketch = event.feature;
      const value = isMeasuring(tool) ? measured(event.feature.getGeometry()) : 0;
      this.dispatch({ type: 'sketchStarted', value });
    });
    draw.on('drawend', (event) => {
      const feature = event.feature;
      this.ended = feature;
      if (tool === 'polygon') this.dispatch({ type: 'polygonEnded', polygon: this.polygonValue(feature) });
      else if (tool === 'point') {
        const coordinate = (feature.getGeometry() as Point).getCoordinates();
        const position = toLonLat(coordinate);
        const pixel = this.map.getPixelFromCoordinate(coordinate) ?? [0, 0];
        const point = { lat: position[1] ?? 0, lon: position[0] ?? 0 };
        this.dispatch({ type: 'pointEnded', point: { ...point, pixel: [pixel[0] ?? 0, pixel[1] ?? 0] } });
      } else this.dispatch({ type: 'measurementEnded', value: measured(feature.getGeometry()) });
    });
    this.draw = draw;
    this.map.addInteraction(draw);
  }

  private addModify() {
    const polygon = this.polygon;
    if (!polygon) return;
    this.modify = createModifyInteraction(
      new Collection([polygon]),
      sketchStyle(areaColours.drawn, areaColours.drawnFill),
    );
    this.modify.on('modifyend', () =>
      this.dispatch({ type: 'polygonReshaped', polygon: this.polygonValue(polygon, true) }),
    );
    this.map.addInteraction(this.modify);
  }

  private stopFollowing() {
    if (this.measurement) unByKey(this.measurement.listener);
    this.measurement = null;
  }

  private polygonValue(feature: Feature, modified = false): DrawnPolygon {
    const geometry = feature.getGeometry() as Polygon | undefined;
    const ring = geometry?.getCoordinates()[0] ?? [];
    const geojson = drawnPolygonGeoJson(ring);
    return { geojson, areaKm2: geodesicAreaKm2(geojson), modified };
  }

  /** Where each anchored element stands: beside the shape it belongs to, or hidden. */
  private updateAnchors() {
    for (const { overlay, target } of this.anchors) overlay.setPosition(this.anchorPosition(target));
  }

  private anchorPosition(target: AnchorTarget): number[] | undefined {
    if (target === 'drawnPolygon') {
      const geometry = this.polygon?.getGeometry() as Polygon | undefined;
      return geometry?.getInteriorPoint().getCoordinates().slice(0, 2);
    }
    if (target === 'drawnPoint') return (this.point?.getGeometry() as Point | undefined)?.getCoordinates();
    // Only a measurement the machine holds has a place (a sketch just begun has none yet).
    const geometry = this.machine.measurement ? this.measurement?.feature.getGeometry() : undefined;
    if (geometry instanceof LineString) return geometry.getLastCoordinate();
    if (geometry instanceof Polygon) {
      const ring = geometry.getCoordinates()[0] ?? [];
      // The sketch ring ends with the vertex under the pointer, then the closing copy of the first.
      return ring[ring.length - 2] ?? ring[0];
    }
    return undefined;
  }
}

/** The geodesic size of a measurement sketch: km along a line, km² inside a polygon. */
function measured(geometry: Geometry | undefined): number {
  if (geometry instanceof LineString) return geodesicLengthKm(lonLatsOf(geometry.getCoordinates()));
  if (geometry instanceof Polygon) {
    return geodesicAreaKm2({
      type: 'Polygon',
      coordinates: geometry.getCoordinates().map((r) => lonLatsOf(r)),
    });
  }
  return 0;
}
