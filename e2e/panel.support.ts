// Helpers of the control-panel specs: opening the panel in either mode, the system's devices, a device's own
// API (the truth the console must agree with), a device of the spec's own, and screenshots in both themes.
import { expect, type Locator, type Page } from '@playwright/test';
import { type DeviceInfo, DeviceInfoSchema, type Features } from '@st/protocol';
import { KINDS, type KindName, type Simulator, startSimulator } from '@st/simulator';
import { loopbackBlock } from '@st/testkit';
import { z } from 'zod';
import { system } from './env';
import { screenshotDir } from './support/screenshotDir';

export type Mode = 'gateway' | 'cloud';
export const MODES: readonly Mode[] = ['gateway', 'cloud'];

/** Opens the control panel: `/panel` on the gateway, or sign in, pick "Home" and land on `/{id}/panel`. */
export async function openPanel(page: Page, mode: Mode): Promise<void> {
  if (mode === 'gateway') {
    await page.goto(`${system.gatewayUrl}/panel`);
  } else {
    await page.goto(system.cloudUrl);
    const login = page.getByLabel('Login');
    await expect(login.or(page.getByText('Home', { exact: true }).first())).toBeVisible();
    if (await login.isVisible()) {
      await login.fill(system.login);
      await page.getByRole('textbox', { name: 'Password' }).fill(system.password);
      await page.getByRole('button', { name: 'Log in' }).click();
    }
    await page.getByText('Home', { exact: true }).first().click();
    // a gateway opens on its fleet overview
    await page.waitForURL(/\/overview$/);
    await page.goto(page.url().replace(/\/overview$/, '/panel'));
  }
  await expect(page.getByRole('heading', { name: 'Found devices' })).toBeVisible();
}

/** The devices the gateway has heard. */
export async function foundDevices(): Promise<DeviceInfo[]> {
  const response = await fetch(`${system.gatewayUrl}/api/devices/found`);
  return z.array(DeviceInfoSchema).parse(await response.json());
}

/** The system's device of a kind (its default name is `<kind>-<n>`; type is the kind). */
export async function systemDevice(type: KindName): Promise<DeviceInfo> {
  await expect.poll(async () => (await foundDevices()).some((d) => d.type === type)).toBe(true);
  const device = (await foundDevices()).find((d) => d.type === type);
  if (device === undefined) throw new Error(`no ${type} device found`);
  return device;
}

/** GET a simulated device's own API and parse the answer. */
export async function deviceGet<T>(ip: string, path: string, schema: z.ZodType<T>): Promise<T> {
  const response = await fetch(`http://${ip}${path}`, { signal: AbortSignal.timeout(4000) });
  return schema.parse(await response.json());
}

/** A call that changes a device through its own API (to restore what a spec changed). */
export async function deviceSend(ip: string, method: string, path: string, body?: unknown): Promise<void> {
  const response = await fetch(`http://${ip}${path}`, {
    method,
    signal: AbortSignal.timeout(4000),
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  expect(response.ok, `${method} ${path} on ${ip}`).toBe(true);
}

/** The row button of a device in one of the search lists. */
export function deviceRow(page: Page, device: Pick<DeviceInfo, 'ip'>, list = 'Found devices'): Locator {
  return page
    .getByRole('list', { name: list })
    .getByRole('button', { name: new RegExp(`^Open device .* \\(${device.ip.replace(/\./g, '\\.')}\\)$`) });
}

/** Selects a device in the found list and waits for its panel. */
export async function openDevice(page: Page, device: DeviceInfo): Promise<Locator> {
  await deviceRow(page, device).click();
  const panel = page.getByRole('region', { name: /^Device / });
  await expect(panel.getByRole('tab').first()).toBeVisible();
  return panel;
}

/** A device started by the spec itself (so it may be wiped or taken offline without hurting other specs). */
export async function startOwnDevice(
  kind: KindName,
  name: string,
  /** Feature flags this device's build turns off (the simulator's kinds all have every tab). */
  featuresOff: readonly (keyof Features)[] = [],
  /** how long a restart keeps the device away (ms) */
  rebootMs = 300,
): Promise<{ sim: Simulator; ip: string }> {
  const [ip = ''] = loopbackBlock(1);
  const gatewayHost = new URL(system.gatewayUrl).host;
  // A device reads its kind's feature map when it is created; the shared table is put back right after.
  const features = KINDS[kind].features;
  KINDS[kind].features = { ...features, ...Object.fromEntries(featuresOff.map((f) => [f, false])) };
  const sim = await startSimulator({
    ips: [ip],
    kinds: [kind],
    multicastIf: '127.0.0.1',
    discoveryPort: system.discoveryPort,
    gateway: gatewayHost,
    beaconIntervalMs: 500,
    rebootMs,
    logRate: 0,
    ota: false,
  }).finally(() => {
    KINDS[kind].features = features;
  });
  const device = sim.devices[0];
  if (device === undefined) throw new Error('the simulator started no device');
  const { address } = device;
  await deviceSend(address, 'PUT', '/info/system', { name });
  await expect
    .poll(async () => (await foundDevices()).some((d) => d.ip === address && d.name === name))
    .toBe(true);
  return { sim, ip: address };
}

/** Stops a device of the spec's own and waits until the gateway has dropped it (other specs list devices). */
export async function stopOwnDevice(own: { sim: Simulator; ip: string }): Promise<void> {
  await own.sim.stop();
  await expect
    .poll(async () => (await foundDevices()).some((d) => d.ip === own.ip), { timeout: 20_000 })
    .toBe(false);
}

/** Closes every toast on screen (so the next assertion reads the right one). */
export async function closeToasts(page: Page): Promise<void> {
  const buttons = page.locator('.st-Notification-root button.st-CloseButton-root');
  // A toast still sliding in ignores the click, and one may close by itself meanwhile: retry until none is left.
  await expect(async () => {
    if ((await buttons.count()) > 0)
      await buttons
        .first()
        .click({ timeout: 500 })
        .catch(() => {});
    expect(await buttons.count()).toBe(0);
  }).toPass({ timeout: 15_000 });
}

/** Saves `docs/screenshots/<name>-light.png` and `-dark.png`, leaving the theme as it was. */
export async function screenshotBothThemes(page: Page, name: string): Promise<void> {
  const dir = screenshotDir();
  const toDark = page.getByRole('button', { name: 'Switch to the dark theme' });
  const startsLight = await toDark.isVisible();
  const first = startsLight ? 'light' : 'dark';
  const second = startsLight ? 'dark' : 'light';
  await page.screenshot({ path: `${dir}${name}-${first}.png` });
  await page.getByRole('button', { name: /Switch to the (dark|light) theme/ }).click();
  await page.screenshot({ path: `${dir}${name}-${second}.png` });
  await page.getByRole('button', { name: /Switch to the (dark|light) theme/ }).click();
}
