import { expect, type Page, test } from '@playwright/test';
import type { Simulator } from '@st/simulator';
import { z } from 'zod';
import { system } from './env';
import {
  deviceGet,
  deviceRow,
  foundDevices,
  MODES,
  openDevice,
  openPanel,
  screenshotBothThemes,
  startOwnDevice,
  stopOwnDevice,
} from './panel.support';

const Info = z.object({ name: z.string() });
const Metrics = z.object({ resetReason: z.string() });
const toast = (page: Page, text: RegExp) => page.locator('.st-Notification-root', { hasText: text }).first();

async function ownDevice(ip: string) {
  const device = (await foundDevices()).find((d) => d.ip === ip);
  if (device === undefined) throw new Error(`device ${ip} not found`);
  return device;
}

for (const mode of MODES) {
  test.describe(`danger zone and unreachable devices (${mode} mode)`, () => {
    let own: { sim: Simulator; ip: string } | undefined;
    test.afterEach(async () => {
      if (own !== undefined) {
        await fetch(`${system.gatewayUrl}/api/devices/saved?ip=${own.ip}`, { method: 'DELETE' });
        await stopOwnDevice(own);
      }
      own = undefined;
    });

    test('restart asks once; wipe asks three times and can be stopped at any step', async ({ page }) => {
      own = await startOwnDevice('button', `danger-${mode}`);
      const { ip } = own;
      await openPanel(page, mode);
      const panel = await openDevice(page, await ownDevice(ip));
      await panel.getByRole('tab', { name: 'Danger zone' }).click();
      if (mode === 'gateway') await screenshotBothThemes(page, 'panel-danger');

      await panel.getByRole('button', { name: 'Restart' }).click();
      await page
        .getByRole('dialog', { name: 'Please confirm' })
        .getByRole('button', { name: 'Confirm' })
        .click();
      // Either the device answered before rebooting (info) or it dropped the line (a warning, not an error).
      await expect(toast(page, /^(Restarting|Device should restart)/)).toBeVisible();
      await expect(page.locator('.st-Notification-root[data-toast-type="error"]')).toHaveCount(0);
      await expect
        .poll(async () => (await deviceGet(ip, '/metrics', Metrics).catch(() => null))?.resetReason)
        .toBe('ESP_RST_SW');

      const confirmDialog = page.getByRole('dialog', { name: 'Please confirm' });
      await panel.getByRole('button', { name: 'Wipe' }).click();
      await confirmDialog.getByRole('button', { name: 'Yes, wipe (1/3)' }).click();
      await confirmDialog.getByRole('button', { name: 'Yes, wipe (2/3)' }).click();
      await confirmDialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirmDialog).toBeHidden();
      expect((await deviceGet(ip, '/info/system', Info)).name).toBe(`danger-${mode}`);

      await panel.getByRole('button', { name: 'Wipe' }).click();
      for (const step of [1, 2, 3])
        await confirmDialog.getByRole('button', { name: `Yes, wipe (${step}/3)` }).click();
      await expect(toast(page, /^(Wiping|Device should wipe and restart)/)).toBeVisible();
      await expect(page.locator('.st-Notification-root[data-toast-type="error"]')).toHaveCount(0);
      // Wiped: the device is back to its factory name.
      await expect
        .poll(async () => (await deviceGet(ip, '/info/system', Info).catch(() => null))?.name, {
          timeout: 15_000,
        })
        .not.toBe(`danger-${mode}`);
      // The gateway holds a device it told to wipe as restarting until it answers again (then it is found, not
      // lost + found): wait for that before the device is stopped.
      await expect
        .poll(
          async () =>
            (
              await fetch(`${system.gatewayUrl}/api/device/request`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ device: ip, command: 'getInfo', params: {} }),
              })
            ).status,
          { timeout: 15_000 },
        )
        .toBe(200);
    });

    test('a device that does not answer says so, with a toast', async ({ page }) => {
      own = await startOwnDevice('lamp', `gone-${mode}`);
      const saved = await fetch(`${system.gatewayUrl}/api/devices/saved?ip=${own.ip}`, { method: 'POST' });
      expect(saved.ok).toBe(true);
      await own.sim.devices[0]?.goOffline();
      await expect
        .poll(async () => (await foundDevices()).some((d) => d.ip === own?.ip), { timeout: 15_000 })
        .toBe(false);
      await openPanel(page, mode);
      await deviceRow(page, { ip: own.ip }, 'Saved devices').click();
      const panel = page.getByRole('region', { name: `Device gone-${mode}` });
      await expect(panel.getByRole('alert')).toContainText("Device can't be reached");
      await expect(toast(page, /^Device can't be reached/)).toBeVisible();
      await expect(panel.getByRole('tab')).toHaveCount(0);
    });
  });
}
