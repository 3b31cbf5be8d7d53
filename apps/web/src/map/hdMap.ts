import { TileZoomMax } from '@satportal/contract';
import type TileLayer from 'ol/layer/Tile';
import type OlMap from 'ol/Map';
import type XYZ from 'ol/source/XYZ';
import { TypedEmitter, type Unsubscribe } from './events';
import type { HdEvents, HdState, HdView } from './hdTypes';
import { clampSwipeFraction, clipToSide } from './interactions/swipe';
import { createHdLayer, type HdTileAccess, hdQuotaZoom } from './layers/hdMosaic';
import type { ZoomCaps } from './zoomCaps';

/**
 * The HD image map (spec 000 §2, issue 15): a year's mosaic over the base map, optionally a second
 * year right of a swipe divider. While shown the zoom is capped at 18; the first quota refusal
 * (602, 403) caps it at 12 for as long as the HD map stays, and is told once (the dialog).
 */
export class HdMap {
  private readonly emitter = new TypedEmitter<HdEvents>();
  private readonly layers = new Map<number, TileLayer<XYZ>>();
  private readonly unclip: Array<() => void> = [];
  private state: HdState | null = null;
  private readonly access: HdTileAccess;
  private authorization: () => string | null = () => null;

  constructor(
    private readonly map: OlMap,
    private readonly zoomCaps: ZoomCaps,
    private readonly zIndex: number,
  ) {
    this.access = {
      authorization: () => this.authorization(),
      refused: (outcome, zoom) => {
        if (outcome === 'quotaSpent' || outcome === 'notSubscribed') this.quotaRefused(outcome, zoom);
        else if (outcome === 'noCredential' || outcome === 'keyExpired')
          this.emitter.emit('hdCredentialRefused', outcome);
      },
    };
  }

  on<K extends keyof HdEvents>(type: K, listener: (payload: HdEvents[K]) => void): Unsubscribe {
    return this.emitter.on(type, listener);
  }

  getState(): HdState | null {
    return this.state ? { ...this.state } : null;
  }

  /**
   * Show a year (and a second one to compare), or hide the HD map (null). `authorization` gives the
   * session's `Bearer …` header at each tile (the map knows no session of its own).
   */
  show(view: HdView | null, authorization?: () => string | null) {
    if (authorization) this.authorization = authorization;
    if (view === null) {
      if (!this.state) return;
      this.state = null;
      this.zoomCaps.set('hd', null);
      this.zoomCaps.set('hdQuota', null);
    } else {
      const compareYear = view.compareYear === view.year ? null : view.compareYear;
      this.state = {
        year: view.year,
        compareYear,
        swipeFraction: this.state?.swipeFraction ?? 0.5,
        refusal: this.state?.refusal ?? null,
      };
      this.zoomCaps.set('hd', TileZoomMax);
    }
    this.draw();
    this.emitter.emit('hdChanged', this.getState());
  }

  /** Move the divider between the two years (0 … 1 of the map's width). */
  setSwipe(fraction: number) {
    if (!this.state) return;
    this.state = { ...this.state, swipeFraction: clampSwipeFraction(fraction) };
    this.map.render();
    this.emitter.emit('hdChanged', this.getState());
  }

  dispose() {
    for (const off of this.unclip.splice(0)) off();
    for (const layer of this.layers.values()) this.map.removeLayer(layer);
    this.layers.clear();
    this.emitter.clear();
  }

  private quotaRefused(refusal: 'quotaSpent' | 'notSubscribed', zoom: number) {
    // Late answers for tiles asked before the cap, or for a year just hidden, change nothing.
    if (!this.state || this.state.refusal !== null || zoom <= hdQuotaZoom) return;
    this.state = { ...this.state, refusal };
    this.zoomCaps.set('hdQuota', hdQuotaZoom);
    this.emitter.emit('hdQuotaRefused', refusal);
    this.emitter.emit('hdChanged', this.getState());
  }

  private draw() {
    for (const off of this.unclip.splice(0)) off();
    const wanted = new Map<number, 'left' | 'right' | 'whole'>();
    if (this.state) {
      const { year, compareYear } = this.state;
      wanted.set(year, compareYear === null ? 'whole' : 'left');
      if (compareYear !== null) wanted.set(compareYear, 'right');
    }
    for (const [year, layer] of this.layers) if (!wanted.has(year)) layer.setVisible(false);
    for (const [year, side] of wanted) {
      const layer = this.layerOf(year);
      // The right year lies one above, so its clip shows it over the left year's tiles.
      layer.setZIndex(this.zIndex + (side === 'right' ? 1 : 0));
      layer.setVisible(true);
      if (side !== 'whole')
        this.unclip.push(
          clipToSide(layer, side, {
            fraction: () => this.state?.swipeFraction ?? 0.5,
            size: () => this.map.getSize() as [number, number] | undefined,
          }),
        );
    }
    this.map.render();
  }

  private layerOf(year: number): TileLayer<XYZ> {
    let layer = this.layers.get(year);
    if (!layer) {
      layer = createHdLayer(year, this.zIndex, this.access);
      this.layers.set(year, layer);
      this.map.addLayer(layer);
    }
    return layer;
  }
}
