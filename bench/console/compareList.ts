/**
 * Two console builds side by side on the time to the device list (issue 21), measured interleaved so the
 * load of a shared machine falls on both alike: one gateway with 300 simulated devices serves a folder
 * holding both builds' hashed assets, and before each navigation its index.html is switched to build A's or
 * B's (the gateway re-reads the page when the file changes). Each navigation is bench/console's
 * listVisibleMs4xCpu: a new browser context, CPU throttled 4x, /panel until the first device row shows.
 *
 *   node --import tsx bench/console/compareList.ts <dist A> <dist B> [navigations per build]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { launchChromium } from '../lib/chromium';
import { median } from '../lib/figures';
import { startListFleet } from './listFleet';
import { twoBuilds } from './twoBuilds';

const [a, b, runsArg] = process.argv.slice(2);
if (a === undefined || b === undefined) throw new Error('usage: compareList.ts <dist A> <dist B> [runs]');
const runs = Number(runsArg ?? 6);

const dir = mkdtempSync(join(tmpdir(), 'st-bench-compare-list-'));
const { web, pages } = twoBuilds(a, b, dir);

const fleet = await startListFleet(dir, web);
const { gatewayUrl } = fleet;
const browser = await launchChromium();
try {
  const times: Record<'A' | 'B', number[]> = { A: [], B: [] };
  // The renderer's main-thread task time until the list showed: the work itself, without the waits on
  // the network and the servers (still stretched by a loaded machine, less than the wall time).
  const busy: Record<'A' | 'B', number[]> = { A: [], B: [] };
  for (let i = 0; i < runs; i++) {
    for (const name of i % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const)) {
      writeFileSync(join(web, 'index.html'), pages[name]);
      // The gateway notices the page by its modification time.
      await sleep(20);
      const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Performance.enable');
      const started = Date.now();
      await page.goto(`${gatewayUrl}/panel`);
      await page
        .getByRole('button', { name: /^Open device / })
        .first()
        .waitFor({ timeout: 60_000 });
      const ms = Date.now() - started;
      const { metrics } = await cdp.send('Performance.getMetrics');
      const task = Math.round((metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000);
      times[name].push(ms);
      busy[name].push(task);
      console.log(`run ${i + 1} ${name}: ${ms} ms (main thread busy ${task} ms)`);
      await context.close();
    }
  }
  for (const name of ['A', 'B'] as const)
    console.log(
      `${name} (${name === 'A' ? a : b}): ${times[name].join(' / ')} ms, median ${median(times[name])} ms; main thread busy median ${median(busy[name])} ms`,
    );
} finally {
  await browser.close();
  await fleet.stop();
  rmSync(dir, { recursive: true, force: true });
}
