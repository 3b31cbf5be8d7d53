import { expect, type Response } from '@playwright/test';
import type { Portal } from './driver';

/** What a user does with the HD image map (spec 000 §2, issue 15): the driver of hd-map.spec.ts. */
export class HdMapDriver {
  constructor(readonly portal: Portal) {}

  get page() {
    return this.portal.page;
  }

  /** Chooses "HD image map" in the map switch and waits for its box. */
  async choose() {
    await this.page.getByTestId('base-map-switch').click();
    await this.page.getByTestId('base-map-hd').click();
    await expect(this.controls()).toBeVisible();
    await expect(this.page.getByTestId('base-map-switch')).toHaveAttribute('data-base-map', 'hd');
  }

  controls() {
    return this.page.getByTestId('hd-controls');
  }

  quotaDialog() {
    return this.page.getByTestId('hd-quota-text');
  }

  async closeQuotaDialog() {
    await this.page.getByTestId('hd-quota-close').click();
    await expect(this.quotaDialog()).toHaveCount(0);
  }

  /** Resolves with the next HD tile answer drawn (X-Status 200), e.g. to know the mosaic has loaded. */
  nextDrawnTile(): Promise<Response> {
    return this.page.waitForResponse(
      (response) =>
        /\/tiles\/hd\/\d+\/\d+\/\d+\/\d+/.test(response.url()) && response.headers()['x-status'] === '200',
    );
  }

  async compareWith(year: number) {
    await this.page.getByTestId('hd-compare').click();
    await this.page.getByTestId(`hd-compare-${year}`).click();
    await expect(this.page.getByTestId('hd-swipe-divider')).toBeVisible();
  }

  /** Copies a year's tile URL and returns what landed on the clipboard. */
  async copyUrl(year: number): Promise<string> {
    const read = () => this.page.evaluate(() => navigator.clipboard.readText());
    await this.page.evaluate(() => navigator.clipboard.writeText(''));
    await this.page.getByTestId(`hd-copy-${year}`).click();
    // The copy waits for this device's tile key first.
    await expect.poll(read).not.toBe('');
    return read();
  }

  /** The years offered, as the year selector lists them (its options render on opening). */
  async years(): Promise<number[]> {
    const copies = this.page.locator('[data-testid^="hd-copy-"]');
    return copies.evaluateAll((buttons) =>
      buttons.map((button) => Number(button.getAttribute('data-testid')?.replace('hd-copy-', ''))),
    );
  }
}
