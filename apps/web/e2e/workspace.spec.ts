import { expect, test } from '@playwright/test';
import { demo, Portal } from './driver';

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
