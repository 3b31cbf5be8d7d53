import { expect, test } from '@playwright/test';
import { Portal } from './driver';
import { describeScripts, firstLoadBudgetKiB, firstLoadScripts, kib } from './firstLoad';

/**
 * The first-load budget (issue 29): the JavaScript a signed-in user's browser fetches to show the
 * map, gzipped, stays within `firstLoadBudgetKiB`. Sizes, not times: the same build gives the same
 * figure on any machine.
 */
test('the map route loads no more JavaScript than its budget', async ({ page, browser, baseURL }) => {
  const signIn = new Portal(page);
  await signIn.logInNewUser();
  // A new context with the session and an empty cache: every script is fetched, as on a first visit.
  const context = await browser.newContext({ baseURL, storageState: await page.context().storageState() });
  try {
    const fresh = await context.newPage();
    const portal = new Portal(fresh);
    await portal.goOffline();
    const files = await firstLoadScripts(fresh, portal);
    const total = kib(files.reduce((sum, f) => sum + f.gzip, 0));
    expect(files.length).toBeGreaterThan(0);
    expect(
      total,
      `${total.toFixed(1)} KiB gzipped in ${files.length} scripts:\n${describeScripts(files).join('\n')}`,
    ).toBeLessThanOrEqual(firstLoadBudgetKiB);
  } finally {
    await context.close();
  }
});
