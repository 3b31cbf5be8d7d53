import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { e2eDataDir } from '../playwright.config';
import { expectToastSaid, startToastLog } from './toastLog';

/**
 * The one driver of the end-to-end specs: they say what a user does
 * ("log in", "open the account centre"), the driver knows how.
 */
const root = resolve(import.meta.dirname, '../../..');

export interface Account {
  username: string;
  password: string;
}

export const demo: Account = { username: 'demo', password: 'satportal-demo' };

/** A fresh user made by the operator CLI, through the running server's socket. */
export async function createUser(
  options: { orgType?: number; orderTypes?: string; timezone?: string } = {},
): Promise<Account> {
  const account = {
    username: `e2e_${randomBytes(4).toString('hex')}`,
    password: `pw-${randomBytes(6).toString('hex')}`,
  };
  await operatorCli([
    'user',
    'create',
    '--username',
    account.username,
    '--password',
    account.password,
    '--org-type',
    String(options.orgType ?? 4),
    '--order-type',
    options.orderTypes ?? '1,4',
    ...(options.timezone ? ['--timezone', options.timezone] : []),
  ]);
  return account;
}

/** The operator CLI (`npm run cli -- …`) on the test server's data folder, through its socket. */
export async function operatorCli(args: string[]): Promise<{ stdout: string }> {
  const daemon = cliDaemon();
  const id = ++daemon.last;
  const answer = await new Promise<{ code: number; stdout: string; error?: string }>((done) => {
    daemon.waiting.set(id, done);
    daemon.child.stdin!.write(`${JSON.stringify({ id, args })}\n`);
  });
  if (answer.code !== 0)
    throw new Error(`cli ${args.join(' ')} exited with ${answer.code}: ${answer.error ?? answer.stdout}`);
  return { stdout: answer.stdout };
}

type CliAnswer = { id: number; code: number; stdout: string; error?: string };
let daemonOfWorker:
  | { child: ChildProcess; last: number; waiting: Map<number, (a: CliAnswer) => void> }
  | undefined;

/** One CLI process per Playwright worker (`cli-daemon.ts`): loaded once, not once per command. */
function cliDaemon() {
  if (daemonOfWorker) return daemonOfWorker;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/test/cli-daemon.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: e2eDataDir },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const daemon = { child, last: 0, waiting: new Map<number, (a: CliAnswer) => void>() };
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (!line.startsWith('{"id":')) return; // anything else a command printed itself
    const answer = JSON.parse(line) as CliAnswer;
    daemon.waiting.get(answer.id)?.(answer);
    daemon.waiting.delete(answer.id);
  });
  child.on('exit', (code) => {
    for (const done of daemon.waiting.values())
      done({ id: 0, code: code ?? 1, stdout: '', error: 'the CLI ended' });
    daemonOfWorker = undefined;
  });
  daemonOfWorker = daemon;
  return daemon;
}

const messages = Object.fromEntries(
  (['en', 'zh'] as const).map((language) => [
    language,
    JSON.parse(readFileSync(resolve(root, `apps/web/src/i18n/${language}.json`), 'utf8')),
  ]),
) as Record<'en' | 'zh', Record<string, unknown>>;

/** The interface's own text of a key with its {{placeholders}} filled, so checks follow the translation files. */
export function uiText(language: 'en' | 'zh', key: string, params: Record<string, string> = {}): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages[language]);
  return String(value).replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
}

/** A real upload sample kept in the repository with its licence (the server's upload fixtures). */
export const uploadSample = (kind: 'kml' | 'shapefile', name: string) =>
  resolve(root, 'apps/server/src/modules/aois/fixtures', kind, name);

/** Drags a swipe's divider (by its test id) with the mouse to `fraction` of the map's width. */
export async function dragDivider(page: Page, testId: string, fraction: number) {
  const divider = page.getByTestId(testId);
  const handle = await divider.boundingBox();
  const map = await page.getByTestId('map').boundingBox();
  if (!handle || !map) throw new Error('no divider or map on screen');
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(map.x + map.width * fraction, handle.y + handle.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect.poll(async () => Number(await divider.getAttribute('data-fraction'))).toBeCloseTo(fraction, 2);
}

/** A square of the given half-size (CSS px) around the map's middle, as four corners a user clicks. */
export const square = (half: number) =>
  [
    [-half, -half],
    [half, -half],
    [half, half],
    [-half, half],
  ] as const;

export class Portal {
  constructor(readonly page: Page) {}

  /** Refuse every request that leaves the server: the product must work without the internet. */
  async goOffline() {
    const origin = new URL(this.page.url() === 'about:blank' ? 'http://127.0.0.1' : this.page.url()).origin;
    await this.page.route('**/*', (route) => {
      const url = new URL(route.request().url());
      return url.hostname === '127.0.0.1' || url.origin === origin ? route.continue() : route.abort();
    });
  }

  async open(path = '/') {
    await startToastLog(this.page);
    await this.page.goto(path);
  }

  async logIn(account: Account, options: { remember?: boolean } = {}) {
    await this.open('/login');
    await this.fillLogin(account, options);
    await expect(this.page).toHaveURL(/\/$/);
    await expect(this.page.getByTestId('map')).toBeVisible();
  }

  async fillLogin(account: Account, options: { remember?: boolean } = {}) {
    await this.page.getByTestId('login-username').fill(account.username);
    await this.page.getByTestId('login-password').fill(account.password);
    if (options.remember) await this.page.getByTestId('login-remember').check();
    await this.page.getByTestId('login-submit').click();
  }

  loginError() {
    return this.page.getByTestId('login-error');
  }

  stored(key: 'token' | 'expiretime' | 'user' | 'lang' | 'noTipTime' | 'isNoZoomHdTip') {
    return this.page.evaluate((k) => localStorage.getItem(k), key);
  }

  /** A session as the browser keeps it (expiretime in ISO 8601), without the login page. */
  async storeSession(session: { token: string; expiretime: string; user?: unknown }) {
    await this.page.evaluate((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('expiretime', s.expiretime);
      localStorage.setItem('user', JSON.stringify(s.user ?? { id: 0 }));
    }, session);
  }

  /**
   * Clicks a left-menu entry: opens its panel, or closes it when it is the open one. Looked at once
   * the menu shows: after a reload the address bar may have opened the panel already.
   */
  async openPanel(index: number) {
    const panel = this.panel(index);
    await expect(this.page.getByTestId(`menu-${index}`)).toBeVisible();
    const wasOpen = await panel.isVisible();
    await this.page.getByTestId(`menu-${index}`).click();
    if (wasOpen) return;
    // A user clicks inside the panel once it has slid in: a click during its animation can miss.
    await expect(panel).toBeVisible();
    await panel.evaluate((element) =>
      Promise.all(
        element
          .getAnimations({ subtree: true })
          // Spinners turn for ever; only the finite ones (the slide, fades) are waited for.
          .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
  }

  panel(index: number) {
    return this.page.getByTestId(`panel-${index}`);
  }

  /** Opens a panel unless it is open already (a reload keeps the panel the address bar names). */
  async showPanel(index: number) {
    await expect(this.page.getByTestId(`menu-${index}`)).toBeVisible();
    if (!(await this.panel(index).isVisible())) await this.openPanel(index);
  }

  openPanels() {
    return this.page.locator('[data-testid^="panel-"]:not([data-testid="panel-close"])');
  }

  async switchLanguage(language: 'en' | 'zh') {
    await this.page.getByTestId('language-switch').first().click();
    await this.page.getByTestId(`language-option-${language}`).click();
    // The switch applies once that language's messages have arrived (`setLanguage`): a message
    // asked for before then is still in the old language (a CI failure: a toast in English after zh).
    await expect(this.page.locator('html')).toHaveAttribute('lang', new RegExp(`^${language}`));
  }

  async logOut() {
    await this.openPanel(5);
    await this.page.getByTestId('logout-button').click();
    await expect(this.page).toHaveURL(/\/login$/);
  }

  async changePassword(oldPassword: string, newPassword: string, confirm = newPassword) {
    await this.page.getByTestId('password-old').fill(oldPassword);
    await this.page.getByTestId('password-new').fill(newPassword);
    await this.page.getByTestId('password-confirm').fill(confirm);
    await this.page.getByTestId('password-submit').click();
  }

  coordinateSearch() {
    return this.page.getByTestId('coordinate-search');
  }

  coordinateSearchBox() {
    return this.coordinateSearch().getByRole('searchbox');
  }

  /** Types an entry into the coordinate search box and submits it with Enter. */
  async searchCoordinates(text: string) {
    await this.coordinateSearchBox().fill(text);
    await this.coordinateSearchBox().press('Enter');
  }

  async clearCoordinateSearch() {
    await this.coordinateSearchBox().fill('');
  }

  /** The map's centre as it shows it: `lat,lon` with 6 decimals. */
  mapCentre(): Promise<string | null> {
    return this.page.getByTestId('map').getAttribute('data-center');
  }

  /** Where the coordinate-search marker stands (`lat,lon`, 6 decimals), null without one. */
  searchedPoint(): Promise<string | null> {
    return this.page.getByTestId('map').getAttribute('data-searched-point');
  }

  zoomLevel() {
    return this.page.getByTestId('zoom-level');
  }

  /** The toast messages on screen (antd message). */
  toasts() {
    return this.page.locator('.ant-message-notice');
  }

  /** Pairs of boxes docked over the map (`data-map-cover`) that overlap, by their test ids. */
  overlappingCovers(): Promise<string[]> {
    return this.page.evaluate(() => {
      const covers = [...document.querySelectorAll('[data-map-cover]')]
        .map((element) => ({
          id: element.getAttribute('data-testid') ?? element.tagName,
          rect: element.getBoundingClientRect(),
        }))
        .filter(({ rect }) => rect.width > 0 && rect.height > 0);
      const pairs: string[] = [];
      for (const [i, a] of covers.entries())
        for (const b of covers.slice(i + 1)) {
          const across = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
          const down = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
          // Boxes stacked by design touch; their heights are fractions of a pixel apart.
          if (across > 2 && down > 2) pairs.push(`${a.id} × ${b.id}`);
        }
      return pairs;
    });
  }

  /** The last toast each text matched (toastLog.ts): a repeated action must say it again. */
  private readonly toastsMatched = new Map<string, number>();

  /** Waits until a toast saying `text` has been shown (on screen now or a moment ago: toastLog.ts). */
  expectToast(text: string | RegExp, timeout?: number) {
    return expectToastSaid(this.page, this.toastsMatched, text, timeout);
  }

  /** Distinct colours drawn on the map's canvases (a blank map has one or none). */
  /**
   * The map's drawn pixels, sampled, as one text: any change of what is drawn changes it (a count
   * of colours can stay the same when a highlight only reuses colours already on the map).
   */
  mapPicture(): Promise<string> {
    return this.page.evaluate(() => {
      const samples: string[] = [];
      for (const canvas of document.querySelectorAll<HTMLCanvasElement>('[data-testid="map"] canvas')) {
        const context = canvas.getContext('2d');
        if (!context || !canvas.width) continue;
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        for (let i = 0; i < data.length; i += 4 * 97)
          samples.push(`${data[i]},${data[i + 1]},${data[i + 2]},${data[i + 3]}`);
      }
      return samples.join(';');
    });
  }

  mapColours(): Promise<number> {
    return this.page.evaluate(() => {
      const colours = new Set<string>();
      for (const canvas of document.querySelectorAll<HTMLCanvasElement>('[data-testid="map"] canvas')) {
        const context = canvas.getContext('2d');
        if (!context || !canvas.width) continue;
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        for (let i = 0; i < data.length; i += 4 * 97)
          colours.add(`${data[i]},${data[i + 1]},${data[i + 2]},${data[i + 3]}`);
      }
      return colours.size;
    });
  }

  // Drawing and measuring (right tool bar, spec 000 §2)

  async chooseTool(
    tool:
      | 'draw-polygon'
      | 'draw-point'
      | 'delete-drawing'
      | 'upload-open'
      | 'measure-length'
      | 'measure-area',
  ) {
    await this.page.getByTestId(tool).click();
  }

  /** The active tool as the map reports it (polygon, point, measureLength, measureArea), null for none. */
  activeTool(): Promise<string | null> {
    return this.page.getByTestId('map').getAttribute('data-tool');
  }

  /** The AOI the next search would use, as the map reports it. */
  async currentAoi(): Promise<{
    id: number | null;
    name: string | null;
    geojson: { type: string; coordinates: number[][][] };
  } | null> {
    const json = await this.page.getByTestId('map').getAttribute('data-current-aoi');
    return json ? JSON.parse(json) : null;
  }

  /**
   * Clicks on the map at offsets (CSS px) from its middle; with `finish`, the last point is
   * double-clicked, which ends a polygon or a line as a user does.
   */
  async clickOnMap(offsets: ReadonlyArray<readonly [number, number]>, options: { finish?: boolean } = {}) {
    const box = await this.page.getByTestId('map').boundingBox();
    if (!box) throw new Error('the map is not on screen');
    const at = ([dx, dy]: readonly [number, number]) =>
      [box.x + box.width / 2 + dx, box.y + box.height / 2 + dy] as const;
    for (const [i, offset] of offsets.entries()) {
      const [x, y] = at(offset);
      if (options.finish && i === offsets.length - 1) await this.page.mouse.dblclick(x, y);
      else await this.page.mouse.click(x, y);
    }
  }

  /** Drags on the map from one offset (CSS px from its middle) to another, as reshaping a polygon. */
  async dragOnMap(from: readonly [number, number], to: readonly [number, number]) {
    const box = await this.page.getByTestId('map').boundingBox();
    if (!box) throw new Error('the map is not on screen');
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    await this.page.mouse.move(cx + from[0], cy + from[1]);
    await this.page.mouse.down();
    await this.page.mouse.move(cx + to[0], cy + to[1], { steps: 8 });
    await this.page.mouse.up();
  }

  async drawPolygon(offsets: ReadonlyArray<readonly [number, number]>) {
    await this.chooseTool('draw-polygon');
    await this.clickOnMap(offsets, { finish: true });
  }

  async drawPoint(offset: readonly [number, number]) {
    await this.chooseTool('draw-point');
    await this.clickOnMap([offset]);
  }

  async measure(kind: 'length' | 'area', offsets: ReadonlyArray<readonly [number, number]>) {
    await this.chooseTool(kind === 'length' ? 'measure-length' : 'measure-area');
    await this.clickOnMap(offsets, { finish: true });
  }

  toolHint() {
    return this.page.getByTestId('tool-hint');
  }

  areaTip() {
    return this.page.getByTestId('area-tip');
  }

  measureTip() {
    return this.page.getByTestId('measure-tip');
  }

  saveAoiBar() {
    return this.page.getByTestId('save-aoi-bar');
  }

  saveAoiName() {
    return this.page.getByTestId('save-aoi-name');
  }

  async saveAoi(name?: string) {
    if (name !== undefined) await this.saveAoiName().fill(name);
    await this.page.getByTestId('save-aoi-submit').click();
  }

  poiPopup() {
    return this.page.getByTestId('poi-popup');
  }

  /** Types the POI's name and adds it (or saves the edited name). */
  async submitPoiName(name: string) {
    await this.page.getByTestId('poi-name').fill(name);
    await this.page.getByTestId('poi-submit').click();
  }

  /** `data` of a GET under /api/v1 with the logged-in user's token, as any client could call it. */
  async apiData<T>(path: string): Promise<T> {
    const token = await this.stored('token');
    const response = await this.page.request.get(`/api/v1${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return (await response.json()).data as T;
  }

  // AOI centre, POI centre, upload dialog and histories (spec 001 §2)

  /** A fresh user, offline, logged in, in the language asked (a test's own empty AOI tree). */
  async logInNewUser(language: 'en' | 'zh' = 'en') {
    await this.goOffline();
    await this.logIn(await createUser());
    if (language === 'zh') await this.switchLanguage('zh');
  }

  /** A node of the open panel's tree by the name it shows (the roots in the interface language). */
  areaNode(name: string) {
    return this.page.locator(`[data-testid="area-node"][data-node-name="${name}"]`);
  }

  /** Opens a node's menu and chooses an action (newFolder, move, rename, delete, export). */
  async areaAction(name: string, action: string) {
    await this.areaNode(name).getByTestId('area-menu').click();
    await this.page.getByTestId(`area-action-${action}`).filter({ visible: true }).click();
  }

  /** Types into the open inline name row and confirms it. */
  async confirmAreaName(name: string) {
    await this.page.getByTestId('area-name-input').fill(name);
    await this.page.getByTestId('area-name-confirm').click();
  }

  async createFolder(parent: string, name: string) {
    await this.areaAction(parent, 'newFolder');
    await this.confirmAreaName(name);
  }

  async renameArea(name: string, newName: string) {
    await this.areaAction(name, 'rename');
    await this.confirmAreaName(newName);
  }

  async moveArea(name: string, folder: string) {
    await this.areaAction(name, 'move');
    await this.page.getByTestId('move-dialog-tree').locator(`[data-folder-name="${folder}"]`).click();
    await this.page.getByTestId('move-confirm').click();
  }

  /** Deletes after confirming (a folder goes with everything in it). */
  async deleteArea(name: string) {
    await this.areaAction(name, 'delete');
    await this.page.getByTestId('delete-confirm').click();
  }

  async viewArea(name: string) {
    await this.areaNode(name).getByTestId('area-view').click();
  }

  /** Exports one AOI and returns the browser's download. */
  async exportArea(name: string, format: 'kml' | 'geojson' | 'shp') {
    await this.areaNode(name).getByTestId('area-menu').click();
    await this.page.getByTestId('area-action-export').filter({ visible: true }).hover();
    const download = this.page.waitForEvent('download');
    await this.page.getByTestId(`area-action-export-${format}`).filter({ visible: true }).click();
    return download;
  }

  /** Ticks nodes in batch mode (switching it on first). */
  async checkAreas(names: readonly string[]) {
    const batch = this.page.getByTestId('aoi-batch');
    if ((await batch.getAttribute('aria-pressed')) !== 'true') await batch.click();
    for (const name of names) {
      await this.page
        .locator('.ant-tree-treenode', { has: this.areaNode(name) })
        .locator('.ant-tree-checkbox')
        .click();
    }
  }

  /** The upload dialog, from the AOI centre's import button. */
  async openUpload() {
    await this.page.getByTestId('aoi-import').click();
    await expect(this.page.getByTestId('upload-dialog')).toBeVisible();
  }

  /** Drops a file into the upload dialog: a path, or a name with its bytes. */
  async uploadFile(file: string | { name: string; mimeType: string; buffer: Buffer }) {
    await this.page.getByTestId('upload-drop').locator('input[type=file]').setInputFiles(file);
  }

  uploadError() {
    return this.page.getByTestId('upload-error');
  }

  uploadCount(kind: 'aoi' | 'poi' | 'fail') {
    return this.page.getByTestId(`upload-${kind}-count`);
  }

  /** Uploads a file through the API, as any client could (to prepare a test), into "My AOIs". */
  async uploadThroughApi(path: string) {
    const token = await this.stored('token');
    const response = await this.page.request.post('/api/v1/aois/upload', {
      headers: { authorization: `Bearer ${token}` },
      multipart: {
        poiParentId: '-1',
        file: { name: basename(path), mimeType: 'application/octet-stream', buffer: readFileSync(path) },
      },
    });
    expect((await response.json()).code).toBe(2000);
  }

  /** Adds a folder, or an AOI (a 1° square at `west`, 10° N), through the API; answers its id. */
  async addAreaThroughApi(kind: 'folder' | 'aoi', name: string, parentId: number, west = 10) {
    const token = await this.stored('token');
    const cors = [
      { lat: 10, lng: west },
      { lat: 10, lng: west + 1 },
      { lat: 11, lng: west + 1 },
      { lat: 11, lng: west },
    ];
    const response = await this.page.request.post('/api/v1/aois', {
      headers: { authorization: `Bearer ${token}` },
      data:
        kind === 'folder'
          ? { hasGeo: false, name, parentId }
          : { hasGeo: true, name, parentId, geometry: { type: 4, cors } },
    });
    const body = await response.json();
    expect(body.code, JSON.stringify(body)).toBe(2000);
    return body.data.id as number;
  }

  /** Opens (or closes) a folder of the open panel's tree by its switcher. */
  async toggleAreaFolder(name: string) {
    const switcher = this.page
      .locator('.ant-tree-treenode', { has: this.areaNode(name) })
      .locator('.ant-tree-switcher');
    const isOpen = async () => /switcher_open/.test((await switcher.getAttribute('class')) ?? '');
    const wasOpen = await isOpen();
    // Seen once: a click while the tree still opened "My AOIs" (its first animation) was lost.
    await expect(async () => {
      if ((await isOpen()) === wasOpen) await switcher.click();
      expect(await isOpen()).toBe(!wasOpen);
    }).toPass();
  }

  /** The names the open panel's tree shows, top to bottom (what is inside closed folders is not shown). */
  shownAreaNames() {
    return this.page
      .getByTestId('area-node')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-node-name')));
  }

  /** The node the tree has selected (a moved or uploaded item, revealed). */
  selectedAreaNode() {
    return this.page.locator('.ant-tree-treenode-selected [data-testid="area-node"]');
  }

  /** Every node of the caller's AOI tree (type 1) or POI list (type 2), from the API. */
  async savedAreas(type: 1 | 2 = 1) {
    return (
      await this.apiData<{ aois: Array<{ id: number; name: string; parentId: number; kind: string }> }>(
        `/aois?type=${type}`,
      )
    ).aois;
  }

  // Archive search (spec 000 §2, issue 5)

  /** Centres the map on a position at a zoom level as a user does: coordinate search, then the zoom buttons. */
  async centreMap(lat: number, lon: number, zoom: number) {
    await this.searchCoordinates(`${lat},${lon}`);
    await expect.poll(() => this.mapCentre()).toBe(`${lat.toFixed(6)},${lon.toFixed(6)}`);
    while (Number(await this.zoomLevel().textContent()) > zoom) {
      const before = await this.zoomLevel().textContent();
      await this.page.getByTestId('zoom-out').click();
      await expect(this.zoomLevel()).not.toHaveText(before ?? '');
    }
    await this.clearCoordinateSearch();
  }

  /** Opens the search centre on its Archive tab (the panel reopens on the tab last shown). */
  async openArchiveSearch() {
    await this.openPanel(1);
    await this.page.getByTestId('search-tab-archive').click();
    await expect(this.page.getByTestId('archive-form')).toBeVisible();
  }

  /** Types both days (YYYY-MM-DD) into the acquisition date range. */
  async setArchiveDates(from: string, to: string) {
    await this.fillDateRange('archive-dates', from, to);
  }

  /** Sets one of the panel's numbers: cloud (cc), AOI coverage (ac), off-nadir (ona), sun zenith (sza). */
  async setArchiveNumber(field: 'cc' | 'ac' | 'ona' | 'sza', value: number) {
    const input = this.page.getByTestId(`archive-${field}`);
    await input.fill(String(value));
    await input.press('Tab');
  }

  async runArchiveSearch() {
    await this.page.getByTestId('archive-search').click();
  }

  resultsPanel() {
    return this.page.getByTestId('results-panel');
  }

  /** Total, loaded count and AOI coverage as the result list's header shows them. */
  resultFigure(which: 'total' | 'loaded' | 'coverage') {
    return this.page.getByTestId(`results-${which}`);
  }

  async getMoreResults() {
    await this.page.getByTestId('results-more').click();
  }

  /** Ticks the cart checkbox of the list's first satellite group; its name and scene count. */
  async checkFirstResultGroup(): Promise<{ satName: string; count: number }> {
    const group = this.page.getByTestId('result-sat-group').first();
    await group.getByRole('checkbox').check();
    return {
      satName: (await group.getAttribute('data-sat-name')) ?? '',
      count: Number(await group.getAttribute('data-count')),
    };
  }

  /** Exports the selected scenes and returns the browser's download. */
  async exportResults(format: 'csv' | 'geojson') {
    await this.page.getByTestId('results-export').click();
    const download = this.page.waitForEvent('download');
    await this.page.getByTestId(`export-${format}`).click();
    return download;
  }

  /** Types scene ids into the map's scene-id box and searches. */
  async searchSceneIds(text: string) {
    const box = this.page.getByTestId('scene-id-search').getByRole('searchbox');
    await box.fill(text);
    await box.press('Enter');
  }

  /** The scene ids of the result rows drawn now, top to bottom (the list draws the rows in view). */
  listedSceneIds(): Promise<string[]> {
    return this.page
      .getByTestId('result-scene')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-scene-id') ?? ''));
  }

  /** Every scene id of the result list, top to bottom, scrolling through it (it draws the rows in view). */
  async allListedSceneIds(): Promise<string[]> {
    const list = this.page.getByTestId('result-list');
    const nextFrame = () =>
      this.page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
    await list.evaluate((element) => element.scrollTo({ top: 0 }));
    await nextFrame();
    const ids: string[] = [];
    for (;;) {
      for (const id of await this.listedSceneIds()) if (!ids.includes(id)) ids.push(id);
      const end = await list.evaluate((e) => e.scrollTop + e.clientHeight >= e.scrollHeight - 1);
      if (end) return ids;
      await list.evaluate((element) => element.scrollBy({ top: element.clientHeight * 0.8 }));
      await nextFrame();
    }
  }

  /** The list's "select all" option with its label (offered while fewer than 500 scenes are loaded). */
  selectAllResultsOption() {
    return this.page.locator('label', { has: this.page.getByTestId('results-select-all') });
  }

  async selectAllResults() {
    await this.page.getByTestId('results-select-all').check();
  }

  /** Switches the open search centre to a tab. */
  async showSearchTab(tab: 'archive' | 'tasking' | 'subscription') {
    await this.page.getByTestId(`search-tab-${tab}`).click();
  }

  /** Unticks both qualities (A and B) of the archive form. */
  async clearArchiveQualities() {
    for (const box of await this.page.getByTestId('archive-quality').getByRole('checkbox').all())
      await box.uncheck();
  }

  /** Empties the satellite-group choice with the form's Clear button. */
  async clearArchiveSatelliteGroups() {
    await this.page.getByTestId('archive-sat-groups-clear').click();
  }

  /** The warnings and help lines the archive form shows under its fields. */
  archiveFormHelp() {
    return this.page.getByTestId('archive-form').locator('.ant-form-item-explain');
  }

  /** Whether the drawn polygon is in modify mode, as the map reports it. */
  async aoiModifiable(): Promise<boolean> {
    return (await this.page.getByTestId('map').getAttribute('data-aoi-modifiable')) === 'true';
  }

  noArchiveDialog() {
    return this.page.getByTestId('no-archive-dialog');
  }

  /** Closes the no-archive dialog, ticking "don't remind again" first when asked. */
  async closeNoArchiveDialog(options: { noRemind?: boolean } = {}) {
    if (options.noRemind) await this.page.getByTestId('no-remind').check();
    await this.page.getByTestId('no-archive-close').click();
    await expect(this.noArchiveDialog()).toHaveCount(0);
  }

  /** The recent-search button beside the scene-id box: runs the entry at `index` (0 = newest) again. */
  async rerunRecentSearch(index = 0) {
    await this.page.getByTestId('recent-searches').click();
    await this.page.getByTestId('archive-history-entry').nth(index).click();
  }

  async zoomIn() {
    const before = await this.zoomLevel().textContent();
    await this.page.getByTestId('zoom-in').click();
    await expect(this.zoomLevel()).not.toHaveText(before ?? '');
  }

  zoomHdTip() {
    return this.page.getByTestId('zoom-hd-tip');
  }

  /** Closes the zoom-to-HD tip, or with `never` chooses "don't show again". */
  async dismissZoomHdTip(how: 'close' | 'never') {
    await this.page.getByTestId(how === 'close' ? 'zoom-hd-tip-close' : 'zoom-hd-tip-never').click();
  }

  loginDialog() {
    return this.page.getByTestId('login-dialog');
  }

  /** Ends the session on the server (as a logout in another tab would); the page keeps its token. */
  async endSessionElsewhere() {
    const token = await this.stored('token');
    const response = await this.page.request.post('/api/v1/auth/logout', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await response.json()).code).toBe(2000);
  }

  /** `data` of a POST under /api/v1 with the logged-in user's token, as any client could call it. */
  async apiPost<T>(path: string, body: unknown): Promise<T> {
    const token = await this.stored('token');
    const response = await this.page.request.post(`/api/v1${path}`, {
      headers: { authorization: `Bearer ${token}` },
      data: body,
    });
    return (await response.json()).data as T;
  }

  // Tasking (spec 000 §2 "Tasking panel", issue 6)

  async openTasking() {
    await this.openPanel(1);
    await this.page.getByTestId('search-tab-tasking').click();
    await expect(this.page.getByTestId('tasking-form')).toBeVisible();
  }

  /** Types both days (YYYY-MM-DD) into the capture window. */
  async setTaskingDates(from: string, to: string) {
    await this.fillDateRange('tasking-dates', from, to);
  }

  /** Types both days (YYYY-MM-DD) into the range picker inside the element of that test id. */
  private async fillDateRange(testId: string, from: string, to: string) {
    const inputs = this.page.getByTestId(testId).locator('input');
    await inputs.nth(0).click();
    await inputs.nth(0).fill(from);
    await inputs.nth(0).press('Enter');
    await inputs.nth(1).fill(to);
    await inputs.nth(1).press('Enter');
    await expect(inputs.nth(0)).toHaveValue(from);
    await expect(inputs.nth(1)).toHaveValue(to);
  }

  async predictPasses() {
    await this.page.getByTestId('tasking-predict').click();
  }

  taskingResults() {
    return this.page.getByTestId('tasking-results');
  }

  /** AOI coverage, number of passes and their date range as step 1 shows them. */
  taskingFigure(which: 'coverage' | 'total' | 'range') {
    return this.page.getByTestId(`tasking-${which}`);
  }

  taskingDays() {
    return this.page.getByTestId('tasking-day');
  }

  passes() {
    return this.page.getByTestId('tasking-pass');
  }

  async backToTaskingForm() {
    await this.page.getByTestId('tasking-back').click();
    await expect(this.page.getByTestId('tasking-form')).toBeVisible();
  }

  // Quicklooks, the overlap box, compare and right click on the map (spec 000 §2, §4; issue 5)

  async closePanel() {
    await this.page.getByTestId('panel-close').click();
    await expect(this.openPanels()).toHaveCount(0);
  }

  /** A scene's row in the result list, scrolled into view (the list draws only the rows on screen). */
  async resultRow(sceneId: string) {
    const list = this.page.getByTestId('result-list');
    const row = list.locator(`[data-testid="result-scene"][data-scene-id="${sceneId}"]`);
    await list.evaluate((element) => element.scrollTo({ top: 0 }));
    // The list is windowed: after each scroll, let it draw that window before looking, or a
    // row not yet drawn would be scrolled past.
    const settle = () =>
      list.evaluate(
        () =>
          new Promise((done) =>
            requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 30))),
          ),
      );
    for (let atEnd = false; ; ) {
      await settle();
      if ((await row.count()) || atEnd) break;
      atEnd = await list.evaluate((element) => {
        const end = element.scrollTop + element.clientHeight >= element.scrollHeight - 1;
        element.scrollBy({ top: element.clientHeight * 0.8 });
        return end;
      });
    }
    await expect(row).toHaveCount(1);
    await row.scrollIntoViewIfNeeded();
    return row;
  }

  /** Shows a scene's quicklook with its eye button in the result list. */
  async showSceneFromList(sceneId: string) {
    const view = (await this.resultRow(sceneId)).getByTestId('scene-view');
    await view.click();
    await expect(view).toHaveAttribute('aria-pressed', 'true');
  }

  /** The next answer of the quicklook WMS for this scene (start waiting before the action). */
  quicklookResponse(sceneId: string) {
    return this.page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === '/tiles/quicklooks/wms' && url.searchParams.get('LAYERS') === sceneId;
    });
  }

  /** The quicklooks the map draws, lowest first, with the opacity of each layer. */
  async shownQuicklooks(): Promise<Array<{ sceneId: string; opacity: number }>> {
    return JSON.parse((await this.page.getByTestId('map').getAttribute('data-quicklooks')) ?? '[]');
  }

  /**
   * The mean colour [r, g, b] of a 24 px square of the map as it is on screen, at an offset (CSS px)
   * from the map's middle; the pointer leaves the map first, so no hover outline or tooltip is in it.
   */
  async mapColourAt(offset: readonly [number, number] = [0, 0]): Promise<[number, number, number]> {
    await this.page.mouse.move(1, 1);
    const box = await this.page.getByTestId('map').boundingBox();
    if (!box) throw new Error('the map is not on screen');
    const size = 24;
    const png = await this.page.screenshot({
      clip: {
        x: box.x + box.width / 2 + offset[0] - size / 2,
        y: box.y + box.height / 2 + offset[1] - size / 2,
        width: size,
        height: size,
      },
    });
    return this.page.evaluate(
      async (bytes) => {
        const bitmap = await createImageBitmap(new Blob([new Uint8Array(bytes)], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
        context.drawImage(bitmap, 0, 0);
        const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
        let [r, g, b] = [0, 0, 0];
        for (let i = 0; i < data.length; i += 4) {
          r += data[i] ?? 0;
          g += data[i + 1] ?? 0;
          b += data[i + 2] ?? 0;
        }
        const pixels = data.length / 4;
        return [r, g, b].map((v) => Math.round(v / pixels)) as [number, number, number];
      },
      [...png],
    );
  }

  async rightClickOnMap(offset: readonly [number, number] = [0, 0]) {
    const box = await this.page.getByTestId('map').boundingBox();
    if (!box) throw new Error('the map is not on screen');
    await this.page.mouse.click(box.x + box.width / 2 + offset[0], box.y + box.height / 2 + offset[1], {
      button: 'right',
    });
  }

  overlapBox() {
    return this.page.getByTestId('overlap-box');
  }

  /** The scenes the overlap box lists, top to bottom: id, acquisition time (ISO) and the text shown. */
  async overlapScenes(): Promise<Array<{ sceneId: string; time: string; text: string }>> {
    await expect(this.overlapBox()).toBeVisible();
    return this.overlapBox()
      .getByTestId('overlap-scene')
      .evaluateAll((rows) =>
        rows.map((row) => ({
          sceneId: row.getAttribute('data-scene-id') ?? '',
          time: row.getAttribute('data-time') ?? '',
          text: row.textContent ?? '',
        })),
      );
  }

  async closeOverlapBox() {
    await this.overlapBox().getByTestId('map-box-close').click();
    await expect(this.overlapBox()).toHaveCount(0);
  }

  /** Ticks scenes in the overlap box and starts compare mode. */
  async compareScenes(sceneIds: readonly string[]) {
    for (const id of sceneIds)
      await this.overlapBox().locator(`[data-scene-id="${id}"]`).getByRole('checkbox').check();
    await this.page.getByTestId('overlap-compare').click();
    await expect(this.compareSlider()).toBeVisible();
  }

  compareSlider() {
    return this.page.getByTestId('compare-slider');
  }

  /** The slider's marks from its start to its end: the scene of each and the label shown. */
  compareMarks(): Promise<Array<{ sceneId: string; text: string }>> {
    return this.compareSlider()
      .getByTestId('compare-mark')
      .evaluateAll((marks) =>
        marks.map((mark) => ({
          sceneId: mark.getAttribute('data-scene-id') ?? '',
          text: mark.textContent ?? '',
        })),
      );
  }

  /** Clicks the slider's rail a fraction of the way from its start (0) to its end (1). */
  async moveCompareSlider(fraction: number) {
    const rail = await this.compareSlider().locator('.ant-slider-rail').boundingBox();
    if (!rail) throw new Error('the compare slider is not on screen');
    // Vertical, the first scene at the top.
    await this.page.mouse.click(rail.x + rail.width / 2, rail.y + rail.height * fraction);
  }

  /** Moves the slider with a key on its handle (Home: the first scene, End: the last). */
  async pressOnCompareSlider(key: 'Home' | 'End' | 'ArrowUp' | 'ArrowDown') {
    await this.compareSlider().getByRole('slider').press(key);
  }

  async closeCompare() {
    await this.page.getByTestId('compare-close').click();
    await expect(this.compareSlider()).toHaveCount(0);
  }

  async closeRemoveMenu() {
    await this.removeMenu().getByTestId('map-box-close').click();
    await expect(this.removeMenu()).toHaveCount(0);
  }

  /** The popup of a right click on several shown quicklooks. */
  removeMenu() {
    return this.page.getByTestId('remove-menu');
  }

  async removeMenuScenes(): Promise<string[]> {
    await expect(this.removeMenu()).toBeVisible();
    return this.removeMenu()
      .getByTestId('remove-scene')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-scene-id') ?? ''));
  }

  /**
   * Removes a scene through the right-click menu. Any change of the view closes the menu (as it
   * should: its pixel no longer points at the scenes), and the tail of a zoom animation can come
   * just after the right click on a loaded machine: then the user right-clicks again.
   */
  async removeFromMenu(sceneId: string) {
    await expect(async () => {
      if (!(await this.removeMenu().isVisible())) await this.rightClickOnMap();
      await this.removeMenu()
        .locator(`[data-scene-id="${sceneId}"]`)
        .getByTestId('remove-scene-button')
        .click({ timeout: 3000 });
    }).toPass({ timeout: 30_000 });
  }
}

/** Calls the API directly, as any client could, to check what the server says about a token. */
export async function apiCode(
  request: APIRequestContext,
  path: string,
  token: string | null,
): Promise<number> {
  const response = await request.get(`/api/v1${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return (await response.json()).code;
}
