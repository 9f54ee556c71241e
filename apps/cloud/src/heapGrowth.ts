import v8 from 'node:v8';

/**
 * The old generation's headroom between full GCs. A node relaying 2,000 calls/s moves about 5 MB/s into V8's
 * old generation (objects that outlive two scavenges, about 2.5 KiB per call); with V8's own growing factor
 * (the next full GC starts when the old generation is about 1.75 times what the last one kept) that is a
 * Mark-Compact 5-7 times a minute (3 with 300), and each stalls the event loop 40-50 ms: the relay's
 * p99 (docs/performance.md, issue 22 round 7). A larger factor makes them rarer at the cost of memory in
 * proportion to what the node keeps alive (its links: 35 KiB per link at 10,000 with 300, 21 with V8's own),
 * which is why the setting is off (0) by default.
 *
 * V8 reads the flag each time it sets the next limit, so setting it at start-up takes effect from the first
 * full GC on. A `--heap-growing-percent` given to node itself wins.
 */
export function heapGrowthFlag(percent: number, execArgv: readonly string[]): string | undefined {
  if (percent <= 0) return undefined;
  if (execArgv.some((a) => a.startsWith('--heap-growing-percent'))) return undefined;
  return `--heap-growing-percent=${percent}`;
}

/** Applies `heapGrowthFlag` to this process; returns the flag set, if any. */
export function applyHeapGrowth(
  percent: number,
  execArgv: readonly string[] = process.execArgv,
): string | undefined {
  const flag = heapGrowthFlag(percent, execArgv);
  if (flag) v8.setFlagsFromString(flag);
  return flag;
}
