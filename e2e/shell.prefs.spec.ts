// Language (en <-> ru, stored, applied by a reload) and theme (light <-> dark, stored) in both modes
// (spec sections 2 and 4).
import type { Page } from '@playwright/test';
import { system } from './env';
import { expect, test } from './support/console';
import { currentTheme, signIn, switchTheme } from './support/shell';

type Mode = 'gateway' | 'cloud';

async function open(page: Page, mode: Mode): Promise<void> {
  if (mode === 'cloud') await signIn(page);
  else await page.goto(`${system.gatewayUrl}/panel`);
}

const stored = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);

for (const mode of ['gateway', 'cloud'] as const) {
  test.describe(`preferences (${mode} mode)`, () => {
    test('the language switches to Russian and back, and stays across reloads', async ({ page }) => {
      await open(page, mode);
      const html = page.locator('html');
      await expect(html).toHaveAttribute('lang', 'en');
      await page.getByRole('button', { name: 'Switch the language to Russian' }).click();

      // The page reloads in Russian.
      await expect(html).toHaveAttribute('lang', 'ru');
      await expect(page.getByRole('button', { name: 'Switch the language to English' })).toHaveText('EN');
      await expect(page.getByRole('button', { name: 'Включить тёмную тему' })).toBeVisible();
      if (mode === 'cloud') await expect(page.getByRole('heading', { name: 'Выберите шлюз' })).toBeVisible();
      expect(await stored(page, 'locale')).toBe('ru');
      await page.reload();
      await expect(html).toHaveAttribute('lang', 'ru');
      await expect(page.getByRole('button', { name: 'Включить тёмную тему' })).toBeVisible();

      await page.getByRole('button', { name: 'Switch the language to English' }).click();
      await expect(html).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('button', { name: 'Switch the language to Russian' })).toHaveText('RU');
      await expect(page.getByRole('button', { name: 'Switch to the dark theme' })).toBeVisible();
      if (mode === 'cloud')
        await expect(page.getByRole('heading', { name: 'Select a gateway' })).toBeVisible();
      expect(await stored(page, 'locale')).toBe('en');
    });

    test('the theme switches and stays across reloads', async ({ page }) => {
      await open(page, mode);
      const html = page.locator('html');
      // Nothing chosen yet: the system's preference (light in this browser) applies.
      expect(await currentTheme(page)).toBe('light');
      await switchTheme(page, 'dark');
      expect(await stored(page, 'color-theme')).toBe('dark');
      await page.reload();
      await expect(html).toHaveAttribute('data-theme', 'dark');
      await expect(page.getByRole('button', { name: 'Switch to the light theme' })).toBeVisible();

      await switchTheme(page, 'light');
      await page.reload();
      await expect(html).toHaveAttribute('data-theme', 'light');
      await expect(page.getByRole('button', { name: 'Switch to the dark theme' })).toBeVisible();
      expect(await stored(page, 'color-theme')).toBe('light');
    });
  });
}
