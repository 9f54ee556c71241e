// Every shell screen and dialog in both themes: an axe-core scan with no serious or critical violation, and
// a screenshot in docs/screenshots/shell-<screen>-<light|dark>.png. Over another feature's screen (the
// control panel) only the shell's header and dialogs are scanned.
import type { Page } from '@playwright/test';
import { system } from './env';
import { expect, test } from './support/console';
import { createGateway, deleteGateway, itemMenu, uniqueName } from './support/gateways';
import { checkScreen } from './support/screens';
import { closeToasts, gatewayItem, inBothThemes, signIn } from './support/shell';

const HEADER = ['header'];
const DIALOG = ['.st-Modal-content'];
const MENU = ['header', '[role="menu"]'];

/** Dialog widths of the spec (section 9): small, regular and large. */
const WIDTH = { small: 250, regular: 400, large: 550 } as const;

/** Opens a dialog with `open`, checks its width, axe and screenshot, and closes it with Escape. */
async function checkDialog(
  page: Page,
  dialogName: string,
  size: keyof typeof WIDTH,
  screen: string,
  theme: 'light' | 'dark',
  open: () => Promise<void>,
) {
  await open();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  await checkScreen(page, screen, theme, DIALOG);
  // (the dialog is the box the user sees; its backdrop spans the window around it)
  expect((await dialog.boundingBox())?.width, `width of ${dialogName}`).toBe(WIDTH[size]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** The header menu and its build info dialog (the same in both modes but for the reported mode). */
async function checkMenuAndBuildInfo(page: Page, theme: 'light' | 'dark', mode: 'cloud' | 'gateway') {
  const suffix = mode === 'cloud' ? '' : '-gateway';
  await page.getByRole('button', { name: 'Open the menu' }).click();
  const menu = page.getByRole('menu');
  for (const entry of ['Control panel', 'Device settings', 'Device logs', 'OTA updates', 'Build info'])
    await expect(menu.getByRole('menuitem', { name: entry })).toBeVisible();
  await checkScreen(page, `shell-menu${suffix}`, theme, MENU);
  await checkDialog(page, 'Build info', 'large', `shell-build-info${suffix}`, theme, async () => {
    await menu.getByRole('menuitem', { name: 'Build info' }).click();
    const info = page.getByRole('dialog', { name: 'Build info' });
    // The gateway's build (directly or through the relay) and the console's, which names its mode.
    await expect(info).toContainText('Gateway backend build info');
    await expect(info.getByRole('definition').filter({ hasText: '1.0.0' })).toHaveCount(2);
    await expect(
      info
        .getByRole('definition')
        .filter({ hasText: new RegExp(`^${mode}$`) })
        .first(),
    ).toBeVisible();
  });
}

test.describe('shell screens (cloud mode)', () => {
  test('login screen', async ({ page }) => {
    await page.goto(system.cloudUrl);
    for (const theme of ['light', 'dark'] as const) {
      // Signed out there is no theme switch: the system preference picks the theme.
      await page.emulateMedia({ colorScheme: theme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
      await checkScreen(page, 'shell-login', theme);
    }
  });

  test('gateway selector, edit, token, account and confirmation dialogs', async ({ page }) => {
    await signIn(page);
    const name = uniqueName('Screens');
    await createGateway(page, name, 'Made for the screenshots');
    await closeToasts(page);
    await inBothThemes(page, async (theme) => {
      await expect(gatewayItem(page, 'Home')).toBeVisible();
      await checkScreen(page, 'shell-gateways', theme);
      await checkDialog(page, 'New gateway', 'regular', 'shell-gateway-edit', theme, () =>
        page.getByRole('button', { name: 'Add gateway' }).click(),
      );
      await checkDialog(page, 'Connection token', 'large', 'shell-token', theme, async () => {
        await itemMenu(page, name, 'Generate token');
        await closeToasts(page);
      });
      // The token goes again (confirmed), so the next theme can generate one.
      await itemMenu(page, name, 'Delete token');
      const confirm = page.getByRole('dialog', { name: 'Please confirm' });
      await expect(confirm).toBeVisible();
      await checkScreen(page, 'shell-confirm', theme, DIALOG);
      expect((await confirm.boundingBox())?.width).toBe(WIDTH.regular);
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await closeToasts(page);
      await checkDialog(page, 'Account', 'small', 'shell-account', theme, () =>
        page.getByRole('button', { name: /^Signed in as / }).click(),
      );
    });
    await deleteGateway(page, name);
  });

  test('header of a chosen gateway, its selector dialog, menu and build info', async ({ page }) => {
    await signIn(page);
    await gatewayItem(page, 'Home').getByText('Home', { exact: true }).click();
    await expect(page.getByRole('button', { name: 'Gateway: Home' })).toBeVisible();
    await closeToasts(page);
    await inBothThemes(page, async (theme) => {
      await checkScreen(page, 'shell-cloud-header', theme, HEADER);
      await checkDialog(page, 'Select a gateway', 'regular', 'shell-gateway-dialog', theme, () =>
        page.getByRole('button', { name: 'Gateway: Home' }).click(),
      );
      await checkMenuAndBuildInfo(page, theme, 'cloud');
    });
  });
});

test.describe('shell screens (gateway mode)', () => {
  test('header, cloud connection dialog, menu and build info', async ({ page }) => {
    await page.goto(`${system.gatewayUrl}/panel`);
    const status = page.getByTestId('cloud-status');
    await expect(status).toHaveText('Cloud: connected');
    await inBothThemes(page, async (theme) => {
      await checkScreen(page, 'shell-gateway-header', theme, HEADER);
      await checkDialog(page, 'Cloud connection', 'regular', 'shell-cloud-dialog', theme, async () => {
        await status.click();
        await expect(page.getByRole('textbox', { name: 'Gateway name' })).toHaveValue('Home');
      });
      await checkMenuAndBuildInfo(page, theme, 'gateway');
    });
  });
});
