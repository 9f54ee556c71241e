import { Firmware, makeFirmwareImage } from '@st/protocol';
import { type Simulator, startSimulator } from '@st/simulator';
import { loopbackBlock } from '@st/testkit';
import { system } from './env';
import { openScreen } from './logs.support';
import { closeToasts, deviceSend, foundDevices } from './panel.support';
import { expect, test } from './support/console';

// The OTA verdict in the console (device-protocol.md §11.10): after an update the OTA screen and the bulk
// outcome list say what the device reports once back. Two lamps of the spec's own: one built without a
// version (it reports none after the update), one that reports the image's compiled 1.7.0 while the library
// labels the image 1.7.1. Gateway mode only: the cloud relays the same answers (ota.console covers it).

const LABEL = '1.7.1';
const COMPILED = '1.7.0';
const sims: Simulator[] = [];
let firmware: Firmware | undefined;

interface Pair {
  noVersion: { ip: string; name: string };
  differs: { ip: string; name: string };
}

/** Two lamps at 1.6.0: the first reports no version after an update, the second the image's version. */
async function ownPair(tag: string): Promise<Pair> {
  const sim = await startSimulator({
    ips: loopbackBlock(2),
    kinds: ['lamp'],
    multicastIf: '127.0.0.1',
    discoveryPort: system.discoveryPort,
    beaconIntervalMs: 500,
    rebootMs: 300,
    logRate: 0,
    ota: true,
    devices: [{ otaVersion: null }, {}],
  });
  sims.push(sim);
  const names = [`nover-${tag}`, `differs-${tag}`];
  for (const [i, d] of sim.devices.entries()) {
    d.setVersion('1.6.0');
    await deviceSend(d.address, 'PUT', '/info/system', { name: names[i] });
  }
  await expect
    .poll(async () => {
      const found = await foundDevices();
      return sim.devices.every((d, i) =>
        found.some((f) => f.ip === d.address && f.name === names[i] && f.version === '1.6.0'),
      );
    })
    .toBe(true);
  const [a, b] = sim.devices;
  if (!a || !b) throw new Error('the simulator started no devices');
  return {
    noVersion: { ip: a.address, name: names[0] ?? '' },
    differs: { ip: b.address, name: names[1] ?? '' },
  };
}

test.beforeAll(async () => {
  const form = new FormData();
  form.append('info', JSON.stringify({ board: 'esp32', type: 'lamp', version: LABEL }));
  const image = Uint8Array.from(makeFirmwareImage({ version: COMPILED, size: 8192, seed: 171 }));
  form.append('file', new Blob([image]), `lamp-${LABEL}.bin`);
  const res = await fetch(`${system.gatewayUrl}/api/ota/firmware`, { method: 'POST', body: form });
  expect(res.status).toBe(201);
  firmware = Firmware.parse(await res.json());
});

test.afterAll(async () => {
  if (firmware) await fetch(`${system.gatewayUrl}/api/ota/firmware?id=${firmware.id}`, { method: 'DELETE' });
  await Promise.all(sims.map((s) => s.stop()));
});

const label = (d: { ip: string; name: string }) => `${d.name} (${d.ip})`;

test('the OTA screen says what each device reports after the update', async ({ page }) => {
  const pair = await ownPair('ota');
  await openScreen(page, 'gateway', 'ota');
  await page.getByRole('button', { name: `Actions for lamp ${LABEL} (esp32)` }).click();
  await page.getByRole('menuitem', { name: 'Upload to devices' }).click();
  const picker = page.getByRole('dialog', { name: `Upload lamp ${LABEL} to devices` });
  for (const d of [pair.noVersion, pair.differs]) await picker.getByLabel(label(d)).check();
  await picker.getByRole('button', { name: 'Upload' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Confirm' }).click();

  const item = (d: { ip: string; name: string }) =>
    page.getByTestId('ota-history').filter({ hasText: ` to ${label(d)}` });
  await expect(item(pair.noVersion)).toContainText('Updated, reports no version', { timeout: 30_000 });
  await expect(item(pair.differs)).toContainText(`Updated, reports ${COMPILED} (library says ${LABEL})`, {
    timeout: 30_000,
  });
  await expect(item(pair.differs).getByTestId('ota-verdict')).toHaveAttribute('data-outcome', 'DIFFERS');
  await closeToasts(page);
});

test('the bulk outcome list of "update all outdated" says the same', async ({ page }) => {
  const pair = await ownPair('bulk');
  const mine = [pair.noVersion.ip, pair.differs.ip];
  await openScreen(page, 'gateway', 'ota');
  await page.getByRole('button', { name: 'Update all outdated' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update all outdated devices' });
  await expect(dialog.getByLabel(label(pair.noVersion))).toBeChecked();
  await expect(dialog.getByLabel(label(pair.differs))).toBeChecked();
  // only the spec's own devices: anything else outdated right now is left alone
  for (const box of await dialog.getByRole('checkbox').all()) {
    const text = await box.evaluate((el) => el.closest('.st-Checkbox-root')?.textContent ?? '');
    if (!mine.some((ip) => text.includes(`(${ip})`)) && (await box.isChecked())) await box.uncheck();
  }
  await dialog.getByRole('button', { name: /^Update 2 chosen devices$/ }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Confirm' }).click();

  const outcome = (ip: string) => dialog.locator(`[data-testid="fleet-outcome"][data-ip="${ip}"]`);
  await expect(outcome(pair.noVersion.ip)).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(outcome(pair.noVersion.ip)).toContainText('Updated, reports no version');
  await expect(outcome(pair.differs.ip)).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(outcome(pair.differs.ip)).toContainText(
    `Updated, reports ${COMPILED} (library says ${LABEL})`,
  );
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await closeToasts(page);
});
