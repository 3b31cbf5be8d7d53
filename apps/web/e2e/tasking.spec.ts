import { expect, test } from '@playwright/test';
import { createUser, Portal, uiText as text } from './driver';

/** A UTC day some days from today, YYYY-MM-DD (the browser runs in the machine's zone, UTC here). */
const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

// A quadrilateral of about 94 × 122 km around Beijing (116.0–117.1° E, 39.45–40.55° N) at zoom 9,
// where a degree of longitude is 364 px: larger than any optical pass images whole at 25° off-nadir
// (issue 28 #2: the request a customer made, 8,754 km² with the spec's defaults, predicted nothing).
const beijingArea = [
  [-200, -260],
  [200, -260],
  [200, 260],
  [-200, 260],
] as const;

for (const language of ['en', 'zh'] as const) {
  test(`(${language}) tasking predicts the passes over a drawn AOI by date, hover stands out, Back; a start 16 days ahead is refused`, async ({
    page,
  }) => {
    // Five predictions and an order dialog: on a loaded 2-core machine over two minutes.
    test.setTimeout(240_000);
    const portal = new Portal(page);
    await portal.logInNewUser(language);

    // Without an AOI the tab says so, as the archive tab does.
    await portal.openTasking();
    await expect(page.getByTestId('tasking-aoi')).toHaveText(text(language, 'search.noAoiSelected'));
    await expect(page.getByTestId('tasking-order')).toBeDisabled();
    await expect(page.getByTestId('tasking-order')).toHaveText(text(language, 'tasking.orderNow'));

    await portal.centreMap(40, 116.55, 9);
    await portal.drawPolygon(beijingArea);
    await expect.poll(() => portal.currentAoi()).not.toBeNull();
    await expect(page.getByTestId('tasking-aoi')).toContainText(text(language, 'search.drawnAoi'));

    // The spec's defaults (tomorrow to 30 days ahead, cloud 15, coverage 100, off-nadir 25): no
    // single pass images the whole area, so nothing is listed — the spec's order.nullbody flow,
    // said as which limits left the passes out…
    await portal.predictPasses();
    const counted = text(language, 'tasking.leftOut', { cloud: '__n__', coverage: '__n__' });
    const leftOut = new RegExp(counted.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('__n__', '\\d+'));
    await portal.expectToast(leftOut);
    await expect(page.getByTestId('tasking-empty')).toHaveText(leftOut);
    await expect(page.getByTestId('tasking-order-prediction')).toBeDisabled();

    // …with the capture plan (issue 28 #2): the fewest passes that cover the AOI, each with what it
    // adds and its chance of clear sky, and when the order is likely complete.
    const plan = page.getByTestId('tasking-plan');
    await expect(plan).toContainText(text(language, 'tasking.planTitle'));
    const planned = page.getByTestId('plan-pass');
    await expect(planned.first()).toBeVisible();
    const plannedIds = await planned.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-pass-id')));
    // Several passes together: one cannot image it all.
    expect(plannedIds.length).toBeGreaterThan(1);
    const pattern = (key: string, params: Record<string, string>) => {
      const names = Object.keys(params);
      let source = text(language, key, Object.fromEntries(names.map((n) => [n, `__${n}__`])));
      source = source.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      for (const n of names) source = source.replace(`__${n}__`, params[n] as string);
      return new RegExp(`^${source}$`);
    };
    const number = '[\\d,]+(\\.\\d+)?';
    await expect(page.getByTestId('plan-summary')).toHaveText(
      pattern('tasking.planSummary_other', {
        count: String(plannedIds.length),
        coverage: number,
        coverable: number,
        candidates: number,
      }),
    );
    for (const row of await planned.all()) {
      await expect(row.getByTestId('plan-pass-clear')).toHaveText(
        pattern('tasking.clearChance', { value: `${number}%` }),
      );
      await expect(row.getByTestId('plan-pass-adds')).toHaveText(
        pattern('tasking.planAdds', { value: `${number}%` }),
      );
    }
    // The completion day at the chosen confidence, or the chance of completing within the window.
    const completes = pattern('tasking.planCompletes', { day: '\\d{4}-\\d{2}-\\d{2}' });
    const notWithin = pattern('tasking.planNotWithin', { chance: `${number}%` });
    const completion = new RegExp(`${completes.source}|${notWithin.source}`);
    await expect(page.getByTestId('plan-completion')).toHaveText(completion);
    await page.getByTestId('plan-confidence').click();
    await page.getByRole('option', { name: '50%' }).click();
    await expect(page.getByTestId('plan-confidence')).toContainText('50%');
    await expect(page.getByTestId('plan-completion')).toHaveText(completion);

    // "Use these limits" predicts again with the limits that list every planned pass.
    const limitsText = pattern('tasking.planLimits', { cc: '(\\d+)', ac: '(\\d+)' });
    await expect(page.getByTestId('plan-limits-text')).toHaveText(limitsText);
    const [, cc, ac] =
      limitsText.exec((await page.getByTestId('plan-limits-text').textContent()) ?? '') ?? [];
    await page.getByTestId('plan-apply').click();
    await expect(portal.taskingFigure('coverage')).toHaveText(/^\d+\.\d{2}%$/, { timeout: 30_000 });
    const listedIds = await portal
      .passes()
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-pass-id')));
    for (const id of plannedIds) expect(listedIds).toContain(id);
    await expect(page.getByTestId('tasking-order-prediction')).toBeEnabled();
    await portal.backToTaskingForm();
    // The form keeps the limits used.
    await expect(page.getByTestId('tasking-cc')).toHaveValue(cc as string);
    await expect(page.getByTestId('tasking-ac')).toHaveValue(ac as string);
    expect(Number(ac)).toBeLessThan(100);

    // Any cloud, any part of the AOI, one day: every pass of the day.
    await portal.setTaskingDates(dayAhead(1), dayAhead(1));
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

    await expect(first.getByTestId('pass-clear')).toHaveText(
      pattern('tasking.clearChance', { value: `${number}%` }),
    );
    // Any sky will do: the plan is certain once its passes have come, so it names the day.
    await expect(page.getByTestId('plan-pass-clear').first()).toHaveText(
      pattern('tasking.clearChance', { value: '100%' }),
    );
    await expect(page.getByTestId('plan-completion')).toHaveText(
      pattern('tasking.planCompletes', { day: '\\d{4}-\\d{2}-\\d{2}' }),
    );
    await expect(page.getByTestId('plan-limits')).toHaveCount(0);

    // The price is for the part of the AOI the passes can image, and says so (issue 28 #3): one
    // day's passes image a part of this area (3–66 % on the days measured when this was written).
    const coverage = Number((await portal.taskingFigure('coverage').textContent())?.replace('%', ''));
    expect(coverage).toBeLessThan(100);
    await page.getByTestId('tasking-order-prediction').click();
    await expect(page.getByTestId('order-tasking')).toBeVisible();
    await expect(page.getByTestId('order-summary')).toBeVisible();
    // A level prices the order.
    await page.locator('[data-testid^="order-level-"]').first().click();
    await expect(page.getByTestId('order-estimate').first()).toBeVisible();
    await expect(page.getByTestId('order-priced-area')).toContainText(
      new RegExp(`${coverage.toFixed(2).replace('.', '\\.')}%`),
    );
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('order-tasking')).toHaveCount(0);

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
