import { type Browser, expect } from '@playwright/test';
import { type Account, Portal } from './driver';

/** A window size of the layout tests: the small laptop and the full-HD screen. */
export type Viewport = { width: number; height: number };

/**
 * The address bar as a user meets it (issue 28 #6): what it names, Back, Forward, reload, a
 * copied link; and the same link opened by someone else in a browser of their own.
 */
export class PlaceDriver {
  constructor(readonly portal: Portal) {}

  get page() {
    return this.portal.page;
  }

  /** The query parameters the address bar shows now. */
  params(): Record<string, string> {
    return Object.fromEntries(new URL(this.page.url()).searchParams);
  }

  /** Waits until the address bar names exactly these parameters (on the workspace's path). */
  async expectPlace(expected: Record<string, string>) {
    await expect.poll(() => this.params()).toEqual(expected);
    expect(new URL(this.page.url()).pathname).toBe('/');
  }

  async back() {
    await this.page.goBack();
  }

  async forward() {
    await this.page.goForward();
  }

  /**
   * Loads the page again, as F5 does, and waits for the map: a whole load of the application and
   * its map chunk, which on a loaded 2-core machine took over 10 s (CI, stop 34).
   */
  async reload() {
    await this.page.reload();
    await expect(this.page.getByTestId('map')).toBeVisible({ timeout: 30_000 });
  }

  /** Clicks a copy-link button and returns what landed on the clipboard. */
  async copyLink(testId: string): Promise<string> {
    await this.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await this.page.evaluate(() => navigator.clipboard.writeText(''));
    await this.page.getByTestId(testId).click();
    let text = '';
    await expect
      .poll(async () => {
        text = await this.page.evaluate(() => navigator.clipboard.readText());
        return text;
      })
      .not.toBe('');
    return text;
  }

  /**
   * Opens a link in a new browser (no session: the login page comes first) as `account`, in
   * `language`, and logs in there: the portal answers at the link's place. The caller closes it.
   */
  static async openLinkAs(
    browser: Browser,
    link: string,
    account: Account,
    language: 'en' | 'zh',
    viewport: Viewport,
  ) {
    const context = await browser.newContext({ viewport });
    const portal = new Portal(await context.newPage());
    await portal.goOffline();
    await portal.open(link);
    // The guard sends an unknown visitor to the login page, which keeps where they were going.
    await expect(portal.page).toHaveURL(/\/login$/);
    if (language === 'zh') await portal.switchLanguage('zh');
    await portal.fillLogin(account);
    // A first load of the application and its map chunk in a new browser, as `reload` waits.
    await expect(portal.page.getByTestId('map')).toBeVisible({ timeout: 30_000 });
    return { portal, place: new PlaceDriver(portal), close: () => context.close() };
  }
}
