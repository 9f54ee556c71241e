// Helpers shared by the logs and settings specs: opening a console screen in either mode, the gateway's
// devices, a device's own API, a TCP device logger, and screenshots in both themes.

import { connect } from 'node:net';
import { expect, type Page } from '@playwright/test';
import { type DeviceInfo, DeviceInfoSchema, type DeviceLogLine, formatDeviceLogLine } from '@st/protocol';
import { z } from 'zod';
import { system } from './env';
import { screenshotDir } from './support/screenshotDir';

export type Mode = 'gateway' | 'cloud';
export const MODES: readonly Mode[] = ['gateway', 'cloud'];

/** Opens `/{screen}` (gateway mode) or signs in, picks the gateway "Home" and opens `/{id}/{screen}`. */
export async function openScreen(
  page: Page,
  mode: Mode,
  screen: 'logs' | 'settings' | 'integrations' | 'ota' | 'overview' | 'rollouts',
): Promise<void> {
  if (mode === 'gateway') {
    await page.goto(`${system.gatewayUrl}/${screen}`);
    return;
  }
  await page.goto(system.cloudUrl);
  const login = page.getByRole('textbox', { name: 'Login' });
  const home = page.getByText('Home', { exact: true }).first();
  await expect(login.or(home)).toBeVisible();
  if (await login.isVisible()) {
    await login.fill(system.login);
    await page.getByRole('textbox', { name: 'Password' }).fill(system.password);
    await page.getByRole('button', { name: 'Log in' }).click();
  }
  await home.click();
  await page.waitForURL(/\/overview$/);
  await page.goto(page.url().replace(/\/overview$/, `/${screen}`));
}

/** The devices the gateway has heard, in address order. */
export async function gatewayDevices(): Promise<DeviceInfo[]> {
  const response = await fetch(`${system.gatewayUrl}/api/devices/found`);
  const devices = z.array(DeviceInfoSchema).parse(await response.json());
  return devices.sort((a, b) => a.ip.localeCompare(b.ip, 'en', { numeric: true }));
}

/** A call to a simulated device's own HTTP API (the truth the console must agree with). */
export async function deviceApi(ip: string, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`http://${ip}${path}`, { ...init, signal: AbortSignal.timeout(4000) });
}

/** Renames a device through its own API (the device then logs `New device name <name>`). */
export async function renameDevice(ip: string, name: string): Promise<void> {
  const r = await deviceApi(ip, '/info/system', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  expect(r.ok).toBe(true);
}

/**
 * Plays a device logger: connects to the gateway's log port, writes the lines, then hangs up. With
 * `perSecond`, the lines are paced (a real burst, not a flood the live channel would have to shed).
 */
export async function feedLogLines(
  lines: Iterable<DeviceLogLine>,
  options: { perSecond?: number; localAddress?: string } = {},
): Promise<void> {
  const socket = connect({
    host: '127.0.0.1',
    port: system.logPort,
    localAddress: options.localAddress ?? '127.0.0.1',
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const chunkLines =
    options.perSecond === undefined ? Number.POSITIVE_INFINITY : Math.max(1, options.perSecond / 10);
  let chunk = '';
  let count = 0;
  for (const line of lines) {
    chunk += formatDeviceLogLine(line);
    count++;
    if (count >= chunkLines || chunk.length > 64_000) {
      socket.write(chunk);
      chunk = '';
      if (count >= chunkLines) await new Promise((r) => setTimeout(r, 100));
      count = 0;
    }
  }
  // Wait for the gateway's side to close: it has then read every line (a later connection from the same
  // address replaces this one, and must not cut it short).
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.end(chunk);
  await closed;
}

/** The gateway has stored a line whose message contains `text` (so history can serve it). */
export async function waitForStoredLine(text: string): Promise<void> {
  await expect
    .poll(async () => {
      const r = await fetch(
        `${system.gatewayUrl}/api/devices/logs?message=${encodeURIComponent(text)}&limit=1`,
      );
      return z.array(z.unknown()).parse(await r.json()).length;
    })
    .toBeGreaterThan(0);
}

/** The numbers of the logs screen's "N lines shown, M received live" line. */
export async function logCounts(page: Page): Promise<{ shown: number; held: number }> {
  const text = (await page.getByTestId('logs-count').textContent()) ?? '';
  const [shown = -1, held = -1] = (text.match(/\d+/g) ?? []).map(Number);
  return { shown, held };
}

/**
 * Waits until lines reach the logs screen live, feeding a probe line (its message holds `token`) each try. A
 * line the gateway receives before the screen's subscription has reached it (in cloud mode, through the cloud
 * and the link) is stored and found in history, but not sent live: a burst started as soon as the screen
 * shows lost its first lines (about 600 under a loaded CI).
 */
export async function waitUntilLive(page: Page, token: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await feedLogLines([{ name: 'probe', level: 20, tag: 'probe', message: `live probe ${token}` }]);
        return (await logCounts(page)).held;
      },
      { timeout: 30_000, intervals: [250, 500, 1000] },
    )
    .toBeGreaterThan(0);
}

/**
 * Saves `docs/screenshots/<name>-light.png` and `-dark.png`. The scheme is switched on the page itself (the
 * header switch may sit under an open dialog's overlay) and put back afterwards.
 */
export async function screenshotBothThemes(page: Page, name: string): Promise<void> {
  const dir = screenshotDir();
  const setScheme = (scheme: string) =>
    page.evaluate((s) => document.documentElement.setAttribute('data-theme', s), scheme);
  const current = await page.evaluate(() => document.documentElement.getAttribute('data-theme'));
  await page.mouse.move(1, 790); // no tooltip in the picture
  for (const scheme of ['light', 'dark']) {
    await setScheme(scheme);
    await page.screenshot({ path: `${dir}${name}-${scheme}.png` });
  }
  await setScheme(current ?? 'light');
}

export const randomToken = () => Math.random().toString(36).slice(2, 8);
