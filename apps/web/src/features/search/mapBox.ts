/** A rectangle in the workspace's CSS pixels. */
export interface Area {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Room kept between a clicked point and the box it opens, and between a box and the area's edge. */
export const boxGap = 10;

/**
 * Where a box opened by a click on the map goes: below and right of the click, as a context menu;
 * on the other side of the click where that would leave the free area (the map beside the side
 * panel and left of the tool bar); and always inside it, so every row and button stays reachable.
 */
export function placeBox(
  click: readonly [number, number],
  box: Size,
  area: Area,
): { left: number; top: number } {
  const along = (at: number, size: number, start: number, end: number) => {
    const after = at + boxGap;
    const wanted = after + size <= end ? after : at - boxGap - size;
    // Too big for either side: as far towards the start as the area allows (its header stays visible).
    return Math.max(start, Math.min(wanted, end - size));
  };
  return {
    left: along(click[0], box.width, area.left, area.right),
    top: along(click[1], box.height, area.top, area.bottom),
  };
}

/** Room the right tool bar takes from the map (12 px from the edge, 40 px wide, 12 px apart). */
export const toolbarRoom = 64;
