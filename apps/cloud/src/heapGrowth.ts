import v8 from 'node:v8';

/**
 * The old generation's headroom between full GCs. A node relaying 2,000 calls/s moves about 2 MiB/s into V8's
 * old generation (objects that outlive two scavenges, about 1.1 KiB per call); V8's own growing factor then
 * keeps a small heap and runs a Mark-Compact 10-15 times a minute, each a 40-50 ms stall of the event loop:
 * the relay's p99 (docs/performance.md, issue 22 rounds 7-8). 150 makes them 2-3 a minute at 1,000 links, at
 * the cost of memory in proportion to what the node keeps alive; at 10,000 links each full GC of the larger
 * heap stalls the node for hundreds of ms, which is why the setting is off (0) by default. Since round 9 a floor
 * does the job for small heaps without touching large ones: node's `--initial-old-space-size=128`
 * (scripts/node-args.mjs, `hasOldSpaceFloor` below).
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

/**
 * Whether node was started with a floor under V8's old generation (`--initial-old-space-size`, given by
 * scripts/node-args.mjs and the systemd unit of docs/deploy.md). It cannot be set from inside the process: V8
 * reads it when the heap is created.
 */
export function hasOldSpaceFloor(execArgv: readonly string[] = process.execArgv): boolean {
  return execArgv.some((a) => /^--initial[-_]old[-_]space[-_]size\b/.test(a));
}
