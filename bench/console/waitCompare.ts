/**
 * The time people wait for the device list, two console builds side by side (interleaved, so a shared
 * machine's load falls on both alike). One system (cloud, linked gateway "Home", 300 simulated devices)
 * serves a folder holding both builds' hashed assets; before each navigation the page is switched to build
 * A's or B's (the servers re-read index.html when it changes). Every navigation is a new browser context
 * (first visit: no cache, no service worker) with the CPU throttled 4x, on three paths:
 *   - gateway, loopback:   /panel until the first device row shows;
 *   - gateway, slow 4G:    the same over a slow mobile network (150 ms latency, 1.6 Mbit/s down, 750 kbit/s up);
 *   - cloud, slow 4G:      the cloud's sign-in page, login typed, "Log in", the gateway picked in the selector,
 *                          until its first device row shows (sign-in to the gateway's list: the device list,
 *                          or the fleet overview a gateway opens on).
 *
 *   node --import tsx bench/console/waitCompare.ts <dist A> <dist B> [navigations per build and path]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freeTcpPort, freeUdpPort, waitFor } from '@st/testkit';
import type { Browser, Page } from 'playwright-core';
import { z } from 'zod';
import { startSystem } from '../../scripts/system.mjs';
import { launchChromium } from '../lib/chromium';
import { median } from '../lib/figures';
import { startApp } from '../lib/process';
import { twoBuilds } from './twoBuilds';

const DEVICES = 300;
/** Chrome DevTools' "slow 4G"-like profile the issue names: bytes per second, latency in ms. */
const SLOW_MOBILE = {
  offline: false,
  latency: 150,
  downloadThroughput: 1_600_000 / 8,
  uploadThroughput: 750_000 / 8,
};

type Path = 'gateway loopback' | 'gateway slow network' | 'cloud slow network';
const PATHS: Path[] = ['gateway loopback', 'gateway slow network', 'cloud slow network'];

const [a, b, runsArg] = process.argv.slice(2);
if (a === undefined || b === undefined) throw new Error('usage: waitCompare.ts <dist A> <dist B> [runs]');
const runs = Number(runsArg ?? 4);

const dir = mkdtempSync(join(tmpdir(), 'st-bench-wait-'));
const { web, pages } = twoBuilds(a, b, dir);
process.env.ST_WEB_DIST = web;

// One simulator process holds at most 250 devices: the system's own and a second one for the rest.
const ONE_SIMULATOR = 250;
const [gatewayPort, discoveryPort, logPort] = [await freeTcpPort(), await freeUdpPort(), await freeTcpPort()];
const system = await startSystem({
  dataDir: dir,
  cloudPort: await freeTcpPort(),
  gatewayPort,
  discoveryPort,
  logPort,
  firstIp: '127.81.1.1',
  devices: ONE_SIMULATOR,
  loginMaxPerIp: 10_000,
});
const moreDevices = startApp('simulator', {}, [
  '--count',
  String(DEVICES - ONE_SIMULATOR),
  '--first-ip',
  '127.81.2.1',
  '--gateway',
  `127.0.0.1:${gatewayPort}`,
  '--discovery-port',
  String(discoveryPort),
  '--log-port',
  String(logPort),
  '--multicast-if',
  '127.0.0.1',
  '--data-dir',
  join(dir, 'simulator-2'),
]);
const browser = await launchChromium();
try {
  const found = async () =>
    z.array(z.unknown()).parse(await (await fetch(`${system.gatewayUrl}/api/devices/found`)).json()).length;
  // (a loaded machine's simulator can take minutes to announce 300 devices)
  await waitFor(async () => (await found()) >= DEVICES, {
    timeoutMs: 600_000,
    what: `${DEVICES} devices found`,
  });
  const times: Record<string, number[]> = {};
  for (let i = 0; i < runs; i++)
    for (const path of PATHS)
      for (const name of i % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const)) {
        writeFileSync(join(web, 'index.html'), pages[name]);
        await sleep(20);
        const key = `${path} ${name}`;
        // a navigation that never shows the list is reported (with a screenshot) and left out of the median
        const ms = await navigate(browser, path, join(tmpdir(), `st-bench-wait-${i + 1}-${name}.png`)).catch(
          (error: unknown) => `failed: ${String(error).split('\n')[0]}`,
        );
        if (typeof ms === 'number') times[key] = [...(times[key] ?? []), ms];
        console.log(`run ${i + 1} ${key}: ${typeof ms === 'number' ? `${ms} ms` : ms}`);
      }
  for (const path of PATHS)
    for (const name of ['A', 'B'] as const) {
      const t = times[`${path} ${name}`] ?? [];
      console.log(
        `${path.padEnd(22)} ${name} (${name === 'A' ? a : b}): median ${median(t)} ms (${t.join(' / ')})`,
      );
    }
} finally {
  await browser.close();
  await moreDevices.stop();
  await system.stop();
  rmSync(dir, { recursive: true, force: true });
}

async function navigate(browser: Browser, path: Path, shot: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    if (path !== 'gateway loopback') {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_MOBILE);
    }
    const started = Date.now();
    try {
      if (path === 'cloud slow network') await signInToList(page);
      else await page.goto(`${system.gatewayUrl}/panel`, { timeout: 120_000 });
      await firstDeviceRow(page);
    } catch (error) {
      await page.screenshot({ path: shot }).catch(() => undefined);
      throw new Error(`${String(error).split('\n')[0]} (screenshot ${shot})`);
    }
    return Date.now() - started;
  } finally {
    await context.close();
  }
}

async function signInToList(page: Page): Promise<void> {
  await page.goto(system.cloudUrl, { timeout: 120_000 });
  await page.getByRole('textbox', { name: 'Login' }).fill(system.login, { timeout: 60_000 });
  await page.getByRole('textbox', { name: 'Password' }).fill(system.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page
    .getByTestId('gateway-item')
    .getByText('Home', { exact: true })
    .first()
    .click({ timeout: 60_000 });
}

/** The first device of the list the console opens with: the device list's button or the overview's first row. */
async function firstDeviceRow(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: /^Open device / })
    .or(page.getByRole('row').nth(1))
    .first()
    .waitFor({ timeout: 90_000 });
}
