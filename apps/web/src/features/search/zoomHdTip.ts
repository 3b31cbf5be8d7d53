/**
 * The zoom-to-HD tip box (spec 000 §2 "Result list", §9): above zoom 12 the ordinary base maps run
 * out of detail, so the map suggests the HD image map, unless the user asked never to see the tip
 * again (local key `isNoZoomHdTip`).
 */
export const zoomHdTipKey = 'isNoZoomHdTip';

/** Spec 000 §9: "HD tip above zoom 12". */
export const hdTipAboveZoom = 12;

/** The value `isNoZoomHdTip` holds once the user chose "don't show again". */
export const zoomHdTipSuppressed = 'true';

/** Whether the tip is due at this zoom with this stored choice. */
export function isZoomHdTipDue(zoom: number, stored: string | null): boolean {
  return zoom > hdTipAboveZoom && stored !== zoomHdTipSuppressed;
}
