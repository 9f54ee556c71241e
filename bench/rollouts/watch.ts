// What the gateway process costs while something runs: CPU time and RSS from /proc every `everyMs`, and the
// event-loop lag its /metrics reports (prom-client's max and p99 since the previous scrape).
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { round } from '../lib/figures';
import { cpuTicks, rssMiB } from '../lib/process';

export interface ProcessFigures {
  readonly seconds: number;
  readonly cpuSeconds: number;
  /** mean CPU over the window, percent of one core */
  readonly cpuPercent: number;
  /** the busiest second, percent of one core */
  readonly cpuPeakPercent: number;
  readonly rssMeanMiB: number;
  readonly rssPeakMiB: number;
  readonly rssEndMiB: number;
  /** the largest V8 heap in use and memory outside it (Buffers) that /metrics reported */
  readonly heapUsedPeakMiB: number;
  readonly externalPeakMiB: number;
  /** the largest event-loop delay seen (ms); NaN when /metrics did not answer */
  readonly loopLagMaxMs: number;
  /** the mean of the p99 delays of each scrape (ms) */
  readonly loopLagP99Ms: number;
  /** the machine's 1-minute load average at the start and the end (2 cores, other work runs beside) */
  readonly loadAverage: { readonly start: number; readonly end: number };
}

function metric(text: string, name: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

export interface Watch {
  stop(): Promise<ProcessFigures>;
}

/** Starts sampling `pid` (and scraping `metricsUrl` once a second) until `stop()`. */
export function watchProcess(pid: number, metricsUrl: string, everyMs = 250): Watch {
  const start = performance.now();
  const ticks0 = cpuTicks(pid);
  const load0 = loadavg()[0] ?? Number.NaN;
  const rss: number[] = [];
  const perSecond: number[] = [];
  let lastTicks = ticks0;
  let lastAt = start;
  let lagMax = Number.NaN;
  const p99s: number[] = [];
  let heapPeak = Number.NaN;
  let externalPeak = Number.NaN;
  const peak = (was: number, bytes: number | undefined) =>
    bytes === undefined ? was : Number.isNaN(was) ? bytes / 2 ** 20 : Math.max(was, bytes / 2 ** 20);
  const sampler = setInterval(() => {
    rss.push(rssMiB(pid));
    const now = performance.now();
    if (now - lastAt >= 1000) {
      const ticks = cpuTicks(pid);
      perSecond.push(((ticks - lastTicks) / 100 / ((now - lastAt) / 1000)) * 100);
      lastTicks = ticks;
      lastAt = now;
    }
  }, everyMs);
  let scraping = Promise.resolve();
  const scrape = async () => {
    try {
      const text = await (await fetch(metricsUrl)).text();
      const max = metric(text, 'nodejs_eventloop_lag_max_seconds');
      const p99 = metric(text, 'nodejs_eventloop_lag_p99_seconds');
      if (max !== undefined) lagMax = Number.isNaN(lagMax) ? max * 1000 : Math.max(lagMax, max * 1000);
      if (p99 !== undefined) p99s.push(p99 * 1000);
      heapPeak = peak(heapPeak, metric(text, 'nodejs_heap_size_used_bytes'));
      externalPeak = peak(externalPeak, metric(text, 'nodejs_external_memory_bytes'));
    } catch {
      // a scrape that failed leaves the figures as they were
    }
  };
  const scraper = setInterval(() => {
    scraping = scraping.then(scrape);
  }, 1000);
  return {
    async stop() {
      clearInterval(sampler);
      clearInterval(scraper);
      await scraping;
      const seconds = (performance.now() - start) / 1000;
      const cpuSeconds = (cpuTicks(pid) - ticks0) / 100;
      const rssEnd = rssMiB(pid);
      rss.push(rssEnd);
      return {
        seconds: round(seconds, 1),
        cpuSeconds: round(cpuSeconds),
        cpuPercent: round((cpuSeconds / seconds) * 100, 1),
        cpuPeakPercent: round(Math.max(0, ...perSecond), 1),
        rssMeanMiB: round(rss.reduce((a, b) => a + b, 0) / rss.length, 1),
        rssPeakMiB: round(Math.max(...rss), 1),
        rssEndMiB: round(rssEnd, 1),
        heapUsedPeakMiB: round(heapPeak, 1),
        externalPeakMiB: round(externalPeak, 1),
        loopLagMaxMs: round(lagMax, 1),
        loopLagP99Ms: round(p99s.reduce((a, b) => a + b, 0) / p99s.length, 1),
        loadAverage: { start: round(load0), end: round(loadavg()[0] ?? Number.NaN) },
      };
    },
  };
}
