import type BaseLayer from 'ol/layer/Base';
import type Layer from 'ol/layer/Layer';
import { getRenderPixel } from 'ol/render';
import type RenderEvent from 'ol/render/Event';

/** Which half of the map a swipe group is drawn in: left of the divider, or right of it. */
export type SwipeSide = 'left' | 'right';

/** Keeps the divider inside the map, so neither side vanishes by a drag past the edge. */
export const clampSwipeFraction = (fraction: number) =>
  Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0.5;

/**
 * The part of the map (CSS pixels: x from, x to, height) a side's layers may draw in, with the
 * divider at `fraction` of the width `size[0]`.
 */
export function swipeClipOf(
  side: SwipeSide,
  fraction: number,
  size: readonly [number, number],
): { from: number; to: number; height: number } {
  const divider = size[0] * clampSwipeFraction(fraction);
  return side === 'left'
    ? { from: 0, to: divider, height: size[1] }
    : { from: divider, to: size[0], height: size[1] };
}

/**
 * Clips a layer to one side of the divider as it draws: the canvas is clipped before the layer
 * renders and restored after, so layers sharing a canvas are clipped each on its own. The corners
 * go through getRenderPixel because the canvas has device pixels and may be rotated.
 */
export function clipToSide(
  layer: Layer | BaseLayer,
  side: SwipeSide,
  state: { fraction(): number; size(): [number, number] | undefined },
): () => void {
  // Restore only what was saved: an unbalanced restore would undo another layer's clip.
  let saved = false;
  const before = (event: RenderEvent) => {
    const context = event.context as CanvasRenderingContext2D | undefined;
    const size = state.size();
    if (!context || !size) return;
    const { from, to, height } = swipeClipOf(side, state.fraction(), size);
    const corners = [
      [from, 0],
      [to, 0],
      [to, height],
      [from, height],
    ].map((pixel) => getRenderPixel(event, pixel));
    context.save();
    context.beginPath();
    for (const [index, [x = 0, y = 0]] of corners.entries()) {
      if (index === 0) context.moveTo(x, y);
      else context.lineTo(x, y);
    }
    context.closePath();
    context.clip();
    saved = true;
  };
  const after = (event: RenderEvent) => {
    const context = event.context as CanvasRenderingContext2D | undefined;
    if (context && saved) context.restore();
    saved = false;
  };
  const target = layer as Layer;
  target.on('prerender', before);
  target.on('postrender', after);
  return () => {
    target.un('prerender', before);
    target.un('postrender', after);
  };
}
