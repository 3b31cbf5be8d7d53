import { useEffect, useRef, useState } from 'react';
import type { MapController } from '../MapController';
import type { LatLon, MapEvents, MapState } from '../types';

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

/**
 * The last payload of one map event (`initial` until the first, and again when the controller
 * changes): the drawing tools' state as React sees it.
 */
export function useMapEvent<K extends keyof MapEvents>(
  controller: MapController | null,
  type: K,
  initial: (controller: MapController | null) => MapEvents[K],
): MapEvents[K] {
  const [value, setValue] = useState<MapEvents[K]>(() => initial(controller));
  const initialRef = useRef(initial);
  const seen = useRef(controller);
  useEffect(() => {
    // Only another controller resets the value: the effect also runs again with the same one
    // (React's strict mode remounts every new component once in development), and an event
    // that came in between (a swipe started by the parent's effect) must not be forgotten.
    if (seen.current !== controller) {
      seen.current = controller;
      setValue(() => initialRef.current(controller));
    }
    return controller?.on(type, (payload) => setValue(() => payload));
  }, [controller, type]);
  return value;
}
