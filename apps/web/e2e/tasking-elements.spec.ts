import { expect, test } from '@playwright/test';
import { Portal, uiText as text } from './driver';

/** A UTC day some days from today, YYYY-MM-DD. */
const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

// About 60 × 50 km around Beijing after the coordinate search (zoom 10), as tasking.spec.ts draws it.
const quadrilateral = [
  [-120, -80],
  [110, -90],
  [130, 70],
  [-100, 90],
] as const;

/** A message as a pattern, its placeholders standing for the given patterns. */
function pattern(language: 'en' | 'zh', key: string, params: Record<string, string>): RegExp {
  const names = Object.keys(params);
  let source = text(language, key, Object.fromEntries(names.map((n) => [n, `__${n}__`])));
  source = source.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const n of names) source = source.replace(`__${n}__`, params[n] as string);
  return new RegExp(`^${source}$`);
}

for (const language of ['en', 'zh'] as const) {
  test(`(${language}) the tasking panel shows each predicted satellite's element age and that no source refreshes them (issue 28)`, async ({
    page,
  }) => {
    const portal = new Portal(page);
    await portal.logInNewUser(language);
    await portal.openTasking();
    await portal.searchCoordinates('39.9,116.4');
    await expect(portal.zoomLevel()).toHaveText('10');
    await portal.clearCoordinateSearch();
    await portal.drawPolygon(quadrilateral);
    await expect.poll(() => portal.currentAoi()).not.toBeNull();
    await portal.setTaskingDates(dayAhead(1), dayAhead(3));
    await page.getByTestId('tasking-cc').fill('100');
    await page.getByTestId('tasking-ac').fill('0');
    await portal.predictPasses();
    await expect(portal.taskingFigure('coverage')).toHaveText(/^\d+\.\d{2}%$/, { timeout: 30_000 });

    // The demo has no source of elements (ORBITAL_ELEMENTS_URL): the staleness warning stays, and
    // the note says nothing refreshes them, with each predicted satellite's age and epoch.
    await expect(page.getByTestId('tasking-stale')).toContainText(text(language, 'tasking.staleTitle'));
    const note = page.getByTestId('tasking-elements');
    await expect(note).toContainText(text(language, 'tasking.elementsNoSource'));
    await expect(page.getByTestId('tasking-elements-failed')).toHaveCount(0);
    const ages = page.getByTestId('tasking-element-ages').locator('li');
    await expect(ages.first()).toHaveText(
      pattern(language, 'tasking.elementsAge', {
        satName: '.+',
        days: '[\\d,]+\\.\\d',
        epoch: '\\d{4}-\\d{2}-\\d{2}',
      }),
    );
    // Every satellite with a pass has its age listed.
    const passSatellites = new Set(await portal.passes().getByTestId('pass-sat').allTextContents());
    const listed = await ages.allTextContents();
    for (const name of passSatellites) expect(listed.some((line) => line.startsWith(name))).toBe(true);
  });
}
