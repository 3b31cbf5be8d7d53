import type OlMap from 'ol/Map';
import type { TypedEmitter } from './events';
import type { MapEvents } from './types';
import { latLonAt, viewStateOf } from './view';

/**
 * The map's view and pointer, told as the controller's events (`viewChanged` after each move,
 * `pointerMoved` with the position, null when the pointer leaves); returns what stops them.
 */
export function emitViewAndPointer(map: OlMap, emitter: TypedEmitter<MapEvents>): Array<() => void> {
  const onMoveEnd = () => emitter.emit('viewChanged', viewStateOf(map.getView()));
  const onPointerMove = (event: { coordinate: number[] }) =>
    emitter.emit('pointerMoved', latLonAt(event.coordinate));
  const onPointerLeave = () => emitter.emit('pointerMoved', null);

  map.on('moveend', onMoveEnd);
  map.on('pointermove', onPointerMove);
  const stops = [() => map.un('moveend', onMoveEnd), () => map.un('pointermove', onPointerMove)];
  const viewport = map.getViewport();
  if (viewport) {
    viewport.addEventListener('pointerleave', onPointerLeave);
    stops.push(() => viewport.removeEventListener('pointerleave', onPointerLeave));
  }
  return stops;
}
