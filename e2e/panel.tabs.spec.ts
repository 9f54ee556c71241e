import { expect, type Page, test } from '@playwright/test';
import { z } from 'zod';
import {
  deviceGet,
  deviceRow,
  deviceSend,
  foundDevices,
  MODES,
  openDevice,
  openPanel,
  screenshotBothThemes,
  startOwnDevice,
  stopOwnDevice,
  systemDevice,
} from './panel.support';

const Info = z.object({ name: z.string() });
const Sensors = z.record(z.string(), z.union([z.number(), z.string()]));
const Actions = z.array(z.object({ name: z.string(), callDelay: z.number().optional() }));
const Wifi = z.object({ settings: z.object({ ssid: z.string(), password: z.string(), mode: z.number() }) });
const Config = z.record(z.string(), z.string());

const toast = (page: Page, text: string) => page.locator('.st-Notification-root', { hasText: text }).first();

for (const mode of MODES) {
  test.describe(`device panel tabs (${mode} mode)`, () => {
    test('info: renames the device, refuses an empty name, and a re-click of the tab reloads it', async ({
      page,
    }) => {
      const lamp = await systemDevice('lamp');
      const original = (await deviceGet(lamp.ip, '/info/system', Info)).name;
      try {
        await openPanel(page, mode);
        const panel = await openDevice(page, lamp);
        const name = panel.getByLabel('Name', { exact: true });
        await expect(name).toHaveValue(original);
        await expect(panel.getByLabel('Board')).toHaveValue(lamp.board);
        await expect(panel.getByLabel('Firmware version')).toHaveValue(lamp.version ?? '');
        await expect(panel.getByLabel('SmartThing library version')).toHaveValue(lamp.stVersion);
        if (mode === 'gateway') await screenshotBothThemes(page, 'panel-info');
        await name.fill('');
        await panel.getByRole('button', { name: 'Save' }).click();
        await expect(panel.getByText("Name can't be empty!")).toBeVisible();
        await name.fill(`lamp-${mode}`);
        await panel.getByRole('button', { name: 'Save' }).click();
        await expect(toast(page, 'Name saved')).toBeVisible();
        await expect
          .poll(async () => (await deviceGet(lamp.ip, '/info/system', Info)).name)
          .toBe(`lamp-${mode}`);
        await expect(page.getByRole('heading', { name: `Device lamp-${mode}` })).toBeVisible();
        // The list follows the new name; a rename is not a device coming back online.
        await page.getByRole('button', { name: 'Devices', exact: true }).click();
        await expect(deviceRow(page, lamp)).toHaveAccessibleName(`Open device lamp-${mode} (${lamp.ip})`);
        await expect(toast(page, 'is back online')).toHaveCount(0);
        // Changed behind the console's back: clicking the open tab again shows the device's current name.
        await deviceSend(lamp.ip, 'PUT', '/info/system', { name: `again-${mode}` });
        await panel.getByRole('tab', { name: 'Info' }).click();
        await expect(name).toHaveValue(`again-${mode}`);
      } finally {
        await deviceSend(lamp.ip, 'PUT', '/info/system', { name: original });
      }
    });

    test('actions: calls actions and schedules one (negative refused, unchanged closes, 0 asks)', async ({
      page,
    }) => {
      const lamp = await systemDevice('lamp');
      const led = async () => (await deviceGet(lamp.ip, '/sensors', Sensors)).led;
      const toggleDelay = async () =>
        (await deviceGet(lamp.ip, '/actions/info', Actions)).find((a) => a.name === 'toggle')?.callDelay;
      try {
        await openPanel(page, mode);
        const panel = await openDevice(page, lamp);
        await panel.getByRole('tab', { name: 'Actions' }).click();
        await panel.getByRole('button', { name: 'Turn led on', exact: true }).click();
        await expect.poll(led).toBe(1);
        await panel.getByRole('button', { name: 'Turn led off', exact: true }).click();
        await expect.poll(led).toBe(0);

        const schedule = panel.getByRole('button', { name: 'Schedule Toggle led' });
        const dialog = page.getByRole('dialog', { name: 'Schedule Toggle led' });
        const delay = dialog.getByLabel('Call every (ms)');
        await schedule.click();
        await delay.fill('-5');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expect(dialog.getByText("Delay can't be negative")).toBeVisible();
        await delay.fill('60000');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expect(dialog).toBeHidden();
        await expect.poll(toggleDelay).toBe(60000);
        await expect(panel.locator('[data-action="toggle"]')).toContainText('every 60000 ms');
        if (mode === 'gateway') await screenshotBothThemes(page, 'panel-actions');

        await schedule.click();
        await expect(delay).toHaveValue('60000');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expect(dialog).toBeHidden();
        expect(await toggleDelay()).toBe(60000);

        await schedule.click();
        await delay.fill('0');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await page
          .getByRole('dialog', { name: 'Please confirm' })
          .getByRole('button', { name: 'Confirm' })
          .click();
        await expect(toast(page, 'Scheduling disabled')).toBeVisible();
        await expect.poll(toggleDelay).toBe(0);
      } finally {
        await deviceSend(lamp.ip, 'PUT', '/actions/schedule', { name: 'toggle', callDelay: 0 });
        await fetch(`http://${lamp.ip}/actions/call?name=led_off`);
      }
    });

    test('actions: no scheduling on a device without the scheduler feature', async ({ page }) => {
      const weather = await systemDevice('weather');
      await openPanel(page, mode);
      const panel = await openDevice(page, weather);
      await panel.getByRole('tab', { name: 'Actions' }).click();
      await expect(panel.getByRole('button', { name: 'Refresh readings', exact: true })).toBeVisible();
      await expect(panel.getByRole('button', { name: /^Schedule / })).toHaveCount(0);
      await panel.getByRole('button', { name: 'Calibrate sensors', exact: true }).click();
      // The device refuses this one: the toast names the action and carries the device's own text.
      const failed = toast(page, 'Failed to call action Calibrate sensors');
      await expect(failed).toBeVisible();
      await expect(failed).toContainText(/\S+/);
    });

    test('wifi: saves ssid, password and mode; ssid is required', async ({ page }) => {
      const lamp = await systemDevice('lamp');
      const before = (await deviceGet(lamp.ip, '/wifi', Wifi)).settings;
      try {
        await openPanel(page, mode);
        const panel = await openDevice(page, lamp);
        await panel.getByRole('tab', { name: 'WiFi' }).click();
        const ssid = panel.getByLabel('SSID');
        await expect(ssid).toHaveValue(before.ssid);
        await ssid.fill('');
        await panel.getByRole('button', { name: 'Save' }).click();
        await expect(panel.getByText('This field is required')).toBeVisible();
        await ssid.fill(`net-${mode}`);
        await panel.getByLabel('Password').fill('secret-pass');
        await panel.getByRole('combobox', { name: 'Mode' }).selectOption({ label: 'Create access point' });
        await panel.getByRole('button', { name: 'Save' }).click();
        await expect(toast(page, 'WiFi settings saved')).toBeVisible();
        await expect
          .poll(async () => (await deviceGet(lamp.ip, '/wifi', Wifi)).settings)
          .toEqual({ ssid: `net-${mode}`, password: 'secret-pass', mode: 2 });
        if (mode === 'gateway') await screenshotBothThemes(page, 'panel-wifi');
      } finally {
        await deviceSend(lamp.ip, 'POST', '/wifi', before);
      }
    });

    test('config: edits and saves values, deletes one, deletes all after confirming', async ({ page }) => {
      const lamp = await systemDevice('lamp');
      const before = await deviceGet(lamp.ip, '/config', Config);
      const config = () => deviceGet(lamp.ip, '/config', Config);
      try {
        await openPanel(page, mode);
        const panel = await openDevice(page, lamp);
        await panel.getByRole('tab', { name: 'Config' }).click();
        await panel.getByRole('textbox', { name: 'brightness' }).fill('55');
        await panel.getByRole('button', { name: 'Save' }).click();
        await expect(toast(page, 'Config saved')).toBeVisible();
        await expect.poll(async () => (await config()).brightness).toBe('55');
        expect((await config()).gtw).toBe(before.gtw);
        if (mode === 'gateway') await screenshotBothThemes(page, 'panel-config');

        await panel.getByRole('button', { name: 'Delete the value of brightness' }).click();
        const ask = page.getByRole('dialog', { name: 'Please confirm' });
        await expect(ask).toContainText('Delete the value of brightness?');
        await ask.getByRole('button', { name: 'Confirm' }).click();
        await expect(toast(page, 'Config value deleted')).toBeVisible();
        await expect.poll(async () => (await config()).brightness).toBe('');
        // the field leaves the form; the entry (the firmware declares it) is listed under "Not set"
        const field = panel.getByRole('textbox', { name: 'brightness' });
        await expect(field).toHaveCount(0);
        const unset = panel.getByRole('group', { name: 'Not set:' });
        await unset.getByRole('button', { name: 'Set a value for brightness' }).click();
        await expect(field).toHaveValue('');
        await expect(field).toHaveAttribute('placeholder', 'not set');
        await expect(panel.getByRole('button', { name: 'Delete the value of brightness' })).toBeDisabled();
        await field.fill('7');
        await panel.getByRole('button', { name: 'Save' }).click();
        await expect.poll(async () => (await config()).brightness).toBe('7');
        await expect(unset.getByRole('button', { name: 'Set a value for brightness' })).toHaveCount(0);

        await panel.getByRole('button', { name: 'Delete all' }).click();
        await page
          .getByRole('dialog', { name: 'Please confirm' })
          .getByRole('button', { name: 'Confirm' })
          .click();
        await expect(toast(page, 'Config values deleted')).toBeVisible();
        await expect.poll(async () => Object.values(await config()).every((v) => v === '')).toBe(true);
        await expect(panel.getByRole('tabpanel').getByRole('textbox')).toHaveCount(0);
        await expect(unset.getByRole('button', { name: 'Set a value for brightness' })).toBeVisible();
      } finally {
        await deviceSend(lamp.ip, 'POST', '/config', before);
      }
    });

    test('a device built without actions, sensors and config gets no such tabs', async ({ page }) => {
      const own = await startOwnDevice('button', `bare-${mode}`, ['actions', 'sensors', 'config']);
      try {
        await openPanel(page, mode);
        const device = (await foundDevices()).find((d) => d.ip === own.ip);
        if (device === undefined) throw new Error('own device not found');
        const panel = await openDevice(page, device);
        await expect(panel.getByRole('tab')).toHaveText([
          'Info',
          'WiFi',
          'Metrics',
          'Danger zone',
          'Timeline',
        ]);
        // The system's button has them all.
        await page.getByRole('button', { name: 'Devices', exact: true }).click();
        const full = await openDevice(page, await systemDevice('button'));
        await expect(full.getByRole('tab')).toHaveText([
          'Info',
          'Actions',
          'Sensors',
          'WiFi',
          'Config',
          'Metrics',
          'Danger zone',
          'Timeline',
        ]);
      } finally {
        await stopOwnDevice(own);
      }
    });

    test('metrics: shows uptime in days/hours/minutes/seconds and refreshes', async ({ page }) => {
      const lamp = await systemDevice('lamp');
      await openPanel(page, mode);
      const panel = await openDevice(page, lamp);
      await panel.getByRole('tab', { name: 'Metrics' }).click();
      const uptime = panel.getByTestId('device-uptime');
      await expect(uptime).toHaveText(/^Uptime: (\d+ d )?(\d+ h )?(\d+ min )?\d+ s$/);
      await expect(panel.getByText('resetReason:')).toBeVisible();
      if (mode === 'gateway') await screenshotBothThemes(page, 'panel-metrics');
      const first = await uptime.textContent();
      await expect
        .poll(async () => {
          await panel.getByRole('tab', { name: 'Metrics' }).click();
          return uptime.textContent();
        })
        .not.toBe(first);
    });
  });
}
