import { readFile } from 'node:fs/promises';
import { DeviceInfoSchema, type Firmware } from '@st/protocol';
import { strFromU8, unzipSync } from 'fflate';
import { addFirmware, deleteFirmware, type OwnFleet, startFleet, stopFleet } from './fleet.support';
import { closeToasts, deviceGet, MODES, openPanel } from './panel.support';
import { expect, test } from './support/console';
import { expectAccessible } from './support/screens';

// Issue 17 part B, bulk actions: devices chosen in the device list (by keyboard, and "select all" of the
// filtered list) are exported into one zip, restarted, and given a firmware through the OTA upload and its
// confirmation, with one outcome line per device.

const images: Firmware[] = [];
let fleet: OwnFleet | undefined;

test.beforeAll(async () => {
  images.push(await addFirmware('lamp', '1.3.10'));
});

test.afterEach(async () => {
  if (fleet !== undefined) await stopFleet(fleet);
  fleet = undefined;
});

test.afterAll(async () => {
  for (const image of images) await deleteFirmware(image.id);
});

for (const mode of MODES) {
  test.describe(`bulk actions (${mode} mode)`, () => {
    test('selects devices, exports their settings as a zip, restarts them and updates their firmware', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const tag = mode === 'gateway' ? 'gw' : 'cl';
      const names = [`bulk-a-${tag}`, `bulk-b-${tag}`];
      fleet = await startFleet('lamp', names, ['1.3.9', '1.3.9']);
      const [ipA = '', ipB = ''] = fleet.ips;

      await openPanel(page, mode);
      await page.getByRole('searchbox', { name: 'Search devices' }).fill(`bulk- ${tag}`);
      const found = page.getByRole('list', { name: 'Found devices' });
      await expect(found.locator('[data-device-ip]')).toHaveCount(2);
      // one by keyboard, then "select all" of the filtered list
      const boxA = page.getByRole('checkbox', { name: `Select ${names[0]} (${ipA})` }).first();
      await boxA.focus();
      await page.keyboard.press('Space');
      await expect(boxA).toBeChecked();
      const bar = page.getByRole('region', { name: 'Bulk actions' });
      await expect(bar).toContainText('Selected: 1');
      await page.getByRole('checkbox', { name: 'Select every device in Found devices' }).check();
      await expect(page.getByRole('checkbox', { name: `Select ${names[1]} (${ipB})` }).first()).toBeChecked();
      await expect(bar).toContainText('Selected: 2');
      await expectAccessible(page, `device list with a selection (${mode})`);

      // export: one zip, a text file per device, each the device's own dump
      const download = page.waitForEvent('download');
      await bar.getByRole('button', { name: 'Export settings' }).click();
      let dialog = page.getByRole('dialog', { name: 'Export the settings of the selected devices' });
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^smartthing-settings-\d{4}-\d{2}-\d{2}\.zip$/);
      const entries = unzipSync(new Uint8Array(await readFile((await file.path()) ?? '')));
      for (const [i, ip] of [ipA, ipB].entries()) {
        const own = await (await fetch(`http://${ip}/settings`)).text();
        expect(strFromU8(entries[`${names[i]}-${ip}.txt`] ?? new Uint8Array())).toBe(own);
        await expect(dialog.locator(`[data-testid="fleet-outcome"][data-ip="${ip}"]`)).toHaveAttribute(
          'data-state',
          'done',
        );
      }
      await expect(dialog.getByRole('status')).toContainText('Saved as smartthing-settings-');
      await expectAccessible(page, `bulk export outcome (${mode})`, ['.mantine-Modal-content']);
      await dialog.getByRole('button', { name: 'Close' }).last().click();
      await expect(dialog).toBeHidden();

      // restart, confirmed first
      await bar.getByRole('button', { name: 'Restart' }).click();
      const confirm = page.getByRole('dialog', { name: 'Please confirm' });
      await expect(confirm).toContainText(`Restart these devices? ${names[0]}, ${names[1]}`);
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      dialog = page.getByRole('dialog', { name: 'Restart the selected devices' });
      for (const ip of [ipA, ipB])
        await expect(dialog.locator(`[data-testid="fleet-outcome"][data-ip="${ip}"]`)).toContainText(
          'The device accepted the restart',
        );
      await dialog.getByRole('button', { name: 'Close' }).last().click();
      for (const ip of [ipA, ipB])
        await expect
          .poll(
            async () => (await deviceGet(ip, '/info/system', DeviceInfoSchema).catch(() => undefined))?.ip,
            {
              timeout: 15_000,
            },
          )
          .toBe(ip);

      // firmware: the OTA upload with its confirmation, then each device's outcome
      await bar.getByRole('button', { name: 'Upload firmware' }).click();
      dialog = page.getByRole('dialog', { name: 'Upload firmware to the selected devices' });
      await dialog.getByLabel('Firmware').click();
      await page.getByRole('option', { name: 'lamp 1.3.10 (esp32)' }).click();
      await expect(dialog.getByRole('list', { name: 'What will happen' })).toContainText('1.3.9 → 1.3.10');
      await expectAccessible(page, `bulk firmware (${mode})`, ['.mantine-Modal-content']);
      await dialog.getByRole('button', { name: 'Upload to the fitting devices (2)' }).click();
      await expect(confirm).toContainText('Upload lamp 1.3.10 to');
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      for (const ip of [ipA, ipB])
        await expect(dialog.locator(`[data-testid="fleet-outcome"][data-ip="${ip}"]`)).toHaveAttribute(
          'data-state',
          'done',
          { timeout: 40_000 },
        );
      for (const ip of [ipA, ipB])
        expect((await deviceGet(ip, '/info/system', DeviceInfoSchema)).version).toBe('1.3.10');
      await dialog.getByRole('button', { name: 'Close' }).last().click();
      await closeToasts(page);
    });
  });
}
