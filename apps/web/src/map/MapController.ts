import 'ol/ol.css';
import { type AoiGeoJson, TileZoomMax } from '@satportal/contract';
import './map.css';
import Attribution from 'ol/control/Attribution';
import type { Geometry } from 'ol/geom';
import Point from 'ol/geom/Point';
import OlMap from 'ol/Map';
import { fromLonLat } from 'ol/proj';
import { TypedEmitter, type Unsubscribe } from './events';
import { areasGeometry, fitPadding, MapFitter, measureCovers, ringsGeometry } from './fitting';
import { HdMap } from './hdMap';
import { DrawingController } from './interactions/drawingController';
import { createNavigationInteractions } from './interactions/navigation';
import { ShownAreas } from './layers/areas';
import { type BaseMapDefinition, baseMapCatalogue, defaultBaseMapId, optionsOf } from './layers/baseMaps';
import { createNaturalEarthLayer } from './layers/naturalEarth';
import { SearchedPointMarker } from './layers/searchedPoint';
import { BaseMapTiles } from './layers/tileLayers';
import { LayerZ } from './layerZ';
import { createMapParts, type MapParts } from './parts';
import type {
  AnchorTarget,
  BaseMapId,
  CurrentAoi,
  DrawingTool,
  LatLon,
  MapConfig,
  MapEvents,
  MapState,
  MyDataShown,
  OrderAreas,
  PassFootprint,
  PoiMark,
  QuicklookAccess,
  SavedArea,
  SceneFootprint,
  TileLayerSpec,
} from './types';
import { createWorkspaceView, viewStateOf, zoomBy } from './view';
import { emitViewAndPointer } from './viewEvents';
import { ZoomCaps } from './zoomCaps';

/**
 * The map engine of the workspace. React creates one per map element and talks to it only
 * through intent methods (zoomIn, setBaseMap, …) and typed events (viewChanged, pointerMoved, …);
 * no OpenLayers object leaves this class.
 */
export class MapController {
  private readonly emitter = new TypedEmitter<MapEvents>();
  private readonly map: OlMap;
  private readonly catalogue: readonly BaseMapDefinition[];
  /** The online base maps' tiles: whether they keep failing (`baseMapFailed`), and their retry. */
  readonly tiles: BaseMapTiles;
  private readonly detach: Array<() => void> = [];
  private baseMap: BaseMapId;
  private labelsVisible = true;
  private readonly searchedPoint: SearchedPointMarker;
  private readonly shown: ShownAreas;
  /** The drawing and measuring tools, the drawn shapes and the current AOI. */
  private readonly drawing: DrawingController;
  /** The parts built on first use (parts.ts): archive results, passes, order areas, delivered imagery. */
  private readonly parts: MapParts;
  private readonly zoomCaps: ZoomCaps;
  /** Every fit goes through it: clear of the boxes marked `data-map-cover`, padded as the spec says. */
  private readonly fitter: MapFitter;
  /** The HD image map (issue 15): yearly mosaics fetched with the session's token, its swipe and zoom caps. */
  readonly hd: HdMap;

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
    this.tiles = new BaseMapTiles(this.map, LayerZ, this.emitter);
    this.fitter = new MapFitter(this.map, (fit) => this.emitter.emit('viewFitted', fit));
    this.searchedPoint = new SearchedPointMarker(this.map, LayerZ.searchedPoint);
    this.shown = new ShownAreas(this.map, LayerZ);
    this.drawing = new DrawingController(this.map, LayerZ, (type, payload) =>
      this.emitter.emit(type, payload),
    );
    this.showBaseMap();
    this.detach.push(...emitViewAndPointer(this.map, this.emitter));
    this.zoomCaps = new ZoomCaps(() => this.map.getView(), this.map.getView().getMaxZoom());
    this.parts = createMapParts(this.map, LayerZ, (type, payload) => this.emitter.emit(type, payload), {
      toolIdle: () => this.drawing.state.tool === null,
      myDataChanged: (active) => this.zoomCaps.set('myData', active ? TileZoomMax : null),
    });
    this.hd = new HdMap(this.map, this.zoomCaps, LayerZ.hdMosaic);
    this.detach.push(
      () => this.parts.dispose(),
      () => this.hd.dispose(),
    );
  }

  on<K extends keyof MapEvents>(type: K, listener: (payload: MapEvents[K]) => void): Unsubscribe {
    return this.emitter.on(type, listener);
  }

  getState(): MapState {
    return {
      view: viewStateOf(this.map.getView()),
      baseMap: this.baseMap,
      labelsVisible: this.labelsVisible,
      baseMaps: optionsOf(this.catalogue),
      searchedPoint: this.searchedPoint.position(),
    };
  }

  zoomIn() {
    zoomBy(this.map.getView(), 1);
  }

  zoomOut() {
    zoomBy(this.map.getView(), -1);
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
   * Centre the map's uncovered area on a coordinate-search result and mark it there, replacing any
   * earlier mark. The zoom stays from 8 to 16, else goes to 10 (`zoomForSearchedPoint`). The caller has validated the point.
   */
  showSearchedPoint(point: LatLon) {
    const position = { lat: point.lat, lon: point.lon };
    this.searchedPoint.show(position);
    this.fitTo(new Point(fromLonLat([position.lon, position.lat])), fitPadding.default);
    this.emitter.emit('searchedPointChanged', { ...position });
  }

  /** Remove the coordinate-search mark (the view stays where it is). */
  clearSearchedPoint() {
    if (this.searchedPoint.remove()) this.emitter.emit('searchedPointChanged', null);
  }

  // ── Saved areas and POIs (the AOI and POI centres' "view") ────────────────────────────────────

  /**
   * Draw a saved AOI (all its parts and holes) and make it the current AOI; fit the view to it with
   * 300 px padding unless `fit` is false. 'alreadyShown' when that AOI is on the map already (the
   * caller says tip.alreadyAdded) — then nothing changes.
   */
  showSavedArea(area: SavedArea, options: { fit?: boolean } = {}): 'shown' | 'alreadyShown' {
    if (this.isSavedAreaShown(area.id)) return 'alreadyShown';
    const geometry = this.shown.addArea(area);
    const { id, name, geojson } = area;
    this.drawing.dispatch({ type: 'savedAreaShown', area: { id, name, geojson } });
    if (options.fit ?? true) this.fitTo(geometry, fitPadding.aoi);
    return 'shown';
  }

  hideSavedArea(id: number) {
    this.shown.removeArea(id);
    this.drawing.dispatch({ type: 'savedAreaHidden', id });
  }

  /** True when the AOI is on the map: shown from the tree, or just drawn and saved under that id. */
  isSavedAreaShown(id: number): boolean {
    return this.shown.hasArea(id) || this.drawing.state.polygon?.savedId === id;
  }

  clearSavedAreas() {
    this.shown.clearAreas();
    this.drawing.dispatch({ type: 'savedAreasCleared' });
  }

  /** Mark a saved POI (replacing an earlier mark of the same id) and fit to it (200 px) unless `fit` is false. */
  showPoi(poi: PoiMark, options: { fit?: boolean } = {}) {
    this.shown.putPoi(poi);
    // A point is centred in the uncovered area; the zoom stays from 8 to 16, else goes to 10.
    if (options.fit ?? true) this.fitTo(new Point(fromLonLat([poi.lon, poi.lat])), fitPadding.default);
  }

  hidePoi(id: number) {
    this.shown.removePoi(id);
  }

  // ── Archive results: footprints, outlines and quicklooks (issue 5) ───────────────────────────

  /** Draw the footprints of the loaded results (replacing any earlier ones), in result-list order. */
  showFootprints(footprints: readonly SceneFootprint[]) {
    // No footprints before any were shown: nothing to load.
    this.parts.scenes.run((layers) => layers.setFootprints(footprints), { start: footprints.length > 0 });
  }

  /** Load the archive results' layers now (a search is coming), so that its results draw at once. */
  prepareSceneLayers() {
    this.parts.scenes.run(() => {});
  }

  /** The scene outlined while hovered in the list or on the map (null: none). */
  setHoveredScene(sceneId: string | null) {
    this.parts.scenes.run((layers) => layers.setOutline('hover', sceneId), { start: false });
  }

  /** The one current highlight (spec 000 §4); `fit` brings it into view. */
  setHighlightedScene(sceneId: string | null, options: { fit?: boolean } = {}) {
    this.parts.scenes.run(
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
    this.parts.scenes.run((layers) => layers.setQuicklooks(sceneIds, access, opacities), {
      start: sceneIds.length > 0,
    });
  }

  /** The scenes whose quicklook is on the map (for tests and the overlap box). */
  getShownQuicklooks(): string[] {
    return this.parts.scenes.current()?.shownQuicklooks() ?? [];
  }

  /** The map's rectangle and those of the boxes docked over it (but `except`). */
  coverRects(except?: Element) {
    return measureCovers(this.map, except);
  }

  /** Compare mode: the point clicked (where every compared scene lies) at `zoom`, clear of the panels. */
  zoomToComparePoint(at: readonly [number, number], zoom: number) {
    this.fitter.fit([at[0], at[1], at[0], at[1]], { padding: fitPadding.compare, zoom });
  }

  // ── Tasking passes (issue 6) ──────────────────────────────────────────────────────────────────

  /** Draw the predicted passes' footprints, each in its colour (replacing any earlier ones; [] clears). */
  showPasses(passes: readonly PassFootprint[]) {
    this.parts.passes.run((layer) => layer.setPasses(passes), { start: passes.length > 0 });
  }

  /** The pass whose footprint stands out (hovered in the list); null: none. */
  setHoveredPass(passId: string | null) {
    this.parts.passes.run((layer) => layer.setHovered(passId), { start: false });
  }

  // ── Ordering (issue 13) ──────────────────────────────────────────────────────────────────────

  /** Draw or clear the cart's gap, enlarged AOI, order centre's footprints (left out: stays; null: cleared). */
  showOrderAreas(areas: Partial<OrderAreas>, options: { fitOrderedScenes?: boolean } = {}) {
    const start = Boolean(areas.gap || areas.enlargedAoi || areas.orderedScenes);
    this.parts.orderAreas.run(
      (layer) => {
        layer.show(areas);
        this.emitter.emit('orderAreasChanged', layer.shown());
        const extent = options.fitOrderedScenes && layer.extentOf('orderedScenes');
        if (extent) this.fitter.fit(extent, { padding: fitPadding.default });
      },
      { start },
    );
  }

  // ── My data (issue 15): delivered imagery, the lists' outlines, the swipe ──────────────────

  /** Draw exactly these delivered layers and outlines (replacing the last); zoom is capped at 18 meanwhile. */
  showMyData(shown: MyDataShown) {
    const start = shown.layers.length > 0 || shown.outlines.length > 0;
    this.parts.myData.run((layers) => layers.show(shown), { start });
  }

  /** Fit the view to rings of [lon, lat] (a my-data scene, footprints found by id, passes). */
  fitRings(rings: readonly number[][][]) {
    this.fitTo(ringsGeometry(rings), fitPadding.default);
  }

  /** Fit the view to AOIs (a search's areas), 300 px around them as around any AOI. */
  fitAreas(areas: readonly AoiGeoJson[]) {
    this.fitTo(areasGeometry(areas), fitPadding.aoi);
  }

  /** Compare two layer groups: `left` drawn left of a vertical divider, `right` right of it (one swipe at a time). */
  startSwipe(left: readonly TileLayerSpec[], right: readonly TileLayerSpec[]) {
    this.parts.myData.run((layers) => layers.startSwipe(left, right));
  }

  /** Move the divider: 0 the map's left edge … 1 its right edge. */
  setSwipePosition(fraction: number) {
    this.parts.myData.run((layers) => layers.setSwipePosition(fraction), { start: false });
  }

  endSwipe() {
    this.parts.myData.run((layers) => layers.endSwipe(), { start: false });
  }

  /** The running swipe (its divider's place), or null: what `swipeChanged` last said. */
  swipe(): { fraction: number } | null {
    return this.parts.myData.current()?.swipe() ?? null;
  }

  /** Where React renders the swipe's divider: over the map, its pointer events kept from the map. */
  overlayHost(): HTMLElement | null {
    return this.map.getOverlayContainerStopEvent() ?? null;
  }

  /** The AOI the next archive search uses: the last drawn polygon or the last saved area shown. */
  getCurrentAoi(): CurrentAoi | null {
    const current = this.drawing.state.current;
    return current ? { ...current } : null;
  }

  // ── Drawing and measuring tools (interactions/drawingMachine: the rules) ─────────────────────

  getTool(): DrawingTool | null {
    return this.drawing.state.tool;
  }

  /**
   * Make `tool` the one active tool (null: none). A polygon or a point ends the tool when finished;
   * the measuring tools stay on, each new measurement replacing the last. Esc ends any tool.
   */
  startTool(tool: DrawingTool | null) {
    this.drawing.dispatch({ type: 'startTool', tool });
  }

  /** Remove everything the tools drew: the polygon (if it is the current AOI, there is none then), point and measurement. */
  deleteDrawing() {
    this.drawing.dispatch({ type: 'deleteDrawing' });
  }

  /** Remove the drawn point (its POI was deleted, or the popup was dismissed). */
  clearDrawnPoint() {
    this.drawing.dispatch({ type: 'clearPoint' });
  }

  /** Whether the drawn polygon is in modify mode (its corners and edges can be dragged). */
  isAoiModifiable(): boolean {
    return this.drawing.state.modifiable;
  }

  /**
   * Leave modify mode (spec 000 §4: after a search with results): the AOI stays as it was searched,
   * and clicks and drags on its scenes cannot reshape it. Drawing a new polygon enters it again.
   */
  endAoiModify() {
    this.drawing.dispatch({ type: 'endModify' });
  }

  /** The drawn polygon was saved as this AOI: it stays on the map as the current AOI. */
  markDrawnPolygonSaved(aoi: { id: number; name: string }) {
    this.drawing.markPolygonSaved(aoi);
  }

  /**
   * Keep `element` on the map beside the drawn polygon, the drawn point or the measurement (hidden
   * while there is none). The element is moved into the map; call the returned function to take it out.
   */
  anchor(element: HTMLElement, target: AnchorTarget): Unsubscribe {
    return this.drawing.anchor(element, target);
  }

  dispose() {
    this.drawing.dispose();
    for (const off of this.detach.splice(0)) off();
    this.emitter.clear();
    this.map.setTarget(undefined);
    this.map.dispose();
  }

  private fitTo(geometry: Geometry | undefined, padding: number) {
    this.fitter.fit(geometry, { padding });
  }

  /** Show the chosen base map's tiles (and labels, if wanted) and hide every other online layer. */
  private showBaseMap() {
    this.tiles.show(
      this.catalogue.find((b) => b.id === this.baseMap),
      this.labelsVisible,
    );
  }
}
