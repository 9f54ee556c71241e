import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { SettingsDumpRecord } from '@st/protocol';
import { z } from 'zod';
import { system } from './env';
import { deviceApi, MODES, openScreen, randomToken, screenshotBothThemes } from './logs.support';
import { type DevicePair, deviceConfig, startLampPair } from './settings.support';

let pair: DevicePair;
test.beforeAll(async () => {
  pair = await startLampPair();
});
test.afterAll(async () => {
  await pair?.stop();
});

const savedDumps = async () =>
  z.array(SettingsDumpRecord).parse(await (await fetch(`${system.gatewayUrl}/api/devices/settings`)).json());

const dumpItems = (page: Page) => page.getByTestId('dump-item');

async function pickDevice(page: Page, label: string, device: { name: string; ip: string }) {
  await page
    .getByRole('dialog')
    .getByRole('combobox', { name: label })
    .selectOption({ label: `${device.name} (${device.ip})` });
}

for (const mode of MODES) {
  test.describe(`settings manager, ${mode} mode`, () => {
    test('export from one lamp, import into the other: the second lamp then holds the first one’s config', async ({
      page,
    }) => {
      const [source, target] = pair.devices;
      if (source === undefined || target === undefined) throw new Error('two lamps expected');
      const token = randomToken();
      const config = await deviceConfig(source.ip);
      // A brightness neither lamp holds yet (the pair serves both modes' tests).
      const held = new Set([config.brightness, (await deviceConfig(target.ip)).brightness]);
      let brightness = String(11 + Math.floor(Math.random() * 88));
      while (held.has(brightness)) brightness = String(11 + Math.floor(Math.random() * 88));
      const set = await deviceApi(source.ip, '/config', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...config, brightness, auto_off: `9${token.length}0` }),
      });
      expect(set.ok).toBe(true);
      expect((await deviceConfig(target.ip)).brightness).not.toBe(brightness);

      await openScreen(page, mode, 'settings');
      await expect(page.getByRole('heading', { name: 'Saved device settings' })).toBeVisible();
      // The screen renders at once and its lists follow: count the saved settings once they are in.
      await expect(page.getByRole('status', { name: 'Loading…' })).toHaveCount(0);
      const before = await dumpItems(page).count();
      await page.getByRole('button', { name: 'Export' }).click();
      const exportDialog = page.getByRole('dialog', { name: 'Export settings from a device' });
      await expect(exportDialog.getByRole('button', { name: 'Export' })).toBeDisabled();
      await pickDevice(page, 'Device', source);
      await exportDialog.getByRole('button', { name: 'Export' }).click();
      await expect(page.getByText('Device settings saved')).toBeVisible();
      await expect(exportDialog).toBeHidden();
      // The list is reloaded after the export.
      await expect(dumpItems(page)).toHaveCount(before + 1);
      const item = dumpItems(page)
        .filter({ hasText: `${source.name} (${source.ip})` })
        .first();

      await item.getByText(/^Device name:/).click();
      const info = page.getByRole('dialog', { name: 'Saved settings' });
      await expect(info.getByTestId('dump-details')).toContainText('brightness');
      await expect(info.getByTestId('dump-details')).toContainText(brightness);
      // The WiFi password is masked in the parsed view and in the raw text until revealed.
      const raw = info.getByRole('textbox', { name: 'Raw dump' });
      await expect(info.getByTestId('dump-details')).not.toContainText('smartthing');
      await expect(raw).not.toHaveValue(/smartthing/);
      await info.getByLabel('Show the WiFi password').check();
      await expect(info.getByTestId('dump-details')).toContainText('smartthing');
      await expect(raw).toHaveValue(/home-wifi;smartthing;1/);
      await info.getByLabel('Show the WiFi password').uncheck();
      // The dump downloads as a file, in clear (it is what the device imports).
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        info.getByRole('button', { name: 'Download as file' }).click(),
      ]);
      expect(file.suggestedFilename()).toMatch(/\.txt$/);
      const text = await readFile((await file.path()) ?? '', 'utf8');
      expect(text).toMatch(/^\d{15}/);
      expect(text).toContain('home-wifi;smartthing;1');
      expect(text).toContain(brightness);
      await screenshotBothThemes(page, `settings-info-${mode}`);
      await info.getByRole('button', { name: 'Import to device' }).click();
      const importDialog = page.getByRole('dialog', { name: 'Import settings to a device' });
      await expect(importDialog).toBeVisible();
      await expect(info).toBeHidden();
      await expect(importDialog.getByRole('button', { name: /Yes, import/ })).toHaveCount(0);
      await pickDevice(page, 'Target device', target);
      await expect(importDialog.getByText('Are you sure?')).toBeVisible();
      await importDialog.getByRole('button', { name: 'Show what changes on the device' }).click();
      const changes = importDialog.getByRole('table', { name: 'Changes the import makes' });
      await expect(changes.getByRole('row').filter({ hasText: 'brightness' })).toContainText(brightness);
      await screenshotBothThemes(page, `settings-import-${mode}`);
      await importDialog.getByRole('button', { name: 'Yes, import and restart the device' }).click();
      await expect(
        page.getByText(new RegExp(`Settings imported to ${target.name}|The device should restart`)),
      ).toBeVisible();
      await expect(importDialog).toBeHidden();
      // Selection cleared: no dialog comes back.
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await expect
        .poll(
          async () => (await deviceConfig(target.ip).catch(() => ({}) as Record<string, string>)).brightness,
          { timeout: 15_000 },
        )
        .toBe(brightness);
      expect((await deviceConfig(target.ip)).auto_off).toBe(`9${token.length}0`);
      await screenshotBothThemes(page, `settings-list-${mode}`);
    });

    test('delete asks first: cancel keeps the dump, confirm removes it', async ({ page }) => {
      const [device] = pair.devices;
      if (device === undefined) throw new Error('a lamp expected');
      // The gateway's first scheduled backup (a minute after it first starts) saves every device's settings:
      // wait until no scheduled run is due soon, so none adds dumps while this test counts them.
      test.setTimeout(180_000);
      await expect
        .poll(
          async () => {
            const { nextRunAt, lastRun } = (await (
              await fetch(`${system.gatewayUrl}/api/backups`)
            ).json()) as {
              nextRunAt: string | null;
              lastRun: unknown;
            };
            return (
              nextRunAt === null || (lastRun !== null && Date.parse(nextRunAt) - Date.now() > 5 * 60_000)
            );
          },
          { timeout: 120_000 },
        )
        .toBe(true);
      for (const d of await savedDumps()) {
        await fetch(`${system.gatewayUrl}/api/devices/settings/${d.id}`, { method: 'DELETE' });
      }
      await openScreen(page, mode, 'settings');
      await expect(
        page.getByRole('heading', { name: 'No device settings have been exported yet' }),
      ).toBeVisible();
      await screenshotBothThemes(page, `settings-empty-${mode}`);
      const dump = await (await deviceApi(device.ip, '/settings')).text();
      const created = await fetch(`${system.gatewayUrl}/api/devices/settings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ device, dump }),
      });
      expect(created.status).toBe(201);
      await page.reload();
      await expect(dumpItems(page)).toHaveCount(1);

      await page.getByRole('button', { name: `Actions for the settings of ${device.name}` }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await expect(page.getByText('Delete these saved settings? This cannot be undone.')).toBeVisible();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(dumpItems(page)).toHaveCount(1);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      expect(await savedDumps()).toHaveLength(1);

      await dumpItems(page)
        .getByText(/^Device name:/)
        .click();
      const info = page.getByRole('dialog', { name: 'Saved settings' });
      await info.getByRole('button', { name: 'Delete' }).click();
      await expect(info).toBeHidden();
      await page.getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByText('Saved settings deleted')).toBeVisible();
      await expect(dumpItems(page)).toHaveCount(0);
      await expect(info).toBeHidden();
      await expect(
        page.getByRole('heading', { name: 'No device settings have been exported yet' }),
      ).toBeVisible();
      expect(await savedDumps()).toHaveLength(0);
    });
  });
}
