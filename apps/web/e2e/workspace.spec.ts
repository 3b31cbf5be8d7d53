import { expect, test } from '@playwright/test';
import { demo, Portal, uiText } from './driver';

test('the language switch changes the map page and survives a reload', async ({ page }) => {
  const portal = new Portal(page);
  await portal.logIn(demo);
  await expect(page.getByTestId('menu-5')).toHaveAccessibleName('Account centre');
  await portal.switchLanguage('zh');
  await expect(page.getByTestId('menu-5')).toHaveAccessibleName('账户中心');
  expect(await portal.stored('lang')).toBe('zh');
  await page.reload();
  await expect(page.getByTestId('menu-5')).toHaveAccessibleName('账户中心');
  await portal.openPanel(0);
  await expect(portal.panel(0)).toContainText('AOI');
  await portal.switchLanguage('en');
  await expect(page.getByTestId('menu-5')).toHaveAccessibleName('Account centre');
});

test("the page is the production build, whoever built it (not React's development code)", async ({
  page,
}) => {
  // A build made under vitest's NODE_ENV=test (a db test's `npm start` on a clean clone) was React's
  // development code, which every later end-to-end test ran against in CI.
  const scripts: string[] = [];
  const messages: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  page.on('console', (message) => messages.push(message.text()));
  const portal = new Portal(page);
  await portal.logIn(demo);
  await expect(page.getByTestId('menu-5')).toBeVisible();
  expect(scripts.length).toBeGreaterThan(5);
  expect(scripts.filter((path) => /jsx-dev-runtime/.test(path))).toEqual([]);
  // Development React greets the console with its DevTools hint; the production build never does.
  expect(messages.filter((text) => text.includes('React DevTools'))).toEqual([]);
});

test('a panel opened while the switch to Chinese is still loading shows in Chinese', async ({ page }) => {
  // Chinese's first messages arrive late (a slow network, or a busy machine as in CI): the account
  // centre is opened meanwhile, and its chunk asks for its later messages before the switch applies.
  let delayed = 0;
  await page.route('**/assets/first-*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    // Chinese's own first part (the English one names the language 中文 too).
    if (body.includes('账户中心')) {
      delayed += 1;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    await route.fulfill({ response, body });
  });
  const portal = new Portal(page);
  await portal.logIn(demo);
  await page.getByTestId('language-switch').first().click();
  await page.getByTestId('language-option-zh').click();
  await page.getByTestId('menu-5').click();
  await expect(page.getByTestId('menu-5')).toHaveAccessibleName('账户中心');
  expect(delayed).toBe(1);
  await expect(page.getByTestId('account-request-type')).toHaveText(
    uiText('zh', 'account.requestOwnCompany'),
  );
});

test('only one panel is open at a time, and toggling the open one closes it', async ({ page }) => {
  const portal = new Portal(page);
  await portal.logIn(demo);
  for (const index of [0, 1, 2, 3, 4, 5, 6]) {
    await portal.openPanel(index);
    await expect(portal.panel(index)).toBeVisible();
    await expect(portal.openPanels()).toHaveCount(1);
  }
  await portal.openPanel(6);
  await expect(portal.openPanels()).toHaveCount(0);
});

test('the map is drawn from the offline base map with no network', async ({ page }) => {
  const portal = new Portal(page);
  await portal.goOffline();
  await portal.logIn(demo);
  await expect.poll(() => portal.mapColours(), { timeout: 15_000 }).toBeGreaterThan(3);
  await expect(page.getByTestId('zoom-level')).toHaveText('2');
  await page.getByTestId('zoom-in').click();
  await expect(page.getByTestId('zoom-level')).toHaveText('3');
  await page.getByTestId('map').hover({ position: { x: 400, y: 300 } });
  await expect(page.getByTestId('cursor-position')).toHaveText(/^-?\d+\.\d{6}, -?\d+\.\d{6}$/);
});
