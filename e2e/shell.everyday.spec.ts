// Issue 36 item 13 (cloud mode): the token dialog says a copy worked, also where the browser has no Clipboard
// API (plain HTTP on a LAN address); a second sign-in in the same tab lists its welcome once under the bell.
import { system } from './env';
import { expect, test } from './support/console';
import { createGateway, itemMenu } from './support/gateways';
import { saveScreenshot } from './support/screens';
import { signIn } from './support/shell';

test('the token dialog confirms a copy without the Clipboard API', async ({ page }) => {
  // what a page served over plain HTTP on a LAN address gets: no navigator.clipboard
  await page.addInitScript(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }));
  await signIn(page);
  const name = `Copy ${Date.now().toString(36)}`;
  await createGateway(page, name);
  await itemMenu(page, name, 'Generate token');
  const dialog = page.getByRole('dialog', { name: 'Connection token' });
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText(
    'The connection token is in the clipboard: paste it into the gateway.',
  );
  await saveScreenshot(page, 'token-copied', 'light');
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await saveScreenshot(page, 'token-copied', 'dark');
});

test('"Welcome" is listed once for two sign-ins in one tab', async ({ page }) => {
  await signIn(page);
  const logOut = async () => {
    await page.getByRole('button', { name: `Signed in as ${system.login}. Open the account dialog` }).click();
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Log out' }).click();
    await page
      .getByRole('dialog', { name: 'Please confirm' })
      .getByRole('button', { name: 'Log out' })
      .click();
    await expect(page.getByRole('textbox', { name: 'Login' })).toBeVisible();
  };
  await logOut();
  await page.getByRole('textbox', { name: 'Login' }).fill(system.login);
  await page.getByRole('textbox', { name: 'Password' }).fill(system.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Select a gateway' })).toBeVisible();
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  const history = page.getByRole('region', { name: 'Notification history' });
  await expect(history.getByTestId('toast-history-item').first()).toContainText(`Welcome, ${system.login}!`);
  await expect(history.getByTestId('toast-history-item').filter({ hasText: 'Welcome,' })).toHaveCount(1);
});
