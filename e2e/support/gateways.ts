// Cloud console gateway-list actions through the UI, for specs that need a gateway record of their own.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect } from './console';
import { send } from './http';
import { gatewayItem } from './shell';

/** A name no other run or spec uses. */
export const uniqueName = (prefix: string) => `${prefix} ${randomBytes(3).toString('hex')}`;

/** Opens a gateway's item menu in the selector and picks an entry. */
export async function itemMenu(page: Page, name: string, entry: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for gateway ${name}` }).click();
  await page.getByRole('menuitem', { name: entry, exact: true }).click();
}

/** Creates a gateway through the selector's dialog (the selector must be on screen). */
export async function createGateway(page: Page, name: string, description = ''): Promise<void> {
  await page.getByRole('button', { name: 'Add gateway' }).click();
  const dialog = page.getByRole('dialog', { name: 'New gateway' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Description' }).fill(description);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(gatewayItem(page, name)).toBeVisible();
}

/** Generates a gateway's token and answers the combined connection token shown, closing the dialog. */
export async function generateConnectionToken(page: Page, name: string): Promise<string> {
  await itemMenu(page, name, 'Generate token');
  const dialog = page.getByRole('dialog', { name: 'Connection token' });
  const combined = (await dialog.getByTestId('connection-token').textContent()) ?? '';
  expect(combined).not.toBe('');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  return combined;
}

/** Deletes a gateway through its item menu and the confirmation. */
export async function deleteGateway(page: Page, name: string): Promise<void> {
  await itemMenu(page, name, 'Delete');
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(gatewayItem(page, name)).toHaveCount(0);
}

/** Links a gateway process of a spec's own to the cloud with a combined connection token (its own API). */
export async function linkOwnGateway(gatewayUrl: string, token: string): Promise<void> {
  const [cloudUrl = '', secret = ''] = Buffer.from(token, 'base64').toString('utf8').split('|');
  await send('POST', `${gatewayUrl}/api/cloud/login`, { cloudUrl, token: secret });
  await send('PUT', `${gatewayUrl}/api/cloud/connection/connect`);
}
