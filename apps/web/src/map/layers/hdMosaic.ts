import { HdFreeZoomMax, hdTemplate, TileStatusHeader, TileZoomMax } from '@satportal/contract';
import type ImageTile from 'ol/ImageTile';
import TileLayer from 'ol/layer/Tile';
import type OlMap from 'ol/Map';
import XYZ from 'ol/source/XYZ';
import type Tile from 'ol/Tile';
import TileState from 'ol/TileState';
import { type HdEvents, type HdState, type HdTileOutcome, type HdView, hdTileOutcome } from '../hdTypes';
import { clampSwipeFraction, clipToSide } from '../interactions/swipe';
import type { ZoomCaps } from '../zoomCaps';

type HdEmit = <K extends keyof HdEvents>(type: K, payload: HdEvents[K]) => void;

export interface HdTileAccess {
  /** `Bearer <token>` of the session, read at each tile (a new login needs no new layer); null: none */
  authorization(): string | null;
  /** every tile's outcome but 'draw' (the HD map decides what it means) */
  refused(outcome: Exclude<HdTileOutcome, 'draw'>, zoom: number): void;
}

/**
 * Spec 000 §7 "HD tile fetching with the token header": a tile is fetched with the session's token
 * in a header rather than the URL (which lands in logs), and only a fetch can read `X-Status`,
 * which tells a quota refusal (602, 403) from a credential one (401, 601). The image is handed to
 * OpenLayers as an object URL, released once it has decoded.
 */
export function hdTileLoader(access: HdTileAccess) {
  return (tile: Tile, src: string) => {
    const image = (tile as ImageTile).getImage() as HTMLImageElement;
    const zoom = tile.getTileCoord()[0] ?? 0;
    const authorization = access.authorization();
    const failed = () => tile.setState(TileState.ERROR);
    fetch(src, { headers: authorization ? { Authorization: authorization } : {}, credentials: 'same-origin' })
      .then(async (response) => {
        const outcome = hdTileOutcome(response.status, response.headers.get(TileStatusHeader));
        if (outcome !== 'draw') {
          failed();
          access.refused(outcome, zoom);
          return;
        }
        const url = URL.createObjectURL(await response.blob());
        const release = () => URL.revokeObjectURL(url);
        image.addEventListener('load', release, { once: true });
        image.addEventListener('error', release, { once: true });
        image.src = url;
      })
      .catch(failed);
  };
}

/** One year's mosaic as a tile layer (hidden until shown): EPSG:3857 XYZ to zoom 18. */
export function createHdLayer(year: number, zIndex: number, access: HdTileAccess): TileLayer<XYZ> {
  const source = new XYZ({
    url: hdTemplate(year),
    maxZoom: TileZoomMax,
    tileLoadFunction: hdTileLoader(access),
    attributions: 'HD mosaic © Satportal',
  });
  return new TileLayer({ source, zIndex, visible: false, properties: { hdYear: year } });
}

/** The zoom the map is held at once the quota refused a tile (spec 000 §8: "limited to zoom 12"). */
export const hdQuotaZoom = HdFreeZoomMax;

/**
 * The HD image map's layers (spec 000 §2, issue 15): a year's mosaic over the base map, optionally a second
 * year right of a swipe divider. While shown the zoom is capped at 18; the first quota refusal
 * (602, 403) caps it at 12 for as long as the HD map stays, and is told once (the dialog).
 */
export class HdMosaicLayers {
  private readonly layers = new Map<number, TileLayer<XYZ>>();
  private readonly unclip: Array<() => void> = [];
  private state: HdState | null = null;
  private readonly access: HdTileAccess;
  private authorization: () => string | null = () => null;

  constructor(
    private readonly map: OlMap,
    private readonly zoomCaps: ZoomCaps,
    private readonly zIndex: number,
    private readonly emit: HdEmit,
  ) {
    this.access = {
      authorization: () => this.authorization(),
      refused: (outcome, zoom) => {
        if (outcome === 'quotaSpent' || outcome === 'notSubscribed') this.quotaRefused(outcome, zoom);
        else if (outcome === 'noCredential' || outcome === 'keyExpired')
          this.emit('hdCredentialRefused', outcome);
      },
    };
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
    this.emit('hdChanged', this.getState());
  }

  /** Move the divider between the two years (0 … 1 of the map's width). */
  setSwipe(fraction: number) {
    if (!this.state) return;
    this.state = { ...this.state, swipeFraction: clampSwipeFraction(fraction) };
    this.map.render();
    this.emit('hdChanged', this.getState());
  }

  dispose() {
    for (const off of this.unclip.splice(0)) off();
    for (const layer of this.layers.values()) this.map.removeLayer(layer);
    this.layers.clear();
  }

  private quotaRefused(refusal: 'quotaSpent' | 'notSubscribed', zoom: number) {
    // Late answers for tiles asked before the cap, or for a year just hidden, change nothing.
    if (!this.state || this.state.refusal !== null || zoom <= hdQuotaZoom) return;
    this.state = { ...this.state, refusal };
    this.zoomCaps.set('hdQuota', hdQuotaZoom);
    this.emit('hdQuotaRefused', refusal);
    this.emit('hdChanged', this.getState());
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
