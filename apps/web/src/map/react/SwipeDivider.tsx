import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { MapController } from '../MapController';
import styles from './swipe.module.css';
import { useMapEvent } from './useMapEvents';

export interface SwipeBarProps {
  /** The map's overlay element: the bar is placed over it, its width is 0 … 1. */
  host: HTMLElement;
  /** Where the bar stands, 0 (left edge) … 1 (right edge). */
  fraction: number;
  /** Asked with the fraction under the pointer, or the current one ± a step for the arrow keys. */
  onMove(fraction: number): void;
  label: string;
  testId: string;
  /** Names shown on each side of the bar (e.g. the compared years). */
  sideTags?: readonly [left: string, right: string];
}

/**
 * A swipe's divider: a vertical bar over the map, dragged with the pointer or moved with the arrow
 * keys. Whoever holds the position (the controller's swipe, the HD map) is only asked to move it.
 */
export function SwipeBar({ host, fraction, onMove, label, testId, sideTags }: SwipeBarProps) {
  const element = useRef<HTMLDivElement>(null);
  // The listeners below live as long as the bar; they read the latest props through refs.
  const latest = useRef({ fraction, onMove });
  latest.current = { fraction, onMove };

  // Native listeners, not React's: the map's overlay container stops these events on their way up,
  // before React's listener at the root would see them (and the map would pan on the drag).
  useEffect(() => {
    const bar = element.current;
    if (!bar) return;
    let dragging = false;
    const down = (event: PointerEvent) => {
      dragging = true;
      bar.setPointerCapture(event.pointerId);
      event.preventDefault();
    };
    const move = (event: PointerEvent) => {
      if (!dragging) return;
      const box = host.getBoundingClientRect();
      if (box.width > 0) latest.current.onMove((event.clientX - box.left) / box.width);
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
      latest.current.onMove(latest.current.fraction + step);
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
  }, [host]);

  const percent = Math.round(fraction * 1000) / 10;
  return createPortal(
    <>
      {sideTags && (
        <>
          <span className={styles.tag} style={{ right: `calc(${100 - percent}% + 16px)` }}>
            {sideTags[0]}
          </span>
          <span className={styles.tag} style={{ left: `calc(${percent}% + 16px)` }}>
            {sideTags[1]}
          </span>
        </>
      )}
      {/* biome-ignore lint/a11y/useSemanticElements: a movable separator has no native element; role and keys give it one. */}
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
        data-testid={testId}
        data-fraction={fraction}
      >
        <span className={styles.handle} />
      </div>
    </>,
    host,
  );
}

/** The divider of the controller's generic swipe (MapController.startSwipe), shown while it runs. */
export function SwipeDivider({ controller, label }: { controller: MapController | null; label: string }) {
  const swipe = useMapEvent(controller, 'swipeChanged', (c) => c?.swipe() ?? null);
  const host = controller?.overlayHost();
  if (!controller || !swipe || !host) return null;
  return (
    <SwipeBar
      host={host}
      fraction={swipe.fraction}
      onMove={(f) => controller.setSwipePosition(f)}
      label={label}
      testId="swipe-divider"
    />
  );
}
