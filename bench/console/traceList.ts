/**
 * Where the renderer's main thread spends the time to the device list (issue 21): a gateway with 300
 * simulated devices, the console's /panel opened at 4x CPU under a Chromium trace (devtools.timeline), the
 * list's first row marked by a MutationObserver in the page (performance.mark). Prints, up to that mark,
 * the main thread's self time per kind of work (script compile, module evaluation, functions, style,
 * layout, paint, GC, parse), then a timeline per 100 ms of which kind filled it, and the scripts' fetches.
 *
 *   node --import tsx bench/console/traceList.ts [dist] [navigations]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '../lib/chromium';
import { startListFleet } from './listFleet';

const root = new URL('../..', import.meta.url).pathname;
const [distArg, runsArg] = process.argv.slice(2);
const dist = distArg ?? join(root, 'apps', 'web', 'dist');
const runs = Number(runsArg ?? 1);

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

/** The kind of work an event is, by its trace name (the self time of an event counts under its kind). */
function kind(name: string): string {
  if (
    /^(v8\.compile|v8\.compileModule|V8\.CompileCode|v8\.produceModuleCache|v8\.parseOnBackground)/i.test(
      name,
    )
  )
    return `compile:${name}`;
  if (/^(v8\.evaluateModule|EvaluateScript|v8\.run)$/.test(name)) return 'evaluate';
  if (/GC|garbage/i.test(name)) return 'gc';
  if (name === 'UpdateLayoutTree' || name === 'RecalculateStyles' || name === 'ParseAuthorStyleSheet')
    return 'style';
  if (name === 'Layout') return 'layout';
  if (/^(Paint|PrePaint|Layerize|UpdateLayer|UpdateLayerTree|Commit|PaintImage|CompositeLayers)/.test(name))
    return 'paint';
  if (name === 'ParseHTML') return 'parseHTML';
  if (
    /^(FunctionCall|TimerFire|RunMicrotasks|EventDispatch|FireAnimationFrame|v8\.callFunction|XHRReadyStateChange)$/.test(
      name,
    )
  )
    return 'script';
  return `other:${name}`;
}

const dir = mkdtempSync(join(tmpdir(), 'st-bench-list-trace-'));
const fleet = await startListFleet(dir, dist);
const browser = await launchChromium();
try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
    const page = await context.newPage();
    // (a string: tsx's helpers would not exist in the page)
    await page.addInitScript(`
      new MutationObserver((_, observer) => {
        if (document.querySelector('[aria-label^="Open device "]') !== null) {
          performance.mark('st-list');
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    `);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const tracePath = join(dir, `trace-${run}.json`);
    await browser.startTracing(page, {
      path: tracePath,
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'v8',
        'blink.user_timing',
        'loading',
        'disabled-by-default-v8.compile',
      ],
    });
    await page.goto(`${fleet.gatewayUrl}/panel`);
    await page
      .getByRole('button', { name: /^Open device / })
      .first()
      .waitFor({ timeout: 60_000 });
    await page.waitForTimeout(200);
    await browser.stopTracing();
    await context.close();
    const { traceEvents } = JSON.parse(readFileSync(tracePath, 'utf8')) as { traceEvents: TraceEvent[] };
    const mainTids = traceEvents.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    const mark = traceEvents.find((e) => e.name === 'st-list');
    const navStart = traceEvents.find(
      (e) => e.name === 'navigationStart' && mainTids.some((m) => m.pid === e.pid),
    );
    if (!mark || !navStart)
      throw new Error(
        `no list mark (${mark !== undefined}) or navigation start (${navStart !== undefined}) in the trace; main threads ${mainTids.length}, user timing ${traceEvents
          .filter((e) => e.cat.includes('user_timing'))
          .map((e) => e.name)
          .join(',')}`,
      );
    const main = mainTids.find((m) => m.pid === mark.pid);
    if (!main) throw new Error('no main thread');
    const t0 = navStart.ts;
    const end = mark.ts;
    const events = traceEvents
      .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
      .filter((e) => e.ts < end && e.ts + (e.dur ?? 0) > t0)
      .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    // self time: an event's duration minus its children's (events nest by time on one thread)
    const selfBy = new Map<string, number>();
    const byBucket = new Map<number, Map<string, number>>();
    const add = (k: string, from: number, to: number) => {
      const a = Math.max(from, t0);
      const b = Math.min(to, end);
      if (b <= a) return;
      selfBy.set(k, (selfBy.get(k) ?? 0) + (b - a));
      for (let s = Math.floor((a - t0) / 100_000); s * 100_000 + t0 < b; s++) {
        const lo = Math.max(a, t0 + s * 100_000);
        const hi = Math.min(b, t0 + (s + 1) * 100_000);
        const m = byBucket.get(s) ?? new Map<string, number>();
        m.set(k, (m.get(k) ?? 0) + (hi - lo));
        byBucket.set(s, m);
      }
    };
    interface Open {
      e: TraceEvent;
      at: number;
    }
    const stack: Open[] = [];
    const close = (upTo: number) => {
      while (stack.length > 0) {
        const top = stack[stack.length - 1] as Open;
        const topEnd = top.e.ts + (top.e.dur ?? 0);
        if (topEnd > upTo) break;
        add(kind(top.e.name), top.at, topEnd);
        stack.pop();
        const under = stack[stack.length - 1];
        if (under) under.at = topEnd;
      }
    };
    for (const e of events) {
      close(e.ts);
      const under = stack[stack.length - 1];
      if (under) {
        add(kind(under.e.name), under.at, e.ts);
        under.at = e.ts;
      }
      stack.push({ e, at: e.ts });
    }
    close(Number.POSITIVE_INFINITY);
    const ms = (us: number) => (us / 1000).toFixed(0);
    console.log(`run ${run + 1}: list mark at ${ms(end - t0)} ms from navigation start`);
    const total = [...selfBy.values()].reduce((s, v) => s + v, 0);
    console.log(`  main thread busy ${ms(total)} ms:`);
    for (const [k, v] of [...selfBy.entries()].sort((x, y) => y[1] - x[1]).slice(0, 18))
      console.log(`  ${ms(v).padStart(6)} ms  ${k}`);
    console.log('  per 100 ms (busy ms: kinds > 10 ms):');
    for (let s = 0; s * 100_000 < end - t0; s++) {
      const m = byBucket.get(s);
      const busy = m ? [...m.values()].reduce((x, y) => x + y, 0) : 0;
      const parts = m
        ? [...m.entries()]
            .filter(([, v]) => v > 10_000)
            .sort((x, y) => y[1] - x[1])
            .map(([k, v]) => `${k} ${ms(v)}`)
            .join(', ')
        : '';
      console.log(`  ${String(s * 100).padStart(5)} ${ms(busy).padStart(4)}  ${parts}`);
    }
    // script fetches and the requests' timeline from the trace's resource events
    const sends = traceEvents.filter((e) => e.name === 'ResourceSendRequest');
    const finishes = new Map(
      traceEvents
        .filter((e) => e.name === 'ResourceFinish')
        .map((e) => [String(e.args?.data?.requestId), e.ts] as const),
    );
    if (process.env.ST_TRACE_REQUESTS === '1')
      for (const s of sends) {
        const id = String(s.args?.data?.requestId);
        const url = String(s.args?.data?.url).replace(fleet.gatewayUrl, '');
        const fin = finishes.get(id);
        console.log(
          `  ${ms(s.ts - t0).padStart(6)} -> ${fin === undefined ? '   ?' : ms(fin - t0).padStart(6)}  ${url}`,
        );
      }
  }
} finally {
  await browser.close();
  await fleet.stop();
  rmSync(dir, { recursive: true, force: true });
}
