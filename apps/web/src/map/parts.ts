import type OlMap from 'ol/Map';
import { type Deferred, deferred } from './deferred';
import type { OrderAreaLayer } from './layers/orderAreas';
import type { PassLayer } from './layers/passes';
import type { MyDataLayers } from './myData';
import type { SceneLayers } from './scenes';
import type { MapEvents } from './types';

type Emit = <K extends keyof MapEvents>(type: K, payload: MapEvents[K]) => void;

/**
 * The parts of the map built on first use, their code (WebGL among it, the WMTS parser) loaded
 * then, so the map's first paint waits for none of it: the archive results' footprints and
 * quicklooks, the tasking passes, the order areas, the delivered imagery and its swipe.
 */
export interface MapParts {
  scenes: Deferred<SceneLayers>;
  passes: Deferred<PassLayer>;
  orderAreas: Deferred<OrderAreaLayer>;
  myData: Deferred<MyDataLayers>;
  dispose(): void;
}

export function createMapParts(
  map: OlMap,
  z: { passes: number; orderAreas: number; myData: number; myDataOutlines: number },
  emit: Emit,
  hooks: { toolIdle: () => boolean; myDataChanged: (active: boolean) => void },
): MapParts {
  const detach: Array<() => void> = [];
  const failed = (error: unknown) => console.error('map: a part of the map failed to load', error);
  const scenes = deferred(async () => {
    const { SceneLayers } = await import('./scenes');
    return () => {
      const layers = new SceneLayers(map, emit, hooks.toolIdle);
      detach.push(() => layers.dispose());
      return layers;
    };
  }, failed);
  const passes = deferred(async () => {
    const { createPassLayer } = await import('./layers/passes');
    return () => {
      const layer = createPassLayer(z.passes);
      map.addLayer(layer.layer);
      return layer;
    };
  }, failed);
  const orderAreas = deferred(async () => {
    const { createOrderAreaLayer } = await import('./layers/orderAreas');
    return () => {
      const areas = createOrderAreaLayer(z.orderAreas);
      map.addLayer(areas.layer);
      return areas;
    };
  }, failed);
  const myData = deferred(async () => {
    const { MyDataLayers } = await import('./myData');
    return () => {
      let lastSwipe: string | undefined;
      let layers: MyDataLayers | null = null;
      const created = new MyDataLayers(map, z, ({ shown, swipe }) => {
        emit('myDataChanged', shown);
        // Tile loads notify too: the swipe is told only when it moved, started or ended.
        if (JSON.stringify(swipe) !== lastSwipe) emit('swipeChanged', swipe);
        lastSwipe = JSON.stringify(swipe);
        hooks.myDataChanged(layers?.active() ?? swipe !== null);
      });
      layers = created;
      detach.push(() => created.dispose());
      return created;
    };
  }, failed);
  return {
    scenes,
    passes,
    orderAreas,
    myData,
    dispose() {
      for (const part of [scenes, passes, orderAreas, myData]) part.dispose();
      for (const off of detach.splice(0)) off();
    },
  };
}
