import 'ol/ol.css';
import './map.css';
import Collection from 'ol/Collection';
import Attribution from 'ol/control/Attribution';
import type Feature from 'ol/Feature';
import type { Geometry } from 'ol/geom';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import type Draw from 'ol/interaction/Draw';
import type { DrawEvent } from 'ol/interaction/Draw';
import type Modify from 'ol/interaction/Modify';
import type Layer from 'ol/layer/Layer';
import type TileLayer from 'ol/layer/Tile';
import type VectorLayer from 'ol/layer/Vector';
import OlMap from 'ol/Map';
import Overlay from 'ol/Overlay';
import { fromLonLat, toLonLat } from 'ol/proj';
import type VectorSource from 'ol/source/Vector';
import type XYZ from 'ol/source/XYZ';
import { type Deferred, deferred } from './deferred';
import { TypedEmitter, type Unsubscribe } from './events';
import { geodesicAreaKm2, geodesicLengthKm } from './geodesy';
import { createDrawInteraction, createModifyInteraction } from './interactions/drawing';
import { createNavigationInteractions } from './interactions/navigation';
import {
  areaColours,
  createShapeLayer,
  drawnPolygonGeoJson,
  drawnStyle,
  lonLatsOf,
  measureStyle,
  poiFeature,
  poiStyle,
  savedAreaFeature,
  savedAreaStyle,
  sketchStyle,
} from './layers/areas';
import {
  type BaseMapDefinition,
  baseMapCatalogue,
  defaultBaseMapId,
  optionsOf,
  type TileSpec,
} from './layers/baseMaps';
import { createNaturalEarthLayer } from './layers/naturalEarth';
import type { PassLayer } from './layers/passes';
import { createSearchedPointLayer } from './layers/searchedPoint';
import { createTileLayer } from './layers/tileLayers';
import type { SceneLayers } from './scenes';
import type {
  AnchorTarget,
  BaseMapId,
  CurrentAoi,
  DrawingTool,
  DrawnPolygon,
  LatLon,
  MapConfig,
  MapEvents,
  MapState,
  Measurement,
  PassFootprint,
  PoiMark,
  QuicklookAccess,
  SavedArea,
  SceneFootprint,
  ViewState,
} from './types';
import { createWorkspaceView, latLonAt, zoomForSearchedPoint } from './view';

/** Stacking order of the map's layers; later issues put footprints between labels and saved areas. */
const LayerZ = {
  naturalEarth: 0,
  baseTiles: 10,
  labels: 20,
  /** tasking passes: over the archive footprints (30–34), under saved areas */
  passes: 36,
  savedAreas: 40,
  pois: 50,
  drawing: 60,
  measure: 70,
  searchedPoint: 90,
} as const;

const zoomAnimationMs = 250;
const searchAnimationMs = 250;
const fitAnimationMs = 300;
/** Fit padding of spec 000 §2: 200 px (a POI), 300 px around an AOI. */
export const fitPadding = { default: 200, aoi: 300 } as const;

/** Keys inside these elements belong to the element (a name being typed), not to the drawing tools. */
const typingTargets = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/**
 * The map engine of the workspace. React creates one per map element and talks to it only
 * through intent methods (zoomIn, setBaseMap, …) and typed events (viewChanged, pointerMoved, …);
 * no OpenLayers object leaves this class.
 */
export class MapController {
  private readonly emitter = new TypedEmitter<MapEvents>();
  private readonly map: OlMap;
  private readonly catalogue: readonly BaseMapDefinition[];
  /** Online layers are built on first use, so a base map never chosen never loads a tile. */
  private readonly tileLayers = new Map<string, TileLayer<XYZ>>();
  private readonly detach: Array<() => void> = [];
  private baseMap: BaseMapId;
  private labelsVisible = true;
  private searchedPoint: { position: LatLon; layer: Layer } | null = null;
  private readonly savedAreas: VectorLayer<VectorSource>;
  private readonly pois: VectorLayer<VectorSource>;
  /** What the tools drew: not wrapped, so a shape drawn across ±180° stays whole while edited. */
  private readonly drawing: VectorLayer<VectorSource>;
  private readonly measure: VectorLayer<VectorSource>;
  private tool: DrawingTool | null = null;
  private draw: Draw | null = null;
  private modify: Modify | null = null;
  private drawnPolygon: { feature: Feature; savedId: number | null } | null = null;
  private drawnPoint: Feature | null = null;
  private measurement: { feature: Feature; value: Measurement } | null = null;
  /** Marks the measurement being drawn as finished (set while one is drawn). */
  private finishMeasurement: (() => void) | null = null;
  private current: CurrentAoi | null = null;
  private readonly anchors = new Set<{ overlay: Overlay; target: AnchorTarget }>();
  /**
   * The archive results' footprints and quicklooks, and the tasking prediction's pass footprints:
   * built on first use, their code (WebGL among it) loaded then, so the map's first paint waits for none of it.
   */
  private readonly scenes: Deferred<SceneLayers>;
  private readonly passes: Deferred<PassLayer>;

  constructor(target: HTMLElement, config: MapConfig) {
    this.catalogue = baseMapCatalogue(config);
    this.baseMap = defaultBaseMapId(this.catalogue, config.timeZone);
    this.map = new OlMap({
      target,
      view: createWorkspaceView(),
      // No zoom or rotate buttons: the right tool bar has its own; only the (required) attribution.
      controls: [new Attribution({ collapsible: false })],
      interactions: createNavigationInteractions(),
      layers: [createNaturalEarthLayer(config.naturalEarthUrl, LayerZ.naturalEarth)],
    });
    this.savedAreas = createShapeLayer('saved-areas', LayerZ.savedAreas, savedAreaStyle);
    this.pois = createShapeLayer('pois', LayerZ.pois, poiStyle);
    this.drawing = createShapeLayer('drawing', LayerZ.drawing, drawnStyle(), false);
    this.measure = createShapeLayer('measure', LayerZ.measure, measureStyle(), false);
    for (const layer of [this.savedAreas, this.pois, this.drawing, this.measure]) this.map.addLayer(layer);
    this.showBaseMap();
    this.listen();
    const failed = (error: unknown) => console.error('map: a part of the map failed to load', error);
    this.scenes = deferred(async () => {
      const { SceneLayers } = await import('./scenes');
      return () => {
        const layers = new SceneLayers(
          this.map,
          (type, payload) => this.emitter.emit(type, payload),
          () => this.tool === null,
        );
        this.detach.push(() => layers.dispose());
        return layers;
      };
    }, failed);
    this.passes = deferred(async () => {
      const { createPassLayer } = await import('./layers/passes');
      return () => {
        const passes = createPassLayer(LayerZ.passes);
        this.map.addLayer(passes.layer);
        return passes;
      };
    }, failed);
    this.detach.push(
      () => this.scenes.dispose(),
      () => this.passes.dispose(),
    );
  }

  on<K extends keyof MapEvents>(type: K, listener: (payload: MapEvents[K]) => void): Unsubscribe {
    return this.emitter.on(type, listener);
  }

  getState(): MapState {
    return {
      view: this.viewState(),
      baseMap: this.baseMap,
      labelsVisible: this.labelsVisible,
      baseMaps: optionsOf(this.catalogue),
      searchedPoint: this.searchedPoint ? { ...this.searchedPoint.position } : null,
    };
  }

  zoomIn() {
    this.zoomBy(1);
  }

  zoomOut() {
    this.zoomBy(-1);
  }

  setBaseMap(id: BaseMapId) {
    if (id === this.baseMap || !this.catalogue.some((b) => b.id === id)) return;
    this.baseMap = id;
    this.showBaseMap();
    this.emitter.emit('baseMapChanged', { baseMap: id, labelsVisible: this.labelsVisible });
  }

  setLabelsVisible(visible: boolean) {
    if (visible === this.labelsVisible) return;
    this.labelsVisible = visible;
    this.showBaseMap();
    this.emitter.emit('baseMapChanged', { baseMap: this.baseMap, labelsVisible: visible });
  }

  /**
   * Centre the map on a coordinate-search result and mark it there, replacing any earlier mark.
   * The zoom stays when already 8 or more, else goes to 10. The caller has validated the point.
   */
  showSearchedPoint(point: LatLon) {
    const position = { lat: point.lat, lon: point.lon };
    this.removeSearchedPointLayer();
    const layer = createSearchedPointLayer(position, LayerZ.searchedPoint);
    this.map.addLayer(layer);
    this.searchedPoint = { position, layer };
    this.centreOn(position);
    this.emitter.emit('searchedPointChanged', { ...position });
  }

  /** Remove the coordinate-search mark (the view stays where it is). */
  clearSearchedPoint() {
    if (!this.searchedPoint) return;
    this.removeSearchedPointLayer();
    this.emitter.emit('searchedPointChanged', null);
  }

  // ── Saved areas and POIs (the AOI and POI centres' "view") ────────────────────────────────────

  /**
   * Draw a saved AOI (all its parts and holes) and make it the current AOI; fit the view to it with
   * 300 px padding unless `fit` is false. 'alreadyShown' when that AOI is on the map already (the
   * caller says tip.alreadyAdded) — then nothing changes.
   */
  showSavedArea(area: SavedArea, options: { fit?: boolean } = {}): 'shown' | 'alreadyShown' {
    if (this.isSavedAreaShown(area.id)) return 'alreadyShown';
    const feature = savedAreaFeature(area);
    this.savedAreas.getSource()?.addFeature(feature);
    this.setCurrent({ id: area.id, name: area.name, geojson: area.geojson });
    if (options.fit ?? true) this.fitTo(feature.getGeometry(), fitPadding.aoi);
    return 'shown';
  }

  hideSavedArea(id: number) {
    const source = this.savedAreas.getSource();
    const feature = source?.getFeatureById(id);
    if (feature) source?.removeFeature(feature);
    if (this.current?.id === id && this.drawnPolygon?.savedId !== id) this.setCurrent(null);
  }

  /** True when the AOI is on the map: shown from the tree, or just drawn and saved under that id. */
  isSavedAreaShown(id: number): boolean {
    return Boolean(this.savedAreas.getSource()?.getFeatureById(id)) || this.drawnPolygon?.savedId === id;
  }

  clearSavedAreas() {
    this.savedAreas.getSource()?.clear();
    if (this.current?.id != null && this.drawnPolygon?.savedId !== this.current.id) this.setCurrent(null);
  }

  /** Mark a saved POI (replacing an earlier mark of the same id) and fit to it (200 px) unless `fit` is false. */
  showPoi(poi: PoiMark, options: { fit?: boolean } = {}) {
    this.hidePoi(poi.id);
    this.pois.getSource()?.addFeature(poiFeature(poi));
    // A point fitted with even padding is centred; the zoom goes to 10 unless already 8 or more.
    const zoom = zoomForSearchedPoint(this.map.getView().getZoom());
    if (options.fit ?? true) this.fitTo(new Point(fromLonLat([poi.lon, poi.lat])), fitPadding.default, zoom);
  }

  hidePoi(id: number) {
    const source = this.pois.getSource();
    const feature = source?.getFeatureById(id);
    if (feature) source?.removeFeature(feature);
  }

  // ── Archive results: footprints, outlines and quicklooks (issue 5) ───────────────────────────

  /** Draw the footprints of the loaded results (replacing any earlier ones), in result-list order. */
  showFootprints(footprints: readonly SceneFootprint[]) {
    // No footprints before any were shown: nothing to load.
    this.scenes.run((layers) => layers.setFootprints(footprints), { start: footprints.length > 0 });
  }

  /** Load the archive results' layers now (a search is coming), so that its results draw at once. */
  prepareSceneLayers() {
    this.scenes.run(() => {});
  }

  /** The scene outlined while hovered in the list or on the map (null: none). */
  setHoveredScene(sceneId: string | null) {
    this.scenes.run((layers) => layers.setOutline('hover', sceneId), { start: false });
  }

  /** The one current highlight (spec 000 §4); `fit` brings it into view. */
  setHighlightedScene(sceneId: string | null, options: { fit?: boolean } = {}) {
    this.scenes.run(
      (layers) => {
        layers.setOutline('highlight', sceneId);
        const geometry = sceneId ? layers.geometryOf(sceneId) : undefined;
        if (geometry && options.fit) this.fitTo(geometry, fitPadding.default);
      },
      { start: sceneId !== null },
    );
  }

  /** Show exactly these scenes' quicklooks (the first lowest), each at its opacity (default 1). */
  showQuicklooks(
    sceneIds: readonly string[],
    access: QuicklookAccess,
    opacities: Readonly<Record<string, number>> = {},
  ) {
    this.scenes.run((layers) => layers.setQuicklooks(sceneIds, access, opacities), {
      start: sceneIds.length > 0,
    });
  }

  /** The scenes whose quicklook is on the map (for tests and the overlap box). */
  getShownQuicklooks(): string[] {
    return this.scenes.current()?.shownQuicklooks() ?? [];
  }

  /**
   * Fit the view to where all these scenes overlap (compare mode), no closer than `maxZoom`;
   * `padding` (top, right, bottom, left, CSS px) keeps it clear of what covers the map's edges.
   */
  fitSceneOverlap(
    sceneIds: readonly string[],
    options: { maxZoom: number; padding: [number, number, number, number] },
  ) {
    this.scenes.run(
      (layers) => {
        const extent = layers.commonExtentOf(sceneIds);
        if (!extent) return;
        const view = this.map.getView();
        if (view.getAnimating()) view.cancelAnimations();
        view.fit(extent, { padding: options.padding, duration: fitAnimationMs, maxZoom: options.maxZoom });
      },
      { start: false },
    );
  }

  // ── Tasking passes (issue 6) ──────────────────────────────────────────────────────────────────

  /** Draw the predicted passes' footprints, each in its colour (replacing any earlier ones; [] clears). */
  showPasses(passes: readonly PassFootprint[]) {
    this.passes.run((layer) => layer.setPasses(passes), { start: passes.length > 0 });
  }

  /** The pass whose footprint stands out (hovered in the list); null: none. */
  setHoveredPass(passId: string | null) {
    this.passes.run((layer) => layer.setHovered(passId), { start: false });
  }

  /** The AOI the next archive search uses: the last drawn polygon or the last saved area shown. */
  getCurrentAoi(): CurrentAoi | null {
    return this.current ? { ...this.current } : null;
  }

  // ── Drawing and measuring tools ───────────────────────────────────────────────────────────────

  getTool(): DrawingTool | null {
    return this.tool;
  }

  /**
   * Make `tool` the one active tool (null: none). A polygon or a point ends the tool when finished;
   * the measuring tools stay on, each new measurement replacing the last. Esc ends any tool.
   */
  startTool(tool: DrawingTool | null) {
    if (this.draw) {
      this.draw.abortDrawing();
      this.map.removeInteraction(this.draw);
      this.draw = null;
    }
    // An unfinished measurement goes with its tool; another measuring tool starts afresh.
    const unfinished = this.measurement && !this.measurement.value.finished;
    if (unfinished || (isMeasuring(tool) && tool !== this.tool)) this.clearMeasurement();
    this.tool = tool;
    if (tool) {
      const [colour, fill] = isMeasuring(tool)
        ? [areaColours.measure, areaColours.measureFill]
        : [areaColours.drawn, areaColours.drawnFill];
      const target = isMeasuring(tool) ? this.measure : this.drawing;
      this.draw = createDrawInteraction(tool, target.getSource() as VectorSource, sketchStyle(colour, fill));
      this.draw.on('drawstart', (event) => this.onDrawStart(event));
      this.draw.on('drawend', (event) => this.onDrawEnd(event));
      this.map.addInteraction(this.draw);
    }
    // Reshaping the drawn polygon only while no tool holds the pointer.
    this.modify?.setActive(tool === null);
    const viewport = this.map.getViewport();
    if (viewport) viewport.style.cursor = tool ? 'crosshair' : '';
    this.emitter.emit('toolChanged', tool);
  }

  /** Remove everything the tools drew: the polygon (if it is the current AOI, there is none then), point and measurement. */
  deleteDrawing() {
    this.startTool(null);
    this.removeDrawnPolygon();
    this.clearDrawnPoint();
    this.clearMeasurement();
  }

  /** Remove the drawn point (its POI was deleted, or the popup was dismissed). */
  clearDrawnPoint() {
    if (!this.drawnPoint) return;
    this.drawing.getSource()?.removeFeature(this.drawnPoint);
    this.drawnPoint = null;
    this.updateAnchors();
    this.emitter.emit('pointDrawn', null);
  }

  /** Whether the drawn polygon is in modify mode (its corners and edges can be dragged). */
  isAoiModifiable(): boolean {
    return this.modify !== null;
  }

  /**
   * Leave modify mode (spec 000 §4: after a search with results): the AOI stays as it was searched,
   * and clicks and drags on its scenes cannot reshape it. Drawing a new polygon enters it again.
   */
  endAoiModify() {
    if (!this.modify) return;
    this.map.removeInteraction(this.modify);
    this.modify = null;
    this.emitter.emit('aoiModifiableChanged', false);
  }

  /** The drawn polygon was saved as this AOI: it stays on the map as the current AOI. */
  markDrawnPolygonSaved(aoi: { id: number; name: string }) {
    if (!this.drawnPolygon) return;
    this.drawnPolygon.savedId = aoi.id;
    this.setCurrent({ id: aoi.id, name: aoi.name, geojson: this.drawnPolygonValue().geojson });
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
    this.startTool(null);
    for (const off of this.detach.splice(0)) off();
    this.emitter.clear();
    this.map.setTarget(undefined);
    this.map.dispose();
  }

  private onDrawStart(event: DrawEvent) {
    if (!isMeasuring(this.tool)) return;
    this.clearMeasurement();
    const kind = this.tool === 'measureLength' ? 'length' : 'area';
    const feature = event.feature;
    const update = (finished: boolean) => {
      this.measurement = { feature, value: { kind, value: measured(feature.getGeometry()), finished } };
      this.updateAnchors();
      this.emitter.emit('measureChanged', { ...this.measurement.value });
    };
    feature.getGeometry()?.on('change', () => update(false));
    this.finishMeasurement = () => update(true);
    update(false);
  }

  private onDrawEnd(event: DrawEvent) {
    const feature = event.feature;
    switch (this.tool) {
      case 'polygon': {
        this.removeDrawnPolygon();
        this.drawnPolygon = { feature, savedId: null };
        this.modify = createModifyInteraction(
          new Collection([feature]),
          sketchStyle(areaColours.drawn, areaColours.drawnFill),
        );
        this.modify.on('modifyend', () => this.onPolygonChanged(true));
        this.map.addInteraction(this.modify);
        this.emitter.emit('aoiModifiableChanged', true);
        this.onPolygonChanged(false);
        this.endToolAfterDraw();
        break;
      }
      case 'point': {
        this.clearDrawnPoint();
        this.drawnPoint = feature;
        const coordinate = (feature.getGeometry() as Point).getCoordinates();
        const position = toLonLat(coordinate);
        const pixel = this.map.getPixelFromCoordinate(coordinate) ?? [0, 0];
        this.updateAnchors();
        this.emitter.emit('pointDrawn', {
          lat: position[1] ?? 0,
          lon: position[0] ?? 0,
          pixel: [pixel[0] ?? 0, pixel[1] ?? 0],
        });
        this.endToolAfterDraw();
        break;
      }
      default:
        this.finishMeasurement?.();
        this.finishMeasurement = null;
    }
  }

  /** Draw adds the feature to its source after `drawend`: the tool ends once that is done. */
  private endToolAfterDraw() {
    setTimeout(() => {
      if (this.tool === 'polygon' || this.tool === 'point') this.startTool(null);
    });
  }

  private drawnPolygonValue(modified = false): DrawnPolygon {
    const geometry = this.drawnPolygon?.feature.getGeometry() as Polygon | undefined;
    const ring = geometry?.getCoordinates()[0] ?? [];
    const geojson = drawnPolygonGeoJson(ring);
    return { geojson, areaKm2: geodesicAreaKm2(geojson), modified };
  }

  /** A new or reshaped polygon is the current AOI, unsaved: a reshape must be saved again. */
  private onPolygonChanged(modified: boolean) {
    if (!this.drawnPolygon) return;
    this.drawnPolygon.savedId = null;
    const value = this.drawnPolygonValue(modified);
    this.updateAnchors();
    this.emitter.emit('polygonDrawn', value);
    this.setCurrent({ id: null, name: null, geojson: value.geojson });
  }

  private removeDrawnPolygon() {
    this.endAoiModify();
    if (!this.drawnPolygon) return;
    this.drawing.getSource()?.removeFeature(this.drawnPolygon.feature);
    const wasCurrent =
      this.current && (this.current.id === null || this.current.id === this.drawnPolygon.savedId);
    this.drawnPolygon = null;
    this.updateAnchors();
    this.emitter.emit('polygonDrawn', null);
    if (wasCurrent) this.setCurrent(null);
  }

  private clearMeasurement() {
    this.measure.getSource()?.clear();
    this.finishMeasurement = null;
    if (!this.measurement) return;
    this.measurement = null;
    this.updateAnchors();
    this.emitter.emit('measureChanged', null);
  }

  private setCurrent(current: CurrentAoi | null) {
    this.current = current;
    this.emitter.emit('currentAoiChanged', current ? { ...current } : null);
  }

  /** Where each anchored element stands: beside the shape it belongs to, or hidden. */
  private updateAnchors() {
    for (const { overlay, target } of this.anchors) overlay.setPosition(this.anchorPosition(target));
  }

  private anchorPosition(target: AnchorTarget): number[] | undefined {
    if (target === 'drawnPolygon') {
      const geometry = this.drawnPolygon?.feature.getGeometry() as Polygon | undefined;
      return geometry?.getInteriorPoint().getCoordinates().slice(0, 2);
    }
    if (target === 'drawnPoint')
      return (this.drawnPoint?.getGeometry() as Point | undefined)?.getCoordinates();
    const geometry = this.measurement?.feature.getGeometry();
    if (geometry instanceof LineString) return geometry.getLastCoordinate();
    if (geometry instanceof Polygon) {
      const ring = geometry.getCoordinates()[0] ?? [];
      // The sketch ring ends with the vertex under the pointer, then the closing copy of the first.
      return ring[ring.length - 2] ?? ring[0];
    }
    return undefined;
  }

  private fitTo(geometry: Geometry | undefined, padding: number, maxZoom = 18) {
    if (!geometry) return;
    const view = this.map.getView();
    if (view.getAnimating()) view.cancelAnimations();
    view.fit(geometry.getExtent(), {
      padding: [padding, padding, padding, padding],
      duration: fitAnimationMs,
      maxZoom,
    });
  }

  /** Centre on a position, zooming in to 10 unless already at 8 or closer (as a coordinate search). */
  private centreOn(position: LatLon) {
    const view = this.map.getView();
    if (view.getAnimating()) view.cancelAnimations();
    view.animate({
      center: fromLonLat([position.lon, position.lat]),
      zoom: zoomForSearchedPoint(view.getZoom()),
      duration: searchAnimationMs,
    });
  }

  private onKeyDown(event: KeyboardEvent) {
    const target = (event.target as HTMLElement | null)?.tagName ?? '';
    if (!this.tool || typingTargets.has(target)) return;
    if (event.key === 'Escape') this.startTool(null);
    // Enter on a focused button is that button's click (a tool button toggles its tool).
    else if (event.key === 'Enter' && target !== 'BUTTON') this.draw?.finishDrawing();
    else if (event.key === 'Backspace') this.draw?.removeLastPoint();
  }

  private removeSearchedPointLayer() {
    if (!this.searchedPoint) return;
    this.map.removeLayer(this.searchedPoint.layer);
    this.searchedPoint.layer.dispose();
    this.searchedPoint = null;
  }

  private zoomBy(delta: number) {
    const view = this.map.getView();
    const zoom = view.getZoom();
    if (zoom === undefined) return;
    // Repeated clicks continue from where the running animation would have ended.
    if (view.getAnimating()) view.cancelAnimations();
    view.animate({ zoom: view.getConstrainedZoom(Math.round(zoom) + delta), duration: zoomAnimationMs });
  }

  private viewState(): ViewState {
    const view = this.map.getView();
    const [lon = 0, lat = 0] = toLonLat(view.getCenter() ?? [0, 0]);
    return {
      zoom: view.getZoom() ?? 0,
      minZoom: view.getMinZoom(),
      maxZoom: view.getMaxZoom(),
      center: { lat, lon },
    };
  }

  private tileLayer(spec: TileSpec, zIndex: number): TileLayer<XYZ> {
    let layer = this.tileLayers.get(spec.id);
    if (!layer) {
      layer = createTileLayer(spec, zIndex);
      this.tileLayers.set(spec.id, layer);
      this.map.addLayer(layer);
    }
    return layer;
  }

  /** Show the chosen base map's tiles (and labels, if wanted) and hide every other online layer. */
  private showBaseMap() {
    const wanted = new Set<string>();
    const chosen = this.catalogue.find((b) => b.id === this.baseMap);
    for (const spec of chosen?.tiles ?? [])
      wanted.add(this.tileLayer(spec, LayerZ.baseTiles).get('tileSpecId'));
    if (chosen?.labelOverlay && this.labelsVisible) {
      wanted.add(this.tileLayer(chosen.labelOverlay, LayerZ.labels).get('tileSpecId'));
    }
    for (const [id, layer] of this.tileLayers) layer.setVisible(wanted.has(id));
  }

  private listen() {
    const onMoveEnd = () => this.emitter.emit('viewChanged', this.viewState());
    const onPointerMove = (event: { coordinate: number[] }) =>
      this.emitter.emit('pointerMoved', latLonAt(event.coordinate));
    const onPointerLeave = () => this.emitter.emit('pointerMoved', null);

    this.map.on('moveend', onMoveEnd);
    this.map.on('pointermove', onPointerMove);
    this.detach.push(
      () => this.map.un('moveend', onMoveEnd),
      () => this.map.un('pointermove', onPointerMove),
    );
    const onKeyDown = (event: KeyboardEvent) => this.onKeyDown(event);
    document.addEventListener('keydown', onKeyDown);
    this.detach.push(() => document.removeEventListener('keydown', onKeyDown));
    const viewport = this.map.getViewport();
    if (viewport) {
      viewport.addEventListener('pointerleave', onPointerLeave);
      this.detach.push(() => viewport.removeEventListener('pointerleave', onPointerLeave));
    }
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

const isMeasuring = (tool: DrawingTool | null) => tool === 'measureLength' || tool === 'measureArea';
