// The console in Chromium: the gzip size of what each route downloads, and the time from navigation to the
// device list on screen with 300 simulated devices found, with the CPU throttled 4x (CDP).
//   node --import tsx bench/runner.ts console      (needs `npm run build`; BENCH_CONSOLE_FILES=1 lists each
//   route's files, BENCH_CONSOLE_BYTES_ONLY=1 skips the timed list)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeTcpPort, freeUdpPort, waitFor } from '@st/testkit';
import { z } from 'zod';
import { launchChromium } from '../lib/chromium';
import { runIfMain } from '../lib/cli';
import { median } from '../lib/figures';
import { type AppProcess, startApp, waitHttpOk } from '../lib/process';
import { type MeasuredRoute, measureRoute, type RouteBundle, withAdds } from './bundle';
import { countingProxy } from './wire';

const DEVICES = 300;
const RUNS = 5;

export async function run() {
  const dir = mkdtempSync(join(tmpdir(), 'st-bench-console-'));
  const [gwPort, cloudPort, logPort, discoveryPort] = [
    await freeTcpPort(),
    await freeTcpPort(),
    await freeTcpPort(),
    await freeUdpPort(),
  ];
  const gatewayUrl = `http://127.0.0.1:${gwPort}`;
  const cloudUrl = `http://127.0.0.1:${cloudPort}`;
  const password = 'bench-password-1';
  const procs: AppProcess[] = [
    startApp('gateway', {
      ST_PORT: String(gwPort),
      ST_HOST: '127.0.0.1',
      ST_DATA_DIR: join(dir, 'gw'),
      ST_MULTICAST_IF: '127.0.0.1',
      ST_DISCOVERY_PORT: String(discoveryPort),
      ST_LOG_PORT: String(logPort),
      ST_TRUST_BEACON_ADDRESS: 'true',
    }),
    startApp('cloud', {
      ST_PORT: String(cloudPort),
      ST_HOST: '127.0.0.1',
      ST_DATA_DIR: join(dir, 'cloud'),
      ST_ADMIN_LOGIN: 'admin',
      ST_ADMIN_PASSWORD: password,
    }),
  ];
  const browser = await launchChromium();
  try {
    await waitHttpOk(`${gatewayUrl}/api/build`);
    await waitHttpOk(`${cloudUrl}/api/build`);
    const measured: Record<string, MeasuredRoute> = {};
    const cloudWire = await countingProxy(new URL(cloudUrl));
    const gatewayWire = await countingProxy(new URL(gatewayUrl));
    measured['cloud /login'] = await measureRoute(browser, cloudWire, '/', 'text=Log in');
    const login = async (origin: string, page: import('playwright-core').Page) => {
      const res = await page.request.post(`${origin}/api/auth/user`, { data: { login: 'admin', password } });
      const body = z.object({ refresh: z.string() }).parse(await res.json());
      await page.addInitScript((token) => localStorage.setItem('refresh-token', token), body.refresh);
    };
    measured['cloud /gateways'] = await measureRoute(
      browser,
      cloudWire,
      '/gateways',
      'text=Select a gateway',
      login,
    );
    for (const [route, ready] of [
      ['panel', '[aria-label="Device search"]'],
      ['logs', '[data-testid="logs-count"]'],
      ['settings', 'text=Saved device settings'],
      ['ota', 'text=Available firmwares'],
    ] as const) {
      measured[`gateway /${route}`] = await measureRoute(browser, gatewayWire, `/${route}`, ready);
    }
    await cloudWire.close();
    await gatewayWire.close();
    // Each mode's first screen (issue 21: the original console's was 125 KB JS + 4 KB CSS gzip) and what
    // every later screen adds to it.
    const routes: Record<string, RouteBundle> = {};
    for (const [name, r] of Object.entries(measured)) {
      const first = measured[name.startsWith('cloud') ? 'cloud /login' : 'gateway /panel'];
      routes[name] = first === undefined || first === r ? r.figures : withAdds(r, first);
    }
    // BENCH_CONSOLE_FILES=1: each route's files too (their names are the chunks `weigh.ts` can attribute).
    if (process.env.BENCH_CONSOLE_FILES)
      for (const [name, r] of Object.entries(measured))
        console.log(`${name}: ${[...r.files].map((f) => f.replace(/^assets\//, '')).join(' ')}`);
    for (const [name, r] of Object.entries(routes))
      console.log(
        `${name.padEnd(18)} first visit ${r.firstVisitKiB} KiB on the wire (JS+CSS ${r.firstVisitAssetsKiB}), ` +
          `repeat ${r.repeatVisitKiB} KiB (JS+CSS ${r.repeatVisitAssetsKiB}); ` +
          `files gzip -9: JS ${r.jsGzipKiB} + CSS ${r.cssGzipKiB} KiB, br ${r.jsCssBrKiB} KiB (${r.files} files)` +
          (r.addsGzipKiB === undefined
            ? ''
            : `; after the first screen adds ${r.addsGzipKiB} gzip / ${r.addsBrKiB} br`),
      );
    // BENCH_CONSOLE_BYTES_ONLY=1: the bytes alone (a minute), without the 300 devices and the timed list
    if (process.env.BENCH_CONSOLE_BYTES_ONLY) return { routes, devices: 0, listVisibleMs4xCpu: undefined };

    procs.push(
      startApp('simulator', {}, [
        '--count',
        '250',
        '--first-ip',
        '127.79.1.1',
        '--discovery-port',
        String(discoveryPort),
        '--multicast-if',
        '127.0.0.1',
        '--no-ota',
      ]),
      startApp('simulator', {}, [
        '--count',
        String(DEVICES - 250),
        '--first-ip',
        '127.79.2.1',
        '--discovery-port',
        String(discoveryPort),
        '--multicast-if',
        '127.0.0.1',
        '--no-ota',
      ]),
    );
    const found = async () =>
      z.array(z.unknown()).parse(await (await fetch(`${gatewayUrl}/api/devices/found`)).json()).length;
    await waitFor(async () => (await found()) >= DEVICES, {
      timeoutMs: 60_000,
      what: `${DEVICES} devices found`,
    });
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const started = Date.now();
      await page.goto(`${gatewayUrl}/panel`);
      await page
        .getByRole('button', { name: /^Open device / })
        .first()
        .waitFor({ timeout: 60_000 });
      times.push(Date.now() - started);
      await context.close();
    }
    const listVisibleMs4xCpu = median(times);
    console.log(
      `navigation to the device list with ${DEVICES} devices (4x CPU throttling): median ${listVisibleMs4xCpu} ms of ${RUNS} (${times.join(' / ')} ms)`,
    );
    return { routes, devices: DEVICES, listVisibleMs4xCpu };
  } finally {
    await browser.close();
    for (const p of procs.reverse()) await p.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

runIfMain(import.meta.url, async () => console.log(await run()));
