import { expect, test } from '@playwright/test';
import { demo, Portal } from './driver';

test('a decimal entry centres the map there and marks it; clearing the box removes the mark', async ({
  page,
}) => {
  const portal = new Portal(page);
  await portal.goOffline();
  await portal.logIn(demo);
  await expect.poll(() => portal.mapCentre()).toBe('41.400000,116.500000');
  expect(await portal.searchedPoint()).toBeNull();

  await portal.searchCoordinates('39.9042,116.4074');
  await expect.poll(() => portal.mapCentre()).toBe('39.904200,116.407400');
  await expect.poll(() => portal.searchedPoint()).toBe('39.904200,116.407400');
  // Zoomed out (2): the search zooms in to 10.
  await expect(portal.zoomLevel()).toHaveText('10');

  // Degrees-minutes-seconds: S and W are negative; the zoom (≥ 8) is kept; the marker moves.
  await portal.page.getByTestId('zoom-out').click();
  await expect(portal.zoomLevel()).toHaveText('9');
  await portal.searchCoordinates(`33°51'54"S,151°12'36"W`);
  await expect.poll(() => portal.mapCentre()).toBe('-33.865000,-151.210000');
  await expect.poll(() => portal.searchedPoint()).toBe('-33.865000,-151.210000');
  await expect(portal.zoomLevel()).toHaveText('9');

  await portal.clearCoordinateSearch();
  await expect.poll(() => portal.searchedPoint()).toBeNull();
  expect(await portal.mapCentre()).toBe('-33.865000,-151.210000');
});

test('a rejected entry says why, in both languages, and leaves the map as it was', async ({ page }) => {
  const portal = new Portal(page);
  await portal.goOffline();
  await portal.logIn(demo);
  await portal.searchCoordinates('10,20');
  await expect.poll(() => portal.searchedPoint()).toBe('10.000000,20.000000');
  await expect.poll(() => portal.mapCentre()).toBe('10.000000,20.000000');

  for (const entry of ['1,2,3', '91,0']) {
    await portal.searchCoordinates(entry);
    await portal.expectToast('Wrong coordinates');
    await expect(portal.coordinateSearchBox()).toHaveAttribute('aria-invalid', 'true');
    expect(await portal.mapCentre()).toBe('10.000000,20.000000');
    expect(await portal.searchedPoint()).toBe('10.000000,20.000000');
  }

  await portal.switchLanguage('zh');
  await portal.searchCoordinates('0,180');
  await portal.expectToast('坐标有误');
  expect(await portal.mapCentre()).toBe('10.000000,20.000000');
  expect(await portal.searchedPoint()).toBe('10.000000,20.000000');
});
