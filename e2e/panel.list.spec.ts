import { expect, test } from '@playwright/test';
import type { Simulator } from '@st/simulator';
import { z } from 'zod';
import { system } from './env';
import {
  closeToasts,
  deviceRow,
  foundDevices,
  MODES,
  openDevice,
  openPanel,
  screenshotBothThemes,
  startOwnDevice,
  stopOwnDevice,
  systemDevice,
} from './panel.support';

const lastOctet = (ip: string) => Number(ip.split(':')[0]?.split('.')[3]);

for (const mode of MODES) {
  test.describe(`device search list (${mode} mode)`, () => {
    test('found devices are listed by the last octet of their ip, with icons by kind', async ({ page }) => {
      await openPanel(page, mode);
      const found = await foundDevices();
      const list = page.getByRole('list', { name: 'Found devices' });
      for (const d of found) await expect(deviceRow(page, d)).toBeVisible();
      const shown = await list
        .locator('[data-device-ip]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-device-ip') ?? ''));
      expect(shown).toEqual([...shown].sort((a, b) => lastOctet(a) - lastOctet(b)));
      const lamp = found.find((d) => d.type === 'lamp');
      if (lamp !== undefined)
        await expect(list.locator(`[data-device-ip="${lamp.ip}"] svg[data-icon="lamp"]`)).toBeVisible();
      if (mode === 'gateway') await screenshotBothThemes(page, 'panel-list');
    });

    test('search, the selected device and its tab are kept in the URL; a reload returns there', async ({
      page,
    }) => {
      const lamp = await systemDevice('lamp');
      const others = (await foundDevices()).filter((d) => d.ip !== lamp.ip && !d.name.includes(lamp.ip));
      await openPanel(page, mode);
      await page.getByRole('searchbox', { name: 'Search devices' }).fill(lamp.ip);
      await expect(deviceRow(page, lamp)).toBeVisible();
      for (const other of others.slice(0, 3)) await expect(deviceRow(page, other)).toHaveCount(0);
      const panel = await openDevice(page, lamp);
      await panel.getByRole('tab', { name: 'Config' }).click();
      await expect(page).toHaveURL(/[?&]tab=config/);
      const url = new URL(page.url());
      expect(url.searchParams.get('q')).toBe(lamp.ip);
      expect(url.searchParams.get('device')).toBe(lamp.ip);

      await page.reload();
      await expect(page.getByRole('tab', { name: 'Config' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('textbox', { name: 'brightness' })).toBeVisible();
      // At 1280 px the list folds beside an open device (spec section 2); opened, it keeps the search.
      await page.getByRole('button', { name: 'Devices', exact: true }).click();
      await expect(page.getByRole('searchbox', { name: 'Search devices' })).toHaveValue(lamp.ip);

      // "Logs of this device" opens the logs filtered to it; the filter is in the URL too.
      await page.getByRole('link', { name: 'Logs of this device' }).click();
      await expect(page).toHaveURL(new RegExp(`/logs\\?device=${lamp.ip.replace(/\./g, '\\.')}$`));
      await expect(page.getByRole('textbox', { name: 'Device', exact: true })).toHaveValue(lamp.ip);
      await page.reload();
      await expect(page.getByRole('textbox', { name: 'Device', exact: true })).toHaveValue(lamp.ip);
    });

    test('adds a device by ip, updates and deletes it; an empty ip is refused', async ({ page }) => {
      await openPanel(page, mode);
      const [target] = await foundDevices();
      if (target === undefined) throw new Error('no device');
      await page.getByRole('button', { name: 'Add a device by its ip' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add device' });
      await dialog.getByRole('button', { name: 'Add' }).click();
      await expect(dialog.getByText('Ip is required')).toBeVisible();
      await dialog.getByLabel('Device ip').fill('not-an-ip');
      await dialog.getByRole('button', { name: 'Add' }).click();
      await expect(
        page.locator('.st-Notification-root', { hasText: 'Failed to add the device' }),
      ).toBeVisible();
      await expect(dialog).toBeVisible();
      await dialog.getByLabel('Device ip').fill(target.ip);
      await dialog.getByRole('button', { name: 'Add' }).click();
      const toast = page.locator('.st-Notification-root', { hasText: 'Device added' });
      await expect(toast).toContainText(`${target.name} of type ${target.type}`);
      await expect(dialog).toBeHidden();
      await expect(deviceRow(page, target, 'Saved devices')).toBeVisible();
      // A saved device that is found says so with its dot.
      await expect(
        deviceRow(page, target, 'Saved devices').getByRole('img', { name: 'Online' }),
      ).toBeVisible();
      const saved = await fetch(`${system.gatewayUrl}/api/devices/saved`).then((r) => r.json());
      expect(
        z
          .array(z.object({ ip: z.string() }))
          .parse(saved)
          .map((d) => d.ip),
      ).toContain(target.ip);

      await closeToasts(page);
      await page.getByRole('button', { name: `Actions for saved device ${target.name}` }).click();
      await page.getByRole('menuitem', { name: 'Update from the device' }).click();
      await expect(page.getByText('Saved device updated')).toBeVisible();

      await page.getByRole('button', { name: `Actions for saved device ${target.name}` }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByText('Saved device deleted')).toBeVisible();
      await expect(deviceRow(page, target, 'Saved devices')).toHaveCount(0);
      await expect(page.getByText('No saved devices')).toBeVisible();
    });

    test.describe('a device of its own', () => {
      let own: { sim: Simulator; ip: string } | undefined;
      test.afterEach(async () => {
        if (own !== undefined) await stopOwnDevice(own);
        own = undefined;
      });

      test('going offline and coming back updates the list live and toasts for the selected device', async ({
        page,
      }) => {
        own = await startOwnDevice('button', `list-${mode}`);
        await openPanel(page, mode);
        const row = deviceRow(page, { ip: own.ip });
        await openDevice(page, await findOwn(own.ip));
        // At 1280 px the list folds away once a device is chosen (spec: (width - 800) / 2 > 350)...
        const expand = page.getByRole('button', { name: 'Devices', exact: true });
        await expect(row).toHaveCount(0);
        await expand.click();
        await expect(row).toBeVisible();
        await closeToasts(page);

        await own.sim.devices[0]?.goOffline();
        await expect(row).toHaveCount(0, { timeout: 15_000 });
        const lost = page.locator('.st-Notification-root', { hasText: 'went offline' });
        await expect(lost).toBeVisible();
        await own.sim.devices[0]?.goOnline();
        await expect(row).toBeVisible({ timeout: 15_000 });
        await expect(page.locator('.st-Notification-root', { hasText: 'is back online' })).toBeVisible();
        // ...and "back online" closes the "went offline" it resolves (no pile of stale toasts).
        await expect(lost).toBeHidden();

        // On a wide window the list stays open beside the panel.
        await page.setViewportSize({ width: 1600, height: 800 });
        const [other] = await foundDevices();
        if (other === undefined) throw new Error('no device');
        await deviceRow(page, other).click();
        await expect(page.getByRole('region', { name: `Device ${other.name}` })).toBeVisible();
        await expect(row).toBeVisible();
        await expect(expand).toHaveCount(0);
      });
    });
  });
}

async function findOwn(ip: string) {
  const device = (await foundDevices()).find((d) => d.ip === ip);
  if (device === undefined) throw new Error(`device ${ip} not found`);
  return device;
}
