import { expect, type Page } from '@playwright/test';

/** A rectangle in the page's CSS pixels. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** What the map element says of the last fit that ended (`data-last-fit`). */
export interface LastFit {
  fit: number;
  onScreen: [number, number, number, number];
  bounds: [number, number, number, number];
  zoom: number;
}

const overlaps = (a: Box, b: Box) =>
  Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
  Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;

/**
 * The workspace's fits and panels as a test sees them (issue 18): the last fit, the map's
 * rectangle and every box docked over the map (`data-map-cover`), measured in the browser.
 */
export class Fits {
  constructor(readonly page: Page) {}

  async lastFit(): Promise<LastFit | null> {
    const text = await this.page.getByTestId('map').getAttribute('data-last-fit');
    return text ? (JSON.parse(text) as LastFit) : null;
  }

  /** Waits for a fit after `before` (a fit's number; 0: any) to end, and answers it. */
  async nextFit(before: number): Promise<LastFit> {
    await expect
      .poll(async () => (await this.lastFit())?.fit ?? 0, { timeout: 30_000 })
      .toBeGreaterThan(before);
    return (await this.lastFit()) as LastFit;
  }

  async fitNumber(): Promise<number> {
    return (await this.lastFit())?.fit ?? 0;
  }

  /** Where the middle of the last fitted extent lies, in CSS px from the map's middle (for `Portal.clickOnMap`). */
  async lastFitOffset(): Promise<[number, number]> {
    const fit = await this.nextFit(0);
    const map = await this.page.getByTestId('map').boundingBox();
    const [left, top, right, bottom] = fit.onScreen;
    return [(left + right) / 2 - (map?.width ?? 0) / 2, (top + bottom) / 2 - (map?.height ?? 0) / 2];
  }

  /** The map element and the visible covers (name: the cover's test id or tag), page CSS pixels. */
  async layout(): Promise<{ map: Box; covers: Array<Box & { name: string }> }> {
    return this.page.evaluate(() => {
      const box = (element: Element) => {
        const { left, top, right, bottom } = element.getBoundingClientRect();
        return { left, top, right, bottom };
      };
      const map = box(document.querySelector('[data-testid="map"]') as Element);
      const covers = [...document.querySelectorAll('[data-map-cover]')]
        .filter((element) => {
          const rect = element.getBoundingClientRect();
          return rect.width > 0 && rect.height > 0 && getComputedStyle(element).visibility !== 'hidden';
        })
        .map((element) => ({
          ...box(element),
          name: element.getAttribute('data-testid') ?? element.tagName.toLowerCase(),
        }));
      return { map, covers };
    });
  }

  /** The fitted extent lies on the map and under no cover (what overlaps which, when it does not). */
  async expectFitUncovered(fit: LastFit) {
    const { map, covers } = await this.layout();
    const [left, top, right, bottom] = fit.onScreen;
    const fitted = {
      left: map.left + left,
      top: map.top + top,
      right: map.left + right,
      bottom: map.top + bottom,
    };
    expect(fitted.left, 'fitted extent left of the map').toBeGreaterThanOrEqual(map.left - 0.5);
    expect(fitted.top, 'fitted extent above the map').toBeGreaterThanOrEqual(map.top - 0.5);
    expect(fitted.right, 'fitted extent right of the map').toBeLessThanOrEqual(map.right + 0.5);
    expect(fitted.bottom, 'fitted extent below the map').toBeLessThanOrEqual(map.bottom + 0.5);
    const under = covers.filter((cover) =>
      // A point has no size: it is covered when it lies inside a cover.
      fitted.left === fitted.right
        ? fitted.left > cover.left &&
          fitted.left < cover.right &&
          fitted.top > cover.top &&
          fitted.top < cover.bottom
        : overlaps(fitted, cover),
    );
    expect(
      under.map((cover) => cover.name),
      `fitted ${JSON.stringify(fitted)}`,
    ).toEqual([]);
  }

  /** No two visible covers overlap. */
  async expectNoOverlap() {
    const { covers } = await this.layout();
    const pairs: string[] = [];
    for (const [i, a] of covers.entries())
      for (const b of covers.slice(i + 1)) if (overlaps(a, b)) pairs.push(`${a.name} × ${b.name}`);
    expect(pairs).toEqual([]);
  }
}
