import { expect, type Request, test } from '@playwright/test';
import { CartDriver, cartFigureNames } from './cartDriver';
import { createUser, Portal, square, uiText } from './driver';

/**
 * The cart box (spec 000 §2 "Cart box with area calculation", §4 "Scene in cart", §5 "Map and
 * AOI"; issue 13): scenes added by a group check and a checkbox, the figures as the API computes
 * them, the gap drawn on the map, removal one by one down to zero totals without a call for the
 * empty cart, the cart kept over a reload, and Order (n) refused without archive permission.
 */

/** The archive search of archiveResults.spec.ts: ~20° × 20° over central Africa, any cloud. */
async function searchCentralAfrica(portal: Portal) {
  await portal.centreMap(0, 30, 5);
  await portal.drawPolygon(square(220));
  await expect.poll(() => portal.currentAoi()).not.toBeNull();
  await portal.openArchiveSearch();
  await portal.setArchiveNumber('cc', 100);
  await portal.runArchiveSearch();
  await expect(portal.resultsPanel()).toBeVisible({ timeout: 30_000 });
}

const isAreaCalculation = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/orders/area-calculation';

for (const language of ['en', 'zh'] as const) {
  const text = (key: string, params?: Record<string, string>) => uiText(language, key, params);
  const number = (value: number) =>
    new Intl.NumberFormat(language === 'zh' ? 'zh-CN' : 'en', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(value);
  const area = (value: number) => `${number(value)} km²`;

  test(`(${language}) the cart box: add by group and checkbox, the API's figures and the gap, delete one by one to zero, kept over a reload`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const portal = new Portal(page);
    const cart = new CartDriver(portal);
    await portal.logInNewUser(language);
    const calls: Request[] = [];
    page.on('request', (request) => {
      if (isAreaCalculation(request)) calls.push(request);
    });

    await searchCentralAfrica(portal);
    const group = await portal.checkFirstResultGroup();
    await expect(cart.box()).toBeVisible();
    await expect(cart.count()).toHaveText(String(group.count));
    // A scene of another group, by its own checkbox.
    const inCart = await cart.sceneIds();
    const other = (await portal.allListedSceneIds()).find((id) => !inCart.includes(id));
    expect(other).toBeTruthy();
    await cart.checkScene(other ?? '');
    await expect(cart.count()).toHaveText(String(group.count + 1));
    await cart.settled();

    // The figures are the API's answer for the stored cart, in the language's notation.
    const stored = await cart.stored();
    expect(stored?.scenes.map((s) => s.sceneId).sort()).toEqual([...inCart, other].sort());
    expect(stored?.search?.aois).toHaveLength(1);
    const api = await cart.apiFigures(stored ?? { scenes: [], search: null });
    const shown = await cart.figureValues();
    for (const name of cartFigureNames) expect(shown[name], name).toBe(api[name]);
    expect(api.totalArea).toBeGreaterThan(0);
    expect(api.gapArea).toBeGreaterThan(0);
    for (const name of [
      'totalArea',
      'overlapArea',
      'orderArea',
      'overlapChargeableArea',
      'gapArea',
    ] as const) {
      await expect(cart.figure(name)).toHaveText(area(api[name]));
    }
    const symbol = api.currencyType === 2 ? '€' : '$';
    await expect(cart.figure('estimatedOrderAmount')).toHaveText(
      `${symbol}${number(api.estimatedOrderAmount)}`,
    );
    await expect(cart.box().getByText(text('cart.totalArea'), { exact: true })).toBeVisible();

    // The gap is drawn on the map with its area as the label.
    await expect(cart.box()).toHaveAttribute(
      'data-gap-drawn',
      text('cart.gapLabel', { area: area(api.gapArea) }),
    );

    // Many clicks in a row ask once, for the cart as it ends up.
    const before = calls.length;
    await page.locator('[data-testid="result-sat-group"]').first().getByRole('checkbox').uncheck();
    await page.locator('[data-testid="result-sat-group"]').first().getByRole('checkbox').check();
    await cart.settled();
    expect(calls.length - before).toBeLessThanOrEqual(1);

    // Kept over a reload, for this user.
    const ids = (await cart.sceneIds()).sort();
    await page.reload();
    // The reload also opens the search's results again (issue 28 #6): more to draw on a loaded machine.
    await expect(cart.box()).toBeVisible({ timeout: 30_000 });
    expect((await cart.sceneIds()).sort()).toEqual(ids);
    await cart.settled();
    expect(await cart.figureValues()).toEqual(shown);

    // Delete one by one: the figures follow; the last leaves zeros and no call for an empty cart.
    let remaining = ids.length;
    for (const id of ids) {
      await cart.deleteScene(id);
      remaining -= 1;
      await expect(cart.count()).toHaveText(String(remaining));
    }
    await expect(page.getByTestId('cart-empty')).toHaveText(text('cart.empty'));
    const afterEmpty = calls.length;
    for (const name of cartFigureNames) {
      await expect(cart.figure(name)).toHaveAttribute('data-value', '0');
    }
    await expect(cart.figure('totalArea')).toHaveText(area(0));
    await expect(cart.box()).not.toHaveAttribute('data-gap-drawn');
    await page.waitForTimeout(1000);
    expect(calls.slice(afterEmpty)).toEqual([]);
    expect(
      calls.every((call) => (call.postDataJSON() as { ipr: { ips: unknown[] } }).ipr.ips.length > 0),
    ).toBe(true);
    expect(await cart.stored()).toBeNull();
    await expect(page.getByTestId('cart-order')).toBeDisabled();
  });
}

test('another user on the same browser never sees the cart; an account without archive ordering cannot order', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const portal = new Portal(page);
  const cart = new CartDriver(portal);
  await portal.logInNewUser('en');
  await searchCentralAfrica(portal);
  await portal.checkFirstResultGroup();
  await expect(cart.box()).toBeVisible();
  await expect(page.getByTestId('results-order')).toBeEnabled();
  await expect(page.getByTestId('cart-order')).toBeEnabled();

  // A tasking-only account signs in on the same browser: an empty cart, ordering refused.
  await portal.logOut();
  await portal.logIn(await createUser({ orderTypes: '4' }));
  await expect(cart.box()).toHaveCount(0);
  await searchCentralAfrica(portal);
  await portal.checkFirstResultGroup();
  await expect(cart.box()).toBeVisible();
  await expect(page.getByTestId('cart-order')).toBeDisabled();
  await expect(page.getByTestId('results-order')).toBeDisabled();
  await page.getByTestId('cart-order-no-permission').hover();
  await expect(
    page.getByRole('tooltip').filter({ hasText: uiText('en', 'cart.noPermission') }),
  ).toBeVisible();
});
