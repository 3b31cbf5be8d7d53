import { type APIRequestContext, request as apiRequest, expect, test } from '@playwright/test';
import { AccountDriver } from './accountDriver';
import { type Account, apiCode, createUser, Portal, uiText } from './driver';

/**
 * "Sign out everywhere" in the account centre (issue 26 item 5): after a confirmation, every
 * session of the account ends — this browser's, another device's — with every tile cookie and the
 * tile key (its copied links answer 401 with X-Status 601); the browser goes to login. Another
 * user is untouched.
 */

const capabilities = '/tiles/wmts/1.0.0/WMTSCapabilities.xml';

/**
 * A session as another device makes it (a request context of its own, so its cookie jar holds its
 * tile cookie): its token and a tile key.
 */
async function otherDevice(baseURL: string | undefined, account: Account) {
  const device = await apiRequest.newContext({ baseURL });
  const login = await device.post('/api/v1/auth/login', { data: account });
  const token = (await login.json()).data.token as string;
  const issued = await device.post('/api/v1/tiles/key', {
    headers: { authorization: `Bearer ${token}` },
    data: { deviceId: `device-${token.slice(0, 20)}` },
  });
  return { device, token, key: (await issued.json()).data.key as string };
}

/** Status and X-Status of the WMTS capabilities with a context's tile cookie, or with a key only. */
async function tiles(context: APIRequestContext, key?: string) {
  const r = await context.get(key ? `${capabilities}?key=${encodeURIComponent(key)}` : capabilities);
  return `${r.status()} ${r.headers()['x-status'] ?? '-'}`;
}

for (const language of ['en', 'zh'] as const) {
  const text = (key: string) => uiText(language, key);

  test(`(${language}) sign out everywhere ends every session, tile cookie and tile key of the account, after a confirmation`, async ({
    page,
    request,
    baseURL,
  }) => {
    const portal = new Portal(page);
    const account = new AccountDriver(portal);
    await portal.goOffline();
    const user = await createUser();
    await portal.logIn(user);
    if (language === 'zh') await portal.switchLanguage('zh');
    const token = (await portal.stored('token'))!;
    const elsewhere = await otherDevice(baseURL, user);
    const bystander = await otherDevice(baseURL, await createUser());
    // Alive: this browser's cookie (the page's own request context), the other device's cookie and key
    // (asked for without any cookie: `request` has none).
    expect(await tiles(page.request)).toBe('200 -');
    expect(await tiles(elsewhere.device)).toBe('200 -');
    expect(await tiles(request, elsewhere.key)).toBe('200 -');

    await account.open();
    const dialog = await account.askSignOutEverywhere();
    await expect(dialog).toContainText(text('login.signOutEverywhereTitle'));
    await expect(dialog).toContainText(text('login.signOutEverywhereContent'));
    // Cancel keeps everything.
    await account.answerSignOutEverywhere('cancel');
    await expect(dialog).toBeHidden();
    expect(await apiCode(request, '/me', token)).toBe(2000);
    expect(await tiles(request, elsewhere.key)).toBe('200 -');

    await account.askSignOutEverywhere();
    await account.answerSignOutEverywhere('confirm');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(text('login.signedOutEverywhere'))).toBeVisible();
    expect(await portal.stored('token')).toBeNull();

    // Every credential of the account is dead, on this browser and the other device.
    expect(await apiCode(request, '/me', token)).toBe(3001);
    expect(await apiCode(request, '/me', elsewhere.token)).toBe(3001);
    expect(await tiles(page.request)).toBe('401 401');
    expect(await tiles(elsewhere.device)).toBe('401 401');
    expect(await tiles(request, elsewhere.key)).toBe('401 601');
    // Another user's are not.
    expect(await apiCode(request, '/me', bystander.token)).toBe(2000);
    expect(await tiles(bystander.device)).toBe('200 -');
    expect(await tiles(request, bystander.key)).toBe('200 -');

    // The password is unchanged: the user logs in again.
    await portal.logIn(user);
    await Promise.all([elsewhere.device.dispose(), bystander.device.dispose()]);
  });
}
