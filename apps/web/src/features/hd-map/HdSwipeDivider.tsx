import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { MapController } from '../../map/MapController';
import swipe from '../../map/react/swipe.module.css';
import styles from './hdMap.module.css';

/**
 * The divider between the two HD years (the map's swipe look): dragged with the pointer or moved
 * with the arrow keys; the HD map holds the position, this only asks it to move.
 */
export function HdSwipeDivider(props: {
  controller: MapController;
  fraction: number;
  years: [left: number, right: number];
  label: string;
}) {
  const { controller, fraction, years, label } = props;
  const dragging = useRef(false);
  const host = controller.overlayHost();
  if (!host) return null;
  const moveTo = (event: PointerEvent<HTMLDivElement>) => {
    const box = host.getBoundingClientRect();
    if (box.width > 0) controller.hd.setSwipe((event.clientX - box.left) / box.width);
  };
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowLeft: -0.02, ArrowRight: 0.02 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    controller.hd.setSwipe(fraction + step);
  };
  const percent = Math.round(fraction * 1000) / 10;
  return createPortal(
    <>
      <span className={styles.tag} style={{ right: `calc(${100 - percent}% + 16px)` }}>
        {years[0]}
      </span>
      <span className={styles.tag} style={{ left: `calc(${percent}% + 16px)` }}>
        {years[1]}
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: a movable separator has no native element; role and keys give it one. */}
      <div
        className={swipe.divider}
        style={{ left: `${percent}%` }}
        role="separator"
        aria-orientation="vertical"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        tabIndex={0}
        data-testid="hd-swipe-divider"
        data-fraction={fraction}
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
        <span className={swipe.handle} />
      </div>
    </>,
    host,
  );
}
