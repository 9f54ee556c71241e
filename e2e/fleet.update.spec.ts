import { DeviceInfoSchema, type Firmware } from '@st/protocol';
import { addFirmware, deleteFirmware, type OwnFleet, startFleet, stopFleet } from './fleet.support';
import { openScreen } from './logs.support';
import { closeToasts, deviceGet, MODES, openPanel } from './panel.support';
import { expect, test } from './support/console';
import { expectAccessible } from './support/screens';
import { inBothThemes } from './support/shell';

// Issue 17 part B, "update available": a device older than the newest image of its type and board in the
// library shows a badge in the list and in its panel, and the OTA screen updates every outdated device at once,
// following each to its outcome. Versions compare by number: 1.3.10 is newer than 1.3.9 (a text order would
// say the opposite). Both images are older than the shared lamps' 1.4.2, so only the spec's own devices are
// outdated.

const images: Firmware[] = [];
let fleet: OwnFleet | undefined;

test.beforeAll(async () => {
  images.push(await addFirmware('lamp', '1.3.10'), await addFirmware('lamp', '1.3.9'));
});

test.afterEach(async () => {
  if (fleet !== undefined) await stopFleet(fleet);
  fleet = undefined;
});

test.afterAll(async () => {
  for (const image of images) await deleteFirmware(image.id);
});

for (const mode of MODES) {
  test.describe(`update available (${mode} mode)`, () => {
    test('badges an outdated device in the list and its panel, then updates all outdated devices', async ({
      page,
    }) => {
      const tag = mode === 'gateway' ? 'gw' : 'cl';
      const names = [`upd-old-${tag}`, `upd-new-${tag}`];
      fleet = await startFleet('lamp', names, ['1.3.9', '1.3.10']);
      const [oldIp = '', newIp = ''] = fleet.ips;

      await openPanel(page, mode);
      const found = page.getByRole('list', { name: 'Found devices' });
      const oldRow = found.locator(`[data-device-ip="${oldIp}"]`);
      await expect(oldRow.getByTestId('update-badge')).toHaveText('Update: 1.3.10');
      await expect(oldRow.getByTestId('update-badge')).toHaveAttribute('data-version', '1.3.10');
      await expect(found.locator(`[data-device-ip="${newIp}"]`)).toBeVisible();
      await expect(found.locator(`[data-device-ip="${newIp}"]`).getByTestId('update-badge')).toHaveCount(0);
      await oldRow.getByRole('button', { name: `Open device ${names[0]} (${oldIp})` }).click();
      const panel = page.getByRole('region', { name: `Device ${names[0]}` });
      await expect(panel.getByTestId('update-badge')).toBeVisible();
      await inBothThemes(page, (theme) =>
        expectAccessible(page, `panel with an update badge (${mode}, ${theme})`),
      );

      await openScreen(page, mode, 'ota');
      await page.getByRole('button', { name: 'Update all outdated' }).click();
      const dialog = page.getByRole('dialog', { name: 'Update all outdated devices' });
      const choice = dialog.getByLabel(`${names[0]} (${oldIp})`);
      await expect(choice).toBeChecked();
      await expect(dialog.getByText('lamp · 1.3.9 → 1.3.10')).toBeVisible();
      await expect(dialog.getByLabel(`${names[1]} (${newIp})`)).toHaveCount(0);
      await expectAccessible(page, `update all outdated (${mode})`, ['.st-Modal-content']);
      // only the spec's own device: anything else outdated right now is left alone
      const others = dialog.getByRole('checkbox', { checked: true });
      for (const box of await others.all()) {
        const label = await box.evaluate((el) => el.closest('.st-Checkbox-root')?.textContent ?? '');
        if (!label.includes(oldIp)) await box.uncheck();
      }
      await dialog.getByRole('button', { name: 'Update 1 chosen device' }).click();
      const confirm = page.getByRole('dialog', { name: 'Please confirm' });
      await expect(confirm).toContainText(`${names[0]} (1.3.9 → 1.3.10)`);
      await confirm.getByRole('button', { name: 'Confirm' }).click();

      const outcome = dialog.locator(`[data-testid="fleet-outcome"][data-ip="${oldIp}"]`);
      await expect(outcome).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
      await expect(outcome).toContainText('Updated');
      await expectAccessible(page, `update outcome (${mode})`, ['.st-Modal-content']);
      await expect
        .poll(async () => (await deviceGet(oldIp, '/info/system', DeviceInfoSchema)).version)
        .toBe('1.3.10');
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await closeToasts(page);
    });
  });
}
