import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { MapController } from '../MapController';
import styles from './swipe.module.css';
import { useMapEvent } from './useMapEvents';

/**
 * The swipe's divider (MapController.startSwipe): a vertical bar over the map, dragged with the
 * pointer or moved with the arrow keys. The controller holds the position; this only asks it to move.
 */
export function SwipeDivider({ controller, label }: { controller: MapController | null; label: string }) {
  const swipe = useMapEvent(controller, 'swipeChanged', () => null);
  const element = useRef<HTMLDivElement>(null);
  const fraction = useRef(0.5);
  fraction.current = swipe?.fraction ?? 0.5;
  const host = controller?.overlayHost();
  const shown = Boolean(controller && swipe && host);

  // Native listeners, not React's: the map's overlay container stops these events on their way up,
  // before React's listener at the root would see them (and the map would pan on the drag).
  useEffect(() => {
    const bar = element.current;
    if (!shown || !bar || !controller || !host) return;
    let dragging = false;
    const moveTo = (event: PointerEvent) => {
      const box = host.getBoundingClientRect();
      if (box.width > 0) controller.setSwipePosition((event.clientX - box.left) / box.width);
    };
    const down = (event: PointerEvent) => {
      dragging = true;
      bar.setPointerCapture(event.pointerId);
      event.preventDefault();
    };
    const move = (event: PointerEvent) => {
      if (dragging) moveTo(event);
    };
    const up = (event: PointerEvent) => {
      dragging = false;
      if (bar.hasPointerCapture(event.pointerId)) bar.releasePointerCapture(event.pointerId);
    };
    const key = (event: KeyboardEvent) => {
      const step = { ArrowLeft: -0.02, ArrowRight: 0.02 }[event.key];
      if (step === undefined) return;
      event.preventDefault();
      event.stopPropagation();
      controller.setSwipePosition(fraction.current + step);
    };
    bar.addEventListener('pointerdown', down);
    bar.addEventListener('pointermove', move);
    bar.addEventListener('pointerup', up);
    bar.addEventListener('pointercancel', up);
    bar.addEventListener('keydown', key);
    return () => {
      bar.removeEventListener('pointerdown', down);
      bar.removeEventListener('pointermove', move);
      bar.removeEventListener('pointerup', up);
      bar.removeEventListener('pointercancel', up);
      bar.removeEventListener('keydown', key);
    };
  }, [shown, controller, host]);

  if (!shown || !swipe || !host) return null;
  const percent = Math.round(swipe.fraction * 1000) / 10;
  return createPortal(
    // biome-ignore lint/a11y/useSemanticElements: a movable separator has no native element; role and keys give it one.
    <div
      ref={element}
      className={styles.divider}
      style={{ left: `${percent}%` }}
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      tabIndex={0}
      data-testid="swipe-divider"
      data-fraction={swipe.fraction}
    >
      <span className={styles.handle} />
    </div>,
    host,
  );
}
