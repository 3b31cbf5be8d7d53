import { expect, test } from '@playwright/test';
import { ApiKeyPattern } from '@satportal/contract';
import { AccountDriver } from './accountDriver';
import { ApiKeysDriver } from './apiKeysDriver';
import { createUser, Portal, uiText } from './driver';

/**
 * API keys in the account centre (issue 27 item 1): a key is made with a name, scopes and an
 * expiry, shown once with a copy button and the warning that it will not be shown again, listed
 * by its prefix only; a program (here: Node's fetch, outside the browser) calls the API with it
 * within its scopes; revoked, the same request is refused.
 */

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

for (const language of ['en', 'zh'] as const) {
  const text = (key: string, params: Record<string, string> = {}) => uiText(language, key, params);

  test(`(${language}) an API key is shown once, opens the API to a program within its scopes, and stops when revoked`, async ({
    page,
    baseURL,
  }) => {
    // Log in, switch language, make, use, list after a reload and revoke a key: long on a loaded machine.
    test.setTimeout(180_000);
    const portal = new Portal(page);
    const account = new AccountDriver(portal);
    const keys = new ApiKeysDriver(portal);
    await portal.goOffline();
    const user = await createUser();
    await portal.logIn(user);
    if (language === 'zh') await portal.switchLanguage('zh');
    await account.open();
    await expect(keys.section()).toContainText(text('apiKey.hint'));
    await expect(page.getByTestId('api-keys-none')).toHaveText(text('apiKey.none'));

    const dialog = await keys.create('nightly orders', { add: ['order'] }, text('apiKey.expiry30'));
    await expect(dialog).toContainText(text('apiKey.createdTitle'));
    await expect(dialog.getByTestId('api-key-shown-once')).toContainText(text('apiKey.shownOnce'));
    const key = await keys.shownKey();
    expect(key).toMatch(ApiKeyPattern);
    expect(await keys.copyKey()).toBe(key);
    await expect(page.getByText(text('apiKey.copied'))).toBeVisible();
    // The whole page while the dialog is open (an element behind a modal's mask never settles).
    await page.screenshot({ path: test.info().outputPath(`api-key-shown-${language}.png`) });
    await keys.closeShownKey();

    // Listed by its prefix, scopes and expiry; its text is on the page no more, nor after a reload.
    await expect(keys.rows()).toHaveCount(1);
    const row = keys.rows().first();
    await expect(row).toContainText('nightly orders');
    await expect(row).toContainText(`${key.slice(0, 12)}_`);
    await expect(row).toContainText('read');
    await expect(row).toContainText('order');
    await expect(row).toContainText(text('apiKey.lastUsed', { time: text('apiKey.neverUsed') }));
    // Made with the chosen expiry ("never" is also English's word for no expiry).
    await expect(row).not.toContainText(text('apiKey.expiresAt', { time: text('apiKey.noExpiry') }));
    await expect(page.getByTestId('api-keys-count')).toHaveText(
      text('apiKey.count', { count: '1', max: '20' }),
    );
    expect(await page.content()).not.toContain(key);
    // The section whole (taller than the default window: the panel would cut it).
    await page.setViewportSize({ width: 1280, height: 1600 });
    await page
      .getByTestId('api-keys')
      .screenshot({ path: test.info().outputPath(`api-keys-list-${language}.png`) });
    await page.setViewportSize({ width: 1280, height: 720 });

    // A program calls the API with it: Node's fetch, no browser, no cookie.
    const call = (path: string, headers: Record<string, string>, init: RequestInit = {}) =>
      fetch(`${baseURL}/api/v1${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', ...headers },
      });
    const me = await call('/me', { authorization: `Bearer ${key}` });
    expect(me.status).toBe(200);
    expect((await me.json()).data.username).toBe(user.username);
    const orders = await call('/orders?length=10', { 'x-api-key': key });
    expect((await orders.json()).code).toBe(2000);
    // Beyond its scopes (no `write`) and on the account's own routes it is refused.
    const write = await call(
      '/aois',
      { 'x-api-key': key },
      { method: 'POST', body: JSON.stringify({ hasGeo: false, name: 'x', parentId: 1 }) },
    );
    expect(write.status).toBe(403);
    expect(await write.json()).toEqual({
      code: 4033,
      message: 'apiKey.scopeMissing',
      data: { params: { scope: 'write' } },
    });
    const mint = await call(
      '/api-keys',
      { 'x-api-key': key },
      { method: 'POST', body: JSON.stringify({ name: 'more', scopes: ['read'] }) },
    );
    expect(mint.status).toBe(403);

    // The list shows its use once reloaded.
    await page.reload();
    await account.open();
    await expect(keys.rows().first()).toContainText(text('apiKey.lastUsed', { time: '' }).trim());
    await expect(keys.rows().first()).not.toContainText(
      text('apiKey.lastUsed', { time: text('apiKey.neverUsed') }),
    );

    await keys.revoke('nightly orders');
    await expect(page.getByText(text('apiKey.revoked'))).toBeVisible();
    await expect(page.getByTestId('api-keys-none')).toBeVisible();
    const refused = await call('/me', { authorization: `Bearer ${key}` });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ code: 3001, message: 'apiKey.invalid', data: null });
  });
}
