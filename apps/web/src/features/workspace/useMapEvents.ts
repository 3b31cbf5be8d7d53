import { useEffect, useState } from 'react';
import type { MapController } from '../../map/MapController';
import type { LatLon, MapState } from '../../map/types';

/** The map's view and base-map state, kept in step with the controller's events. */
export function useMapState(controller: MapController | null): MapState | null {
  const [state, setState] = useState<MapState | null>(null);
  useEffect(() => {
    if (!controller) {
      setState(null);
      return;
    }
    const refresh = () => setState(controller.getState());
    refresh();
    const stops = [controller.on('viewChanged', refresh), controller.on('baseMapChanged', refresh)];
    return () => {
      for (const stop of stops) stop();
    };
  }, [controller]);
  return state;
}

/** The position under the pointer, null when it is off the map. */
export function usePointerPosition(controller: MapController | null): LatLon | null {
  const [position, setPosition] = useState<LatLon | null>(null);
  useEffect(() => {
    setPosition(null);
    return controller?.on('pointerMoved', setPosition);
  }, [controller]);
  return position;
}
