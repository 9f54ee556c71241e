/**
 * One filter keystroke on the logs screen, event by event (issue 21): the bench's setup (a gateway holding
 * 100,000 streamed lines, the console's logs screen, CPU throttled 4x), then a timeline trace (CDP) of a few
 * keystrokes in the message filter, each printed as the main thread's top-level tasks from the keydown to
 * the frame after the count changed (what bench/console-logs measures), with what ran inside them.
 * Build the console unminified for readable names (see profile.ts), then ST_WEB_DIST=<dir>.
 *
 *   node --import tsx bench/console-logs/timeline.ts [keystrokes]
 */
import { waitFor } from '@st/testkit';
import { launchChromium } from '../lib/chromium';
import { openLogsScreen } from './index';

const LINES = 100_000;

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  dur?: number;
  tid: number;
  pid: number;
  ts: number;
  args?: { data?: { type?: string; functionName?: string; url?: string; lineNumber?: number } };
}

// Marks the keydown and the frame after the count line changed (the bench's sample) in the trace.
const ARM = `(() => {
  const el = document.querySelector('[data-testid="logs-count"]');
  let armed = false;
  document.addEventListener('keydown', () => { armed = true; performance.mark('st-key'); }, { capture: true, once: true });
  const observer = new MutationObserver(() => {
    if (!armed) return;
    observer.disconnect();
    performance.mark('st-count');
    requestAnimationFrame(() => performance.mark('st-done'));
  });
  observer.observe(el, { childList: true, subtree: true, characterData: true });
})()`;

const FULL = `Number(((document.querySelector('[data-testid="logs-count"]')?.textContent ?? '').match(/\\d+/) ?? ['0'])[0]) >= ${LINES}`;

async function main(): Promise<void> {
  const keystrokes = Number(process.argv[2] ?? 4);
  const browser = await launchChromium();
  const screen = await openLogsScreen(browser);
  try {
    const { page, cdp } = screen;
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const input = page.getByLabel('Message');
    for (let i = 0; i < keystrokes; i++) {
      await input.fill('');
      await waitFor(async () => Boolean(await page.evaluate(FULL)), { what: 'full list', timeoutMs: 60_000 });
      await page.waitForTimeout(400);
      const events: TraceEvent[] = [];
      const collect = (e: { value: unknown[] }) => events.push(...(e.value as TraceEvent[]));
      cdp.on('Tracing.dataCollected', collect);
      await cdp.send('Tracing.start', {
        categories: 'devtools.timeline,blink.user_timing,v8.execute,disabled-by-default-devtools.timeline',
        transferMode: 'ReportEvents',
      });
      await page.evaluate(
        'window.__m = []; window.__key = 0; document.addEventListener("keydown", () => { window.__key = performance.now(); }, { capture: true, once: true })',
      );
      await page.evaluate(ARM);
      await input.press(String(i % 10));
      await page.waitForTimeout(600);
      const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.end');
      await done;
      cdp.off('Tracing.dataCollected', collect);
      const inPage = (await page.evaluate(
        '(window.__m ?? []).map(([n, a, b]) => [n, a - window.__key, b - a])',
      )) as [string, number, number][];
      for (const [n, at, ms] of inPage)
        console.log(`   in page: ${n} at ${at.toFixed(1)} took ${ms.toFixed(1)} ms`);
      const mark = (name: string) => events.find((e) => e.name === name);
      const key = mark('st-key');
      const end = mark('st-done');
      if (key === undefined || end === undefined) {
        console.log(`keystroke ${i}: marks missing`);
        continue;
      }
      const main = `${key.pid}:${key.tid}`;
      const onMain = events
        .filter(
          (e) =>
            `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.ts + (e.dur ?? 0) >= key.ts && e.ts <= end.ts,
        )
        .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
      const count = mark('st-count');
      console.log(
        `keystroke ${i}: ${((end.ts - key.ts) / 1000).toFixed(1)} ms to the frame (count changed at ${(((count?.ts ?? 0) - key.ts) / 1000).toFixed(1)})`,
      );
      // Top-level tasks and, inside them, the events of at least 1 ms (one level of nesting shown by indent).
      const stack: TraceEvent[] = [];
      for (const e of onMain) {
        while (stack.length > 0) {
          const top = stack[stack.length - 1] as TraceEvent;
          if (e.ts >= top.ts + (top.dur ?? 0)) stack.pop();
          else break;
        }
        const depth = stack.length;
        stack.push(e);
        if ((e.dur ?? 0) < 1000 || depth > 3) continue;
        const d = e.args?.data;
        const what =
          d?.type ?? (d?.functionName ? `${d.functionName} ${d.url?.split('/').pop()}:${d.lineNumber}` : '');
        console.log(
          `${((e.ts - key.ts) / 1000).toFixed(1).padStart(8)} ${'  '.repeat(depth)}${e.name} ${((e.dur ?? 0) / 1000).toFixed(1)} ms ${what}`,
        );
      }
    }
  } finally {
    await screen.close();
    await browser.close();
  }
}

await main();
