import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { e2eDataDir } from '../playwright.config';

/**
 * The one driver of the end-to-end specs: they say what a user does
 * ("log in", "open the account centre"), the driver knows how.
 */
const root = resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

export interface Account {
  username: string;
  password: string;
}

export const demo: Account = { username: 'demo', password: 'satportal-demo' };

/** A fresh user made by the operator CLI, through the running server's socket. */
export async function createUser(options: { orgType?: number; orderTypes?: string } = {}): Promise<Account> {
  const account = {
    username: `e2e_${randomBytes(4).toString('hex')}`,
    password: `pw-${randomBytes(6).toString('hex')}`,
  };
  await run(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/cli.ts',
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
    ],
    { cwd: root, env: { ...process.env, DATABASE_URL: '', DATA_DIR: e2eDataDir } },
  );
  return account;
}

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

  stored(key: 'token' | 'expiretime' | 'user' | 'lang') {
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

  async openPanel(index: number) {
    await this.page.getByTestId(`menu-${index}`).click();
  }

  panel(index: number) {
    return this.page.getByTestId(`panel-${index}`);
  }

  openPanels() {
    return this.page.locator('[data-testid^="panel-"]:not([data-testid="panel-close"])');
  }

  async switchLanguage(language: 'en' | 'zh') {
    await this.page.getByTestId('language-switch').first().click();
    await this.page.getByTestId(`language-option-${language}`).click();
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

  /** Distinct colours drawn on the map's canvases (a blank map has one or none). */
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
