import { fromLonLat, get as getProjection, toLonLat } from 'ol/proj';
import View from 'ol/View';
import type { LatLon, ViewState } from './types';

/** The opening view of the workspace (spec 000 §2). */
export const initialView = {
  center: { lat: 41.4, lon: 116.5 },
  zoom: 2,
  maxZoom: 24,
} as const;

const projection = 'EPSG:3857';

/** The whole web-Mercator world: the view may not leave it. */
export function worldExtent(): number[] {
  const extent = getProjection(projection)?.getExtent();
  if (!extent) throw new Error(`${projection} is not registered`);
  return extent;
}

export function createWorkspaceView(): View {
  const { center, zoom, maxZoom } = initialView;
  return new View({
    projection,
    center: fromLonLat([center.lon, center.lat]),
    zoom,
    maxZoom,
    // Only the centre is held inside the world: constraining the whole view would force the centre
    // to 0° whenever the world is narrower than the screen (zoom 2 on most screens), losing the
    // spec's 116.5 E. Beyond ±180° the base maps repeat, so no blank is ever seen sideways.
    extent: worldExtent(),
    constrainOnlyCenter: true,
    enableRotation: false,
    // Whole zoom levels after a wheel or pinch, as the level display shows.
    constrainResolution: true,
  });
}

/**
 * The position under a map coordinate, with the longitude brought back into −180…180 where the
 * world repeats; null above or below the world (a zoomed-out map's margins).
 */
export function latLonAt(coordinate: readonly number[]): LatLon | null {
  const [x = Number.NaN, y = Number.NaN] = coordinate;
  const [minX = 0, minY = 0, maxX = 0, maxY = 0] = worldExtent();
  if (!(y >= minY && y <= maxY) || !Number.isFinite(x)) return null;
  const width = maxX - minX;
  const wrappedX = x - Math.floor((x - minX) / width) * width;
  const [lon = 0, lat = 0] = toLonLat([Math.min(wrappedX, maxX), y], projection);
  return { lat, lon };
}

/**
 * A coordinate search (or a POI) keeps the zoom from `keepFrom` to `keepUpTo` and goes to `target`
 * otherwise: from far out it zooms in, and from closer than any area fit (a small AOI once fitted at
 * 18, or the user's own zooming) it zooms out, so the searched place is seen with its surroundings.
 */
export const searchZoom = { keepFrom: 8, keepUpTo: 16, target: 10 } as const;

/** The zoom a coordinate search ends at: the current one when already close enough (8 to 16), else 10. */
export function zoomForSearchedPoint(currentZoom: number | undefined): number {
  const keep =
    currentZoom !== undefined && currentZoom >= searchZoom.keepFrom && currentZoom <= searchZoom.keepUpTo;
  return keep ? currentZoom : searchZoom.target;
}

const zoomAnimationMs = 250;
const fitAnimationMs = 300;

/** The view's zoom, its limits and its centre (as the controller reports them). */
export function viewStateOf(view: View): ViewState {
  const [lon = 0, lat = 0] = toLonLat(view.getCenter() ?? [0, 0]);
  return {
    zoom: view.getZoom() ?? 0,
    minZoom: view.getMinZoom(),
    maxZoom: view.getMaxZoom(),
    center: { lat, lon },
  };
}

/** One whole zoom level in or out; repeated clicks continue from where the running animation would have ended. */
export function zoomBy(view: View, delta: number) {
  const zoom = view.getZoom();
  if (zoom === undefined) return;
  if (view.getAnimating()) view.cancelAnimations();
  view.animate({ zoom: view.getConstrainedZoom(Math.round(zoom) + delta), duration: zoomAnimationMs });
}

/** No fit of an area comes closer than this: a small AOI or scene still shows its surroundings. */
export const areaFitMaxZoom = searchZoom.keepUpTo;

/** An extent of no width and no height: a point (a POI, a searched coordinate). */
export function isPointExtent([minX = 0, minY = 0, maxX = 0, maxY = 0]: readonly number[]): boolean {
  return minX === maxX && minY === maxY;
}

/**
 * The closest zoom a fit may reach, by the object's size: a point (a POI, a searched coordinate)
 * goes to 10 unless the map is already at 8 or closer, as the coordinate search; an area no closer
 * than `areaFitMaxZoom`; `cap` (a caller's own limit, such as compare's 13) lowers it further.
 */
export function fitMaxZoom(extent: readonly number[], currentZoom: number | undefined, cap?: number): number {
  const zoom = isPointExtent(extent) ? zoomForSearchedPoint(currentZoom) : areaFitMaxZoom;
  return cap === undefined ? zoom : Math.min(zoom, cap);
}

/**
 * Fit the view to an extent with padding (top, right, bottom, left, CSS px), no closer than
 * `maxZoom`; `onFitted` runs once the animation has ended (not when another one cut it short).
 */
export function fitExtent(
  view: View,
  extent: number[],
  padding: [number, number, number, number],
  maxZoom: number,
  onFitted?: () => void,
) {
  if (view.getAnimating()) view.cancelAnimations();
  view.fit(extent, {
    padding,
    duration: fitAnimationMs,
    maxZoom,
    callback: (complete) => {
      if (complete) onFitted?.();
    },
  });
}

/** Where an extent lies on the map after a fit, in CSS pixels from the map's top left (left, top, right, bottom). */
export function extentOnScreen(view: View, extent: readonly number[], size: readonly number[]): number[] {
  const [centreX = 0, centreY = 0] = view.getCenter() ?? [];
  const resolution = view.getResolution() ?? 1;
  const [width = 0, height = 0] = size;
  const [minX = 0, minY = 0, maxX = 0, maxY = 0] = extent;
  const x = (at: number) => (at - centreX) / resolution + width / 2;
  const y = (at: number) => (centreY - at) / resolution + height / 2;
  return [x(minX), y(maxY), x(maxX), y(minY)];
}
