import type OlMap from 'ol/Map';
import type MapBrowserEvent from 'ol/MapBrowserEvent';

export interface ScenePointerHandlers {
  /** Scene ids under a map coordinate, topmost last (the caller decides the order). */
  scenesAt(coordinate: number[]): string[];
  onHover(hit: { sceneId: string; pixel: [number, number] } | null): void;
  /** Every left click while enabled; `sceneIds` is empty beside all footprints. */
  /** `at`: the map coordinate clicked (map projection), inside every scene listed. */
  onClick(hit: { sceneIds: string[]; pixel: [number, number]; at: [number, number] }): void;
  onContextMenu(hit: { coordinate: number[]; pixel: [number, number] }): void;
  /** False while a drawing tool owns the pointer: scenes then ignore it. */
  enabled(): boolean;
}

const pixelOf = (pixel: number[]): [number, number] => [pixel[0] ?? 0, pixel[1] ?? 0];

/**
 * Pointer handling of the archive footprints: hover (the newest scene under the pointer), left
 * click (every scene under it) and right click (the caller removes a displayed scene). Hover is
 * evaluated at most once per animation frame, so thousands of footprints stay responsive.
 */
export function bindScenePointer(map: OlMap, handlers: ScenePointerHandlers): () => void {
  let frame = 0;
  let last: string | null = null;
  let pending: MapBrowserEvent | null = null;

  const hover = () => {
    frame = 0;
    const event = pending;
    pending = null;
    if (!event) return;
    const ids = handlers.enabled() && !event.dragging ? handlers.scenesAt(event.coordinate) : [];
    const sceneId = ids.at(-1) ?? null;
    if (sceneId === last) return;
    last = sceneId;
    handlers.onHover(sceneId ? { sceneId, pixel: pixelOf(event.pixel) } : null);
  };
  const onMove = (event: MapBrowserEvent) => {
    pending = event;
    if (!frame) frame = requestAnimationFrame(hover);
  };
  const onClick = (event: MapBrowserEvent) => {
    if (!handlers.enabled()) return;
    // Also a click beside every footprint (no scene): it dismisses what an earlier click opened.
    handlers.onClick({
      sceneIds: handlers.scenesAt(event.coordinate),
      pixel: pixelOf(event.pixel),
      at: pixelOf(event.coordinate),
    });
  };
  const viewport = map.getViewport() as HTMLElement;
  const onContextMenu = (event: MouseEvent) => {
    if (!handlers.enabled()) return;
    const pixel = map.getEventPixel(event);
    const coordinate = map.getCoordinateFromPixel(pixel);
    if (!coordinate) return;
    event.preventDefault();
    handlers.onContextMenu({ coordinate, pixel: pixelOf(pixel) });
  };
  const onLeave = () => {
    last = null;
    handlers.onHover(null);
  };

  map.on('pointermove', onMove);
  map.on('singleclick', onClick);
  viewport.addEventListener('contextmenu', onContextMenu);
  viewport.addEventListener('pointerleave', onLeave);
  return () => {
    if (frame) cancelAnimationFrame(frame);
    map.un('pointermove', onMove);
    map.un('singleclick', onClick);
    viewport.removeEventListener('contextmenu', onContextMenu);
    viewport.removeEventListener('pointerleave', onLeave);
  };
}
