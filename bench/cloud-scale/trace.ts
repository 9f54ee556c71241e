// Where a relay latency tail comes from: each process of bench/cloud-scale (nodes, link holders, the load
// generator) runs loopProbe.mjs, which writes one line a second with its event-loop delay, GC pauses and CPU.
// This reads those lines for the relay window and lays them beside the calls' latencies, second by second.
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { percentile, round } from '../lib/figures';

const LoopLine = z.object({
  at: z.number(),
  pid: z.number(),
  loopP99: z.number(),
  loopMax: z.number(),
  gcN: z.number(),
  gcMs: z.number(),
  gcMaxMs: z.number(),
  gcMajor: z.number(),
  cpuMs: z.number(),
  waitMs: z.number().default(0),
  /** KiB allocated on the V8 heap in the second */
  allocKiB: z.number().default(0),
  /** KiB that entered the old generation in the second (promoted by scavenges, or allocated there) */
  oldKiB: z.number().default(0),
  /** the V8 heap's size (committed) and the process's RSS at the end of the second */
  heapMiB: z.number().default(0),
  rssMiB: z.number().default(0),
});
type LoopLine = z.infer<typeof LoopLine>;

/** The probe's lines of `file` that cover [fromMs, toMs] (each line covers the second before its `at`). */
export function readLoop(file: string, fromMs: number, toMs: number): LoopLine[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => LoopLine.parse(JSON.parse(l)))
    .filter((l) => l.at > fromMs && l.at - 1000 < toMs);
}

/** One process's event loop and GC over the window (several processes of a kind: the worst of them). */
export function loopSummary(series: LoopLine[][]) {
  const all = series.flat();
  const max = (f: (l: LoopLine) => number) => round(Math.max(0, ...all.map(f)), 1);
  const sum = (f: (l: LoopLine) => number) =>
    round(
      all.reduce((a, l) => a + f(l), 0),
      1,
    );
  return {
    /** the worst second's event-loop delay p99 and the longest single delay (ms) */
    loopP99WorstSecondMs: max((l) => l.loopP99),
    loopMaxMs: max((l) => l.loopMax),
    gcPauses: sum((l) => l.gcN),
    gcTotalMs: sum((l) => l.gcMs),
    gcLongestMs: max((l) => l.gcMaxMs),
    gcMajor: sum((l) => l.gcMajor),
    /** the largest V8 heap and RSS a process of the kind had in the window (MiB) */
    heapMaxMiB: max((l) => l.heapMiB),
    rssMaxMiB: max((l) => l.rssMiB),
  };
}

/**
 * KiB allocated on the V8 heap per call, summed over the processes of `series`: the mean over the seconds
 * wholly inside [fromMs, toMs], divided by the calls per second.
 */
export function allocKiBPerCall(
  series: LoopLine[][],
  fromMs: number,
  toMs: number,
  perSecond: number,
  /** allocKiB: all allocation; oldKiB: what entered the old generation */
  field: 'allocKiB' | 'oldKiB' = 'allocKiB',
): number {
  const perProcess = series.map((lines) => {
    const whole = lines.filter((l) => l.at - 1000 >= fromMs && l.at <= toMs);
    return whole.length === 0 ? 0 : whole.reduce((a, l) => a + l[field], 0) / whole.length;
  });
  return round(perProcess.reduce((a, b) => a + b, 0) / Math.max(1, perSecond), 1);
}

/**
 * One row per second of the relay: the calls that ended in it (count, p99, max latency) beside the longest
 * event-loop delay and GC pause each kind of process had in that second.
 */
export function perSecondTable(
  calls: Array<{ endMs: number; ms: number }>,
  startMs: number,
  endMs: number,
  kinds: Record<string, LoopLine[][]>,
  /** the machine's CPU use (ms over all cores) sampled once a second during the window */
  machine: Array<{ at: number; busyMs: number }>,
): string {
  const rows: string[] = [];
  const names = Object.keys(kinds);
  rows.push(
    [
      'second',
      'calls',
      'p99 ms',
      'max ms',
      ...names.map((n) => `${n}: loop max / gc max / run-queue wait ms / alloc MiB / to old MiB`),
      'machine CPU ms / of it not the bench processes',
    ].join(' | '),
  );
  for (let s = startMs; s < endMs; s += 1000) {
    const inSecond = calls.filter((c) => c.endMs >= s && c.endMs < s + 1000).map((c) => c.ms);
    inSecond.sort((a, b) => a - b);
    const cells = names.map((n) => {
      const lines = (kinds[n] ?? []).flat().filter((l) => l.at > s && l.at - 1000 < s + 1000);
      const loop = Math.max(0, ...lines.map((l) => l.loopMax));
      const gc = Math.max(0, ...lines.map((l) => l.gcMaxMs));
      const wait = Math.max(0, ...lines.map((l) => l.waitMs));
      // the line of the second ending nearest s + 1000 (the max columns look at both lines the second touches)
      const own = lines.filter((l) => l.at > s + 500 && l.at <= s + 1500);
      const alloc = own.reduce((a, l) => a + l.allocKiB, 0) / 1024;
      const old = own.reduce((a, l) => a + l.oldKiB, 0) / 1024;
      return `${round(loop, 0)} / ${round(gc, 1)} / ${round(wait, 0)} / ${round(alloc, 0)} / ${round(old, 1)}`;
    });
    // The machine's CPU in the second ending nearest s + 1000, and what of it the probed processes did not use
    // (Redis, PostgreSQL, the kernel's network work for them, and whatever else runs on the machine).
    const sample = machine.findIndex((m) => m.at >= s + 1000);
    const busy =
      sample > 0 ? (machine[sample]?.busyMs ?? 0) - (machine[sample - 1]?.busyMs ?? 0) : Number.NaN;
    const ours = Object.values(kinds)
      .flat(2)
      .filter((l) => l.at > s + 500 && l.at <= s + 1500)
      .reduce((a, l) => a + l.cpuMs, 0);
    rows.push(
      [
        String((s - startMs) / 1000),
        String(inSecond.length),
        String(round(percentile(inSecond, 99), 1)),
        String(round(inSecond.at(-1) ?? 0, 1)),
        ...cells,
        `${busy} / ${Number.isNaN(busy) ? busy : Math.round(busy - ours)}`,
      ].join(' | '),
    );
  }
  return rows.join('\n');
}
