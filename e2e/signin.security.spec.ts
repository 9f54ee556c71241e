// Issue 38's console in Chromium (cloud mode): the authenticator app set up on the security screen (QR code
// and secret), sign-in with a code, a recovery code that works once, set-up at sign-in when an admin requires
// a second factor, ending another browser's session, API tokens shown once; the screen in Russian, dark, at
// phone width. Each test makes its own user through the admin API, so the shared admin's sign-in never changes.
import { expectNoSidewaysScroll, reloadInTheme, russianPhone } from './accounts.support';
import { system } from './env';
import {
  addVirtualAuthenticator,
  api,
  apiSignIn,
  newUser,
  nextCode,
  passwordStep,
  securityUrl,
  signInAs,
  totp,
} from './signin.support';
import { expect, test } from './support/console';
import { checkScreen, expectAccessible } from './support/screens';

const GATEWAYS = 'Select a gateway';

test('authenticator app: set up with the QR code, sign in with a code, a recovery code works once', async ({
  page,
  browser,
  consoleGuard,
}) => {
  test.setTimeout(150_000);
  // wrong codes and the used recovery code are refused with 401 on purpose
  consoleGuard.allow(/status of 401/);
  const user = await newUser('totp');
  await signInAs(page, user);
  await page.goto(securityUrl());
  const section = page.getByTestId('totp-section');
  await expect(section.getByTestId('totp-status')).toHaveText('Off');
  await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(section.getByRole('img', { name: 'QR code of the authenticator secret' })).toBeVisible();
  const secret = (await section.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await section.getByLabel('Code from the app').fill('000000' === totp(secret) ? '111111' : '000000');
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(section.getByText('Wrong or already used code')).toBeVisible();
  await section.getByLabel('Code from the app').fill(totp(secret));
  await section.getByRole('button', { name: 'Turn on' }).click();
  const shown = section.getByTestId('recovery-codes');
  await expect(shown).toBeVisible();
  const codes = ((await shown.locator('pre, code').first().textContent()) ?? '').split('\n').filter(Boolean);
  expect(codes).toHaveLength(10);
  await shown.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByTestId('totp-status')).toHaveText('On');
  await expect(section).toContainText('10 recovery codes left');

  // Sign-in in another browser: the password, then a code from the app.
  const other = await browser.newContext();
  const second = await other.newPage();
  await passwordStep(second, user.login, user.password);
  await expect(second.getByRole('heading', { name: 'Second step: your authenticator app' })).toBeVisible();
  await second.getByLabel('Six-digit code').fill(nextCode(secret, 1));
  await second.getByRole('button', { name: 'Verify' }).click();
  await expect(second.getByRole('heading', { name: GATEWAYS })).toBeVisible({ timeout: 30_000 });
  await other.close();

  // A recovery code signs in once; the same code a second time is refused.
  const recover = async () => {
    const context = await browser.newContext();
    const p = await context.newPage();
    await passwordStep(p, user.login, user.password);
    await p.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await p.getByLabel('Recovery code').fill(codes[0] ?? '');
    await p.getByRole('button', { name: 'Verify' }).click();
    return { context, page: p };
  };
  const first = await recover();
  await expect(first.page.getByRole('heading', { name: GATEWAYS })).toBeVisible({ timeout: 30_000 });
  await first.context.close();
  const again = await recover();
  await expect(again.page.getByText('The code was not accepted')).toBeVisible();
  await again.context.close();
  await page.reload();
  await expect(section).toContainText('9 recovery codes left');
});

test('an admin requires a second factor: a user without one sets it up at sign-in; the admin resets it', async ({
  page,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  consoleGuard.allow(/status of 403/);
  const user = await newUser('enrol');
  const admin = await apiSignIn(system.login, system.password);
  await api(admin, 'PUT', '/api/security/sign-in', { requireSecondFactor: true });
  try {
    await passwordStep(page, user.login, user.password);
    await expect(
      page.getByRole('heading', { name: /Your administrator requires a second factor/ }),
    ).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    await expect(page.getByRole('img', { name: 'QR code of the authenticator secret' })).toBeVisible();
    await page.getByLabel('Code from the app').fill(totp(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByTestId('recovery-codes')).toBeVisible();
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page.getByRole('heading', { name: GATEWAYS })).toBeVisible({ timeout: 30_000 });
  } finally {
    await api(admin, 'PUT', '/api/security/sign-in', { requireSecondFactor: false });
  }
  // The admin removes the user's second factor on the users screen: the user's session ends.
  const adminPage = await page.context().browser()?.newPage();
  if (!adminPage) throw new Error('no browser');
  await signInAs(adminPage, { login: system.login, password: system.password });
  await adminPage.goto(`${system.cloudUrl}/admin/users`);
  await adminPage.getByRole('button', { name: `Reset the second factor of ${user.login}` }).click();
  await adminPage.getByRole('dialog').getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(adminPage.getByText(`The second factor of ${user.login} was removed`)).toBeVisible();
  await adminPage.close();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

test('sessions: ending another browser signs it out; an API token is shown once and revoked', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const user = await newUser('sess');
  await signInAs(page, user);
  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await signInAs(elsewhere, user);

  await page.goto(securityUrl());
  // (the user's own API session from newUser() is listed too, as "Node.js")
  const browsers = page.getByTestId('session-row').filter({ hasText: 'Chrome on' });
  await expect(browsers).toHaveCount(2);
  await expect(browsers.filter({ hasText: 'this session' })).toHaveCount(1);
  const theirs = browsers.filter({ hasNotText: 'this session' });
  await expect(theirs).toContainText('127.0.0.1');
  await theirs.getByRole('button', { name: 'End the session on Chrome on Linux' }).click();
  await expect(browsers).toHaveCount(1);
  // the ended browser is signed out at once: its live channel is closed, its next call refused
  await elsewhere.reload();
  await expect(elsewhere.getByRole('button', { name: 'Log in' })).toBeVisible();
  await other.close();

  // An API token: read scope, shown once with copy feedback, then listed without its secret, then revoked.
  const tokens = page.getByTestId('tokens-section');
  await tokens.getByLabel('Name').fill('e2e script');
  await tokens.getByRole('button', { name: 'Create token' }).click();
  const secret = tokens.getByTestId('token-secret');
  await expect(secret).toContainText('sta_');
  const value = ((await secret.locator('pre, code').first().textContent()) ?? '').trim();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await secret.getByRole('button', { name: 'Copy the token' }).click();
  await expect(secret.getByRole('button', { name: 'Copied' })).toBeVisible();
  // the token works on the REST routes, and its use shows in the list
  const listed = await fetch(`${system.cloudUrl}/api/gateway/management/list`, {
    headers: { authorization: `Bearer ${value}` },
  });
  expect(listed.status).toBe(200);
  await secret.getByRole('button', { name: 'Done' }).click();
  await expect(tokens.getByTestId('token-secret')).toHaveCount(0);
  await page.reload();
  const row = tokens.getByTestId('token-row').filter({ hasText: 'e2e script' });
  await expect(row).toContainText('Read');
  await expect(row.getByTestId('token-last-use')).toContainText('127.0.0.1');
  for (const theme of ['light', 'dark'] as const) {
    await reloadInTheme(page, theme);
    await expect(row).toBeVisible();
    await checkScreen(page, 'security', theme);
  }
  await row.getByRole('button', { name: 'Revoke the token e2e script' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(row).toHaveCount(0);
  const refused = await fetch(`${system.cloudUrl}/api/gateway/management/list`, {
    headers: { authorization: `Bearer ${value}` },
  });
  expect(refused.status).toBe(401);
});

test('the security screen in Russian, dark, at phone width', async ({ page }) => {
  const user = await newUser('ru');
  await russianPhone(page);
  await page.goto(system.cloudUrl);
  await page.getByRole('textbox', { name: 'Логин' }).fill(user.login);
  await page.getByRole('textbox', { name: 'Пароль', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { name: 'Выберите шлюз' })).toBeVisible();
  await page.goto(securityUrl());
  await reloadInTheme(page, 'dark');
  await expect(page.getByRole('heading', { name: 'Вход и безопасность' })).toBeVisible();
  await page.getByRole('button', { name: 'Подключить аутентификатор' }).click();
  await expect(page.getByRole('img', { name: 'QR-код секрета аутентификатора' })).toBeVisible();
  await expect(page.getByTestId('session-row').filter({ hasText: 'этот сеанс' })).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, 'security (ru, dark, 390 px)');
});

test('passkeys: register one through a virtual authenticator, sign in with it alone and as the second step', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const user = await newUser('passkey');
  // WebAuthn refuses an IP address as the relying party id: the console is opened by name
  const cloud = system.cloudUrl.replace('127.0.0.1', 'localhost');
  await addVirtualAuthenticator(page);
  await page.goto(cloud);
  await page.getByRole('textbox', { name: 'Login' }).fill(user.login);
  await page.getByRole('textbox', { name: 'Password' }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: GATEWAYS })).toBeVisible({ timeout: 30_000 });
  await page.goto(`${cloud}/account/security`);
  const section = page.getByTestId('passkeys-section');
  await section.getByLabel('Name of the new passkey').fill('Laptop');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const row = section.getByTestId('passkey-row');
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Rename the passkey Laptop' }).click();
  await page.getByRole('dialog').getByLabel('New name').fill('Work laptop');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Work laptop');

  // Signed out (cookies and the stored refresh token gone), the passkey alone signs in: no login typed.
  const signOut = async () => {
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await page.goto(cloud);
  };
  await signOut();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('heading', { name: GATEWAYS })).toBeVisible({ timeout: 30_000 });

  // After the password, the passkey is the second step.
  await signOut();
  await page.getByRole('textbox', { name: 'Login' }).fill(user.login);
  await page.getByRole('textbox', { name: 'Password' }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByRole('heading', { name: GATEWAYS })).toBeVisible({ timeout: 30_000 });
  await page.goto(`${cloud}/account/security`);
  await expect(row).toContainText('last used');
  await row.getByRole('button', { name: 'Remove the passkey Work laptop' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(section.getByText('No passkeys')).toBeVisible();
});
