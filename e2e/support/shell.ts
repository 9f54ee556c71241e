// Shell helpers any spec may reuse: signing in to the cloud console, toasts, both themes, settled animations.
import type { Locator, Page } from '@playwright/test';
import { system } from '../env';
import { expect } from './console';

export type Theme = 'light' | 'dark';

/** Opens the cloud console signed out (a fresh context) and signs in; lands on the gateway selector. */
export async function signIn(page: Page, login = system.login, password = system.password): Promise<void> {
  await page.goto(system.cloudUrl);
  await page.getByRole('textbox', { name: 'Login' }).fill(login);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Select a gateway' })).toBeVisible();
}

/** The gateway selector's item of a gateway, by its exact name. */
export function gatewayItem(page: Page, name: string): Locator {
  return page.getByTestId('gateway-item').filter({ has: page.getByText(name, { exact: true }) });
}

/** Every toast on screen, or those holding a text. */
export function toasts(page: Page, text?: string | RegExp): Locator {
  const all = page.locator('.st-Notification-root');
  return text === undefined ? all : all.filter({ hasText: text });
}

/**
 * A toast that closes by itself (2.5 s) was shown: read from the bell's history, not from the screen, where
 * a loaded machine may let it close before the assertion runs. Opens the bell's panel and closes it again.
 */
export async function expectToastShown(page: Page, text: string): Promise<void> {
  const bell = page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });
  await bell.click();
  const history = page.getByRole('region', { name: 'Notification history' });
  await expect(history).toContainText(text);
  await bell.click();
  await expect(history).toBeHidden();
}

/** Closes every toast on screen, so the next assertion reads the right one. */
export async function closeToasts(page: Page): Promise<void> {
  const buttons = page.locator('.st-Notification-root button.st-CloseButton-root');
  await expect(async () => {
    for (const button of await buttons.all()) {
      // The click event goes to the button itself: no wait for the toasts to stop moving (on a loaded machine
      // the toast stayed through the whole budget, most likely because those waits ran out) and no pointer
      // position that could land on a dialog's overlay instead. A toast that closed by itself is skipped.
      await button.dispatchEvent('click', undefined, { timeout: 1000 }).catch(() => {});
    }
    await expect(toasts(page)).toHaveCount(0, { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Waits until nothing moves: no CSS transition or animation runs, and every dialog, overlay, dropdown and
 * toast is fully faded in (closing ones fade to nothing and leave the page).
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    if (document.getAnimations().some((animation) => animation.playState === 'running')) return false;
    const fading = document.querySelectorAll(
      '.st-Modal-content, .st-Modal-overlay, .st-Popover-dropdown, .st-Notification-root',
    );
    return [...fading].every((element) => getComputedStyle(element).opacity === '1');
  });
}

/** The theme on screen now, read from the header's switch. */
export async function currentTheme(page: Page): Promise<Theme> {
  const toDark = page.getByRole('button', { name: 'Switch to the dark theme' });
  const toLight = page.getByRole('button', { name: 'Switch to the light theme' });
  await expect(toDark.or(toLight)).toBeVisible();
  return (await toDark.isVisible()) ? 'light' : 'dark';
}

/** Switches to a theme with the header's switch (no dialog may be open). */
export async function switchTheme(page: Page, theme: Theme): Promise<void> {
  if ((await currentTheme(page)) === theme) return;
  await page.getByRole('button', { name: `Switch to the ${theme} theme` }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  // Away from the switch, so its tooltip does not stay in the picture.
  await page.mouse.move(0, page.viewportSize()?.height ?? 600);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
}

/**
 * Runs `show` once in each theme (switched with the header's switch before each run) and restores the
 * theme the page had. `show` opens what it checks and closes it again.
 */
export async function inBothThemes(page: Page, show: (theme: Theme) => Promise<void>): Promise<void> {
  const initial = await currentTheme(page);
  const order: Theme[] = initial === 'light' ? ['light', 'dark'] : ['dark', 'light'];
  for (const theme of order) {
    await switchTheme(page, theme);
    await show(theme);
  }
  await switchTheme(page, initial);
}
