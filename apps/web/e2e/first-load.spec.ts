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

test('the language and base-map menus, left out of the first load, open by keyboard and by pointer', async ({
  page,
}) => {
  const portal = new Portal(page);
  const menuCode: string[] = [];
  page.on('request', (request) => {
    if (/\/dropdownPart-[\w-]+\.js$/.test(request.url())) menuCode.push(request.url());
  });
  await portal.logInNewUser();
  await expect(page.getByTestId('map').locator('canvas').first()).toBeVisible();
  expect(menuCode, 'the menus’ code is not in the first load').toEqual([]);

  // Keyboard: the focus brings the code; Space opens the menu, and the focus stays on the switch.
  const language = page.getByTestId('language-switch');
  await language.focus();
  await expect.poll(() => menuCode.length).toBe(1);
  await expect(language).toBeFocused();
  await page.keyboard.press(' ');
  await expect(page.getByTestId('language-option-zh')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('language-option-zh')).toBeHidden();

  // Pointer, the code already here: the first click opens the base-map menu, and a choice applies.
  await page.getByTestId('base-map-switch').click();
  await page.getByTestId('base-map-offline').click();
  await expect(page.getByTestId('base-map-switch')).toHaveAttribute('data-base-map', 'offline');
  expect(menuCode).toHaveLength(1);
});
