import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
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
  const dragging = useRef(false);
  const host = controller?.overlayHost();
  if (!controller || !swipe || !host) return null;

  const moveTo = (event: PointerEvent<HTMLDivElement>) => {
    const box = host.getBoundingClientRect();
    if (box.width > 0) controller.setSwipePosition((event.clientX - box.left) / box.width);
  };
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowLeft: -0.02, ArrowRight: 0.02 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    controller.setSwipePosition(swipe.fraction + step);
  };
  const percent = Math.round(swipe.fraction * 1000) / 10;
  return createPortal(
    // biome-ignore lint/a11y/useSemanticElements: a movable separator has no native element; role and keys give it one.
    <div
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
      onKeyDown={onKey}
      onPointerDown={(event) => {
        dragging.current = true;
        event.currentTarget.setPointerCapture(event.pointerId);
      }}
      onPointerMove={(event) => dragging.current && moveTo(event)}
      onPointerUp={(event) => {
        dragging.current = false;
        event.currentTarget.releasePointerCapture(event.pointerId);
      }}
    >
      <span className={styles.handle} />
    </div>,
    host,
  );
}
