import type { Page } from '@playwright/test';
import { BackupSchedule, SettingsDumpRecord } from '@st/protocol';
import { z } from 'zod';
import { system } from './env';
import { deviceApi, MODES, openScreen, screenshotBothThemes } from './logs.support';
import { type DevicePair, deviceConfig, startLampPair } from './settings.support';
import { expect, test } from './support/console';
import { expectAccessible } from './support/screens';
import { closeToasts } from './support/shell';

let pair: DevicePair;
test.beforeAll(async () => {
  pair = await startLampPair();
});
test.afterAll(async () => {
  await pair?.stop();
});

const gatewayApi = (path: string, init: RequestInit = {}) => fetch(`${system.gatewayUrl}${path}`, init);
const savedDumps = async () =>
  z.array(SettingsDumpRecord).parse(await (await gatewayApi('/api/devices/settings')).json());

async function setBrightness(ip: string, brightness: string) {
  const config = await deviceConfig(ip);
  const r = await deviceApi(ip, '/config', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...config, brightness }),
  });
  expect(r.ok).toBe(true);
}

async function runNow(page: Page) {
  // An earlier run's toast may still be up: wait for this run's own.
  await closeToasts(page);
  await page.getByRole('button', { name: 'Back up now' }).click();
  await expect(page.getByText(/^Backup finished: /).first()).toBeVisible();
}

for (const mode of MODES) {
  test.describe(`scheduled backups, ${mode} mode`, () => {
    test('set the schedule, run now, compare two versions, restore one device, restore all with progress', async ({
      page,
    }) => {
      const [source, target] = pair.devices;
      if (source === undefined || target === undefined) throw new Error('two lamps expected');
      // Only the pair's versions matter here; the shared system's devices are left out of "restore all".
      for (const d of await savedDumps())
        await gatewayApi(`/api/devices/settings/${d.id}`, { method: 'DELETE' });
      const hours = mode === 'gateway' ? 12 : 6;

      await openScreen(page, mode, 'settings');
      const panel = page.getByRole('region', { name: 'Scheduled backups' });
      await expect(panel).toBeVisible();
      await panel.getByRole('spinbutton', { name: 'Every (hours)' }).fill(String(hours));
      await panel.getByRole('spinbutton', { name: 'Versions kept per device' }).fill('10');
      await panel.getByRole('button', { name: 'Save schedule' }).click();
      await expect(page.getByText('Backup schedule saved')).toBeVisible();
      const schedule = BackupSchedule.parse(await (await gatewayApi('/api/backups/schedule')).json());
      expect(schedule).toEqual({ enabled: true, every: hours * 3600, keep: 10 });
      await expect(panel.getByTestId('backups-last')).toContainText('Next backup:');

      await runNow(page);
      await expect(panel.getByTestId('backups-last')).toContainText('Last backup:');
      const row = panel.getByTestId('backup-device').filter({ hasText: source.ip });
      await expect(row).toContainText(source.name);
      // The saved-settings list shows the new versions with their source: "Run now" is a run by hand.
      await expect(page.getByTestId('dump-item').filter({ hasText: source.ip }).first()).toContainText(
        'run by hand',
      );

      // A value neither lamp holds already (the other mode's run left its own on both): an unchanged config makes
      // no new version, and a target that holds it already shows no brightness row in the import's diff.
      const held = new Set([
        (await deviceConfig(source.ip)).brightness,
        (await deviceConfig(target.ip)).brightness,
      ]);
      let brightness: string;
      do brightness = String(11 + Math.floor(Math.random() * 88));
      while (held.has(brightness));
      await setBrightness(source.ip, brightness);
      await runNow(page);
      await expect(row.getByRole('cell').nth(2)).toHaveText('2');
      await closeToasts(page);
      await expectAccessible(page, `settings with backups (${mode})`);
      if (mode === 'gateway') {
        await panel.scrollIntoViewIfNeeded();
        await screenshotBothThemes(page, 'backups');
      }

      await row.getByRole('button', { name: `History of ${source.name}` }).click();
      const history = page.getByRole('dialog', { name: `Backups of ${source.name} (${source.ip})` });
      const versions = history.getByTestId('backup-version');
      await expect(versions).toHaveCount(2);
      await versions.nth(0).getByRole('checkbox').check();
      await versions.nth(1).getByRole('checkbox').check();
      const diff = history.getByTestId('version-diff');
      await expect(diff.getByRole('row').filter({ hasText: 'brightness' })).toContainText(brightness);
      if (mode === 'gateway') await screenshotBothThemes(page, 'backups-versions');

      // Restore the newest version onto the other lamp: the existing import, with its diff first.
      await versions.nth(0).getByRole('button', { name: 'Restore this version' }).click();
      const importDialog = page.getByRole('dialog', { name: 'Import settings to a device' });
      await importDialog
        .getByRole('combobox', { name: 'Target device' })
        .selectOption({ label: `${target.name} (${target.ip})` });
      await importDialog.getByRole('button', { name: 'Show what changes on the device' }).click();
      await expect(
        importDialog.getByRole('table').getByRole('row').filter({ hasText: 'brightness' }),
      ).toContainText(brightness);
      await importDialog.getByRole('button', { name: 'Yes, import and restart the device' }).click();
      await expect(importDialog).toBeHidden();
      await expect
        .poll(
          async () => (await deviceConfig(target.ip).catch(() => ({}) as Record<string, string>)).brightness,
          {
            timeout: 15_000,
          },
        )
        .toBe(brightness);

      // Back to the history after the import; closing it leaves the screen.
      await expect(history).toBeVisible();
      await history.getByRole('button', { name: 'Close' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // Restore all: every device with a backup gets its latest one back.
      const pairIps = new Set(pair.devices.map((d) => d.ip));
      for (const d of await savedDumps()) {
        if (!pairIps.has(d.device.ip))
          await gatewayApi(`/api/devices/settings/${d.id}`, { method: 'DELETE' });
      }
      await setBrightness(source.ip, '7');
      await page.reload();
      await panel.getByRole('button', { name: 'Restore all' }).click();
      const all = page.getByRole('dialog', { name: 'Restore every device from its latest backup' });
      await all.getByRole('button', { name: 'Restore 2 devices' }).click();
      await expect(all.getByTestId('restore-all-progress')).toBeVisible();
      await expect(all.getByText('2 of 2 devices')).toBeVisible({ timeout: 20_000 });
      await expect(all.getByTestId('restore-all-list').locator('[data-outcome="ok"]')).toHaveCount(2);
      await expect(page.getByText('Restore finished: 2 restored, 0 failed')).toBeVisible();
      await expect
        .poll(
          async () => (await deviceConfig(source.ip).catch(() => ({}) as Record<string, string>)).brightness,
          {
            timeout: 15_000,
          },
        )
        .toBe(brightness);
      await all.getByRole('button', { name: 'Close' }).first().click();
      await expect(all).toBeHidden();
      if (mode === 'cloud') {
        // The cloud kept every version this gateway sent, also those deleted here above: they come back.
        await panel.getByRole('button', { name: 'Fetch from the cloud' }).click();
        await expect(page.getByText(/^Backups from the cloud: [1-9]\d* new of [1-9]\d*$/)).toBeVisible();
        await expect(
          page.getByTestId('dump-item').filter({ hasText: 'from the cloud' }).first(),
        ).toBeVisible();
      }
    });
  });
}
