// Issue 36 item 2: an open console page must not go stale silently when its gateway dies. Against a gateway
// process of the spec's own (the shared system stays up for the other specs) with one simulated lamp: killed,
// every screen says so within 2 s and greys out its live state; started again, the page comes back by itself
// and reads again what it missed.
import { type Simulator, startSimulator } from '@st/simulator';
import { freeTcpPort, freeUdpPort, loopbackBlock } from '@st/testkit';
import { expect, test } from './support/console';
import { OwnGateway } from './support/ownGateway';
import { expectAccessible, saveScreenshot } from './support/screens';
import { inBothThemes } from './support/shell';

let gateway: OwnGateway;
let sim: Simulator;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const discoveryPort = await freeUdpPort();
  const logPort = await freeTcpPort();
  gateway = new OwnGateway({
    ST_DISCOVERY_PORT: String(discoveryPort),
    ST_LOG_PORT: String(logPort),
    ST_SAMPLE_INTERVAL: '1',
    ST_TRUST_BEACON_ADDRESS: 'true',
  });
  await gateway.start();
  sim = await startSimulator({
    ips: loopbackBlock(1),
    kinds: ['lamp'],
    multicastIf: '127.0.0.1',
    discoveryPort,
    gateway: new URL(gateway.url).host,
    logPort,
    beaconIntervalMs: 500,
    logRate: 0,
    ota: false,
  });
});
test.afterAll(async () => {
  await sim?.stop();
  await gateway?.remove();
});

const grey = (el: Element) => getComputedStyle(el).filter;

test('a killed gateway shows the banner within 2 s and greys live state; it comes back by itself', async ({
  page,
  consoleGuard,
}) => {
  test.setTimeout(90_000);
  // the page stays open while its gateway is away (the service worker's update check fails to fetch its
  // script then, too)
  consoleGuard.allow(
    /ERR_CONNECTION_REFUSED|WebSocket|Failed to fetch|net::ERR|Failed to load resource|fetching the script/,
  );
  await page.goto(`${gateway.url}/overview`);
  await expect(page.getByTestId('overview-count')).toHaveText('1 of 1 device', { timeout: 20_000 });
  const banner = page.getByRole('alert').filter({ hasText: 'No connection to the gateway' });
  const cloud = page.getByTestId('cloud-status');
  const dot = page.locator('[data-online="true"]').first();
  await expect(cloud).toBeVisible();
  await expect(dot).toBeVisible();
  await expect(banner).toHaveCount(0);
  expect(await cloud.evaluate(grey)).toBe('none');

  await gateway.kill();
  // the bound the issue demands: the socket closes with the process, the banner follows at once
  await expect(banner).toBeVisible({ timeout: 2000 });
  await expect(banner).toContainText('What this page shows may be out of date');
  expect(await cloud.evaluate(grey)).toBe('grayscale(1)');
  expect(await dot.evaluate(grey)).toBe('grayscale(1)');
  await inBothThemes(page, async (theme) => {
    await expectAccessible(page, `live banner (${theme})`, ['.st-live-banner']);
    await saveScreenshot(page, 'live-down', theme);
  });

  // renamed while the page could not hear of it: read again once the channel is back
  await gateway.start();
  const renamed = await fetch(`${gateway.url}/api/gateway/name`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'back-again' }),
  });
  expect(renamed.status).toBe(200);
  await expect(banner).toBeHidden({ timeout: 45_000 });
  expect(await cloud.evaluate(grey)).toBe('none');
  await expect(page.getByTestId('gateway-name')).toHaveText('back-again');
});

test('the cloud-connect form says "required" only once something was typed and taken away', async ({
  page,
}) => {
  await page.goto(`${gateway.url}/overview`);
  await page.getByTestId('cloud-status').click();
  const dialog = page.getByRole('dialog', { name: 'Cloud connection' });
  const token = dialog.getByRole('textbox', { name: 'Connection token' });
  await expect(token).toBeVisible();
  await expect(dialog.getByText('This field is required')).toHaveCount(0);
  await saveScreenshot(page, 'cloud-connect-form', 'light');
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await saveScreenshot(page, 'cloud-connect-form', 'dark');
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
  await token.fill('x');
  await expect(dialog.getByText('This is not a connection token')).toBeVisible();
  await token.fill('');
  await expect(dialog.getByText('This field is required')).toBeVisible();
});
