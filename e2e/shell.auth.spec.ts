// Cloud sign-in, silent sign-in, transparent session renewal and logout (spec sections 2, 4, 5 and 8).
import type { Page } from '@playwright/test';
import { system } from './env';
import { expect, test } from './support/console';
import { signIn, toasts } from './support/shell';

const REFRESH_KEY = 'refresh-token';
const storedRefreshToken = (page: Page) =>
  page.evaluate((key) => window.localStorage.getItem(key), REFRESH_KEY);

test.describe('cloud sign-in', () => {
  test('refuses a missing login or password and a wrong password, then signs in', async ({ page }) => {
    await page.goto(system.cloudUrl);
    await expect(page.getByRole('heading', { name: 'Sign in to the SmartThing cloud' })).toBeVisible();
    // Signed out, the login form is all there is: no header, no menu, no gateways.
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open the menu' })).toHaveCount(0);

    const logIn = page.getByRole('button', { name: 'Log in' });
    await logIn.click();
    await expect(toasts(page, 'Login and password are required!')).toBeVisible();
    await page.getByRole('textbox', { name: 'Login' }).fill(system.login);
    await logIn.click();
    // The same failure again replaces its toast instead of piling up a second one.
    await expect(toasts(page, 'Login and password are required!')).toHaveCount(1);

    await page.getByRole('textbox', { name: 'Password' }).fill(`${system.password}-wrong`);
    await logIn.click();
    const failed = toasts(page, 'Failed to authenticate');
    await expect(failed).toContainText('Wrong login/password');
    await expect(page.getByRole('textbox', { name: 'Login' })).toBeVisible();
    expect(await storedRefreshToken(page)).toBeNull();

    await page.getByRole('textbox', { name: 'Password' }).fill(system.password);
    await logIn.click();
    const welcome = toasts(page, `Welcome, ${system.login}!`);
    await expect(welcome).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Select a gateway' })).toBeVisible();
    // The successful sign-in closes the failure it resolves; the success toast closes by itself.
    await expect(failed).toBeHidden();
    await expect(welcome).toBeHidden();
    // Both are found again under the bell, which counts what was not read yet.
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await bell.click();
    const history = page.getByRole('region', { name: 'Notification history' });
    await expect(history.getByTestId('toast-history-item').first()).toContainText(
      `Welcome, ${system.login}!`,
    );
    await expect(history).toContainText('Wrong login/password');
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(`${system.cloudUrl}/gateways`);
    await expect(
      page.getByRole('button', { name: `Signed in as ${system.login}. Open the account dialog` }),
    ).toBeVisible();
    expect(await storedRefreshToken(page)).toMatch(/.+/);
  });

  test('a signed-out page loads without console errors or warnings', async ({ page }) => {
    const noise: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') noise.push(m.text());
    });
    await page.goto(system.cloudUrl);
    await expect(page.getByRole('heading', { name: 'Sign in to the SmartThing cloud' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in to the SmartThing cloud' })).toBeVisible();
    expect(noise).toEqual([]);
  });

  test('a reload keeps the session (silent sign-in)', async ({ page }) => {
    await signIn(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Select a gateway' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Signed in as / })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Login' })).toHaveCount(0);
    // A new tab of the same browser is signed in as well.
    const other = await page.context().newPage();
    await other.goto(`${system.cloudUrl}/gateways`);
    await expect(other.getByRole('heading', { name: 'Select a gateway' })).toBeVisible();
  });
});

test.describe('cloud session renewal', () => {
  test('an expired access token is renewed through the stored refresh token, unnoticed', async ({ page }) => {
    await signIn(page);
    const context = page.context();
    const first = await storedRefreshToken(page);

    // The access cookie is gone (as when it expires): refreshing the list renews the session once.
    await context.clearCookies({ name: 'st_access' });
    const renewed = page.waitForResponse((r) => r.url().endsWith('/api/auth/user/refresh'));
    const listed = page.waitForResponse(
      (r) => r.url().endsWith('/api/gateway/management/list') && r.status() === 200,
    );
    await page.getByRole('button', { name: 'Refresh the gateway list' }).click();
    expect((await renewed).status()).toBe(200);
    await listed;
    await expect(page.getByTestId('gateway-item').filter({ hasText: 'Home' })).toBeVisible();
    await expect(toasts(page, 'Failed to load gateways')).toHaveCount(0);
    const second = await storedRefreshToken(page);
    expect(second).toMatch(/.+/);
    expect(second).not.toBe(first);
    expect((await context.cookies(system.cloudUrl)).some((c) => c.name === 'st_access')).toBe(true);

    // Again, and this time a page load: the silent sign-in renews the session and the user stays in.
    await context.clearCookies({ name: 'st_access' });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Select a gateway' })).toBeVisible();
    const third = await storedRefreshToken(page);
    expect(third).not.toBe(second);
  });

  test('a refresh token the cloud refuses ends the session: the login form comes back', async ({ page }) => {
    await signIn(page);
    await page.context().clearCookies({ name: 'st_access' });
    await page.evaluate((key) => window.localStorage.setItem(key, 'not-a-valid-refresh-token'), REFRESH_KEY);
    await page.getByRole('button', { name: 'Refresh the gateway list' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to the SmartThing cloud' })).toBeVisible();
    expect(await storedRefreshToken(page)).toBeNull();
  });
});

test.describe('cloud logout', () => {
  test('asks first, then forgets the refresh token and shows the login form', async ({ page }) => {
    await signIn(page);
    const badge = page.getByRole('button', { name: `Signed in as ${system.login}. Open the account dialog` });
    await badge.click();
    const account = page.getByRole('dialog', { name: 'Account' });
    await expect(account).toContainText(`Login: ${system.login}`);
    await expect(account).toContainText(/User id: \S+/);

    await account.getByRole('button', { name: 'Log out' }).click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await expect(confirm).toContainText('Log out of the cloud console?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    expect(await storedRefreshToken(page)).toMatch(/.+/);

    await account.getByRole('button', { name: 'Log out' }).click();
    await confirm.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to the SmartThing cloud' })).toBeVisible();
    expect(await storedRefreshToken(page)).toBeNull();
    // The session is closed on the server too: a reload stays signed out.
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Select a gateway' })).toHaveCount(0);
  });
});
