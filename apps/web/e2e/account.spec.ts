import { expect, test } from '@playwright/test';
import { AccountDriver } from './accountDriver';
import { createUser, Portal, uiText } from './driver';

/**
 * The account centre (panel 5, spec 001 §2; issue 15): the time zone chosen there is saved to the
 * account and every time shown follows it with its offset; the order request information and the
 * usage box are there.
 */
test.use({ timezoneId: 'UTC' });

/** "2026-11-25 14:03:07 UTC+05:30" → the instant it names. */
function instantOf(shown: string): number {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) UTC([+-]\d{2}:\d{2})$/.exec(shown.trim());
  if (!match) throw new Error(`not a time with its offset: ${shown}`);
  return Date.parse(`${match[1]}T${match[2]}${match[3]}`);
}

for (const language of ['en', 'zh'] as const) {
  const text = (key: string, params?: Record<string, string>) => uiText(language, key, params);

  test(`(${language}) the time zone chosen in the account changes the times shown, with the offset, and stays after a reload`, async ({
    page,
  }) => {
    const portal = new Portal(page);
    const account = new AccountDriver(portal);
    await portal.logInNewUser(language);
    await account.open();

    // No zone saved: the browser's (UTC here).
    await expect(account.sessionExpires()).toHaveText(/ UTC\+00:00$/);
    const expiresAt = instantOf((await account.sessionExpires().textContent()) ?? '');

    await account.chooseTimeZone('Asia/Kolkata', 'kolkata');
    await expect(account.sessionExpires()).toHaveText(/ UTC\+05:30$/);
    // The same instant, shown 5 h 30 later on the clock.
    expect(instantOf((await account.sessionExpires().textContent()) ?? '')).toBe(expiresAt);
    await expect(page.getByTestId('time-zone-panel')).toContainText(
      text('account.timeZoneCurrent', { zone: 'Asia/Kolkata' }),
    );

    // Saved to the account: a reload (a fresh /me) keeps it; so does the server.
    await page.reload();
    await account.open();
    await expect(account.sessionExpires()).toHaveText(/ UTC\+05:30$/);
    const me = await page.request.get('/api/v1/me', {
      headers: { authorization: `Bearer ${await portal.stored('token')}` },
    });
    expect((await me.json()).data.timezone).toBe('Asia/Kolkata');

    // A zone with summer time and a half-hour offset, then back to the browser's.
    await account.chooseTimeZone('America/St_Johns', 'st johns');
    await expect(account.sessionExpires()).toHaveText(/ UTC-0[23]:30$/);
    await account.chooseTimeZone(null);
    await expect(account.sessionExpires()).toHaveText(/ UTC\+00:00$/);
  });

  test(`(${language}) order request information and the usage box of a new account`, async ({ page }) => {
    const portal = new Portal(page);
    const account = new AccountDriver(portal);
    await portal.goOffline();
    await portal.logIn(await createUser({ orgType: 4, orderTypes: '1' }));
    if (language === 'zh') await portal.switchLanguage('zh');
    await account.open();

    await expect(page.getByTestId('account-request-type')).toHaveText(text('account.requestOwnCompany'));
    await expect(page.getByTestId('account-order-kinds')).toHaveText(text('account.orderArchive'));
    await expect(account.usageBox()).toBeVisible();
    expect(await account.usageBytes('today')).toBe(0);
    // The day counter restarts at the next UTC midnight, shown in the browser's zone with the offset.
    const nextMidnight = new Date();
    nextMidnight.setUTCHours(24, 0, 0, 0);
    await expect(page.getByTestId('usage-next-reset')).toHaveText(
      `${nextMidnight.toISOString().slice(0, 10)} 00:00 UTC+00:00`,
    );
    expect(await account.chartBars()).toBe(0);
  });
}
