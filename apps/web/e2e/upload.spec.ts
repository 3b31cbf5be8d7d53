import { expect, test } from '@playwright/test';
import { Portal, uploadSample } from './driver';

const words = {
  en: {
    selfIntersection: 'intersects itself',
    tooBig: 'not be larger than 5 MB',
    tooLongName: 'shorter than 50 characters',
    wrongFormat: 'Wrong file format',
    noShp: 'holds no shapefile',
  },
  zh: {
    selfIntersection: '自相交',
    tooBig: '不能超过 5 MB',
    tooLongName: '少于 50 个字符',
    wrongFormat: '文件格式错误',
    noShp: '没有 Shapefile',
  },
} as const;

for (const language of ['en', 'zh'] as const) {
  test(`[${language}] a real shapefile uploads with its counts and the reasons of the failed polygons`, async ({
    page,
  }) => {
    const portal = new Portal(page);
    await portal.logInNewUser(language);
    await portal.openPanel(0);
    await portal.openUpload();
    // Massachusetts counties (shpjs fixtures): 14 counties stored, 21 polygon parts self-intersect.
    await portal.uploadFile(uploadSample('shapefile', 'counties.zip'));
    await expect(portal.uploadCount('aoi')).toHaveText('14', { timeout: 30_000 });
    await expect(portal.uploadCount('poi')).toHaveText('0');
    await expect(portal.uploadCount('fail')).toHaveText('21');
    await expect(page.getByTestId('upload-failures')).toContainText(words[language].selfIntersection);
    await expect(page.getByTestId('upload-failures').locator('li')).toHaveCount(21);

    // The tree behind the dialog is refreshed; the view button leads there, to the new folder
    // named after the file, opened.
    await page.getByTestId('upload-go-aois').click();
    await expect(page.getByTestId('upload-dialog')).toHaveCount(0);
    await expect(portal.selectedAreaNode()).toHaveAttribute('data-node-name', 'counties');
    await expect(portal.areaNode('MIDDLESEX')).toBeVisible();
    const nodes = await portal.savedAreas();
    const folder = nodes.find((n) => n.name === 'counties');
    expect(nodes.filter((n) => n.kind === 'aoi' && n.parentId === folder?.id)).toHaveLength(14);
  });

  test(`[${language}] oversized, long-named, wrongly typed and unreadable files are refused with their message`, async ({
    page,
  }) => {
    const say = words[language];
    const portal = new Portal(page);
    await portal.logInNewUser(language);
    await portal.openPanel(0);
    await portal.openUpload();

    const refusals = [
      { file: { name: 'big.kml', buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 32) }, message: say.tooBig },
      { file: { name: `${'n'.repeat(46)}.kml`, buffer: Buffer.from('<kml/>') }, message: say.tooLongName },
      { file: { name: 'areas.txt', buffer: Buffer.from('0,0') }, message: say.wrongFormat },
    ];
    for (const { file, message } of refusals) {
      await portal.uploadFile({ ...file, mimeType: 'application/octet-stream' });
      await expect(portal.uploadError()).toContainText(message);
      await expect(page.locator('.ant-upload-list-item')).toHaveCount(0);
    }
    // Refused by the server after reading: a zip without a shapefile.
    await portal.uploadFile(uploadSample('shapefile', 'noshp.zip'));
    await expect(portal.uploadError()).toContainText(say.noShp);
    await expect(page.locator('.ant-upload-list-item')).toHaveCount(0);

    expect((await portal.savedAreas()).map((n) => n.kind)).toEqual(['root']);
  });
}

test('a file with one AOI offers to view it, into the folder chosen in step 1', async ({ page }) => {
  const portal = new Portal(page);
  await portal.logInNewUser();
  await portal.openPanel(0);
  await portal.createFolder('My AOIs', 'Imports');
  await expect(portal.areaNode('Imports')).toBeVisible();
  await portal.openUpload();
  await page.getByTestId('upload-folder').click();
  await page.locator('.ant-select-tree-title', { hasText: 'Imports' }).click();
  await portal.uploadFile(uploadSample('kml', 'polygon.kml'));
  await expect(portal.uploadCount('aoi')).toHaveText('1');
  await page.getByTestId('upload-view').click();
  await expect(page.getByTestId('upload-dialog')).toHaveCount(0);

  // A single AOI too lands in a folder named after its file, inside the folder chosen.
  const nodes = await portal.savedAreas();
  const chosen = nodes.find((n) => n.name === 'Imports');
  const folder = nodes.find((n) => n.name === 'polygon');
  const aoi = nodes.find((n) => n.kind === 'aoi');
  expect(folder?.parentId).toBe(chosen?.id);
  expect(aoi?.parentId).toBe(folder?.id);
  await expect.poll(async () => (await portal.currentAoi())?.id).toBe(aoi?.id);
});
