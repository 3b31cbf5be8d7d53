import type { AoiGeoJson } from '@satportal/contract';
import type { Extent } from 'ol/extent';
import type { Geometry } from 'ol/geom';
import MultiPolygon from 'ol/geom/MultiPolygon';
import type OlMap from 'ol/Map';
import { toLonLat } from 'ol/proj';
import { savedAreaFeature } from './layers/areas';
import type { ViewFitted } from './types';
import { extentOnScreen, fitExtent, fitMaxZoom, isPointExtent } from './view';
import { coveredInsets, fitInsets, type Insets, mapCoverAttribute, type Rect } from './visibleArea';

/**
 * Fit padding of spec 000 §2: 200 px (a POI), 300 px around an AOI; compare's point only needs to
 * be clear of the panels.
 */
export const fitPadding = { default: 200, aoi: 300, compare: 24 } as const;

/**
 * The one fit of the map (issue 18). Whatever is fitted — a saved AOI, a POI, a searched point,
 * archive results or a scene, tasking passes, order areas, my-data rings, the compared scenes —
 * lands in the part of the map no panel covers: every box docked over the map carries
 * `data-map-cover`, their rectangles are measured when the fit starts, and the covered depth of
 * each edge is added to the spec's padding (300 px around an AOI, 200 px otherwise), which shrinks
 * where the room left is small. The closest zoom follows the object's size (`fitMaxZoom`).
 */
export class MapFitter {
  private fits = 0;

  constructor(
    private readonly map: OlMap,
    private readonly fitted: (fit: ViewFitted) => void,
  ) {}

  /** `zoom`: exactly this zoom (a point at compare's 13) instead of the closest the object's size allows. */
  fit(target: Geometry | Extent | undefined, options: { padding: number; maxZoom?: number; zoom?: number }) {
    if (!target) return;
    const extent = Array.isArray(target) ? target : target.getExtent();
    if (!extent.every(Number.isFinite)) return;
    const view = this.map.getView();
    const size = this.map.getSize();
    const element = this.map.getTargetElement();
    if (!size || !element) return;
    const [width = 0, height = 0] = size;
    const insets = coveredInsets(element.getBoundingClientRect(), coversOver(element));
    const padding = fitInsets({ width, height }, insets, options.padding);
    // A point already clear of the panels at the map's middle stays there: no needless jump sideways.
    if (isPointExtent(extent) && middleIsClear(padding, width, height)) padding.fill(0);
    const maxZoom = options.zoom ?? fitMaxZoom(extent, view.getZoom(), options.maxZoom);
    const fit = ++this.fits;
    fitExtent(view, extent, padding, maxZoom, () => {
      const [west = 0, south = 0] = toLonLat([extent[0] ?? 0, extent[1] ?? 0]);
      const [east = 0, north = 0] = toLonLat([extent[2] ?? 0, extent[3] ?? 0]);
      this.fitted({
        fit,
        onScreen: extentOnScreen(view, extent, size) as ViewFitted['onScreen'],
        bounds: [west, south, east, north],
        zoom: view.getZoom() ?? 0,
      });
    });
  }
}

function middleIsClear([top, right, bottom, left]: Insets, width: number, height: number) {
  return (
    left <= width / 2 && width - right >= width / 2 && top <= height / 2 && height - bottom >= height / 2
  );
}

/** Rings of [lon, lat] (footprints, passes, my-data scenes) as one geometry in the map's projection. */
export function ringsGeometry(rings: readonly number[][][]): MultiPolygon | undefined {
  if (rings.length === 0) return undefined;
  return new MultiPolygon(rings.map((ring) => [ring])).transform('EPSG:4326', 'EPSG:3857');
}

/** AOIs (a search's areas) as one geometry, their parts split at ±180° put side by side as shown. */
export function areasGeometry(areas: readonly AoiGeoJson[]): MultiPolygon | undefined {
  const parts = areas.flatMap(
    (geojson) => savedAreaFeature({ id: 0, name: '', geojson }).getGeometry()?.getPolygons() ?? [],
  );
  return parts.length ? new MultiPolygon(parts) : undefined;
}

/** The visible boxes docked over the map (a hidden or collapsed one has no size). */
function coversOver(element: HTMLElement, except?: Element): Rect[] {
  return [...element.ownerDocument.querySelectorAll(`[${mapCoverAttribute}]`)]
    .filter((cover) => cover !== except)
    .map((cover) => cover.getBoundingClientRect())
    .filter((rect) => rect.width > 0 && rect.height > 0);
}

/** The map's rectangle and those of the boxes docked over it (but `except`). */
export function measureCovers(map: OlMap, except?: Element): { map: Rect; covers: Rect[] } | null {
  const element = map.getTargetElement();
  if (!element) return null;
  return { map: element.getBoundingClientRect(), covers: coversOver(element, except) };
}
