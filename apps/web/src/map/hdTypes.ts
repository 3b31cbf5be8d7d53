/**
 * The HD image map's vocabulary (issue 15; spec 000 §2, §4 "HD tile outcome"). No `ol` import:
 * React and the tests use these without OpenLayers.
 */

/** What became of one HD tile, by its `X-Status` header (else its HTTP status). */
export type HdTileOutcome =
  | 'draw'
  | 'quotaSpent'
  | 'notSubscribed'
  | 'keyExpired'
  | 'noCredential'
  | 'failed';

/** Spec 000 §4: 200 draws; 602 and 403 are the quota's (dialog, zoom 12); 601 and 401 fail the tile. */
export function hdTileOutcome(httpStatus: number, xStatus: string | null): HdTileOutcome {
  const status = xStatus !== null && /^\d{3}$/.test(xStatus.trim()) ? Number(xStatus) : httpStatus;
  switch (status) {
    case 200:
      return httpStatus >= 200 && httpStatus < 300 ? 'draw' : 'failed';
    case 602:
      return 'quotaSpent';
    case 403:
      return 'notSubscribed';
    case 601:
      return 'keyExpired';
    case 401:
      return 'noCredential';
    default:
      return 'failed';
  }
}

/** The HD map as shown: the year drawn (left of the swipe), the one compared (right), the swipe. */
export interface HdView {
  year: number;
  /** the second year, drawn right of the divider; null without a comparison */
  compareYear: number | null;
}

export interface HdState extends HdView {
  /** the divider's place, 0 (left edge) … 1 (right edge) */
  swipeFraction: number;
  /** the refusal that capped the zoom at 12 while the HD map stays (null: none yet) */
  refusal: 'quotaSpent' | 'notSubscribed' | null;
}

export interface HdEvents {
  /** The HD map was shown, changed or hidden (null). */
  hdChanged: HdState | null;
  /** A tile above zoom 12 was refused for the quota: said once per showing; the zoom is now capped at 12. */
  hdQuotaRefused: 'quotaSpent' | 'notSubscribed';
  /** A tile was refused for its credential (401: the session may have ended; 601). */
  hdCredentialRefused: 'noCredential' | 'keyExpired';
}
