// The fleet overview and the sensor charts in Chromium with the CPU throttled 4x (CDP):
// - time from navigation to the first rows of the overview with 1,000 devices (saved ones, with latest values
//   and 24 h of hourly sparklines each);
// - time from choosing "30 d" to the charts of a weather device (3 sensors, 30 days each, hourly rollups)
//   drawn on their canvases.
// The gateway runs from its bundle on a data dir prepared beforehand (history written with simulated time);
// sampling is off so the figures are the console's, not the sampler's.
//   node --import tsx bench/runner.ts console-history      (needs `npm run build`)
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, SampleHistory } from '@st/gateway';
import { createLogger } from '@st/server-kit';
import { freeTcpPort, freeUdpPort, loopbackFirstIp, waitFor } from '@st/testkit';
import { z } from 'zod';
import { launchChromium } from '../lib/chromium';
import { runIfMain } from '../lib/cli';
import { median, round } from '../lib/figures';
import { type AppProcess, startApp, waitHttpOk } from '../lib/process';

const DEVICES = 1000;
const RUNS = 3;
const DAY = 24 * 3600_000;
const logger = createLogger({ name: 'bench', level: 'silent' });
/** in the page: three charts on canvases, each with the 30 days of hourly points */
const CHARTS_DRAWN = `(() => {
  const els = [...document.querySelectorAll('[data-testid="history-chart"]')];
  return els.length === 3 && els.every((e) => Number(e.getAttribute('data-points')) > 600 && e.querySelector('canvas'));
})()`;

/** 1,000 saved devices with a latest sample and 24 h of 5-minute values; 30 days for the chart device */
function prepare(dataDir: string, chartIp: string): void {
  const db = openDatabase(dataDir, logger);
  const now = Date.now();
  const history = new SampleHistory(
    db,
    { intervalMs: 30_000, retention: { rawMs: 48 * 3600_000, fiveMinMs: 30 * DAY, hourMs: 730 * DAY } },
    logger,
  );
  const insert = db.prepare(
    'INSERT INTO saved_devices (id, ip, info, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
  );
  db.transaction(() => {
    for (let d = 0; d < DEVICES; d++) {
      const ip = `10.20.${d >> 8}.${(d & 255) + 1}`;
      const info = {
        ip,
        name: `device-${d}`,
        type: ['weather', 'lamp', 'socket'][d % 3],
        board: 'esp32',
        stVersion: '1.0',
        version: '1.4.2',
      };
      insert.run(randomUUID(), ip, JSON.stringify(info), now, now);
    }
  })();
  for (let t = now - DAY; t < now; t += 5 * 60_000) {
    for (let d = 0; d < DEVICES; d++) {
      const ip = `10.20.${d >> 8}.${(d & 255) + 1}`;
      history.record({
        ip,
        t: t + d,
        ok: true,
        sensors: {
          temperature: 20 + (d % 7) + Math.round(3 * Math.sin(t / 3600_000)),
          humidity: 40 + (d % 20),
        },
        uptime: t - (now - 2 * DAY),
        heap: 150_000,
      });
    }
    history.store.flush();
  }
  for (let t = now - 30 * DAY; t < now; t += 2 * 60_000) {
    history.record({
      ip: chartIp,
      t,
      ok: true,
      sensors: {
        temperature: 20 + Math.round(5 * Math.sin(t / DAY)),
        humidity: 50 + Math.round(10 * Math.cos(t / DAY)),
        pressure: 1000 + Math.round(8 * Math.sin(t / (3 * DAY))),
      },
    });
    if (t % (6 * 3600_000) < 2 * 60_000) history.store.flush();
  }
  history.store.flush();
  history.maintenance.rollup(now);
  db.close();
}

/** opens the chart device's panel and times the switch to 30 days until its 3 charts are drawn */
async function chartRun(page: import('playwright-core').Page, chartIp: string, charts: number[]) {
  await page.getByRole('textbox', { name: 'Filter devices' }).fill(chartIp);
  // the filter is debounced: wait for the chart device's own row
  await page.locator(`tbody tr[data-ip="${chartIp}"]`).getByRole('button').first().click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('tab', { name: 'Sensors' }).click();
  await drawer.locator('[data-testid="history-chart"] canvas').first().waitFor({ timeout: 60_000 });
  const t0 = Date.now();
  await drawer.getByRole('radio', { name: '30 d' }).first().check({ force: true });
  try {
    await page.waitForFunction(CHARTS_DRAWN, undefined, { timeout: 60_000 });
    charts.push(Date.now() - t0);
  } catch (err) {
    const seen = await page
      .locator('[data-testid="history-chart"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-points')));
    console.log('charts not drawn within 60 s; points per chart:', seen, String(err).slice(0, 200));
  }
}

export async function run() {
  const dir = mkdtempSync(join(tmpdir(), 'st-bench-console-history-'));
  const [port, logPort, discoveryPort] = [await freeTcpPort(), await freeTcpPort(), await freeUdpPort()];
  const url = `http://127.0.0.1:${port}`;
  const chartIp = loopbackFirstIp();
  prepare(join(dir, 'gw'), chartIp);
  const procs: AppProcess[] = [
    startApp('gateway', {
      ST_PORT: String(port),
      ST_HOST: '127.0.0.1',
      ST_DATA_DIR: join(dir, 'gw'),
      ST_MULTICAST_IF: '127.0.0.1',
      ST_DISCOVERY_PORT: String(discoveryPort),
      ST_LOG_PORT: String(logPort),
      ST_TRUST_BEACON_ADDRESS: 'true',
      ST_SAMPLE_INTERVAL: '0',
    }),
    startApp('simulator', {}, [
      '--count',
      '1',
      '--first-ip',
      chartIp,
      '--kinds',
      'weather',
      '--discovery-port',
      String(discoveryPort),
      '--multicast-if',
      '127.0.0.1',
      '--no-ota',
    ]),
  ];
  const browser = await launchChromium();
  try {
    await waitHttpOk(`${url}/api/build`);
    await waitFor(
      async () =>
        z.array(z.unknown()).parse(await (await fetch(`${url}/api/devices/found`)).json()).length === 1,
      { timeoutMs: 30_000, what: 'the chart device found' },
    );
    const overview: number[] = [];
    const charts: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const started = Date.now();
      await page.goto(`${url}/overview`);
      await page.locator('tbody tr[data-ip]').first().waitFor({ timeout: 60_000 });
      overview.push(Date.now() - started);

      try {
        await chartRun(page, chartIp, charts);
      } catch (err) {
        console.log('chart run failed:', String(err).slice(0, 300));
        if (process.env.ST_BENCH_SHOT) await page.screenshot({ path: process.env.ST_BENCH_SHOT });
      }
      await context.close();
    }
    const figures = {
      devices: DEVICES,
      overviewFirstRowsMs4xCpu: round(median(overview), 0),
      chartPoints: 720,
      charts30dMs4xCpu: charts.length ? round(median(charts), 0) : null,
    };
    console.log(figures, { overview, charts });
    return figures;
  } finally {
    await browser.close();
    for (const p of procs.reverse()) await p.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

runIfMain(import.meta.url, async () => console.log(await run()));
