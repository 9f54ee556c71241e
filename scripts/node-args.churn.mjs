// Run by node-args.test.ts in a node of its own: objects that outlive two scavenges and then die, i.e. garbage
// in the old generation as a busy relay makes it (with --max-semi-space-size=1 so that a small ring is enough),
// about 900 MB of it over a live set of ~6 MB. Prints how many full GCs (Mark-Compacts) that took.
import { constants, PerformanceObserver } from 'node:perf_hooks';

let major = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (e.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) major++;
}).observe({ entryTypes: ['gc'] });
const ring = new Array(40_000);
let k = 0;
for (let round = 0; round < 300; round++) {
  for (let i = 0; i < 20_000; i++) ring[k++ % ring.length] = { a: [k, k + 1, k + 2], s: `v${k}` };
  await new Promise((resolve) => setImmediate(resolve));
}
await new Promise((resolve) => setTimeout(resolve, 50));
console.log(major);
