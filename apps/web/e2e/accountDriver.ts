import { expect } from '@playwright/test';
import type { Portal } from './driver';

/**
 * What a user does in the account centre (panel 5, spec 001 §2): the driver of account.spec.ts,
 * account-sign-out-everywhere.spec.ts and hd-map.spec.ts.
 */
export class AccountDriver {
  constructor(readonly portal: Portal) {}

  get page() {
    return this.portal.page;
  }

  async open() {
    await this.portal.showPanel(5);
    // After a reload the panel opens with the page (the address bar names it), its code loading
    // beside the map's on a loaded machine.
    await expect(this.page.getByTestId('account-centre')).toBeVisible({ timeout: 30_000 });
  }

  sessionExpires() {
    return this.page.getByTestId('account-session-expires');
  }

  /** Types into the zone filter and clicks the zone (null: the browser's zone). */
  async chooseTimeZone(zone: string | null, filter = zone ?? '') {
    await this.page.getByTestId('time-zone-filter').locator('input').fill(filter);
    const entry = this.page.getByTestId(zone ? `time-zone-${zone}` : 'time-zone-browser');
    await entry.scrollIntoViewIfNeeded();
    await entry.click();
    await expect(entry).toHaveAttribute('aria-pressed', 'true');
  }

  /** A figure of the usage box in bytes, as the server sent it. */
  async usageBytes(figure: 'total' | 'used' | 'surplus' | 'today' | 'day-limit' | 'day-surplus') {
    const element = this.page.getByTestId(`usage-${figure}`);
    await expect(element).toBeVisible();
    return Number(await element.getAttribute('data-bytes'));
  }

  /** Asks to sign out everywhere: the confirmation dialog opens (its title is returned). */
  async askSignOutEverywhere() {
    await this.page.getByTestId('sign-out-everywhere').click();
    const dialog = this.page.locator('.ant-modal-confirm');
    await expect(dialog).toBeVisible();
    return dialog;
  }

  /** Confirms, or keeps the sessions (cancel), in the open sign-out-everywhere dialog. */
  async answerSignOutEverywhere(answer: 'confirm' | 'cancel') {
    await this.page
      .getByTestId(answer === 'confirm' ? 'sign-out-everywhere-ok' : 'sign-out-everywhere-cancel')
      .click();
  }

  usageBox() {
    return this.page.getByTestId('usage-box');
  }

  /** The traffic chart's bars with a height (echarts draws each bar as an SVG path). */
  async chartBars(): Promise<number> {
    const chart = this.page.getByTestId('traffic-chart');
    await expect(chart.locator('svg')).toBeVisible();
    return chart.locator('svg path').evaluateAll(
      (paths) =>
        paths.filter((path) => {
          const box = (path as SVGGraphicsElement).getBBox();
          // Bars are filled rectangles wider than an axis tick; their fill is the series colour.
          return box.width > 2 && box.height > 0.5 && path.getAttribute('fill')?.toLowerCase() === '#1677ff';
        }).length,
    );
  }
}
