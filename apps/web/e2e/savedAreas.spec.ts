import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { Portal, uploadSample } from './driver';

/** What the AOI centre says, in each language. */
const words = {
  en: {
    root: 'My AOIs',
    created: 'Created',
    saved: 'Saved',
    moved: 'Moved',
    deleted: 'Deleted',
    emptyName: 'Enter a name',
    tooLong: 'at most 50 characters',
    alreadyAdded: 'already on the map',
  },
  zh: {
    root: '我的AOI',
    created: '创建成功',
    saved: '保存成功',
    moved: '移动成功',
    deleted: '删除成功',
    emptyName: '请输入名称',
    tooLong: '最多 50 个字符',
    alreadyAdded: '已在地图上',
  },
} as const;

for (const language of ['en', 'zh'] as const) {
  test(`[${language}] a folder is created, renamed, receives an AOI, and goes with it when deleted`, async ({
    page,
  }) => {
    const say = words[language];
    const portal = new Portal(page);
    await portal.logInNewUser(language);
    await portal.uploadThroughApi(uploadSample('shapefile', 'qgis.zip')); // Polygon1, Polygon2 in "qgis"
    await portal.openPanel(0);
    await portal.toggleAreaFolder('qgis');
    await expect(portal.areaNode('Polygon1')).toBeVisible();

    // The root offers only "new folder".
    await portal.areaNode(say.root).getByTestId('area-menu').click();
    await expect(page.getByTestId('area-action-newFolder').filter({ visible: true })).toBeVisible();
    await expect(page.getByTestId('area-action-rename').filter({ visible: true })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await portal.createFolder(say.root, 'Fields');
    await expect(portal.areaNode('Fields')).toBeVisible();
    await portal.expectToast(say.created);

    // Names are checked before anything is sent; a refused name changes nothing.
    await portal.areaAction('Fields', 'rename');
    await portal.confirmAreaName('   ');
    await portal.expectToast(say.emptyName);
    await portal.confirmAreaName('x'.repeat(51));
    await portal.expectToast(say.tooLong);
    await page.getByTestId('area-name-cancel').click();
    expect((await portal.savedAreas()).map((n) => n.name)).toContain('Fields');

    await portal.renameArea('Fields', 'Farm fields');
    await expect(portal.areaNode('Farm fields')).toBeVisible();
    await portal.expectToast(say.saved);

    await portal.moveArea('Polygon1', 'Farm fields');
    await portal.expectToast(say.moved);
    const afterMove = await portal.savedAreas();
    const folder = afterMove.find((n) => n.name === 'Farm fields');
    expect(afterMove.find((n) => n.name === 'Polygon1')?.parentId).toBe(folder?.id);

    await portal.deleteArea('Farm fields');
    await portal.expectToast(say.deleted);
    await expect(portal.areaNode('Farm fields')).toHaveCount(0);
    await expect(portal.areaNode('Polygon1')).toHaveCount(0);
    const left = (await portal.savedAreas()).map((n) => n.name);
    expect(left).not.toContain('Farm fields');
    expect(left).not.toContain('Polygon1');
    expect(left).toContain('Polygon2');
  });

  test(`[${language}] viewing an AOI shows it on the map once; export downloads it under the server's name`, async ({
    page,
  }) => {
    const say = words[language];
    const portal = new Portal(page);
    await portal.logInNewUser(language);
    await portal.uploadThroughApi(uploadSample('kml', 'polygon.kml'));
    await portal.openPanel(0);
    const [aoi] = (await portal.savedAreas()).filter((n) => n.kind === 'aoi');
    if (!aoi) throw new Error('the sample made no AOI');
    await portal.toggleAreaFolder('polygon'); // an upload lands in a folder named after its file

    await portal.viewArea(aoi.name);
    await expect.poll(async () => (await portal.currentAoi())?.id).toBe(aoi.id);
    await portal.viewArea(aoi.name);
    await portal.expectToast(say.alreadyAdded);

    const download = await portal.exportArea(aoi.name, 'geojson');
    expect(download.suggestedFilename()).toMatch(/\.geojson$/);
    const exported = JSON.parse(await readFile(await download.path(), 'utf8'));
    expect(exported.type).toBe('FeatureCollection');
    expect(exported.features).toHaveLength(1);
    expect(exported.features[0].geometry.type).toMatch(/Polygon/);
  });
}

test('batch mode deletes the ticked AOIs after a confirmation and then switches off', async ({ page }) => {
  const portal = new Portal(page);
  await portal.logInNewUser();
  await portal.uploadThroughApi(uploadSample('shapefile', 'qgis.zip'));
  await portal.uploadThroughApi(uploadSample('kml', 'polygon.kml'));
  await portal.openPanel(0);
  // Each upload lands in a folder named after its file; one AOI of each is ticked (ticking both of
  // "qgis" would tick the folder itself).
  await portal.toggleAreaFolder('qgis');
  await portal.toggleAreaFolder('polygon');
  const before = (await portal.savedAreas()).filter((n) => n.kind === 'aoi').map((n) => n.name);
  expect(before).toHaveLength(3);
  const kmlAoi = before.find((n) => n !== 'Polygon1' && n !== 'Polygon2') as string;

  await portal.checkAreas(['Polygon1', kmlAoi]);
  await expect(page.getByTestId('batch-bar')).toContainText('2 selected');
  await page.getByTestId('batch-delete').click();
  await page.getByTestId('delete-confirm').click();
  await expect(portal.areaNode('Polygon1')).toHaveCount(0);
  await expect(portal.areaNode(kmlAoi)).toHaveCount(0);
  await expect(page.getByTestId('aoi-batch')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('batch-bar')).toHaveCount(0);
  const after = (await portal.savedAreas()).filter((n) => n.kind === 'aoi').map((n) => n.name);
  expect(after).toEqual(['Polygon2']);
});

test('the filter keeps matching AOIs and the folders leading to them', async ({ page }) => {
  const portal = new Portal(page);
  await portal.logInNewUser();
  await portal.uploadThroughApi(uploadSample('shapefile', 'qgis.zip'));
  await portal.openPanel(0);
  await portal.toggleAreaFolder('qgis'); // an upload lands in a folder named after its file
  await expect(portal.areaNode('Polygon2')).toBeVisible();
  await page.getByTestId('area-filter').getByRole('searchbox').fill('gon1');
  await expect(portal.areaNode('Polygon1')).toBeVisible();
  await expect(portal.areaNode('Polygon2')).toHaveCount(0);
  await expect(portal.areaNode('My AOIs')).toBeVisible();
});

test('the POI centre lists the POIs; a name is edited and a POI deleted after a confirmation', async ({
  page,
}) => {
  const portal = new Portal(page);
  await portal.logInNewUser();
  await portal.uploadThroughApi(uploadSample('kml', 'twopoints.kml'));
  await portal.openPanel(2);
  const [first, second] = await portal.savedAreas(2).then((nodes) => nodes.filter((n) => n.kind === 'poi'));
  if (!first || !second) throw new Error('the sample made no two POIs');
  await expect(portal.areaNode(first.name)).toBeVisible();

  await portal.areaNode(first.name).getByTestId('area-action-rename').click();
  await portal.confirmAreaName('Harbour entrance');
  await expect(portal.areaNode('Harbour entrance')).toBeVisible();

  await portal.areaNode(second.name).getByTestId('area-action-delete').click();
  await page.getByTestId('delete-confirm').click();
  await expect(portal.areaNode(second.name)).toHaveCount(0);
  const left = (await portal.savedAreas(2)).filter((n) => n.kind === 'poi').map((n) => n.name);
  expect(left).toEqual(['Harbour entrance']);
});

test('the search histories list the searched AOI (whole km²) and the search; clear empties them', async ({
  page,
}) => {
  const portal = new Portal(page);
  await portal.logInNewUser();
  const { sats } = await portal.apiData<{ sats: Array<{ id: number }> }>('/satellites');
  const token = await portal.stored('token');
  const search = await page.request.post('/api/v1/archive/search', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      page: { start: 0, length: 10 },
      aois: [
        {
          type: 'Polygon',
          name: 'Test range',
          coordinates: [
            [
              [116, 39],
              [117, 39],
              [117, 40],
              [116, 40],
              [116, 39],
            ],
          ],
        },
      ],
      condition: {
        fdate: '2024-01-01',
        tdate: '2024-12-31',
        cc: 20,
        ac: 0,
        ona: 45,
        sza: 0,
        orbit: 0,
        productQualities: ['A'],
      },
      satIds: sats.slice(0, 3).map((s) => s.id),
    },
  });
  expect((await search.json()).code).toBe(2000);

  await portal.openPanel(0);
  await page.getByTestId('aoi-history').click();
  const entry = page.getByTestId('aoi-history-entry');
  await expect(entry).toHaveCount(1);
  // 1° × 1° at 39.5° N: about 9,600 km², shown whole.
  await expect(entry).toContainText(/Test range.*9,\d{3} km²/);
  await page.getByTestId('history-tab-archive').click();
  await page.getByTestId('archive-history-entry').click();
  await expect(page.getByTestId('archive-search-history')).toContainText('2024-01-01 to 2024-12-31');
  await expect(page.getByTestId('archive-search-history')).toContainText('3 satellites');

  await page.getByTestId('history-clear-archive').click();
  await page.locator('.ant-popconfirm .ant-btn-dangerous').click();
  await expect(page.getByTestId('archive-history-entry')).toHaveCount(0);
  expect((await portal.apiData<{ list: unknown[] }>('/archive/search/history')).list).toHaveLength(0);
});
