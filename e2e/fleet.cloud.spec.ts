// Cloud mode (issue 36, item 15): one overview across the user's gateways with the counts each gateway reports
// over its link, a search that finds a gateway by one of its devices, and the cloud's backup copies browsed
// (list, a version's settings, download) while the gateway is stopped. Own gateway process and own simulated
// device, so the shared "Home" gateway stays up for the other specs.
import type { Page } from '@playwright/test';
import { startSimulator } from '@st/simulator';
import { freeUdpPort, loopbackBlock } from '@st/testkit';
import { system } from './env';
import { expect, test } from './support/console';
import {
  createGateway,
  deleteGateway,
  generateConnectionToken,
  linkOwnGateway,
  uniqueName,
} from './support/gateways';
import { send } from './support/http';
import { OwnGateway } from './support/ownGateway';
import { saveScreenshot } from './support/screens';
import { signIn } from './support/shell';

async function bothThemes(page: Page, name: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    await saveScreenshot(page, name, theme);
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
}

test('the overview spans the gateways with their counts, finds a device, and browses backups of a stopped gateway', async ({
  page,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  // the gateway list polls presence while the own gateway stops
  consoleGuard.allow(/status of 50\d/);
  const discoveryPort = await freeUdpPort();
  const own = new OwnGateway({ ST_DISCOVERY_PORT: String(discoveryPort) });
  await own.start();
  const deviceName = `cellar-${Math.random().toString(36).slice(2, 6)}`;
  const [ip = ''] = loopbackBlock(1);
  const sim = await startSimulator({
    ips: [ip],
    kinds: ['lamp'],
    multicastIf: '127.0.0.1',
    discoveryPort,
    gateway: new URL(own.url).host,
    beaconIntervalMs: 500,
    logRate: 0,
    ota: false,
  });
  const gateway = uniqueName('Cottage');
  try {
    await send('PUT', `http://${sim.devices[0]?.address}/info/system`, { name: deviceName });
    await signIn(page);
    await createGateway(page, gateway, 'Hillside');
    const token = await generateConnectionToken(page, gateway);
    await linkOwnGateway(own.url, token);
    await expect
      .poll(async () => {
        const found = (await send('GET', `${own.url}/api/devices/found`)) as { name: string }[];
        return found.some((d) => d.name === deviceName);
      })
      .toBe(true);
    expect(await send('POST', `${own.url}/api/backups/run`)).toMatchObject({ backedUp: 1 });

    // the overview: the own gateway with its site, online, and the counts it reported
    await page.getByRole('link', { name: 'Overview of all gateways' }).click();
    await expect(page.getByRole('heading', { name: 'All gateways' })).toBeVisible();
    const card = page.getByRole('listitem', { name: gateway, exact: true });
    await expect(async () => {
      await page.reload();
      await expect(card.getByTestId('fleet-counts')).toContainText('1 of 1 device online', { timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    await expect(card).toContainText('Site: Hillside');
    await expect(card).toContainText('Online');
    await expect(card.locator('[data-count="outdated"]')).toHaveText('0 outdated');
    await expect(card.locator('[data-count="crashLooping"]')).toHaveText('0 crash-looping');
    await expect(page.getByRole('listitem', { name: 'Home', exact: true })).toBeVisible();
    await bothThemes(page, 'fleet-overview');

    // search: by a device's name, the gateway that has it, with the device listed; nothing for nonsense
    const search = page.getByRole('searchbox', { name: 'Search gateways and devices' });
    await search.fill(deviceName);
    await expect(page.getByTestId('fleet-gateway')).toHaveCount(1);
    await expect(card.getByTestId('fleet-match')).toHaveText(`${deviceName} (${ip}) · Online`);
    await search.fill('no-such-gateway-or-device');
    await expect(page.getByText('No gateway or device matches "no-such-gateway-or-device"')).toBeVisible();
    await search.fill('');

    // the gateway stops: the overview says so, and its backup copies are still browsable from the cloud
    await own.stop();
    await expect(async () => {
      await page.reload();
      await expect(card).toContainText('Offline', { timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    await card.getByRole('link', { name: `Backup copies of ${gateway}` }).click();
    await expect(page.getByRole('heading', { name: `Backup copies of ${gateway}` })).toBeVisible();
    const table = page.getByTestId('backup-copies');
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table).toContainText(`${deviceName} (${ip})`);
    await expect(table).toContainText('run by hand');
    await bothThemes(page, 'fleet-backup-copies');
    await table.getByRole('button', { name: new RegExp(`^View the settings of ${deviceName}`) }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`^${deviceName}, `) });
    await expect(dialog.getByTestId('backup-settings')).not.toBeEmpty();
    await bothThemes(page, 'fleet-backup-version');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const download = page.waitForEvent('download');
    await table.getByRole('link', { name: new RegExp(`^Download the settings of ${deviceName}`) }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^${deviceName}-.*\\.txt$`));

    await page.goto(`${system.cloudUrl}/gateways`);
    await deleteGateway(page, gateway);
  } finally {
    await sim.stop();
    await own.remove();
  }
});
