// Issue 36, trust: the screen must never lie. Against a gateway process of the spec's own with simulated
// devices of its own: a stopped device stays in the overview as offline; three restarts the user asked for
// raise no crash loop; after a gateway restart the logs screen receives live lines again, nobody touching
// the devices.
import { type Simulator, startSimulator } from '@st/simulator';
import { freeTcpPort, freeUdpPort, loopbackBlock } from '@st/testkit';
import { screenshotBothThemes } from './logs.support';
import { expect, test } from './support/console';
import { OwnGateway } from './support/ownGateway';

let gateway: OwnGateway;
let sim: Simulator;
let logPort = 0;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const discoveryPort = await freeUdpPort();
  logPort = await freeTcpPort();
  gateway = new OwnGateway({
    ST_DISCOVERY_PORT: String(discoveryPort),
    ST_LOG_PORT: String(logPort),
    ST_SAMPLE_INTERVAL: '1',
    ST_TRUST_BEACON_ADDRESS: 'true',
  });
  await gateway.start();
  sim = await startSimulator({
    ips: loopbackBlock(3),
    kinds: ['lamp'],
    multicastIf: '127.0.0.1',
    discoveryPort,
    gateway: new URL(gateway.url).host,
    logPort,
    beaconIntervalMs: 500,
    rebootMs: 300,
    logRate: 2,
    ota: false,
  });
});
test.afterAll(async () => {
  await sim?.stop();
  await gateway?.remove();
});

const device = (i: number) => {
  const d = sim.devices[i];
  if (!d) throw new Error(`no device ${i}`);
  return d;
};

test('the overview keeps a stopped device, offline, with when it was last seen, until it is forgotten', async ({
  page,
}) => {
  await page.goto(gateway.url);
  await page.waitForURL(/\/overview$/);
  const table = page.getByRole('table', { name: 'Fleet overview' });
  await expect(page.getByTestId('overview-count')).toHaveText('3 of 3 devices');
  const stopped = device(0);
  await stopped.goOffline();
  const row = table.getByRole('row').filter({ hasText: stopped.address });
  // still listed, as offline, with an absolute time and a relative one in the past
  await expect(row.getByText('Offline')).toBeAttached({ timeout: 20_000 });
  // the gateway counts it lost once its beacons have been missing a while (5 s)
  await expect
    .poll(async () => {
      const rows = (await (await fetch(`${gateway.url}/api/devices/overview`)).json()) as {
        ip: string;
        online: boolean;
      }[];
      return rows.find((r) => r.ip === stopped.address)?.online;
    })
    .toBe(false);
  await page.reload();
  await expect(page.getByTestId('overview-count')).toHaveText('3 of 3 devices');
  await expect(row.locator('[data-cell="last-seen-at"]')).toHaveText(/\d{1,2}:\d{2}:\d{2}/);
  await expect(row.locator('[data-cell="last-seen"]')).not.toContainText(/^in /);
  await row.getByRole('button', { name: /^Forget / }).click();
  await expect(page.getByTestId('overview-count')).toHaveText('2 of 2 devices');
  await stopped.goOnline();
  // heard again, it is listed again (the overview is read again on load)
  await expect
    .poll(async () => {
      const rows = (await (await fetch(`${gateway.url}/api/devices/overview`)).json()) as { ip: string }[];
      return rows.some((r) => r.ip === stopped.address);
    })
    .toBe(true);
  await page.reload();
  await expect(page.getByTestId('overview-count')).toHaveText('3 of 3 devices');
});

test('three restarts the user asked for raise no crash loop', async ({ page }) => {
  const d = device(1);
  for (let i = 0; i < 3; i++) {
    const res = await fetch(`${gateway.url}/api/device/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ device: d.address, command: 'restart', params: {} }),
    });
    expect(res.status).toBeLessThan(300);
    // back (answering commands), and sampled since
    await expect
      .poll(
        async () =>
          (
            await fetch(`${gateway.url}/api/device/request`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ device: d.address, command: 'getInfo', params: {} }),
            })
          ).status,
        { timeout: 20_000 },
      )
      .toBe(200);
    await page.waitForTimeout(2500);
  }
  const loops = (await (await fetch(`${gateway.url}/api/devices/crash-loops`)).json()) as unknown[];
  expect(loops).toEqual([]);
  await page.goto(`${gateway.url}/overview`);
  const row = page
    .getByRole('table', { name: 'Fleet overview' })
    .getByRole('row')
    .filter({ hasText: d.address });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /^Open the control panel/ }).click();
  await expect(page.getByTestId('crash-loop-badge')).toHaveCount(0);
});

test('after a gateway restart the logs screen receives live lines again, the devices untouched', async ({
  page,
  consoleGuard,
}) => {
  // the page stays open while its gateway is away
  consoleGuard.allow(
    /ERR_CONNECTION_REFUSED|WebSocket|Failed to fetch|net::ERR|preload CSS|fetching the script/,
  );
  await page.goto(`${gateway.url}/logs`);
  const count = page.getByTestId('logs-count');
  /** lines received live since the page opened ("N shown, M received live") */
  const received = async () =>
    Number((/(\d[\d,]*)\D*$/.exec((await count.textContent()) ?? '')?.[1] ?? '0').replace(/,/g, ''));
  await expect.poll(received, { timeout: 20_000 }).toBeGreaterThan(0);
  await gateway.stop();
  await gateway.start();
  const atStart = await received();
  // the gateway writes each device's log address again; the devices' lines arrive live again
  await expect.poll(received, { timeout: 40_000 }).toBeGreaterThan(atStart + 5);
  await expect
    .poll(async () => {
      const loggers = (await (await fetch(`${gateway.url}/api/devices/loggers`)).json()) as {
        connected: boolean;
      }[];
      return loggers.length > 0 && loggers.every((l) => l.connected);
    })
    .toBe(true);
  await expect(page.getByTestId('loggers-down')).toHaveCount(0, { timeout: 20_000 });

  // a device whose log address leads nowhere: the screen names it and offers to reconnect it
  const lost = device(2);
  const config = async (laddr?: string) => {
    const values = (await (await fetch(`http://${lost.address}/config`)).json()) as Record<string, unknown>;
    const res = await fetch(`http://${lost.address}/config`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...values, laddr: laddr ?? values.laddr }),
    });
    expect(res.ok).toBe(true);
    return String(values.laddr);
  };
  const laddr = await config('127.0.0.1:1');
  await page.reload();
  const notice = page.getByTestId('loggers-down');
  await expect(notice).toContainText('1 device is not sending live logs: its logger is not connected', {
    timeout: 20_000,
  });
  await expect(notice.getByRole('button', { name: /^Reconnect the logger of / })).toBeVisible();
  await screenshotBothThemes(page, 'logs-logger-down');
  await config(laddr);
  await page.reload();
  await expect(notice).toHaveCount(0, { timeout: 20_000 });
});
