import { expect, test } from '@playwright/test';
import { Portal } from './driver';

/**
 * An account at its node limit (issue 26: 10,000 folders, AOIs and POIs) still has a usable POI
 * centre: the browser reads the whole list page after page (the server answers at most 1,000 nodes
 * at a time) and draws a step of 200 children at a time. Before, 10,000 POIs drawn at once showed
 * nothing after five minutes on the 2-core machine.
 */
const points = (count: number, first: number) =>
  Buffer.from(
    JSON.stringify({
      type: 'FeatureCollection',
      features: Array.from({ length: count }, (_, i) => ({
        type: 'Feature',
        properties: { name: `Station ${first + i}` },
        geometry: {
          type: 'Point',
          coordinates: [75 + (i % 100) * 0.01, 18 + Math.floor((first + i) / 100) * 0.01],
        },
      })),
    }),
  );

test('a POI centre of 10,000 POIs shows them a step at a time and finds the last one', async ({ page }) => {
  // two uploads at the features-per-file limit (5,000) fill the account; each takes up to a minute here
  test.setTimeout(360_000);
  const portal = new Portal(page);
  await portal.logInNewUser('en');
  const token = await portal.stored('token');
  for (const first of [0, 5000]) {
    const response = await page.request.post('/api/v1/aois/upload', {
      headers: { authorization: `Bearer ${token}` },
      multipart: {
        poiParentId: '-1',
        file: {
          name: `stations-${first}.geojson`,
          mimeType: 'application/json',
          buffer: points(5000, first),
        },
      },
      timeout: 150_000,
    });
    expect((await response.json()).data).toMatchObject({ poiCount: 5000 });
  }
  await page.reload();

  await portal.openPanel(2);
  const nodes = page.getByTestId('area-node');
  const more = page.getByTestId('area-show-more');
  // the root and the first 200 POIs; the row below counts all 10,000 (every page was read)
  await expect(more).toHaveText('Show 200 more (200 of 10,000 shown)', { timeout: 60_000 });
  await expect(nodes).toHaveCount(201);
  await expect(portal.areaNode('Station 199')).toBeVisible();
  await expect(portal.areaNode('Station 200')).toHaveCount(0);

  await more.click();
  await expect(nodes).toHaveCount(401);
  await expect(more).toHaveText('Show 200 more (400 of 10,000 shown)');
  await expect(portal.areaNode('Station 399')).toBeAttached();

  // the last one, never drawn so far, is found by the filter
  await page.getByTestId('area-filter').getByRole('searchbox').fill('Station 9999');
  await expect(portal.areaNode('Station 9999')).toBeVisible();
  await expect(nodes).toHaveCount(2);
  await expect(more).toHaveCount(0);
});
