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
  const all = page.locator('.mantine-Notification-root');
  return text === undefined ? all : all.filter({ hasText: text });
}

/** Closes every toast on screen, so the next assertion reads the right one. */
export async function closeToasts(page: Page): Promise<void> {
  const buttons = page.locator('.mantine-Notification-root button.mantine-CloseButton-root');
  await expect(async () => {
    for (const button of await buttons.all()) {
      // A toast may close by itself meanwhile; the others are still closed.
      await button.click({ timeout: 500, force: true }).catch(() => {});
    }
    await expect(toasts(page)).toHaveCount(0, { timeout: 1500 });
  }).toPass({ timeout: 10_000 });
}

/** Waits until no CSS transition or animation runs (dialogs and toasts fade in). */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

/** The theme on screen now, read from the header's switch. */
export async function currentTheme(page: Page): Promise<Theme> {
  const toDark = page.getByRole('button', { name: 'Switch to the dark theme' });
  const toLight = page.getByRole('button', { name: 'Switch to the light theme' });
  await expect(toDark.or(toLight)).toBeVisible();
  return (await toDark.isVisible()) ? 'light' : 'dark';
}

/** Switches to a theme with the header's switch (no dialog may be open). */
export async function useTheme(page: Page, theme: Theme): Promise<void> {
  if ((await currentTheme(page)) === theme) return;
  await page.getByRole('button', { name: `Switch to the ${theme} theme` }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
}

/**
 * Runs `show` once in each theme (switched with the header's switch before each run) and restores the
 * theme the page had. `show` opens what it checks and closes it again.
 */
export async function inBothThemes(page: Page, show: (theme: Theme) => Promise<void>): Promise<void> {
  const initial = await currentTheme(page);
  const order: Theme[] = initial === 'light' ? ['light', 'dark'] : ['dark', 'light'];
  for (const theme of order) {
    await useTheme(page, theme);
    await show(theme);
  }
  await useTheme(page, initial);
}
