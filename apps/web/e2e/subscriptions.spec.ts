import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { Portal, uiText } from './driver';
import { Fits } from './fitsDriver';
import { aoiInside, SubscriptionsDriver, type UpcomingScene, utcDay } from './subscriptionsDriver';

/**
 * The subscription centre, its red dot and the notice dialog (spec 000 §2, §6, §7; issue 16): a
 * subscription fires when the operator's hook adds a matching scene (the dot, the count, the new
 * image in the result list and on the map, the dot cleared by opening the centre), 4154 for an
 * overlapping one, an ended one searched again, resubscribed and deleted, and a notice shown once.
 */

// One after the other: each test moves the shared living archive on, and reads what it will add.
test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: 'UTC', viewport: { width: 1440, height: 900 } });

const shots = resolve(import.meta.dirname, '../../../.tmp/w2-shots');
mkdirSync(shots, { recursive: true });

/** The optical scenes of the next advance a subscription's defaults would take, one footprint part each. */
const matchable = (scenes: UpcomingScene[]) =>
  scenes.filter(
    (s) =>
      s.sensorType === 1 &&
      s.footprint.type === 'Polygon' &&
      s.footprint.coordinates.length === 1 &&
      (s.offNadir ?? 0) <= 45 &&
      (s.productQuality === 'A' || s.productQuality === 'B'),
  );

for (const language of ['en', 'zh'] as const) {
  const text = (key: string, params?: Record<string, string>) => uiText(language, key, params);

  test(`(${language}) a subscription fires on a new scene: the dot, the centre, the new image in the list and on the map; 4154; an ended one re-searched, resubscribed, deleted`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const portal = new Portal(page);
    const subs = new SubscriptionsDriver(portal);
    const user = await SubscriptionsDriver.createUser();
    await portal.goOffline();
    await portal.logIn(user);
    if (language === 'zh') await portal.switchLanguage('zh');

    // An AOI inside a scene the next advance adds, with a window covering it.
    // The small e2e archive (and the other language's run, which advanced it already) can leave the
    // next 48 hours without such a scene (zh, 2026-11-28): look up to a week ahead.
    let hours = 0;
    let target: UpcomingScene | undefined;
    for (const ahead of [48, 96, 168]) {
      hours = ahead;
      const upcoming = matchable(await subs.upcoming(ahead));
      target = upcoming.find((s) => aoiInside(s.footprint.coordinates[0] as [number, number][]));
      if (target) break;
    }
    expect(target, 'an optical scene of the next week with room for an AOI').toBeDefined();
    if (!target) return;
    const aoi = aoiInside(target.footprint.coordinates[0] as [number, number][]);
    if (!aoi) return;
    const created = await subs.subscribe({
      name: `Harbour ${language}`,
      boundaries: aoi,
      satIds: [target.satelliteId],
      // from yesterday: the next advance starts where the archive's reach stands, which may be
      // before today's 00:00 UTC (the e2e server was seeded before midnight)
      fdate: utcDay(-1),
      tdate: utcDay(3, Date.parse(target.acquiredAt)),
    });
    expect(created.code, created.message).toBe(2000);
    const id = created.data.id;

    // No match yet: no dot.
    await subs.reloadHome();
    await expect(subs.dot()).toHaveCount(0);

    // The scene arrives and is matched: the dot appears with the next look at the status.
    await subs.advance(hours);
    await subs.reloadHome();
    await expect(subs.dot()).toBeVisible();

    // The centre: In Process (1), the new-image count; opening it cleared the dot.
    await subs.openCentre();
    await expect(subs.tab('inProcess')).toHaveText(text('subscriptionCentre.tabs.inProcess', { count: '1' }));
    const item = subs.item(id);
    await expect(item).toBeVisible();
    const nums = Number(await item.getAttribute('data-nums'));
    expect(nums).toBeGreaterThanOrEqual(1);
    await expect(item.getByTestId('subscription-nums')).toHaveText(nums > 99 ? '99+' : String(nums));
    await expect(subs.dot()).toHaveCount(0);
    await page.screenshot({ path: resolve(shots, `centre-${language}.png`) });

    // Its new images: the scene in the result list, on the map, the map moved to them.
    const fits = new Fits(page);
    const fitsBefore = await fits.fitNumber();
    await item.getByTestId('subscription-open').click();
    await expect(page.getByTestId('results-panel')).toBeVisible();
    await expect(page.getByTestId('results-title')).toHaveText(
      text('subscriptionCentre.itemsTitle', { name: `Harbour ${language}` }),
    );
    await expect(page.getByTestId('results-total')).toHaveText(String(nums));
    // The map is fitted to them, clear of the panels (issue 18): the fitted extent holds the new
    // scene's footprint and lies under no panel (the map's own centre may be under the list).
    const fit = await fits.nextFit(fitsBefore);
    const ring = target.footprint.coordinates[0] as [number, number][];
    const [west, south, east, north] = fit.bounds;
    for (const [lon, lat] of ring) {
      expect(lon).toBeGreaterThanOrEqual(west - 1e-6);
      expect(lon).toBeLessThanOrEqual(east + 1e-6);
      expect(lat).toBeGreaterThanOrEqual(south - 1e-6);
      expect(lat).toBeLessThanOrEqual(north + 1e-6);
    }
    await fits.expectFitUncovered(fit);
    await portal.showSceneFromList(target.id);
    await expect
      .poll(async () => (await portal.shownQuicklooks()).map((q) => q.sceneId))
      .toContain(target.id);
    await page.screenshot({ path: resolve(shots, `items-${language}.png`) });

    // Read: a reload shows no dot.
    await subs.reloadHome();
    await expect(subs.dot()).toHaveCount(0);

    // The same AOI in an overlapping period: 4154.
    const twice = await subs.subscribe({
      name: `Harbour again ${language}`,
      boundaries: aoi,
      satIds: [target.satelliteId],
      fdate: utcDay(1),
      tdate: utcDay(5),
    });
    expect(twice.code).toBe(4154);

    // An ended subscription (yesterday … yesterday) over a scene of yesterday.
    const yesterday = utcDay(-1);
    const old = await subs.ingestSceneOn(yesterday);
    const ended = await subs.subscribe({
      name: `Yesterday ${language}`,
      boundaries: old.aoi,
      satIds: [old.satId],
      fdate: yesterday,
      tdate: yesterday,
    });
    expect(ended.code, ended.message).toBe(2000);
    await subs.openCentre();
    await subs.tab('ended').click();
    await expect(subs.tab('ended')).toHaveText(text('subscriptionCentre.tabs.ended', { count: '1' }));
    const endedItem = subs.item(ended.data.id);
    await expect(endedItem).toHaveAttribute('data-status', '20');
    await expect(endedItem.getByTestId('subscription-open')).toHaveCount(0);
    await page.screenshot({ path: resolve(shots, `centre-ended-${language}.png`) });

    // Re-search: the archive search with its AOI and condition finds yesterday's scene.
    await endedItem.getByTestId('subscription-research').click();
    await expect(portal.panel(1)).toBeVisible();
    await expect(page.getByTestId('results-title')).toHaveText(text('results.title'));
    await portal.resultRow(old.sceneId);

    // Resubscribe: the subscription tab opens with its AOI and values.
    await subs.openCentre();
    await subs.tab('ended').click();
    await subs.item(ended.data.id).getByTestId('subscription-resubscribe').click();
    await expect(page.getByTestId('subscription-form')).toBeVisible();
    await expect(page.getByTestId('subscription-aoi')).toContainText(`Yesterday ${language} AOI`);
    await expect(page.getByTestId('subscription-cc')).toHaveValue('100');

    // Delete (confirmed): it leaves the list.
    await subs.openCentre();
    await subs.tab('ended').click();
    await subs.item(ended.data.id).getByTestId('subscription-delete').click();
    await page.getByTestId('subscription-delete-ok').click();
    await expect(subs.item(ended.data.id)).toHaveCount(0);
    await expect(subs.tab('ended')).toHaveText(text('subscriptionCentre.tabs.ended', { count: '0' }));
  });

  test(`(${language}) a published notice shows once with its line breaks; OK marks it read`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const portal = new Portal(page);
    const subs = new SubscriptionsDriver(portal);
    const user = await SubscriptionsDriver.createUser();
    await portal.goOffline();
    await portal.logIn(user);
    if (language === 'zh') await portal.switchLanguage('zh');
    await expect(subs.notice('ok')).toHaveCount(0);

    const title = `Release ${language} <b>4.2</b>`;
    await subs.publishNotice({
      type: 3,
      title,
      content: 'line1\nline2 <i>not italic</i>',
      organisation: user.organisation,
    });
    await page.reload();
    await expect(subs.notice('type')).toHaveText(text('notice.types.3'));
    await expect(subs.notice('title')).toHaveText(title);
    const lines = subs.notice('content').locator('p');
    await expect(lines).toHaveText(['line1', 'line2 <i>not italic</i>']);
    await expect(subs.notice('content').locator('i, b')).toHaveCount(0);
    await page.screenshot({ path: resolve(shots, `notice-${language}.png`) });

    const read = page.waitForResponse((r) => r.url().includes('/read') && r.request().method() === 'PUT');
    await subs.notice('ok').click();
    expect((await read).status()).toBe(200);
    await expect(subs.notice('content')).toHaveCount(0);

    const unread = page.waitForResponse((r) => r.url().includes('/api/v1/notices/unread'));
    await page.reload();
    await unread;
    await expect(page.getByTestId('map')).toBeVisible();
    await expect(subs.notice('content')).toHaveCount(0);
  });
}
