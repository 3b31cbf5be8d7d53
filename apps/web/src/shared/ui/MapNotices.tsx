import { createContext, type ReactNode, useContext } from 'react';
import { createPortal } from 'react-dom';

/**
 * The top-right corner beside the tool bar where notices over the map stand (the base map's
 * failure, the zoom-to-HD tip): one column, each in its own row, so that two never lie on top of
 * each other whichever feature shows them. The workspace owns the column; a notice renders into it.
 */
export const MapNoticesContext = createContext<HTMLElement | null>(null);

/** A notice in the column; `order` places it (lower first), whatever the order they appear in. */
export function MapNotice({ order, children }: { order: number; children: ReactNode }) {
  const column = useContext(MapNoticesContext);
  if (!column) return null;
  return createPortal(<div style={{ order }}>{children}</div>, column);
}

/** Where each notice stands in the column: a lasting fault, the HD map's box, then a passing tip. */
export const mapNoticeOrder = { baseMapFailed: 0, hdControls: 1, zoomHdTip: 2 } as const;
