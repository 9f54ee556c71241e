import { expect, test } from '@playwright/test';
import { type Simulator, startSimulator } from '@st/simulator';
import { loopbackBlock } from '@st/testkit';
import { system } from './env';
import { deviceRow, foundDevices, MODES, openPanel } from './panel.support';

// 300 devices of the spec's own (two blocks of 150 loopback addresses) beside the system's four.
const BLOCK = 150;
const sims: Simulator[] = [];
const ips: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  for (const block of [loopbackBlock(BLOCK), loopbackBlock(BLOCK)]) {
    ips.push(...block);
    sims.push(
      await startSimulator({
        ips: block,
        kinds: ['button'],
        multicastIf: '127.0.0.1',
        discoveryPort: system.discoveryPort,
        beaconIntervalMs: 2000,
        logRate: 0,
        ota: false,
      }),
    );
  }
  await expect
    .poll(async () => (await foundDevices()).filter((d) => ips.includes(d.ip)).length, { timeout: 30_000 })
    .toBe(2 * BLOCK);
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await Promise.all(sims.map((s) => s.stop()));
  // Leave the gateway's found list as the other specs expect it.
  await expect
    .poll(async () => (await foundDevices()).some((d) => ips.includes(d.ip)), { timeout: 30_000 })
    .toBe(false);
});

for (const mode of MODES) {
  test(`300 found devices: only the rows in view are rendered and the list still scrolls to the end (${mode} mode)`, async ({
    page,
  }) => {
    await openPanel(page, mode);
    const list = page.getByRole('list', { name: 'Found devices' });
    await expect(list.locator('[data-device-ip]').first()).toBeVisible();
    const rendered = await list.locator('[data-device-ip]').count();
    expect(rendered).toBeGreaterThan(3);
    expect(rendered).toBeLessThan(40);

    // Sorted by the last octet, the devices ending in .150 come last: scroll there and open one.
    const last = ips.find((ip) => ip.endsWith(`.${BLOCK}`)) ?? '';
    await list.evaluate((el) => {
      const viewport = el.closest('.st-scroll');
      if (viewport === null) throw new Error('the list is in no scrolling box');
      viewport.scrollTop = viewport.scrollHeight;
    });
    const row = deviceRow(page, { ip: last });
    await expect(row).toBeVisible();
    expect(await list.locator('[data-device-ip]').count()).toBeLessThan(40);
    await row.click();
    await expect(
      page
        .getByRole('region', { name: /^Device button-/ })
        .getByRole('tab')
        .first(),
    ).toBeVisible();
  });
}
