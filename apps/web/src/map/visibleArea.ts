/**
 * The part of the map no panel covers, and the padding a fit needs to land there (issue 18).
 * Pure: no `ol`, no DOM; the controller hands in the rectangles it measured.
 */

/** A rectangle in CSS pixels (as `getBoundingClientRect` gives it). */
export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Top, right, bottom, left in CSS pixels: OpenLayers' order for `fit` padding. */
export type Insets = [number, number, number, number];

/** The attribute every panel or box docked over the map carries; fits keep clear of them. */
export const mapCoverAttribute = 'data-map-cover';

/** Air kept between a fitted object and the edge of the uncovered area, however little room is left. */
export const minimumFitMarginPx = 40;

/**
 * How far each edge of the map is covered. A cover is taken off the map from the edge that loses
 * the least map area (a tall box from the side, a wide one from the top or bottom), so a box
 * floating at the top right counts against the right edge only; each edge keeps its deepest cover.
 */
export function coveredInsets(map: Rect, covers: readonly Rect[]): Insets {
  const width = map.right - map.left;
  const height = map.bottom - map.top;
  const insets: Insets = [0, 0, 0, 0];
  if (width <= 0 || height <= 0) return insets;
  for (const cover of covers) {
    const left = Math.max(cover.left, map.left);
    const right = Math.min(cover.right, map.right);
    const top = Math.max(cover.top, map.top);
    const bottom = Math.min(cover.bottom, map.bottom);
    if (right <= left || bottom <= top) continue;
    // Depth from each edge and the map area that edge's cut would give up.
    const cuts = [
      { side: 0, depth: bottom - map.top, lost: (bottom - map.top) * width },
      { side: 1, depth: map.right - left, lost: (map.right - left) * height },
      { side: 2, depth: map.bottom - top, lost: (map.bottom - top) * width },
      { side: 3, depth: right - map.left, lost: (right - map.left) * height },
    ];
    const cheapest = cuts.reduce((best, cut) => (cut.lost < best.lost ? cut : best));
    insets[cheapest.side] = Math.max(insets[cheapest.side] ?? 0, cheapest.depth);
  }
  return insets;
}

/**
 * The padding of a fit: the covered insets plus the spec's padding around the object (spec 000 §2:
 * 300 px around an AOI, 200 px otherwise). Where the uncovered room cannot hold that padding on both
 * sides and still leave the object half of it, the padding shrinks (never below
 * `minimumFitMarginPx`); where even the covers leave too little room, they are given up in
 * proportion, so the object never gets less than `minimumFitMarginPx` of space, nor the padding
 * negative space.
 */
export function fitInsets(map: { width: number; height: number }, covered: Insets, padding: number): Insets {
  const [top, right, bottom, left] = covered;
  const [padLeft, padRight] = alongAxis(map.width, left, right, padding);
  const [padTop, padBottom] = alongAxis(map.height, top, bottom, padding);
  return [padTop, padRight, padBottom, padLeft];
}

function alongAxis(length: number, before: number, after: number, padding: number): [number, number] {
  const margin = Math.min(minimumFitMarginPx, Math.max(0, length / 4));
  // The covers may take at most what leaves two margins and as much again for the object.
  const coverRoom = Math.max(0, length - 3 * margin);
  const covered = before + after;
  const scale = covered > coverRoom ? coverRoom / covered : 1;
  const start = before * scale;
  const end = after * scale;
  const free = length - start - end;
  // Half the free room for the object, the other half for the padding on its two sides.
  const pad = Math.max(margin, Math.min(padding, free / 4));
  return [start + pad, end + pad];
}

/** The uncovered rectangle of a map of this size (CSS pixels from its top left). */
export function uncoveredArea(map: { width: number; height: number }, covered: Insets): Rect {
  const [top, right, bottom, left] = covered;
  return { left, top, right: map.width - right, bottom: map.height - bottom };
}

/**
 * Where a box stands over the map, in the widest stretch of its own band of height that no other
 * box covers (issue 28 #7: the drawn AOI's save bar was centred beside the side panel and the result
 * list covered half of it): that stretch's centre, and the width the box may take there (at most
 * `maxWidth`, a margin each side). Null when no stretch is wide enough; the box keeps its CSS place.
 */
export function freeSpan(
  map: Rect,
  covers: readonly Rect[],
  band: { top: number; bottom: number },
  maxWidth: number,
  margin = 16,
  minWidth = 320,
): { centre: number; width: number } | null {
  // Boxes that only touch the band (stacked by design, their heights rounded) leave it free.
  const touch = 2;
  const taken = covers
    .filter((c) => c.top < band.bottom - touch && c.bottom > band.top + touch)
    .filter((c) => c.right > map.left && c.left < map.right)
    .map((c) => [Math.max(c.left, map.left), Math.min(c.right, map.right)] as const)
    .sort((a, b) => a[0] - b[0]);
  let best = { from: 0, to: 0 };
  let edge = map.left;
  for (const [left, right] of [...taken, [map.right, map.right] as const]) {
    if (left - edge > best.to - best.from) best = { from: edge, to: left };
    edge = Math.max(edge, right);
  }
  const width = Math.min(maxWidth, best.to - best.from - 2 * margin);
  if (width < minWidth) return null;
  return { centre: (best.from + best.to) / 2, width };
}
