// Issue 20: a viewer's write controls are disabled on every screen that has them, with a text saying why;
// calls forced past the console are still refused by the cloud (403 ROLE_FORBIDDEN). Issue 33: the Wi-Fi
// password reaches a viewer masked, and the console says so where settings are shown.
import type { Page } from '@playwright/test';
import { chooseFirstPassword, signInWithOneTimePassword } from './accounts.support';
import { system } from './env';
import { deviceApi } from './logs.support';
import { openDevice, systemDevice } from './panel.support';
import { expect, test } from './support/console';
import { expectAccessible } from './support/screens';
import { signIn } from './support/shell';

/** As the signed-in page: a user with a one-time password, and a viewer share of "Home" for them. */
async function viewerOfHome(admin: Page, login: string): Promise<{ password: string; gatewayId: string }> {
  return admin.evaluate(async (who) => {
    const json = { 'content-type': 'application/json' };
    const made = await fetch('/api/users', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ login: who }),
    });
    const { password } = (await made.json()) as { password: string };
    const list = (await (await fetch('/api/gateway/management/list')).json()) as Array<{
      id: string;
      name: string;
    }>;
    const gatewayId = list.find((g) => g.name === 'Home')?.id ?? '';
    await fetch('/api/gateway/management/share', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ gatewayId, login: who, role: 'viewer' }),
    });
    return { password, gatewayId };
  }, login);
}

test('a viewer sees every write control disabled, with the reason, and forced calls are refused', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const login = `viewer-${Date.now().toString(36)}`;
  const lamp = await systemDevice('lamp');
  await signIn(page);
  const { password, gatewayId } = await viewerOfHome(page, login);
  // a saved dump of the lamp, which the viewer gets with its Wi-Fi password masked
  const saved = await fetch(`${system.gatewayUrl}/api/devices/settings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ device: lamp, dump: await (await deviceApi(lamp.ip, '/settings')).text() }),
  });
  expect(saved.status).toBe(201);
  const dumpId = ((await saved.json()) as { id: string }).id;

  const context = await browser.newContext();
  try {
    const viewer = await context.newPage();
    await signInWithOneTimePassword(viewer, login, password);
    await chooseFirstPassword(viewer, password, `${login}-own-password`);
    const note = viewer.getByTestId('viewer-readonly');
    const screen = (name: string) => viewer.goto(`${system.cloudUrl}/${gatewayId}/${name}`);

    // The device panel: actions, Wi-Fi (not even read: the answer holds the password), config, hooks, danger.
    await screen('panel');
    const panel = await openDevice(viewer, lamp);
    await panel.getByRole('tab', { name: 'Actions' }).click();
    await expect(panel.getByRole('button', { name: 'Turn led on', exact: true })).toBeDisabled();
    await expect(note).toBeVisible();
    await panel.getByRole('tab', { name: 'WiFi' }).click();
    await expect(note).toBeVisible();
    await expect(panel.getByLabel('SSID')).toHaveCount(0);
    const masked = viewer.getByRole('note', { name: 'The Wi-Fi password is hidden' });
    await expect(masked).toContainText('Your role on this gateway is viewer');
    await panel.getByRole('tab', { name: 'Config' }).click();
    await expect(panel.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
    await expect(note).toBeVisible();
    await panel.getByRole('tab', { name: 'Danger zone' }).click();
    await expect(panel.getByRole('button', { name: 'Restart' })).toBeDisabled();
    await expect(panel.getByRole('button', { name: 'Wipe' })).toBeDisabled();
    await expect(note).toBeVisible();
    await panel.getByRole('tab', { name: 'Sensors' }).click();
    await panel.getByText(/^light: \d+$/).click();
    await expect(panel.getByRole('heading', { name: 'Hooks of light' })).toBeVisible();
    await expect(panel.getByRole('combobox', { name: 'Add a hook of type' })).toBeDisabled();
    await expect(note).toBeVisible();

    // Settings dumps and backups: export, back up now, restore all, archive download/upload, cloud pull.
    await screen('settings');
    await expect(viewer.getByRole('button', { name: 'Export', exact: true })).toBeDisabled();
    await expect(viewer.getByRole('button', { name: 'Back up now' })).toBeDisabled();
    await expect(note).toBeVisible();
    await expect(masked).toContainText(
      'Your role on this gateway is viewer: the Wi-Fi password shows as ••••••',
    );
    await expectAccessible(viewer, 'settings as a viewer');
    await viewer.getByTestId('dump-item').getByText(`Device name: ${lamp.name}`).first().click();
    const info = viewer.getByRole('dialog', { name: 'Saved settings' });
    await expect(info.getByRole('note', { name: 'The Wi-Fi password is hidden' })).toBeVisible();
    await expect(info.getByLabel('Show the WiFi password')).toHaveCount(0);
    await viewer.keyboard.press('Escape');

    // Firmware (OTA): adding one; the list's menu items (upload, edit, download, delete) likewise.
    await screen('ota');
    await expect(viewer.getByRole('button', { name: 'Add firmware' })).toBeDisabled();
    await expect(note).toBeVisible();

    // The gateway's alerts (the user's own offline alerts stay theirs to change).
    await screen('alerts');
    await expect(note).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Save' }).first()).toBeDisabled();

    // Integrations (the MQTT bridge).
    await screen('integrations');
    await expect(note).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Save and connect' })).toBeDisabled();

    // Forced past the console: the cloud refuses each write before it reaches the gateway.
    const forced = await viewer.evaluate(
      async ([id, ip]) => {
        const post = (path: string, body: unknown) =>
          fetch(path, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }).then(async (r) => `${r.status} ${((await r.json()) as { code?: string }).code}`);
        const device = (command: string, params: unknown) =>
          post('/api/gateway/requests/device', { gatewayId: id, device: ip, command, params });
        const route = (url: string, method: string) => post(`/api/gateway/requests/${id}`, { url, method });
        return {
          wifi: await device('getWiFi', {}),
          config: await device('deleteAllConfigValues', {}),
          hook: await device('createHook', { sensor: 'light', hook: { type: 'action' } }),
          export: await device('exportSettings', {}),
          backup: await route('/api/backups/run', 'POST'),
          firmware: await route('/api/ota/firmware?id=x', 'DELETE'),
          alerts: await route('/api/alerts', 'PUT'),
          mqtt: await route('/api/integrations/mqtt', 'PUT'),
        };
      },
      [gatewayId, lamp.ip],
    );
    for (const [what, answer] of Object.entries(forced))
      expect(`${what}: ${answer}`).toBe(`${what}: 403 ROLE_FORBIDDEN`);
  } finally {
    await context.close();
    await fetch(`${system.gatewayUrl}/api/devices/settings/${dumpId}`, { method: 'DELETE' });
  }
});
