import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { DeviceInfoSchema, Firmware, makeFirmwareImage } from '@st/protocol';
import { type Simulator, startSimulator } from '@st/simulator';
import { loopbackBlock } from '@st/testkit';
import { system } from './env';
import {
  closeToasts,
  deviceGet,
  deviceSend,
  foundDevices,
  MODES,
  type Mode,
  screenshotBothThemes,
} from './panel.support';

// The OTA screen in both modes, against the real gateway flashing simulated devices of the spec's own
// (so the shared devices keep their firmware).

const sims: Simulator[] = [];
const firmwareIds: string[] = [];

async function openOta(page: Page, mode: Mode): Promise<void> {
  if (mode === 'gateway') await page.goto(`${system.gatewayUrl}/ota`);
  else {
    await page.goto(system.cloudUrl);
    const login = page.getByRole('textbox', { name: 'Login' });
    const home = page.getByText('Home', { exact: true }).first();
    await expect(login.or(home)).toBeVisible();
    if (await login.isVisible()) {
      await login.fill(system.login);
      await page.locator('input[type="password"]').fill(system.password);
      await page.getByRole('button', { name: 'Log in' }).click();
    }
    await home.click();
    await page.waitForURL(/\/overview$/);
    await page.goto(page.url().replace(/\/overview$/, '/ota'));
  }
  await expect(page.getByRole('heading', { name: 'Available firmwares' })).toBeVisible();
}

/** Adds a firmware straight on the gateway (the screen's own add flow is tested on its own). */
async function addFirmware(type: string, version: string, size: number): Promise<Firmware> {
  const form = new FormData();
  form.append('info', JSON.stringify({ board: 'esp32', type, version }));
  form.append('file', new Blob([Uint8Array.from(makeFirmwareImage({ version, size }))]), `${type}.bin`);
  const res = await fetch(`${system.gatewayUrl}/api/ota/firmware`, { method: 'POST', body: form });
  const firmware = Firmware.parse(await res.json());
  firmwareIds.push(firmware.id);
  return firmware;
}

/**
 * A device of the spec's own (the shared ones keep their firmware). `ota: false` builds it without an OTA
 * receiver, so an upload to it waits on the invitation.
 */
async function ownDevice(name: string, ota: boolean): Promise<string> {
  const [ip = ''] = loopbackBlock(1);
  const sim = await startSimulator({
    ips: [ip],
    kinds: [ota ? 'lamp' : 'button'],
    multicastIf: '127.0.0.1',
    discoveryPort: system.discoveryPort,
    beaconIntervalMs: 500,
    rebootMs: 300,
    logRate: 0,
    ota,
  });
  sims.push(sim);
  const device = sim.devices[0];
  if (!device) throw new Error('the simulator started no device');
  await deviceSend(device.address, 'PUT', '/info/system', { name });
  await expect
    .poll(async () => (await foundDevices()).some((d) => d.ip === device.address && d.name === name))
    .toBe(true);
  return device.address;
}

async function deviceVersion(ip: string): Promise<string | undefined> {
  return (await deviceGet(ip, '/info/system', DeviceInfoSchema)).version;
}

/** Picks the devices in the upload dialog of a firmware and confirms. */
async function uploadTo(page: Page, f: { type: string; version: string }, devices: string[]) {
  await page.getByRole('button', { name: `Actions for ${f.type} ${f.version} (esp32)` }).click();
  await page.getByRole('menuitem', { name: 'Upload to devices' }).click();
  const picker = page.getByRole('dialog', { name: `Upload ${f.type} ${f.version} to devices` });
  for (const label of devices) await picker.getByLabel(label).check();
  await picker.getByRole('button', { name: 'Upload' }).click();
  await expect(picker).toBeHidden();
  const confirm = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirm).toContainText(`Upload ${f.type} ${f.version} to`);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
}

const historyItem = (page: Page, deviceName: string, ip: string) =>
  page
    .getByTestId('ota-history')
    .filter({ hasText: ` to ${deviceName} (${ip})` })
    .first();

test.afterAll(async () => {
  for (const id of firmwareIds)
    await fetch(`${system.gatewayUrl}/api/ota/firmware?id=${id}`, { method: 'DELETE' });
  await Promise.all(sims.map((s) => s.stop()));
});

for (const mode of MODES) {
  test.describe(`OTA screen (${mode} mode)`, () => {
    test('adds a firmware read from its image, flashes a device, and the device reports the new version', async ({
      page,
    }) => {
      const name = `ota-ok-${mode === 'gateway' ? 'gw' : 'cl'}`;
      const ip = await ownDevice(name, true);
      const version = `e2e-${mode}-2.0`;
      const type = 'lamp';
      await openOta(page, mode);

      await page.getByRole('button', { name: 'Add firmware' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add firmware' });
      await dialog.getByRole('button', { name: 'Add firmware' }).click();
      await expect(dialog.getByText('Required').first()).toBeVisible();
      await dialog.locator('input[type="file"]').setInputFiles({
        name: `${type}-${mode}.bin`,
        mimeType: 'application/octet-stream',
        buffer: Buffer.from(makeFirmwareImage({ version, size: 300_000 })),
      });
      await expect(dialog.getByText(`Read from the image: esp32, version ${version}`)).toBeVisible();
      await expect(dialog.getByLabel('Version')).toHaveValue(version);
      await dialog.getByLabel('Type').fill(type);
      await dialog.getByRole('button', { name: 'Add firmware' }).click();
      await expect(page.getByText('Firmware added')).toBeVisible();
      await expect(dialog).toBeHidden();
      const saved = Firmware.array().parse(
        await (await fetch(`${system.gatewayUrl}/api/ota/firmware`)).json(),
      );
      const mine = saved.find((f) => f.type === type && f.version === version);
      expect(mine).toMatchObject({ board: 'esp32', version });
      if (mine) firmwareIds.push(mine.id);
      await closeToasts(page);
      if (mode === 'gateway') await screenshotBothThemes(page, 'ota-library');

      await uploadTo(page, { type, version }, [`${name} (${ip})`]);
      await expect(page.getByText(`Upload started: ${name}`)).toBeVisible();
      const done = historyItem(page, name, ip);
      await expect(done).toContainText('Updated', { timeout: 30_000 });
      await expect(done).toContainText(`${type} ${version} (esp32)`);
      expect(await deviceVersion(ip)).toBe(version);
      await closeToasts(page);
      await screenshotBothThemes(page, mode === 'gateway' ? 'ota-finished' : 'ota-cloud');
    });

    test('shows an upload waiting on a device and aborts it after confirming; the device keeps its firmware', async ({
      page,
    }) => {
      const name = `ota-ab-${mode === 'gateway' ? 'gw' : 'cl'}`;
      const ip = await ownDevice(name, false);
      const before = await deviceVersion(ip);
      const f = await addFirmware('button', `wait-${mode}`, 4096);
      await openOta(page, mode);
      await uploadTo(page, f, [`${name} (${ip})`]);
      const card = page.getByTestId('ota-upload').filter({ hasText: name });
      await expect(card).toContainText('Status: Inviting the device');
      if (mode === 'gateway') {
        await closeToasts(page);
        await screenshotBothThemes(page, 'ota-active');
      }
      await card.getByRole('button', { name: 'Abort' }).click();
      const confirm = page.getByRole('dialog', { name: 'Please confirm' });
      await expect(confirm).toContainText(`Abort the upload to ${name}?`);
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByText('Upload aborted')).toBeVisible();
      await expect(historyItem(page, name, ip)).toContainText('Aborted');
      await expect(historyItem(page, name, ip)).toContainText('Aborted by the user');
      await expect(card).toBeHidden();
      expect(await deviceVersion(ip)).toBe(before);
    });

    test('refuses firmware of another type until the override is confirmed, and warns on a downgrade', async ({
      page,
    }) => {
      const name = `ota-ty-${mode === 'gateway' ? 'gw' : 'cl'}`;
      const ip = await ownDevice(name, true);
      const current = (await deviceVersion(ip)) ?? '';
      const older = await addFirmware('lamp', `0.0.1-${mode}`, 4096);
      const other = await addFirmware('button', `9.${mode === 'gateway' ? 1 : 2}.0`, 4096);
      await openOta(page, mode);

      await page.getByRole('button', { name: `Actions for lamp ${older.version} (esp32)` }).click();
      await page.getByRole('menuitem', { name: 'Upload to devices' }).click();
      let picker = page.getByRole('dialog', { name: `Upload lamp ${older.version} to devices` });
      const row = picker.locator('.st-Checkbox-root').filter({ hasText: `${name} (${ip})` });
      await expect(row).toContainText(`${current} → ${older.version}`);
      await expect(row).toContainText('downgrade');
      await picker.getByLabel(`${name} (${ip})`).check();
      await picker.getByRole('button', { name: 'Upload' }).click();
      let confirm = page.getByRole('dialog', { name: 'Please confirm' });
      await expect(confirm).toContainText(`This is a downgrade for: ${name}.`);
      await confirm.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('button', { name: `Actions for button ${other.version} (esp32)` }).click();
      await page.getByRole('menuitem', { name: 'Upload to devices' }).click();
      picker = page.getByRole('dialog', { name: `Upload button ${other.version} to devices` });
      const device = picker.getByLabel(`${name} (${ip})`);
      await expect(device).toBeDisabled();
      await expect(picker.locator('.st-Checkbox-root').filter({ hasText: name })).toContainText('type lamp');
      await picker.getByLabel('Also offer devices of another type (override)').check();
      await device.check();
      await picker.getByRole('button', { name: 'Upload' }).click();
      confirm = page.getByRole('dialog', { name: 'Please confirm' });
      await expect(confirm).toContainText(`These devices are not button devices: ${name}.`);
      await confirm.getByRole('button', { name: 'Flash anyway' }).click();
      await expect(page.getByText(`Upload started: ${name}`)).toBeVisible();
      await expect(historyItem(page, name, ip)).toContainText('Updated', { timeout: 30_000 });
      expect(await deviceVersion(ip)).toBe(other.version);
    });

    test('downloads, edits and deletes a firmware from its menu', async ({ page }) => {
      const suffix = mode === 'gateway' ? 'gw' : 'cl';
      const image = makeFirmwareImage({ version: `menu-${suffix}`, size: 20_000, seed: 5 });
      const form = new FormData();
      form.append(
        'info',
        JSON.stringify({ board: 'esp32', type: `e2e-menu-${suffix}`, version: `menu-${suffix}` }),
      );
      form.append('file', new Blob([Uint8Array.from(image)]), `menu-${suffix}.bin`);
      const created = Firmware.parse(
        await (await fetch(`${system.gatewayUrl}/api/ota/firmware`, { method: 'POST', body: form })).json(),
      );
      firmwareIds.push(created.id);
      await openOta(page, mode);
      const menu = (type: string, version: string) =>
        page.getByRole('button', { name: `Actions for ${type} ${version} (esp32)` });

      await menu(created.type, created.version).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: 'Download' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(created.fileName);
      const bytes = await readFile(await download.path());
      expect(Buffer.compare(bytes, Buffer.from(image))).toBe(0);

      await menu(created.type, created.version).click();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit firmware' });
      await expect(dialog.getByLabel('Type')).toHaveValue(created.type);
      await dialog.getByLabel('Version').fill(`menu-${suffix}-b`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Firmware saved')).toBeVisible();
      await expect(dialog).toBeHidden();
      const list = Firmware.array().parse(
        await (await fetch(`${system.gatewayUrl}/api/ota/firmware`)).json(),
      );
      expect(list.find((f) => f.id === created.id)?.version).toBe(`menu-${suffix}-b`);

      await menu(created.type, `menu-${suffix}-b`).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Please confirm' });
      await expect(confirm).toContainText(`Delete firmware ${created.type} menu-${suffix}-b (esp32)?`);
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByText('Firmware deleted')).toBeVisible();
      await expect(menu(created.type, `menu-${suffix}-b`)).toBeHidden();
      const after = Firmware.array().parse(
        await (await fetch(`${system.gatewayUrl}/api/ota/firmware`)).json(),
      );
      expect(after.some((f) => f.id === created.id)).toBe(false);
    });
  });
}
