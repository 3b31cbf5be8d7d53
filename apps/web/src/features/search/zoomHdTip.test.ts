import { describe, expect, it } from 'vitest';
import { isZoomHdTipDue, zoomHdTipSuppressed } from './zoomHdTip';

describe('the zoom-to-HD tip (spec 000 §2, §9)', () => {
  it('is due above zoom 12, not at 12', () => {
    expect(isZoomHdTipDue(12, null)).toBe(false);
    expect(isZoomHdTipDue(12.4, null)).toBe(true);
    expect(isZoomHdTipDue(13, null)).toBe(true);
    expect(isZoomHdTipDue(2, null)).toBe(false);
  });

  it('never shows again once isNoZoomHdTip is set', () => {
    expect(isZoomHdTipDue(15, zoomHdTipSuppressed)).toBe(false);
    // Anything else (another version's value, a hand edit) does not suppress it.
    expect(isZoomHdTipDue(15, 'false')).toBe(true);
  });
});
