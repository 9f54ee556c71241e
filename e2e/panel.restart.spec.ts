import { MetricsSchema } from '@st/protocol';
import {
  closeToasts,
  deviceGet,
  MODES,
  openDevice,
  openPanel,
  startOwnDevice,
  stopOwnDevice,
} from './panel.support';
import { expect, test } from './support/console';
import { expectAccessible } from './support/screens';
import { inBothThemes } from './support/shell';

// Issue 17 part B, "restart now": Wi-Fi settings take effect after a restart, so their save offers one; it is
// confirmed, restarts the device and says when the device is back (an answer with a fresh uptime). A restart
// from the danger tab shows "Restarting…" in the device list while the gateway holds the device so.

for (const mode of MODES) {
  test.describe(`restart now (${mode} mode)`, () => {
    test('after a Wi-Fi save, "Restart now" restarts the device and shows when it is back', async ({
      page,
      consoleGuard,
    }) => {
      // away 3 s per restart: long enough to see "Restarting…" in the list
      const own = await startOwnDevice('lamp', `restart-${mode === 'gateway' ? 'gw' : 'cl'}`, [], 3000);
      try {
        await openPanel(page, mode);
        const panel = await openDevice(page, {
          ip: own.ip,
          name: '',
          type: 'lamp',
          board: 'esp32',
          stVersion: '',
        });
        await panel.getByRole('tab', { name: 'WiFi' }).click();
        await expect(panel.getByLabel('SSID')).not.toHaveValue('');
        await panel.getByLabel('SSID').fill(`restart-net-${mode}`);
        await panel.getByRole('button', { name: 'Save' }).click();
        const banner = panel.getByTestId('restart-now');
        await expect(banner).toHaveAttribute('data-step', 'offer');
        await expect(banner).toContainText('The device uses the new settings after a restart.');
        await closeToasts(page);
        await expectAccessible(page, `restart offer (${mode})`, ['[data-testid="restart-now"]']);
        await banner.getByRole('button', { name: 'Restart now' }).click();
        const confirm = page.getByRole('dialog', { name: 'Please confirm' });
        await expect(confirm).toContainText(`Restart restart-`);
        await confirm.getByRole('button', { name: 'Confirm' }).click();
        await expect(banner).toHaveAttribute('data-step', 'back', { timeout: 30_000 });
        await expect(banner.getByRole('status')).toContainText(/is back \(at .+\) and uses the new settings/);
        expect((await deviceGet(own.ip, '/metrics', MetricsSchema)).uptime).toBeLessThan(30_000);
        await inBothThemes(page, (theme) =>
          expectAccessible(page, `restart done (${mode}, ${theme})`, ['[data-testid="restart-now"]']),
        );

        await closeToasts(page);
        await panel.getByRole('tab', { name: 'Danger zone' }).click();
        await panel.getByRole('button', { name: 'Restart', exact: true }).click();
        await page
          .getByRole('dialog', { name: 'Please confirm' })
          .getByRole('button', { name: 'Confirm' })
          .click();
        // the open panel's reads answer 503 DEVICE_RESTARTING until the device is back
        consoleGuard.allow(/status of 503 .*\/api\/(device\/request|gateway\/requests\/device)\)$/);
        await page.getByRole('button', { name: 'Devices', exact: true }).click();
        const row = page.locator(`[data-device-ip="${own.ip}"]`);
        const badge = row.getByTestId('restarting-badge');
        await expect(badge).toHaveText('Restarting…');
        await expectAccessible(page, `restarting badge (${mode})`, [`[data-device-ip="${own.ip}"]`]);
        // back: the badge goes, the device is listed (online) with a fresh uptime
        await expect(badge).toHaveCount(0, { timeout: 30_000 });
        await expect(row).toBeVisible();
        expect((await deviceGet(own.ip, '/metrics', MetricsSchema)).uptime).toBeLessThan(30_000);
      } finally {
        await stopOwnDevice(own);
      }
    });
  });
}
