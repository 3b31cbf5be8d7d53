import { type APIRequestContext, request as apiRequest, expect, test } from '@playwright/test';
import { AccountDriver } from './accountDriver';
import { type Account, apiCode, createUser, Portal, uiText } from './driver';

/**
 * "Sign out everywhere" in the account centre (issue 26 item 5): after a confirmation, every
 * session of the account ends — this browser's, another device's — with every tile cookie; the
 * browser goes to login. Another user is untouched. The tile keys' end is shown on both databases
 * by `modules/auth/revocation.db.test.ts`: this server idles keys out after 8 s unused, so here a
 * dead key could not be told from an idle one.
 */

const capabilities = '/tiles/wmts/1.0.0/WMTSCapabilities.xml';

/**
 * A session as another device makes it: a request context of its own, whose cookie jar holds the
 * session's tile cookie, and the token.
 */
async function otherDevice(baseURL: string | undefined, account: Account) {
  const device = await apiRequest.newContext({ baseURL });
  const login = await device.post('/api/v1/auth/login', { data: account });
  return { device, token: (await login.json()).data.token as string };
}

/** Status and X-Status of the WMTS capabilities with a context's tile cookie. */
async function tiles(context: APIRequestContext) {
  const r = await context.get(capabilities);
  return `${r.status()} ${r.headers()['x-status'] ?? '-'}`;
}

for (const language of ['en', 'zh'] as const) {
  const text = (key: string) => uiText(language, key);

  test(`(${language}) sign out everywhere ends every session and tile cookie of the account, after a confirmation`, async ({
    page,
    request,
    baseURL,
  }) => {
    const portal = new Portal(page);
    const account = new AccountDriver(portal);
    await portal.goOffline();
    // The account, and another user's whose sessions nothing here may touch.
    const [user, otherUser] = await Promise.all([createUser(), createUser()]);
    await portal.logIn(user);
    if (language === 'zh') await portal.switchLanguage('zh');
    const token = (await portal.stored('token'))!;
    const elsewhere = await otherDevice(baseURL, user);
    const bystander = await otherDevice(baseURL, otherUser);
    // Alive: this browser's tile cookie (the page's own request context) and the other device's.
    expect(await tiles(page.request)).toBe('200 -');
    expect(await tiles(elsewhere.device)).toBe('200 -');

    await account.open();
    const dialog = await account.askSignOutEverywhere();
    await expect(dialog).toContainText(text('login.signOutEverywhereTitle'));
    await expect(dialog).toContainText(text('login.signOutEverywhereContent'));
    // Cancel keeps everything.
    await account.answerSignOutEverywhere('cancel');
    await expect(dialog).toBeHidden();
    expect(await apiCode(request, '/me', token)).toBe(2000);
    expect(await apiCode(request, '/me', elsewhere.token)).toBe(2000);
    expect(await tiles(page.request)).toBe('200 -');

    await account.askSignOutEverywhere();
    await account.answerSignOutEverywhere('confirm');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(text('login.signedOutEverywhere'))).toBeVisible();
    expect(await portal.stored('token')).toBeNull();
    // Another user's session and cookie are untouched.
    expect(await tiles(bystander.device)).toBe('200 -');
    expect(await apiCode(request, '/me', bystander.token)).toBe(2000);

    // Every credential of the account is dead, on this browser and the other device.
    expect(await apiCode(request, '/me', token)).toBe(3001);
    expect(await apiCode(request, '/me', elsewhere.token)).toBe(3001);
    expect(await tiles(page.request)).toBe('401 401');
    expect(await tiles(elsewhere.device)).toBe('401 401');

    // The password is unchanged: the user can log in again.
    const again = await request.post('/api/v1/auth/login', { data: user });
    expect((await again.json()).code).toBe(2000);
    await Promise.all([elsewhere.device.dispose(), bystander.device.dispose()]);
  });
}
