import 'ol/ol.css';
import './map.css';
import Attribution from 'ol/control/Attribution';
import type Layer from 'ol/layer/Layer';
import type TileLayer from 'ol/layer/Tile';
import OlMap from 'ol/Map';
import { fromLonLat, toLonLat } from 'ol/proj';
import type XYZ from 'ol/source/XYZ';
import { TypedEmitter, type Unsubscribe } from './events';
import { createNavigationInteractions } from './interactions/navigation';
import {
  type BaseMapDefinition,
  baseMapCatalogue,
  defaultBaseMapId,
  optionsOf,
  type TileSpec,
} from './layers/baseMaps';
import { createNaturalEarthLayer } from './layers/naturalEarth';
import { createSearchedPointLayer } from './layers/searchedPoint';
import { createTileLayer } from './layers/tileLayers';
import type { BaseMapId, LatLon, MapConfig, MapEvents, MapState, ViewState } from './types';
import { createWorkspaceView, latLonAt, zoomForSearchedPoint } from './view';

/** Stacking order of the map's layers; later issues put footprints, AOIs and drawings above. */
const LayerZ = { naturalEarth: 0, baseTiles: 10, labels: 20, searchedPoint: 90 } as const;

const zoomAnimationMs = 250;
const searchAnimationMs = 250;

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
    this.showBaseMap();
    this.listen();
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
    const view = this.map.getView();
    if (view.getAnimating()) view.cancelAnimations();
    view.animate({
      center: fromLonLat([position.lon, position.lat]),
      zoom: zoomForSearchedPoint(view.getZoom()),
      duration: searchAnimationMs,
    });
    this.emitter.emit('searchedPointChanged', { ...position });
  }

  /** Remove the coordinate-search mark (the view stays where it is). */
  clearSearchedPoint() {
    if (!this.searchedPoint) return;
    this.removeSearchedPointLayer();
    this.emitter.emit('searchedPointChanged', null);
  }

  dispose() {
    for (const off of this.detach.splice(0)) off();
    this.emitter.clear();
    this.map.setTarget(undefined);
    this.map.dispose();
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
    const viewport = this.map.getViewport();
    if (viewport) {
      viewport.addEventListener('pointerleave', onPointerLeave);
      this.detach.push(() => viewport.removeEventListener('pointerleave', onPointerLeave));
    }
  }
}
