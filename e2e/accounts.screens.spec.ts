// Issue 20's screens at phone width (390 px) and in Russian, axe clean in both themes: users, the shares
// dialog, the audit trail and the first-password screen. And an invite link that expired: the console says
// so, the admin sees it and issues a new one.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { freeTcpPort } from '@st/testkit';
import {
  chooseFirstPassword,
  expectNoSidewaysScroll,
  reloadInTheme,
  russianPhone,
  signInWithOneTimePassword,
} from './accounts.support';
import { system } from './env';
import { expect, test } from './support/console';
import { expectAccessible } from './support/screens';
import { signIn } from './support/shell';

/** Axe and the phone check in light, then dark, then back to light (through the stored theme). */
async function bothThemes(page: Page, screen: string, reopen: () => Promise<void> = async () => {}) {
  for (const theme of ['light', 'dark', 'light'] as const) {
    await reloadInTheme(page, theme);
    await reopen();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, `${screen} (${theme})`);
  }
}

test('users, shares, audit and the first-password screen in Russian at phone width', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const login = `ru-${Date.now().toString(36)}`;
  await russianPhone(page);
  await page.goto(system.cloudUrl);
  await page.getByRole('textbox', { name: 'Логин' }).fill(system.login);
  await page.getByRole('textbox', { name: 'Пароль', exact: true }).fill(system.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { name: 'Выберите шлюз' })).toBeVisible();

  // Users: an admin creates a user with a one-time password.
  const account = () => page.getByRole('button', { name: /Открыть учётную запись/ }).click();
  await account();
  await page.getByRole('link', { name: 'Пользователи' }).click();
  await expect(page.getByRole('heading', { name: 'Пользователи' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Логин' }).fill(login);
  await page.getByRole('button', { name: 'Создать пользователя' }).click();
  const secret = page.getByTestId('user-secret');
  await expect(secret).toContainText(`Одноразовый пароль ${login}`);
  const oneTime = (await secret.locator('pre, code').first().textContent())?.trim() ?? '';
  await bothThemes(page, 'users (ru, 390 px)', () =>
    expect(page.getByTestId('user-row').filter({ hasText: login })).toBeVisible(),
  );

  // Shares: the dialog of "Home", with the new user as viewer.
  await page.getByRole('link', { name: 'К списку шлюзов' }).click();
  const openShares = async () => {
    await page.getByRole('button', { name: 'Действия со шлюзом Home' }).click();
    await page.getByRole('menuitem', { name: 'Доступ' }).click();
    await expect(page.getByRole('dialog', { name: 'Доступ к Home' })).toBeVisible();
  };
  await openShares();
  const shares = page.getByRole('dialog', { name: 'Доступ к Home' });
  await shares.getByRole('textbox', { name: 'Логин' }).fill(login);
  await shares.getByRole('button', { name: 'Открыть доступ', exact: true }).click();
  await expect(shares.getByTestId('share-row').filter({ hasText: login })).toBeVisible();
  await bothThemes(page, 'shares dialog (ru, 390 px)', openShares);
  await page.keyboard.press('Escape');
  await expect(shares).toBeHidden();

  // Audit: the trail with dates in the Russian format.
  await account();
  await page.getByRole('link', { name: 'Журнал действий' }).click();
  const table = page.getByTestId('audit-table');
  await expect(table.locator('tr[data-action="share.granted"]').filter({ hasText: login })).toBeVisible();
  await expect(table).toContainText(/\d{2}\.\d{2}\.\d{4}/);
  await bothThemes(page, 'audit (ru, 390 px)', () =>
    expect(table.locator('tr[data-action="user.created"]').first()).toBeVisible(),
  );

  // The new user, on a phone in Russian: the first-password screen before anything else.
  const context = await browser.newContext();
  try {
    const phone = await context.newPage();
    await russianPhone(phone);
    await signInWithOneTimePassword(phone, login, oneTime, 'ru');
    await expect(phone.getByText(`Вы вошли как ${login} с одноразовым паролем`)).toBeVisible();
    await bothThemes(phone, 'first password (ru, 390 px)', () =>
      expect(phone.getByRole('heading', { name: 'Задайте новый пароль' })).toBeVisible(),
    );
    // a mismatch is said on the form and keeps the button disabled
    await phone.getByLabel('Новый пароль (не короче 8 символов)').fill('ru-own-password');
    await phone.getByLabel('Повторите новый пароль').fill('ru-other-password');
    await expect(phone.getByText('Пароли не совпадают')).toBeVisible();
    await expect(phone.getByRole('button', { name: 'Сохранить и продолжить' })).toBeDisabled();
    await chooseFirstPassword(phone, oneTime, 'ru-own-password', 'ru');
    await expectNoSidewaysScroll(phone);
    await expect(phone.getByTestId('gateway-item').filter({ hasText: 'Home' })).toBeVisible();
  } finally {
    await context.close();
  }
});

/** A second cloud node on the system's database whose invite links last about a second. */
async function shortInviteNode(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freeTcpPort();
  const root = fileURLToPath(new URL('..', import.meta.url));
  const child: ChildProcess = spawn(process.execPath, [join(root, 'apps/cloud/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      ST_PORT: String(port),
      ST_HOST: '127.0.0.1',
      ST_DATA_DIR: join(system.dataDir, 'cloud'),
      ST_INVITE_TTL_HOURS: String(1 / 3600),
      ST_LOG_LEVEL: 'silent',
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      () =>
        fetch(`${url}/api/build`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 30_000 },
    )
    .toBe(200);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

test('an expired invite link says so; the admin sees it and issues a new one', async ({
  page,
  browser,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  // the expired and the replaced link are refused with 400 on purpose
  consoleGuard.allow(/status of 400/);
  const login = `late-${Date.now().toString(36)}`;
  const node = await shortInviteNode();
  let token = '';
  let expiresAt = 0;
  try {
    const signedIn = await fetch(`${node.url}/api/auth/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: system.login, password: system.password }),
    });
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const made = await fetch(`${node.url}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ login, invite: true }),
    });
    const body = (await made.json()) as { inviteToken: string; user: { inviteExpiresAt: number } };
    token = body.inviteToken;
    expiresAt = body.user.inviteExpiresAt;
  } finally {
    await node.stop();
  }
  await expect.poll(() => Date.now() > expiresAt).toBe(true);

  // The late link: the form says it expired (and what to do).
  await page.goto(`${system.cloudUrl}/invite?token=${encodeURIComponent(token)}`);
  await page.getByLabel('New password').fill('late-own-password');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByTestId('invite-refused')).toHaveText(
    'This invite link has expired: ask an admin for a new one',
  );
  await expect(page.getByRole('button', { name: 'Set password' })).toBeDisabled();
  await expectAccessible(page, 'expired invite');

  // The admin sees the expired invite and issues a new link.
  await page.goto(system.cloudUrl);
  await signIn(page);
  await page.getByRole('button', { name: /Open the account dialog/ }).click();
  await page.getByRole('link', { name: 'Users' }).click();
  const row = page.getByTestId('user-row').filter({ hasText: login });
  await expect(row.getByTestId('invite-expiry')).toHaveText('Invite link expired');
  await row.getByRole('button', { name: `New invite link for ${login}` }).click();
  await expect(row.getByTestId('invite-expiry')).toContainText('Invite link valid until');
  const secret = page.getByTestId('user-secret');
  await expect(secret).toContainText(`Invite link for ${login}`);
  const link = (await secret.locator('pre, code').first().textContent())?.trim() ?? '';
  await expectAccessible(page, 'users with a new invite');

  // The new link works once; the user then signs in (an invited user chose their own password already).
  const context = await browser.newContext();
  try {
    const invited = await context.newPage();
    await invited.goto(link);
    await invited.getByLabel('New password').fill('late-own-password');
    await invited.getByRole('button', { name: 'Set password' }).click();
    await expect(invited.getByText('Password set: you can sign in now')).toBeVisible();
    await signIn(invited, login, 'late-own-password');
  } finally {
    await context.close();
  }
});
