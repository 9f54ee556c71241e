// Issue 36 item 5: a bulk firmware upload's outcome says what happened to each device. A device the preview
// skipped (another board) shows as skipped with its reason afterwards, not as a failure; the "update
// available" badge says the whole version it offers and goes as soon as the device runs it, no reload.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Firmware } from '@st/protocol';
import { startSimulator } from '@st/simulator';
import { loopbackBlock } from '@st/testkit';
import { system } from './env';
import { addFirmware, deleteFirmware, type OwnFleet, stopFleet } from './fleet.support';
import { deviceSend, foundDevices, openPanel } from './panel.support';
import { expect, test } from './support/console';
import { saveScreenshot } from './support/screens';

let image: Firmware | undefined;
let fleet: OwnFleet | undefined;
const names = ['outc-esp32', 'outc-esp8266'];

test.beforeAll(async () => {
  image = await addFirmware('lamp', '1.3.10');
  const ips = loopbackBlock(2);
  const dataDir = mkdtempSync(join(tmpdir(), 'st-e2e-outcome-'));
  for (const ip of ips) {
    mkdirSync(join(dataDir, ip), { recursive: true });
    writeFileSync(join(dataDir, ip, 'version'), '1.3.9');
  }
  const sim = await startSimulator({
    ips,
    kinds: ['lamp'],
    devices: [{}, { board: 'esp8266' }],
    multicastIf: '127.0.0.1',
    discoveryPort: system.discoveryPort,
    gateway: new URL(system.gatewayUrl).host,
    beaconIntervalMs: 500,
    rebootMs: 300,
    logRate: 0,
    dataDir,
    ota: true,
  });
  const addresses = sim.devices.map((d) => d.address);
  for (const [i, ip] of addresses.entries()) await deviceSend(ip, 'PUT', '/info/system', { name: names[i] });
  await expect
    .poll(async () => {
      const found = await foundDevices();
      return addresses.every((ip, i) => found.some((d) => d.ip === ip && d.name === names[i]));
    })
    .toBe(true);
  fleet = { sim, dataDir, ips: addresses };
});

test.afterAll(async () => {
  if (fleet !== undefined) await stopFleet(fleet);
  if (image !== undefined) await deleteFirmware(image.id);
});

test('a skipped device stays skipped with its reason; the badge shows the whole version and goes after the update', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const [ipA = '', ipB = ''] = fleet?.ips ?? [];
  await openPanel(page, 'gateway');
  await page.getByRole('searchbox', { name: 'Search devices' }).fill('outc-');
  const found = page.getByRole('list', { name: 'Found devices' });
  const rowA = found.locator(`[data-device-ip="${ipA}"]`);
  await expect(found.locator('[data-device-ip]')).toHaveCount(2);
  const badge = rowA.getByTestId('update-badge');
  await expect(badge).toHaveText('Update: 1.3.10');
  // the whole text shows: the badge is not cut
  expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expect(found.locator(`[data-device-ip="${ipB}"]`).getByTestId('update-badge')).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'Select every device in Found devices' }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar).toContainText('2 devices selected');
  await bar.getByRole('button', { name: 'Upload firmware' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload firmware to the selected devices' });
  await dialog.getByLabel('Firmware').selectOption({ label: 'lamp 1.3.10 (esp32)' });
  await dialog.getByRole('button', { name: 'Upload to 1 fitting device' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Confirm' }).click();

  const outcome = (ip: string) => dialog.locator(`[data-testid="fleet-outcome"][data-ip="${ip}"]`);
  await expect(outcome(ipA)).toHaveAttribute('data-state', 'done', { timeout: 40_000 });
  await expect(outcome(ipB)).toHaveAttribute('data-state', 'skipped');
  await expect(outcome(ipB)).toContainText('Skipped');
  await expect(outcome(ipB)).toContainText('Skipped: board esp8266, the firmware is for esp32');
  await expect(outcome(ipB)).not.toContainText('Failed');
  await saveScreenshot(page, 'fleet-outcome-skipped', 'light');
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await saveScreenshot(page, 'fleet-outcome-skipped', 'dark');
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  // the device runs 1.3.10 now: its badge goes from the open list, no reload
  await expect(badge).toHaveCount(0, { timeout: 20_000 });
  await expect(rowA).toContainText('1.3.10');
});
