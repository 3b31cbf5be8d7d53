import { expect, test } from '@playwright/test';
import { Portal, square, uiText } from './driver';
import { OrderCentreDriver } from './orderCentreDriver';
import {
  createUserWithEmail,
  type ListedSubscription,
  SubscriptionCreateDriver,
  utcDay,
} from './subscriptionDriver';

/**
 * The subscription create panel (search centre, AOI Subscription tab; spec 000 §2, §5, §9; issue
 * 16): its defaults, the client checks in the spec's order, a subscription over a drawn AOI stored
 * with the form's values, 4154 for the same AOI in an overlapping period, the no-archive dialog's
 * subscription tab, and Re-subscribe of an archive order filling the form.
 */

// The browser's days are UTC days; the test users have no zone of their own.
test.use({ timezoneId: 'UTC' });

for (const language of ['en', 'zh'] as const) {
  const text = (key: string, params?: Record<string, string>) => uiText(language, key, params);

  test(`(${language}) subscription panel: defaults, each check, a subscription over a drawn AOI, 4154 for the same AOI and period`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const portal = new Portal(page);
    const panel = new SubscriptionCreateDriver(portal);
    const user = await createUserWithEmail();
    await portal.goOffline();
    await portal.logIn(user);
    if (language === 'zh') await portal.switchLanguage('zh');

    // The defaults of spec 000 §5: today … +90, cloud 20, off-nadir 45, solar angle 0, coverage 10, A and B.
    await panel.open();
    await expect(panel.field('aoi')).toHaveText(text('search.noAoiSelected'));
    await expect(panel.dates().nth(0)).toHaveValue(utcDay(0));
    await expect(panel.dates().nth(1)).toHaveValue(utcDay(90));
    await expect(panel.field('cc')).toHaveValue('20');
    await expect(panel.field('ona')).toHaveValue('45');
    await expect(panel.field('sza')).toHaveValue('0');
    await expect(panel.field('ac')).toHaveValue('10');
    await expect(panel.qualities().nth(0)).toBeChecked();
    await expect(panel.qualities().nth(1)).toBeChecked();
    await expect(panel.field('email')).toHaveValue(user.email);
    await expect(panel.field('email')).not.toBeEditable();

    // No AOI is the first thing said.
    await panel.submit();
    await panel.expectToast(text('subscribe.noAoi'));

    await portal.centreMap(30, 100, 8);
    await portal.drawPolygon(square(120));
    await expect.poll(() => portal.currentAoi()).not.toBeNull();
    await expect(panel.field('aoi')).toContainText(text('search.drawnAoi'));
    await expect(panel.field('name')).toHaveAttribute(
      'placeholder',
      `AOI Subscription for ${text('subscribe.drawnAoi')}`,
    );

    // Then the qualities, then the satellite groups.
    for (const box of await panel.qualities().all()) await box.uncheck();
    await panel.submit();
    await panel.expectToast(text('search.chooseQuality'));
    for (const box of await panel.qualities().all()) await box.check();
    await page.getByTestId('subscription-sat-groups-clear').click();
    await panel.submit();
    await panel.expectToast(text('placeholder.selectSatellite'));
    await page.getByTestId('subscription-sat-groups-all').click();

    // The picker offers yesterday … +180 days only.
    await panel.dates().nth(0).click();
    await expect(page.locator(`.ant-picker-dropdown td[title="${utcDay(-2)}"]`).first()).toHaveClass(
      /ant-picker-cell-disabled/,
    );
    await expect(page.locator(`.ant-picker-dropdown td[title="${utcDay(-1)}"]`).first()).not.toHaveClass(
      /ant-picker-cell-disabled/,
    );
    await page.keyboard.press('Escape');

    const name = `Harbour ${language} ${Date.now().toString(36)}`;
    await panel.field('name').fill(name);
    await panel.setNumber('cc', 30);
    await panel.setNumber('sza', 15);
    // The filled panel and the refusal, kept with the test's results for a look.
    await portal.panel(1).screenshot({ path: test.info().outputPath(`panel-${language}.png`) });
    await panel.submit();
    await expect(page.getByTestId('subscription-created')).toContainText(text('subscribe.createOK'));
    await panel.expectToast(text('subscribe.createOK'));

    // Stored with the form's values.
    const listed = await panel.listed();
    expect(listed).toHaveLength(1);
    const stored = listed[0] as ListedSubscription;
    const aoi = await portal.currentAoi();
    expect(stored).toMatchObject({
      name,
      aoiName: text('subscribe.drawnAoi'),
      aoiId: null,
      fdate: utcDay(0),
      tdate: utcDay(90),
      userEmail: user.email,
      condition: { cc: 30, ac: 10, ona: 45, sza: 15, orbit: 0, productQualities: ['A', 'B'] },
    });
    expect(stored.satIds.length).toBeGreaterThan(0);
    expect(stored.boundaries.type).toBe('Polygon');
    const ring = (stored.boundaries.coordinates as number[][][])[0] ?? [];
    const drawn = aoi?.geojson.coordinates[0] ?? [];
    for (const corner of drawn)
      expect(ring.some((p) => Math.hypot(p[0]! - corner[0]!, p[1]! - corner[1]!) < 1e-6)).toBe(true);

    // The same AOI in an overlapping period: 4154's sentence in the panel, nothing stored.
    await panel.field('name').fill(`${name} again`);
    await panel.submit();
    await expect(page.getByTestId('subscription-refusal')).toHaveText(text('subscribe.sameAoiSamePeriod'));
    expect(await panel.listed()).toHaveLength(1);
    await portal.panel(1).screenshot({ path: test.info().outputPath(`refused-${language}.png`) });
  });

  test(`(${language}) the no-archive dialog's subscription tab subscribes the search that found nothing`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const portal = new Portal(page);
    const panel = new SubscriptionCreateDriver(portal);
    await portal.logInNewUser(language);

    // Mid-Pacific: the archive (scenes over land) has nothing there.
    await portal.centreMap(0, -150, 5);
    await portal.drawPolygon(square(150));
    await expect.poll(() => portal.currentAoi()).not.toBeNull();
    await portal.openArchiveSearch();
    await portal.setArchiveNumber('cc', 70);
    await portal.runArchiveSearch();
    await expect(portal.noArchiveDialog()).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('no-archive-tab-subscription').click();
    const dates = page.getByTestId('no-archive-subscription-dates').locator('input');
    await expect(dates.nth(0)).toHaveValue(utcDay(0));
    await expect(dates.nth(1)).toHaveValue(utcDay(90));
    await page.getByTestId('no-archive-subscription-name').fill(`Pacific ${language}`);
    await page.getByTestId('no-archive-subscribe').click();
    await expect(page.getByTestId('no-archive-subscription-created')).toContainText(
      text('subscribe.createOK'),
    );

    const [stored] = await panel.listed();
    expect(stored).toMatchObject({
      name: `Pacific ${language}`,
      fdate: utcDay(0),
      tdate: utcDay(90),
      // The search's cloud; the subscription's own coverage default.
      condition: { cc: 70, ac: 10, ona: 45, sza: 0, productQualities: ['A', 'B'] },
    });
    await page.getByTestId('no-archive-subscription-open-centre').click();
    await expect(portal.noArchiveDialog()).toHaveCount(0);
    await expect(portal.panel(6)).toBeVisible();
  });

  test(`(${language}) Re-subscribe of an archive order fills the subscription tab with the order's parameters`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const portal = new Portal(page);
    const panel = new SubscriptionCreateDriver(portal);
    const centre = new OrderCentreDriver(portal);
    await portal.logInNewUser(language);
    const aoiName = `Lake ${language} ${Date.now().toString(36)}`;
    const [order] = await centre.placeArchiveOrders(aoiName, 1);
    if (!order) return;

    await centre.open();
    await centre.openOrder(order.orderId);
    await page.getByTestId('order-resubscribe').click();
    await expect(portal.panel(1)).toBeVisible();
    await expect(panel.form()).toBeVisible();
    await expect(panel.field('aoi')).toContainText(aoiName);
    await expect(page.getByTestId('subscription-map-aoi')).toBeVisible();
    await expect(panel.dates().nth(0)).toHaveValue(utcDay(0));
    await expect(panel.dates().nth(1)).toHaveValue(utcDay(90));
    // The order's search kept every scene: cloud 100, off-nadir 90 (the subscription's most is 45).
    await expect(panel.field('cc')).toHaveValue('100');
    await expect(panel.field('ona')).toHaveValue('45');
    await expect(panel.field('ac')).toHaveValue('10');

    await panel.submit();
    await expect(page.getByTestId('subscription-created')).toBeVisible();
    const [stored] = await panel.listed();
    expect(stored).toMatchObject({
      aoiName,
      name: `AOI Subscription for ${aoiName}`,
      condition: { cc: 100, ac: 10, ona: 45 },
    });

    // Giving the drafted AOI up leaves the map's (none here).
    await page.getByTestId('subscription-map-aoi').click();
    await expect(panel.field('aoi')).toHaveText(text('search.noAoiSelected'));
  });
}
