/**
 * Where a filter keystroke's time goes on the logs screen (issue 21): the bench's setup (a gateway holding
 * 100,000 streamed lines, the console's logs screen), then a CPU profile (CDP) of a few keystrokes in the
 * message filter with the CPU throttled 4x, printed as the functions with the most self time.
 * Build the console unminified for readable names: `npx vite build --minify false --outDir <dir>` in
 * apps/web, then ST_WEB_DIST=<dir>.
 *
 *   node --import tsx bench/console-logs/profile.ts [keystrokes]
 */
import type { CDPSession, Page } from 'playwright-core';
import { launchChromium } from '../lib/chromium';
import { openLogsScreen } from './index';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  tid: number;
  pid: number;
  ts: number;
}

/** A timeline trace of the keystrokes: main-thread time by event kind (Layout, style, paint, script...). */
async function traceKeystrokes(cdp: CDPSession, page: Page, keystrokes: number): Promise<void> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const input = page.getByLabel('Message');
  const marks: Array<[number, number]> = [];
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
  for (let i = 0; i < keystrokes; i++) {
    await input.fill('');
    await page.waitForTimeout(500);
    const start = (await cdp.send('Runtime.evaluate', { expression: 'performance.now()' })) as unknown;
    void start;
    await input.press(String(i % 10));
    await page.waitForTimeout(500);
  }
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await done;
  void marks;
  // The renderer main thread: the thread with the most FunctionCall time.
  const byThread = new Map<string, number>();
  for (const e of events)
    if (e.ph === 'X' && e.name === 'FunctionCall')
      byThread.set(`${e.pid}:${e.tid}`, (byThread.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  const main = [...byThread.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const totals = new Map<string, number>();
  for (const e of events) {
    if (e.ph !== 'X' || `${e.pid}:${e.tid}` !== main) continue;
    totals.set(e.name, (totals.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
  }
  console.log(`trace of ${keystrokes} keystrokes + clears, main thread, inclusive ms by event name`);
  for (const [k, ms] of [...totals.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`${ms.toFixed(1).padStart(9)} ms  ${k}`);
}

async function main(): Promise<void> {
  const keystrokes = Number(process.argv[2] ?? 6);
  const browser = await launchChromium();
  const screen = await openLogsScreen(browser);
  try {
    const { page, cdp } = screen;
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const input = page.getByLabel('Message');
    if (process.env.ST_TRACE) {
      await traceKeystrokes(cdp, page, keystrokes);
      return;
    }
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    for (let i = 0; i < keystrokes; i++) {
      await input.fill('');
      await page.waitForTimeout(400);
      await input.press(String(i % 10));
      await page.waitForTimeout(400);
    }
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
      profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
    };
    const self = new Map<string, number>();
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    profile.samples.forEach((id, i) => {
      const n = byId.get(id);
      if (!n) return;
      const f = n.callFrame;
      const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
      self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    });
    // Inclusive time of each function name (counted once per sample however deep it recurses).
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const inclusive = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const f = byId.get(at)?.callFrame;
        if (!f) break;
        const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
        if (seen.has(key)) continue;
        seen.add(key);
        inclusive.set(key, (inclusive.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
      }
    });
    // The same, within each kind of React work (ST_UNDER=renderRootSync,renderRootConcurrent,commitRoot).
    for (const under of (process.env.ST_UNDER ?? '').split(',').filter(Boolean)) {
      const within = new Map<string, number>();
      profile.samples.forEach((id, i) => {
        const stack: string[] = [];
        for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
          const f = byId.get(at)?.callFrame;
          if (!f) break;
          stack.push(`${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`);
        }
        if (!stack.some((k) => k.startsWith(`${under} `))) return;
        for (const k of new Set(stack))
          within.set(k, (within.get(k) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
      });
      console.log(`within ${under}:`);
      for (const [k, ms] of [...within.entries()].sort((a, b) => b[1] - a[1]).slice(0, 45))
        console.log(`${ms.toFixed(1).padStart(8)} ms  ${k}`);
    }
    console.log('inclusive:');
    for (const [k, ms] of [...inclusive.entries()].sort((a, b) => b[1] - a[1]).slice(0, 70))
      console.log(`${ms.toFixed(1).padStart(8)} ms  ${k}`);
    const total = [...self.values()].reduce((a, b) => a + b, 0);
    console.log(`profiled ${keystrokes} keystrokes (x2 with clearing), ${total.toFixed(0)} ms sampled`);
    for (const [k, ms] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40))
      console.log(`${ms.toFixed(1).padStart(8)} ms  ${k}`);
  } finally {
    await screen.close();
    await browser.close();
  }
}

await main();
