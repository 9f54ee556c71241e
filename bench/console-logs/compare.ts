/**
 * Two console builds side by side on the logs screen (issue 21), measured interleaved so that the load of a
 * shared machine falls on both alike: each build's gateway holds 100,000 lines on its own screen, then rounds
 * alternate between the builds, each round a median of keystroke-to-filtered-list samples at 4x CPU (the
 * bench's filterKeystrokeMedianMs4xCpu).
 *
 *   node --import tsx bench/console-logs/compare.ts <dist A> <dist B> [rounds] [samples per round]
 */

import { launchChromium } from '../lib/chromium';
import { median, round } from '../lib/figures';
import { filterKeystrokes, openLogsScreen } from './index';

const [a, b, roundsArg, samplesArg] = process.argv.slice(2);
if (a === undefined || b === undefined)
  throw new Error('usage: compare.ts <dist A> <dist B> [rounds] [samples]');
const rounds = Number(roundsArg ?? 4);
const samples = Number(samplesArg ?? 10);
const browser = await launchChromium();
try {
  const screens = { A: await openLogsScreen(browser, a), B: await openLogsScreen(browser, b) };
  try {
    for (const s of Object.values(screens)) await s.cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const medians: Record<string, number[]> = { A: [], B: [] };
    for (let r = 0; r < rounds; r++) {
      // Alternate which goes first, so neither always follows the other.
      const order = r % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const);
      for (const name of order) {
        const screen = screens[name];
        await screen.page.bringToFront();
        const m = round(median(await filterKeystrokes(screen.page, samples)), 1);
        medians[name]?.push(m);
        console.log(`round ${r + 1} ${name}: median ${m} ms of ${samples}`);
      }
    }
    for (const [name, ms] of Object.entries(medians))
      console.log(
        `${name} (${name === 'A' ? a : b}): rounds ${ms.join(' / ')}, median of rounds ${median(ms)} ms`,
      );
  } finally {
    for (const s of Object.values(screens)) await s.close();
  }
} finally {
  await browser.close();
}
