import { type CSSProperties, type RefObject, useEffect, useState } from 'react';
import type { MapController } from '../MapController';
import { freeSpan } from '../visibleArea';

/** How often the covers are measured again: they come and go (a result list opens, a panel widens). */
const remeasureMs = 500;

/**
 * The inline place of a box in the widest stretch of its band of height that no other docked box
 * covers (`freeSpan`); an empty style until measured or when too little is free (its CSS place
 * stands). Measured on resize and twice a second: a few rectangles, and no event tells of every
 * box that appears.
 */
export function useFreeSpan(
  controller: MapController | null,
  box: RefObject<HTMLElement | null>,
  maxWidth: number,
): CSSProperties {
  const [style, setStyle] = useState<CSSProperties>({});
  useEffect(() => {
    if (!controller) return;
    let last = '';
    const measure = () => {
      const element = box.current;
      const measured = element && controller.coverRects(element);
      const span =
        measured && freeSpan(measured.map, measured.covers, element.getBoundingClientRect(), maxWidth);
      const next: CSSProperties = span ? { left: span.centre, width: span.width } : {};
      const key = JSON.stringify(next);
      if (key !== last) {
        last = key;
        setStyle(next);
      }
    };
    measure();
    const timer = setInterval(measure, remeasureMs);
    window.addEventListener('resize', measure);
    return () => {
      clearInterval(timer);
      window.removeEventListener('resize', measure);
    };
  }, [controller, box, maxWidth]);
  return style;
}
