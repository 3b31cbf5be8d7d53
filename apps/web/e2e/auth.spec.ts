import { expect, test } from '@playwright/test';
import { apiCode, createUser, demo, Portal } from './driver';

test('a wrong password says so and stays on the login page', async ({ page }) => {
  const portal = new Portal(page);
  await portal.open('/login');
  await portal.fillLogin({ username: demo.username, password: 'not-the-password' });
  await expect(portal.loginError()).toContainText('Username or password is not right');
  await expect(page).toHaveURL(/\/login$/);
  expect(await portal.stored('token')).toBeNull();
});

test('logging in opens the map workspace and keeps the session', async ({ page }) => {
  const portal = new Portal(page);
  await portal.logIn(demo);
  expect(await portal.stored('token')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  const hoursLeft = (Date.parse((await portal.stored('expiretime'))!) - Date.now()) / 3600_000;
  expect(hoursLeft).toBeGreaterThan(11);
  expect(hoursLeft).toBeLessThan(13);
  expect(JSON.parse((await portal.stored('user'))!)).toMatchObject({ org: { auth: { orderType: [1, 4] } } });
});

test('remember me keeps the session for a month', async ({ page }) => {
  const portal = new Portal(page);
  await portal.logIn(demo, { remember: true });
  const daysLeft = (Date.parse((await portal.stored('expiretime'))!) - Date.now()) / 86_400_000;
  expect(daysLeft).toBeGreaterThan(29);
});

test('the guard sends a visitor without a token to the login page', async ({ page }) => {
  const portal = new Portal(page);
  await portal.open('/');
  await expect(page).toHaveURL(/\/login$/);
  await portal.open('/some/unknown/path');
  await expect(page).toHaveURL(/\/login$/);
});

test('the guard sends a session whose expiry has passed to the login page', async ({ page, request }) => {
  const portal = new Portal(page);
  const account = await createUser();
  const login = await (await request.post('/api/v1/auth/login', { data: account })).json();
  await portal.open('/login');
  await portal.storeSession({
    token: login.data.token,
    expiretime: new Date(Date.now() - 1000).toISOString(),
    user: login.data.user,
  });
  await portal.open('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('an API answer of 3001 sends the user to the login page', async ({ page }) => {
  const portal = new Portal(page);
  await portal.open('/login');
  // A stored session the server does not know: the first call answers 3001.
  await portal.storeSession({
    token: 'x'.repeat(43),
    expiretime: new Date(Date.now() + 3600_000).toISOString(),
  });
  await portal.open('/');
  await expect(page).toHaveURL(/\/login$/);
  expect(await portal.stored('token')).toBeNull();
});

test('logging out revokes the token on the server', async ({ page, request }) => {
  const portal = new Portal(page);
  const account = await createUser();
  await portal.logIn(account);
  const token = await portal.stored('token');
  expect(await apiCode(request, '/me', token)).toBe(2000);
  await portal.logOut();
  expect(await portal.stored('token')).toBeNull();
  expect(await apiCode(request, '/me', token)).toBe(3001);
});

test('changing the password refuses a wrong old one (3003) and accepts the right one', async ({
  page,
  request,
}) => {
  const portal = new Portal(page);
  const account = await createUser();
  await portal.logIn(account);
  await portal.openPanel(5);
  await portal.changePassword('wrong-old-password', 'a-new-password-1');
  await expect(page.getByText('Old password error')).toBeVisible();
  await portal.changePassword(account.password, 'a-new-password-1');
  await expect(page.getByText('Password changed')).toBeVisible();
  const login = async (password: string) =>
    (
      await (
        await request.post('/api/v1/auth/login', { data: { username: account.username, password } })
      ).json()
    ).code;
  expect(await login(account.password)).toBe(3002);
  expect(await login('a-new-password-1')).toBe(2000);
});
