import type OlMap from 'ol/Map';
import { type Deferred, deferred } from './deferred';
import { TypedEmitter, type Unsubscribe } from './events';
import type { HdEvents, HdState, HdView } from './hdTypes';
import type { HdMosaicLayers } from './layers/hdMosaic';
import type { ZoomCaps } from './zoomCaps';

/**
 * The HD image map as the controller exposes it (`controller.hd`): its layers' code
 * (layers/hdMosaic.ts) loads when HD is first chosen, so the map's first JavaScript carries none of
 * it; calls made before are queued (deferred.ts), events reach React through this emitter.
 */
export class HdMap {
  private readonly emitter = new TypedEmitter<HdEvents>();
  private readonly layers: Deferred<HdMosaicLayers>;

  constructor(map: OlMap, zoomCaps: ZoomCaps, zIndex: number) {
    this.layers = deferred(
      async () => {
        const { HdMosaicLayers } = await import('./layers/hdMosaic');
        return () =>
          new HdMosaicLayers(map, zoomCaps, zIndex, (type, payload) => this.emitter.emit(type, payload));
      },
      (error) => console.error('map: the HD image map failed to load', error),
    );
  }

  on<K extends keyof HdEvents>(type: K, listener: (payload: HdEvents[K]) => void): Unsubscribe {
    return this.emitter.on(type, listener);
  }

  /** The HD map as shown (null: not shown). */
  getState(): HdState | null {
    return this.layers.current()?.getState() ?? null;
  }

  /**
   * Show a year (and a second one to compare right of a swipe divider), or hide the HD map (null).
   * `authorization` gives the session's `Bearer …` header at each tile (the map knows no session).
   * While shown the zoom is capped at 18; the first quota refusal (602, 403) caps it at 12.
   */
  show(view: HdView | null, authorization?: () => string | null) {
    this.layers.run((layers) => layers.show(view, authorization), { start: view !== null });
  }

  /** Move the divider between the two years (0 … 1 of the map's width). */
  setSwipe(fraction: number) {
    this.layers.run((layers) => layers.setSwipe(fraction), { start: false });
  }

  dispose() {
    this.layers.current()?.dispose();
    this.layers.dispose();
    this.emitter.clear();
  }
}
