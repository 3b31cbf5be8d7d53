import type Layer from 'ol/layer/Layer';

/**
 * User-timing marks set when archive results reach the screen, so the browser's performance panel
 * and `npm run bench:web` see when a change was drawn (issue 5 "Performance") — nothing in the
 * product reads them. Each name keeps only its latest mark: a long session does not pile them up
 * (a PerformanceObserver still sees every one).
 */
export const DrawnMark = {
  /** The footprints of the loaded results are drawn; detail `{ count }`. */
  footprints: 'satportal:footprints-drawn',
  /** The hover and highlight outlines are drawn; detail `{ hover, highlight }` (scene ids or null). */
  outlines: 'satportal:outlines-drawn',
  /** The tasking passes' footprints were handed to their layer; detail `{ count }` (0: cleared). */
  passes: 'satportal:passes-drawn',
} as const;

export function markDrawn(name: string, detail: unknown) {
  if (typeof performance === 'undefined' || !performance.mark) return;
  performance.clearMarks(name);
  performance.mark(name, { detail });
}

/**
 * Calls `drawn` at the end of the first frame that shows a change of the layer's source made just
 * before `arm()` (call it after the source has changed: the source's own change event is past then).
 * A canvas layer draws a change in the next frame. A WebGL vector layer first builds its buffers
 * (partly in a worker) and calls `changed()` on the layer when they are ready: the change is on
 * screen in the frame after that, so `asyncBuffers` waits for that `change` event first.
 */
export function whenDrawn(layer: Layer, asyncBuffers: boolean, drawn: () => void) {
  let state: 'idle' | 'buffering' | 'next-frame' = 'idle';
  const onChange = () => {
    if (state === 'buffering') state = 'next-frame';
  };
  const onPostRender = () => {
    if (state !== 'next-frame') return;
    state = 'idle';
    drawn();
  };
  layer.on('change', onChange);
  layer.on('postrender', onPostRender);
  return {
    arm() {
      state = asyncBuffers ? 'buffering' : 'next-frame';
    },
    dispose() {
      layer.un('change', onChange);
      layer.un('postrender', onPostRender);
    },
  };
}
