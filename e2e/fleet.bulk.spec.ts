import { readFile } from 'node:fs/promises';
import { DeviceInfoSchema, type Firmware } from '@st/protocol';
import { strFromU8, unzipSync } from 'fflate';
import { chooseFirstPassword, signInWithOneTimePassword } from './accounts.support';
import { addFirmware, deleteFirmware, type OwnFleet, startFleet, stopFleet } from './fleet.support';
import { closeToasts, deviceGet, MODES, openPanel } from './panel.support';
import { expect, test } from './support/console';
import { expectAccessible } from './support/screens';
import { gatewayItem, inBothThemes, signIn } from './support/shell';

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
      await expect(bar).toContainText('1 device selected');
      await page.getByRole('checkbox', { name: 'Select every device in Found devices' }).check();
      await expect(page.getByRole('checkbox', { name: `Select ${names[1]} (${ipB})` }).first()).toBeChecked();
      await expect(bar).toContainText('2 devices selected');
      await inBothThemes(page, (theme) =>
        expectAccessible(page, `device list with a selection (${mode}, ${theme})`),
      );

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
      await expectAccessible(page, `bulk export outcome (${mode})`, ['.st-Modal-content']);
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
      await dialog.getByLabel('Firmware').selectOption({ label: 'lamp 1.3.10 (esp32)' });
      await expect(dialog.getByRole('list', { name: 'What will happen' })).toContainText('1.3.9 → 1.3.10');
      await expectAccessible(page, `bulk firmware (${mode})`, ['.st-Modal-content']);
      await dialog.getByRole('button', { name: 'Upload to 2 fitting devices' }).click();
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

test('a viewer (cloud mode) gets no device checkboxes, no bulk actions and no "update all outdated"', async ({
  page,
  browser,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  // the forced restart is refused with 403 on purpose
  consoleGuard.allow(/status of 403/);
  fleet = await startFleet('lamp', ['bulk-view'], ['1.3.9']);
  const [ip = ''] = fleet.ips;
  const login = `bulkview-${Date.now().toString(36)}`;
  await signIn(page);
  await page.getByRole('button', { name: /Open the account dialog/ }).click();
  await page.getByRole('link', { name: 'Users' }).click();
  await page.getByRole('textbox', { name: 'Login' }).fill(login);
  await page.getByRole('button', { name: 'Create user' }).click();
  const secret = page.getByTestId('user-secret');
  await expect(secret).toContainText(login);
  const password = (await secret.locator('pre, code').first().textContent())?.trim() ?? '';
  await page.getByRole('link', { name: 'Back to the gateways' }).click();
  await page.getByRole('button', { name: 'Actions for gateway Home' }).click();
  await page.getByRole('menuitem', { name: 'Sharing' }).click();
  const shares = page.getByRole('dialog', { name: 'Share Home' });
  await shares.getByRole('textbox', { name: 'Login' }).fill(login);
  await shares.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(shares.getByTestId('share-row').filter({ hasText: login }).getByRole('combobox')).toHaveValue(
    'viewer',
  );

  const context = await browser.newContext();
  const viewer = await context.newPage();
  // an admin's user starts with a one-time password and chooses their own first (issue 20)
  await signInWithOneTimePassword(viewer, login, password);
  await chooseFirstPassword(viewer, password, `${login}-own-password`);
  await gatewayItem(viewer, 'Home').getByText('Home', { exact: true }).click();
  await viewer.waitForURL(/\/overview$/);
  const gatewayId = new URL(viewer.url()).pathname.split('/').at(-2) ?? '';
  await viewer.goto(viewer.url().replace(/\/overview$/, '/panel'));
  const row = viewer.getByRole('list', { name: 'Found devices' }).locator(`[data-device-ip="${ip}"]`);
  // the badge is a read: a viewer sees it; choosing devices for a bulk write is not offered
  await expect(row.getByTestId('update-badge')).toBeVisible();
  await expect(viewer.getByRole('checkbox', { name: /^Select / })).toHaveCount(0);
  await expect(viewer.getByRole('region', { name: 'Bulk actions' })).toHaveCount(0);
  await viewer.goto(viewer.url().replace(/\/panel(\?.*)?$/, '/ota'));
  await expect(viewer.getByRole('heading', { name: 'Available firmwares' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Update all outdated' })).toHaveCount(0);
  // and the cloud refuses a bulk write anyway
  const forced = await viewer.evaluate(
    async ([id, device]) => {
      const r = await fetch('/api/gateway/requests/device', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ gatewayId: id, device, command: 'restart', params: {} }),
      });
      return { status: r.status, body: await r.json() };
    },
    [gatewayId, ip],
  );
  expect(forced).toMatchObject({ status: 403, body: { code: 'ROLE_FORBIDDEN' } });
  await context.close();
});
