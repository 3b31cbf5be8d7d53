import { expect, test } from '@playwright/test';
import { Portal, uiText, uploadSample } from './driver';

// The AOI tree a first-time user reads (issue 18): folders first, then AOIs, each in the order of
// the interface language; what was moved or uploaded is revealed, an upload in a folder of its own.

/** Folder and AOI names mixing Latin with numbers and Chinese place names. */
const folders = ['Zeta', 'alpha 10', '天津', 'alpha 2', '北京', '上海', '广州'];
const aois = ['Harbour 10', 'apple', 'harbour 9', '港口'];

/**
 * The order each language shows: English by Latin letters with numbers read as numbers, Chinese
 * places by pinyin (Chromium's ICU sorts Han by pinyin for zh, before Latin letters; for en by
 * code point, after them). Code-point order would be 上海 北京 天津 广州.
 */
const expected = {
  en: {
    folders: ['alpha 2', 'alpha 10', 'Zeta', '上海', '北京', '天津', '广州'],
    aois: ['apple', 'harbour 9', 'Harbour 10', '港口'],
  },
  zh: {
    folders: ['北京', '广州', '上海', '天津', 'alpha 2', 'alpha 10', 'Zeta'],
    aois: ['港口', 'apple', 'harbour 9', 'Harbour 10'],
  },
} as const;

for (const language of ['en', 'zh'] as const) {
  const root = uiText(language, 'aoi.myAois');

  test(`[${language}] folders come first, then AOIs, each in the language's order, at every level`, async ({
    page,
  }) => {
    const portal = new Portal(page);
    await portal.logInNewUser(language);
    const rootId = (await portal.savedAreas())[0]?.id as number;
    // AOIs first and in no order, so that neither the server's order nor creation order is the answer
    for (const [i, name] of aois.entries()) await portal.addAreaThroughApi('aoi', name, rootId, i * 2);
    const ids: Record<string, number> = {};
    for (const name of folders) ids[name] = await portal.addAreaThroughApi('folder', name, rootId);
    const inner = ids['北京'] as number;
    for (const [i, name] of aois.entries()) await portal.addAreaThroughApi('aoi', name, inner, i * 2);
    for (const name of ['Zeta', 'alpha 10', '上海', 'alpha 2'])
      await portal.addAreaThroughApi('folder', name, inner);

    await portal.openPanel(0);
    const top = [root, ...expected[language].folders, ...expected[language].aois];
    await expect.poll(() => portal.shownAreaNames()).toEqual(top);

    await portal.toggleAreaFolder('北京');
    const innerFolders = expected[language].folders.filter((n) =>
      ['Zeta', 'alpha 10', '上海', 'alpha 2'].includes(n),
    );
    const at = top.indexOf('北京') + 1;
    await expect
      .poll(() => portal.shownAreaNames())
      .toEqual([...top.slice(0, at), ...innerFolders, ...expected[language].aois, ...top.slice(at)]);

    // The move dialog's folders follow the same order.
    await portal.toggleAreaFolder('北京');
    await expect.poll(() => portal.shownAreaNames()).toEqual(top);
    await portal.areaAction('apple', 'move');
    const targets = page.getByTestId('move-dialog-tree').locator('[data-folder-name]');
    await expect
      .poll(() => targets.evaluateAll((els) => els.map((e) => e.getAttribute('data-folder-name'))))
      .toEqual([
        root,
        ...expected[language].folders.flatMap((n) => (n === '北京' ? [n, ...innerFolders] : [n])),
      ]);
  });

  test(`[${language}] an AOI moved into a closed folder is revealed: its folders open, the AOI selected`, async ({
    page,
  }) => {
    const portal = new Portal(page);
    await portal.logInNewUser(language);
    const rootId = (await portal.savedAreas())[0]?.id as number;
    const outer = await portal.addAreaThroughApi('folder', 'Outer', rootId);
    await portal.addAreaThroughApi('folder', 'Inner', outer);
    await portal.addAreaThroughApi('aoi', 'Field', rootId);
    await portal.openPanel(0);
    await expect(portal.areaNode('Field')).toBeVisible();
    await expect(portal.areaNode('Inner')).toHaveCount(0); // Outer is closed

    await portal.moveArea('Field', 'Inner');
    await portal.expectToast(uiText(language, 'moveOK'));
    await expect(portal.areaNode('Inner')).toBeVisible();
    await expect(portal.areaNode('Field')).toBeVisible();
    await expect(portal.selectedAreaNode()).toHaveAttribute('data-node-name', 'Field');
    await expect.poll(() => portal.shownAreaNames()).toEqual([root, 'Outer', 'Inner', 'Field']);
  });

  test(`[${language}] an upload of 40 AOIs lands in a folder named after the file, opened and selected`, async ({
    page,
  }) => {
    const portal = new Portal(page);
    await portal.logInNewUser(language);
    const rootId = (await portal.savedAreas())[0]?.id as number;
    await portal.addAreaThroughApi('folder', 'Imports', rootId);
    await portal.openPanel(0);
    await expect(portal.areaNode('Imports')).toBeVisible();

    // Into the closed folder "Imports", chosen in step 1.
    await portal.openUpload();
    await page.getByTestId('upload-folder').click();
    await page.locator('.ant-select-tree-title', { hasText: 'Imports' }).click();
    await portal.uploadFile(uploadSample('shapefile', 'senate.zip'));
    await expect(portal.uploadCount('aoi')).toHaveText('40', { timeout: 30_000 });
    await page.getByTestId('upload-go-aois').click();
    await expect(page.getByTestId('upload-dialog')).toHaveCount(0);

    await expect(portal.selectedAreaNode()).toHaveAttribute('data-node-name', 'senate');
    await expect(portal.areaNode('Norfolk, Bristol and Middlesex')).toBeVisible();
    const shown = await portal.shownAreaNames();
    expect(shown.slice(0, 3)).toEqual([root, 'Imports', 'senate']);
    expect(shown).toHaveLength(43);
    const nodes = await portal.savedAreas();
    const folder = nodes.find((n) => n.name === 'senate');
    expect(folder?.parentId).toBe(nodes.find((n) => n.name === 'Imports')?.id);
    expect(nodes.filter((n) => n.parentId === folder?.id && n.kind === 'aoi')).toHaveLength(40);

    // The same file again, from the right tool bar, into "My AOIs": a second folder, sorted after
    // the first folder's 40 open AOIs' folder, scrolled to and selected.
    await portal.chooseTool('upload-open');
    await portal.uploadFile({
      name: 'zz senate.zip',
      mimeType: 'application/zip',
      buffer: await import('node:fs').then((fs) => fs.readFileSync(uploadSample('shapefile', 'senate.zip'))),
    });
    await expect(portal.uploadCount('aoi')).toHaveText('40', { timeout: 30_000 });
    await page.getByTestId('upload-go-aois').click();
    await expect(portal.selectedAreaNode()).toHaveAttribute('data-node-name', 'zz senate');
    await expect(portal.selectedAreaNode()).toBeInViewport();
    expect((await portal.shownAreaNames()).length).toBe(84);
  });
}
