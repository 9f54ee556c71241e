// Routes and the header menu (spec section 2): the root redirects, unknown paths lead to the root, and the
// menu's entries open the gateway's screens in both modes (the screens themselves have their own specs).
import type { Page } from '@playwright/test';
import { system } from './env';
import { expect, test } from './support/console';
import { closeToasts, gatewayItem, signIn } from './support/shell';

const ENTRIES = [
  ['Device settings', 'settings'],
  ['Device logs', 'logs'],
  ['OTA updates', 'ota'],
  ['Control panel', 'panel'],
  ['Fleet overview', 'overview'],
] as const;

async function pick(page: Page, entry: string): Promise<void> {
  await page.getByRole('button', { name: 'Open the menu' }).click();
  await page.getByRole('menuitem', { name: entry }).click();
  await expect(page.getByRole('menu')).toHaveCount(0);
}

test('gateway mode: the root opens the fleet overview, unknown paths lead there, the menu opens every screen', async ({
  page,
}) => {
  await page.goto(system.gatewayUrl);
  await expect(page).toHaveURL(`${system.gatewayUrl}/overview`);
  await page.goto(`${system.gatewayUrl}/no/such/screen`);
  await expect(page).toHaveURL(`${system.gatewayUrl}/overview`);
  for (const [entry, path] of ENTRIES) {
    await pick(page, entry);
    await expect(page).toHaveURL(`${system.gatewayUrl}/${path}`);
  }
  // Browser history, no hash: Back returns to the previous screen.
  await page.goBack();
  await expect(page).toHaveURL(`${system.gatewayUrl}/panel`);
});

test('cloud mode: the menu appears once a gateway is chosen and opens its screens', async ({ page }) => {
  await signIn(page);
  await closeToasts(page);
  // No gateway chosen yet: no menu.
  await expect(page.getByRole('button', { name: 'Open the menu' })).toHaveCount(0);
  await gatewayItem(page, 'Home').getByText('Home', { exact: true }).click();
  await expect(page).toHaveURL(/\/[^/]+\/overview$/);
  const base = page.url().replace(/\/overview$/, '');
  for (const [entry, path] of ENTRIES) {
    await pick(page, entry);
    await expect(page).toHaveURL(`${base}/${path}`);
  }
  // The gateway's root is its fleet overview; a reload keeps the screen.
  await page.goto(base);
  await expect(page).toHaveURL(`${base}/overview`);
  await page.reload();
  await expect(page).toHaveURL(`${base}/overview`);
});
