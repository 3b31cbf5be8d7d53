import { expect, test } from '@playwright/test';
import { createUser, Portal, uiText as text } from './driver';

/** A UTC day some days from today, YYYY-MM-DD (the browser runs in the machine's zone, UTC here). */
const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

// A quadrilateral of about 60 × 50 km around Beijing after the coordinate search (zoom 10).
const quadrilateral = [
  [-120, -80],
  [110, -90],
  [130, 70],
  [-100, 90],
] as const;

for (const language of ['en', 'zh'] as const) {
  test(`(${language}) tasking predicts the passes over a drawn AOI by date, hover stands out, Back; a start 16 days ahead is refused`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const portal = new Portal(page);
    await portal.logInNewUser(language);

    // Without an AOI the tab says so, as the archive tab does.
    await portal.openTasking();
    await expect(page.getByTestId('tasking-aoi')).toHaveText(text(language, 'search.noAoiSelected'));
    await expect(page.getByTestId('tasking-order')).toBeDisabled();
    await expect(page.getByTestId('tasking-order')).toHaveText(text(language, 'tasking.orderNow'));

    await portal.searchCoordinates('39.9,116.4');
    await expect(portal.zoomLevel()).toHaveText('10');
    await portal.clearCoordinateSearch();
    await portal.drawPolygon(quadrilateral);
    await expect.poll(() => portal.currentAoi()).not.toBeNull();
    await expect(page.getByTestId('tasking-aoi')).toContainText(text(language, 'search.drawnAoi'));

    await portal.setTaskingDates(dayAhead(1), dayAhead(3));
    // No cloud at all and the whole AOI in one optical pass: nothing to predict — the spec's
    // order.nullbody flow, said as which limits left the passes out — and the form stays.
    await page.getByTestId('tasking-cc').fill('0');
    await page.getByTestId('tasking-ac').fill('100');
    await portal.predictPasses();
    const counted = text(language, 'tasking.leftOut', { cloud: '__n__', coverage: '__n__' });
    const leftOut = new RegExp(counted.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('__n__', '\\d+'));
    await portal.expectToast(leftOut);
    await expect(page.getByTestId('tasking-form')).toBeVisible();

    // Any cloud, any part of the AOI: every pass.
    await page.getByTestId('tasking-cc').fill('100');
    await page.getByTestId('tasking-ac').fill('0');
    await portal.predictPasses();
    await expect(portal.taskingResults()).toBeVisible();
    await expect(portal.taskingFigure('coverage')).toHaveText(/^\d+\.\d{2}%$/, { timeout: 30_000 });
    const total = Number(await portal.taskingFigure('total').textContent());
    expect(total).toBeGreaterThan(0);
    await expect(portal.passes()).toHaveCount(total);
    await expect(portal.taskingFigure('range')).toHaveText(/^\d{4}-\d{2}-\d{2}( ~ \d{4}-\d{2}-\d{2})?$/);

    // Grouped by date, in order; each pass with its time range, zone, satellite, metres and degrees.
    const dates = await portal
      .taskingDays()
      .evaluateAll((days) => days.map((d) => d.getAttribute('data-date')));
    expect(dates.length).toBeGreaterThan(0);
    expect([...dates].sort()).toEqual(dates);
    const first = portal.passes().first();
    await expect(first.getByTestId('pass-time')).toHaveText(/^\d{2}:\d{2}:\d{2} – \d{2}:\d{2}:\d{2}$/);
    await expect(first).toContainText('UTC+00:00');
    await expect(first.getByTestId('pass-sat')).not.toBeEmpty();
    await expect(first.getByTestId('pass-gsd')).toHaveText(
      new RegExp(`^\\d+\\.\\d{2} ${language === 'en' ? 'm' : '米'}$`),
    );
    await expect(first.getByTestId('pass-ona')).toHaveText(/\d+\.\d{2}°$/);
    await expect(first.getByTestId('pass-cloud')).toHaveText(
      new RegExp(`^${text(language, 'tasking.cloudForecast')} \\d+\\.\\d{2}%$`),
    );
    await expect(first.getByTestId('pass-coverage')).toHaveText(
      new RegExp(`^${text(language, 'tasking.passCoverage')} \\d+\\.\\d{2}%$`),
    );

    // The bundled orbital elements are months old: the staleness warning says so.
    await expect(page.getByTestId('tasking-stale')).toContainText(text(language, 'tasking.staleTitle'));

    // Hovering a pass makes its footprint stand out on the map.
    const before = await portal.mapPicture();
    await first.hover();
    await expect(first).toHaveAttribute('data-hovered', 'true');
    await expect.poll(() => portal.mapPicture()).not.toBe(before);

    await portal.backToTaskingForm();

    // A start more than 15 days ahead is refused with its message.
    await portal.setTaskingDates(dayAhead(16), dayAhead(18));
    await portal.predictPasses();
    await portal.expectToast(text(language, 'search.exceed15', { days: '15' }));
    await expect(page.getByTestId('tasking-form')).toBeVisible();
  });
}

test('an account without tasking permission (4) sees Ordering disabled', async ({ page }) => {
  const portal = new Portal(page);
  await portal.goOffline();
  await portal.logIn(await createUser({ orderTypes: '1' }));
  await portal.openTasking();
  await expect(page.getByTestId('tasking-order')).toBeDisabled();
  await expect(page.getByTestId('tasking-order')).toHaveText(text('en', 'tasking.orderingDisabled'));
  await expect(page.getByTestId('tasking-order-reason')).toHaveText(text('en', 'tasking.noPermission'));
});
