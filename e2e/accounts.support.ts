// Helpers of the accounts specs (issue 20): a user made by an admin signs in with a one-time password and
// must choose their own first.
import type { Page } from '@playwright/test';
import { system } from './env';
import { expect } from './support/console';

/** Texts of the first-password screen in each language. */
export const FIRST_PASSWORD = {
  en: {
    heading: 'Choose a new password',
    current: 'One-time password',
    next: 'New password (at least 8 characters)',
    repeat: 'Repeat the new password',
    save: 'Save and continue',
    login: 'Login',
    password: 'Password',
    logIn: 'Log in',
    gateways: 'Select a gateway',
  },
  ru: {
    heading: 'Задайте новый пароль',
    current: 'Одноразовый пароль',
    next: 'Новый пароль (не короче 8 символов)',
    repeat: 'Повторите новый пароль',
    save: 'Сохранить и продолжить',
    login: 'Логин',
    password: 'Пароль',
    logIn: 'Войти',
    gateways: 'Выберите шлюз',
  },
} as const;

/** Signs in with a one-time password: lands on the first-password screen (nothing else until it is done). */
export async function signInWithOneTimePassword(
  page: Page,
  login: string,
  oneTime: string,
  lang: keyof typeof FIRST_PASSWORD = 'en',
): Promise<void> {
  const t = FIRST_PASSWORD[lang];
  await page.goto(system.cloudUrl);
  await page.getByRole('textbox', { name: t.login }).fill(login);
  await page.getByRole('textbox', { name: t.password, exact: true }).fill(oneTime);
  await page.getByRole('button', { name: t.logIn }).click();
  await expect(page.getByRole('heading', { name: t.heading })).toBeVisible();
}

/** On the first-password screen: sets the new password and lands on the gateway selector. */
export async function chooseFirstPassword(
  page: Page,
  oneTime: string,
  password: string,
  lang: keyof typeof FIRST_PASSWORD = 'en',
): Promise<void> {
  const t = FIRST_PASSWORD[lang];
  await page.getByLabel(t.current).fill(oneTime);
  await page.getByLabel(t.next).fill(password);
  await page.getByLabel(t.repeat).fill(password);
  await page.getByRole('button', { name: t.save }).click();
  await expect(page.getByRole('heading', { name: t.gateways })).toBeVisible();
}

/** Russian at phone width (390 px) for this page, from its next load on. */
export async function russianPhone(page: Page): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => window.localStorage.setItem('locale', 'ru'));
}

/** Applies a theme through the stored preference and a reload (the login-less screens have no switch). */
export async function reloadInTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((t) => window.localStorage.setItem('color-theme', t), theme);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/** Nothing wider than the phone's screen (no sideways scrolling). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}
