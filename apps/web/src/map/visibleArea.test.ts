import { describe, expect, it } from 'vitest';
import { coveredInsets, fitInsets, freeSpan, minimumFitMarginPx, uncoveredArea } from './visibleArea';

/** A 1366×768 window: the map right of the 56 px menu. */
const map = { left: 56, top: 0, right: 1366, bottom: 768 };
const size = { width: 1310, height: 768 };

describe('coveredInsets', () => {
  it('takes the side panel and the result list off the left edge, the tool bar off the right', () => {
    const sidePanel = { left: 56, top: 0, right: 436, bottom: 768 };
    const results = { left: 448, top: 92, right: 848, bottom: 732 };
    const toolbar = { left: 1306, top: 12, right: 1354, bottom: 470 };
    expect(coveredInsets(map, [sidePanel, results, toolbar])).toEqual([0, 60, 0, 792]);
  });

  it('takes a wide, low box off the top and a readout off the bottom', () => {
    const searchBoxes = { left: 448, top: 12, right: 908, bottom: 84 };
    const readout = { left: 586, top: 738, right: 836, bottom: 760 };
    expect(coveredInsets(map, [searchBoxes, readout])).toEqual([84, 0, 30, 0]);
  });

  it('ignores what lies outside the map and counts only the part of a cover over it', () => {
    const menu = { left: 0, top: 0, right: 56, bottom: 768 };
    const halfOut = { left: 1300, top: -50, right: 1400, bottom: 300 };
    expect(coveredInsets(map, [menu, halfOut])).toEqual([0, 66, 0, 0]);
  });

  it('is zero without covers or without a map', () => {
    expect(coveredInsets(map, [])).toEqual([0, 0, 0, 0]);
    expect(coveredInsets({ left: 0, top: 0, right: 0, bottom: 0 }, [map])).toEqual([0, 0, 0, 0]);
  });
});

describe('fitInsets', () => {
  it("adds the spec's padding to each covered edge when there is room", () => {
    expect(fitInsets({ width: 1864, height: 1080 }, [84, 60, 30, 0], 200)).toEqual([284, 260, 230, 200]);
  });

  it('shrinks the padding so that the object keeps half the uncovered room', () => {
    // 1310 − 792 − 60 = 458 px wide left uncovered: a quarter of it on each side.
    const [top, right, bottom, left] = fitInsets(size, [0, 60, 0, 792], 300);
    expect(left).toBeCloseTo(792 + 458 / 4, 6);
    expect(right).toBeCloseTo(60 + 458 / 4, 6);
    expect(size.width - left - right).toBeCloseTo(458 / 2, 6);
    // 768 px high, nothing covered: 192 px each side.
    expect([top, bottom]).toEqual([192, 192]);
  });

  it(`keeps at least ${minimumFitMarginPx} px of margin`, () => {
    // 130 px left uncovered: a quarter of it (32.5 px) would be too little air.
    const [, right, , left] = fitInsets(size, [0, 0, 0, 1180], 300);
    expect(left).toBe(1180 + minimumFitMarginPx);
    expect(right).toBe(minimumFitMarginPx);
    expect(size.width - left - right).toBe(50);
  });

  it('gives covers up in proportion where they leave no room, never leaving negative space', () => {
    const [, right, , left] = fitInsets(size, [0, 400, 0, 1200], 300);
    expect(size.width - left - right).toBe(minimumFitMarginPx);
    expect(left).toBeGreaterThan(right);
    expect(right).toBeGreaterThan(0);
  });

  it('works on a map too small for the margin', () => {
    const insets = fitInsets({ width: 60, height: 40 }, [0, 0, 0, 100], 200);
    const [top, right, bottom, left] = insets;
    expect(60 - left - right).toBeGreaterThan(0);
    expect(40 - top - bottom).toBeGreaterThan(0);
    for (const inset of insets) expect(inset).toBeGreaterThanOrEqual(0);
  });
});

describe('uncoveredArea', () => {
  it('is the map less its covered edges, from its top left', () => {
    expect(uncoveredArea(size, [84, 60, 30, 792])).toEqual({ left: 792, top: 84, right: 1250, bottom: 738 });
  });
});

describe('freeSpan', () => {
  const band = { top: 680, bottom: 724 };
  it('takes the widest stretch of its band that no box covers', () => {
    // Side panel and result list on the left (to 848 px); a cart box above the band on the right;
    // the cursor readout below it.
    const covers = [
      { left: 56, top: 0, right: 436, bottom: 768 },
      { left: 448, top: 92, right: 848, bottom: 732 },
      { left: 962, top: 410, right: 1302, bottom: 672 },
      { left: 612, top: 740, right: 810, bottom: 762 },
    ];
    expect(freeSpan(map, covers, band, 720)).toEqual({ centre: (848 + 1366) / 2, width: 486 });
    expect(freeSpan(map, [], band, 720)).toEqual({ centre: 711, width: 720 });
    // A box stacked right above the band (touching it by a pixel) does not take it.
    const stacked = { left: 962, top: 410, right: 1302, bottom: 681 };
    expect(freeSpan(map, [covers[1]!, stacked], band, 720)).toEqual({ centre: (848 + 1366) / 2, width: 486 });
  });

  it('gives up where too little is free', () => {
    expect(freeSpan(map, [{ left: 56, top: 0, right: 1100, bottom: 768 }], band, 720)).toBeNull();
  });
});
